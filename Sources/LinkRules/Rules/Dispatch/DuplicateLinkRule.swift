/// The same route declared twice: two links (or a link and another link's alias) that are one route once case and
/// placeholder names are normalised, in one file or across the files of a catalogue.
public struct DuplicateLinkRule: CatalogueRule {
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

    public func makePass(over catalogue: Catalogue, in context: LintContext) -> any CataloguePass {
        Pass(capacity: context.links.count)
    }

    /// Where a route was first seen: a link's URL, or one of its aliases, by the link's place. Eight bytes, kept
    /// in the table's slot beside the route's hash.
    fileprivate struct Occurrence {
        var link: Int32
        /// The alias's position in the link's `aliases`, or -1 for its URL.
        var alias: Int32

        var isAlias: Bool { alias >= 0 }

        /// The scalar the route is written in, in the occurrence's link.
        func scalar(in link: Link) -> Scalar { isAlias ? link.aliases[Int(alias)] : link.url }

        /// The template of the occurrence in its link: the link's, or its alias parsed again (only to compare keys
        /// whose hashes meet, which is rare).
        func template(in link: Link, parser: LinkTemplateParser) -> LinkTemplate {
            isAlias ? parser.parse(scalar(in: link).value) : link.template
        }
    }

    /// The rule's walk: the first occurrence of each route by the hash of its key (`LintContext` hashed every
    /// link's key up front), and a finding on each later one, built while its link is at hand. A link is read only
    /// when it has aliases (`LinkFacts`), when its hash meets another's, or for a finding.
    private struct Pass: CataloguePass {
        private var table: OccurrenceTable
        private var diagnostics: [Diagnostic] = []

        init(capacity: Int) { table = OccurrenceTable(capacity: capacity) }

        mutating func visit(_ run: LinkRun, in context: LintContext) {
            let parser = context.templateParser
            for position in run.positions {
                record(
                    Occurrence(link: Int32(position), alias: -1), hash: run.routeKeyHash(at: position), alias: nil,
                    run: run, in: context)
                guard run.flags(at: position).contains(.hasAliases) else { continue }
                for (index, alias) in run.link(at: position).aliases.enumerated() {
                    let template = parser.parse(alias.value)
                    record(
                        Occurrence(link: Int32(position), alias: Int32(index)), hash: template.routeKeyHash,
                        alias: template, run: run, in: context)
                }
            }
        }

        mutating func finish(in context: LintContext) -> [Diagnostic] { diagnostics }

        /// Records a route of the run's link at `occurrence.link`: its URL's (`alias` nil) or an alias's. Keys are
        /// compared byte for byte only when hashes meet, and only then are the link and the earlier one read.
        /// Inlined into `visit`, called for every link: the finding is built out of line (`finding`).
        @inline(__always)
        private mutating func record(
            _ occurrence: Occurrence, hash: UInt64, alias: LinkTemplate?, run: LinkRun, in context: LintContext
        ) {
            let earlier = table.firstOrInsert(hash: hash, occurrence) { earlier -> Link? in
                let earlierLink = Self.link(at: Int(earlier.link), of: run, in: context)
                let earlierTemplate = earlier.template(in: earlierLink, parser: context.templateParser)
                let isSame = earlierTemplate.withRouteKeyBytes { earlierKey in
                    if let alias { return alias.withRouteKeyBytes { $0.elementsEqual(earlierKey) } }
                    return run.link(at: Int(occurrence.link)).template.withRouteKeyBytes { $0.elementsEqual(earlierKey) }
                }
                return isSame ? earlierLink : nil
            }
            // A link's own aliases may repeat its URL in another case (the lowercase fix keeps the old form).
            guard let (earlier, earlierLink) = earlier, earlier.link != occurrence.link else { return }
            diagnostics.append(
                Self.finding(occurrence, of: run.link(at: Int(occurrence.link)), earlier, of: earlierLink, in: context))
        }

        /// The finding on a route first seen at `earlier`, the occurrence's link and the earlier one at hand.
        private static func finding(
            _ occurrence: Occurrence, of link: Link, _ earlier: Occurrence, of earlierLink: Link,
            in context: LintContext
        ) -> Diagnostic {
            let scalar = occurrence.scalar(in: link)
            let earlierScalar = earlier.scalar(in: earlierLink)
            let location = link.file.location(
                ofBytes: scalar.sourceRange(ofValue: 0..<scalar.value.utf8.count, in: link.file))
            let earlierLocation = earlierLink.file.location(
                ofBytes: earlierScalar.sourceRange(ofValue: 0..<earlierScalar.value.utf8.count, in: earlierLink.file))
            return context.diagnostic(
                DuplicateLinkRule.self,
                .duplicateRoute(
                    scalar.value, isAlias: occurrence.isAlias, earlier: earlierScalar.value,
                    earlierIsAlias: earlier.isAlias),
                at: location, link: link,
                notes: [Note(message: .duplicateDeclared(earlierScalar.value), location: earlierLocation)])
        }

        /// The link at a place up to the run's last: the run's own, or an earlier one read again (`context.links`).
        private static func link(at position: Int, of run: LinkRun, in context: LintContext) -> Link {
            run.positions.contains(position) ? run.link(at: position) : context.links[position]
        }
    }
}

/// The first occurrences of routes by the hash of their key: open addressing over slots of a hash and an
/// occurrence, never more than half full. A new route costs one probe, which reads one slot (the hash and the
/// occurrence side by side); `match` compares keys only for an entry whose hash is equal.
private struct OccurrenceTable {
    /// One slot: a route's hash and its first occurrence, or an occurrence at no link for an empty slot.
    private struct Slot {
        var hash: UInt64 = 0
        var occurrence = DuplicateLinkRule.Occurrence(link: -1, alias: -1)

        var isEmpty: Bool { occurrence.link < 0 }
    }

    private var slots: [Slot]
    private var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// The earlier occurrence of the same route, with what `match` made of it (nil for another route), or nil
    /// after recording `new` as the first.
    mutating func firstOrInsert<Match>(
        hash: UInt64, _ new: DuplicateLinkRule.Occurrence, match: (DuplicateLinkRule.Occurrence) -> Match?
    ) -> (DuplicateLinkRule.Occurrence, Match)? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while !slots[slot].isEmpty {
            if slots[slot].hash == hash, let matched = match(slots[slot].occurrence) {
                return (slots[slot].occurrence, matched)
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: hash, occurrence: new)
        count += 1
        if count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where !entry.isEmpty {
            var slot = Int(truncatingIfNeeded: entry.hash >> 32) & mask
            while !slots[slot].isEmpty { slot = (slot + 1) & mask }
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
