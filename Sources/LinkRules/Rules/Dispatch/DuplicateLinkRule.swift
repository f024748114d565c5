/// The same route declared twice: two links (or a link and another link's alias) that are one route once case and
/// placeholder names are normalised, in one file or across the files of a catalogue.
public struct DuplicateLinkRule: CatalogueReportRule {
    public static let description = RuleDescription(
        id: "duplicate-link",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "a route is declared once: no two links or aliases route the same URLs",
        rationale: """
            Seed 001 (NoMoreDeepLinkHandler) tries handlers "sequentially until the **first matching handler** is \
            found", so of two links for one route only the first is ever opened; seed 000 (HER), "Handling a \
            Deeplink", rule 7: "Lower case everything before processing. Deeplinks should not be case sensitive." \
            Two templates that differ only in case, in placeholder names (`{id}` and `{community_id}`), in \
            placeholder syntax (`:id` and `{id}`) or in the order of their query items are one route. An alias \
            (`aliases:`) that is another link's URL or alias is a duplicate too. The finding is on the later one, \
            with a note at the earlier; a catalogue split into several files is checked as one.
            """,
        seed: "001_7562cb1c5c3a7a5e.txt",
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/communities/{id:int}
                  - url: ↓her://Feed/Communities/{community_id:int}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/transaction/{transaction_id}
                  - url: ↓app://localhost/transaction/:id
                  - url: app://localhost/pay?order_id={order_id}&source=push
                  - url: ↓app://localhost/pay?source=push&order_id={id}
                """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://boosts/purchase
                    aliases: [her://boosts?open=buy]
                  - url: ↓her://boosts?open=buy
                  - url: her://premium
                    aliases: [↓her://boosts/purchase]
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/communities/{id:int}
                  - url: her://feed/communities/{slug:slug}
                  - url: her://feed/communities
                  - url: her://boosts?open=buy
                  - url: her://boosts?open=sell
                  - url: her://feed/verification
                    aliases: [her://Feed/Verification]
                """)
        ])

    public init() {}

    /// Where a route was first seen: a link's URL, or one of its aliases. Eight bytes: the rule keeps one for
    /// every distinct route of the catalogue.
    private struct Occurrence {
        var link: Int32
        /// The alias's position in the link's `aliases`, or -1 for its URL.
        var alias: Int32

        var isAlias: Bool { alias >= 0 }

        /// The scalar the route is written in.
        func scalar(in links: [Link]) -> Scalar {
            isAlias ? links[Int(link)].aliases[Int(alias)] : links[Int(link)].url
        }
    }

    public func report(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let links = catalogue.links
        let parser = context.templateParser
        // The first occurrence of each route, found by the hash of its key (`LintContext` hashed every link's
        // key up front); keys are compared byte for byte only when hashes meet. A link itself is read only when
        // its hash meets another's, when it has aliases (`LinkFacts`), or for a finding.
        let hashes = context.routeKeyHashes(for: catalogue)
        let flags = context.facts(for: catalogue).flags
        var firstSeen: [Occurrence] = []
        firstSeen.reserveCapacity(links.count)
        var table = OccurrenceTable(capacity: links.count)
        var diagnostics: [Diagnostic] = []

        /// Records a route of the link at `position`: its URL's (`alias` nil, the link's template read only if
        /// needed) or an alias's.
        func record(hash: UInt64, _ occurrence: Occurrence, at position: Int, alias: LinkTemplate?) {
            let earlierIndex = table.firstOrInsert(hash: hash, new: Int32(firstSeen.count)) { earlier in
                let earlierTemplate = Self.template(of: firstSeen[Int(earlier)], links: links, parser: parser)
                return earlierTemplate.withRouteKeyBytes { earlierKey in
                    if let alias { return alias.withRouteKeyBytes { $0.elementsEqual(earlierKey) } }
                    return links[position].template.withRouteKeyBytes { $0.elementsEqual(earlierKey) }
                }
            }
            guard let earlierIndex else {
                firstSeen.append(occurrence)
                return
            }
            let earlier = firstSeen[Int(earlierIndex)]
            // A link's own aliases may repeat its URL in another case (the lowercase fix keeps the old form).
            guard Int(earlier.link) != position else { return }
            let link = links[position]
            let earlierLink = links[Int(earlier.link)]
            let scalar = occurrence.scalar(in: links)
            let earlierScalar = earlier.scalar(in: links)
            let location = link.file.location(
                ofBytes: scalar.sourceRange(ofValue: 0..<scalar.value.utf8.count, in: link.file))
            let earlierLocation = earlierLink.file.location(
                ofBytes: earlierScalar.sourceRange(ofValue: 0..<earlierScalar.value.utf8.count, in: earlierLink.file))
            diagnostics.append(
                context.diagnostic(
                    Self.self,
                    .duplicateRoute(
                        scalar.value, isAlias: occurrence.isAlias, earlier: earlierScalar.value,
                        earlierIsAlias: earlier.isAlias),
                    at: location, link: link,
                    notes: [Note(message: .duplicateDeclared(earlierScalar.value), location: earlierLocation)]))
        }

        for position in links.indices {
            let hash = hashes?[position] ?? links[position].template.routeKeyHash
            record(hash: hash, Occurrence(link: Int32(position), alias: -1), at: position, alias: nil)
            guard flags[position].contains(.hasAliases) else { continue }
            for (index, alias) in links[position].aliases.enumerated() {
                let template = parser.parse(alias.value)
                record(hash: template.routeKeyHash, Occurrence(link: Int32(position), alias: Int32(index)), at: position, alias: template)
            }
        }
        return diagnostics
    }

    /// The template of an occurrence: its link's, or its alias parsed again (only to compare keys whose hashes
    /// meet, which is rare).
    private static func template(of occurrence: Occurrence, links: [Link], parser: LinkTemplateParser) -> LinkTemplate {
        occurrence.isAlias ? parser.parse(occurrence.scalar(in: links).value) : links[Int(occurrence.link)].template
    }
}

/// The first occurrences of routes by the hash of their key: open addressing over slots of a hash and an
/// occurrence number, never more than half full. A new route costs one probe, which reads one slot (the hash and
/// the number side by side); `isSame` compares keys only for an entry whose hash is equal.
private struct OccurrenceTable {
    /// One slot: a route's hash and its occurrence number + 1, or 0 for an empty slot.
    private struct Slot {
        var hash: UInt64 = 0
        var occurrence: Int32 = 0
    }

    private var slots: [Slot]
    private var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// The earlier occurrence with the same route (`isSame`), or nil after recording `new` as the first.
    mutating func firstOrInsert(hash: UInt64, new: Int32, isSame: (Int32) -> Bool) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot].occurrence != 0 {
            if slots[slot].hash == hash, isSame(slots[slot].occurrence - 1) { return slots[slot].occurrence - 1 }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: hash, occurrence: new + 1)
        count += 1
        if count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.occurrence != 0 {
            var slot = Int(truncatingIfNeeded: entry.hash >> 32) & mask
            while slots[slot].occurrence != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}

extension Message {
    static func duplicateRoute(_ url: String, isAlias: Bool, earlier: String, earlierIsAlias: Bool) -> Message {
        let what = isAlias ? "alias '\(url)'" : "'\(url)'"
        let other = earlierIsAlias ? "the earlier alias '\(earlier)'" : "the earlier link '\(earlier)'"
        return "\(what) is the same route as \(other): case, placeholder names and syntax do not tell links apart"
    }
    static func duplicateDeclared(_ url: String) -> Message { "'\(url)' is declared here" }
}
