/// The same route declared twice: two links (or a link and another link's alias) that are one route once case and
/// placeholder names are normalised, in one file or across the files of a catalogue.
public struct DuplicateLinkRule: CatalogueRule {
    public static let description = RuleDescription(
        id: "duplicate-link",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "a route is declared once: no two links or aliases route the same URLs",
        rationale: """
            NoMoreDeepLinkHandler tries handlers "sequentially until the **first matching handler** is \
            found", so of two links for one route only the first is ever opened; the HER app's deep-link guide, "Handling a \
            Deeplink", rule 7: "Lower case everything before processing. Deeplinks should not be case sensitive." \
            Two templates that differ only in case, in placeholder names (`{id}` and `{community_id}`), in \
            placeholder syntax (`:id` and `{id}`) or in the order of their query items are one route. An alias \
            (`aliases:`) that is another link's URL or alias is a duplicate too. The finding is on the later one, \
            with a note at the earlier; a catalogue split into several files is checked as one.
            """,
        source: .noMoreDeepLinkHandler,
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

    public func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let context = context.built(on: catalogue)
        var pass = Pass(linkCount: context.links.count)
        pass.visit(catalogue, in: context)
        return pass.finish(in: context)
    }

    /// Where a route was first seen: a link's URL, or one of its aliases, by the link's place.
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
    /// when it has aliases (`LinkFacts`), when its hash's top 32 bits meet another's, or for a finding.
    private struct Pass {
        private var table: OccurrenceTable
        private var diagnostics: [Diagnostic] = []

        init(linkCount: Int) { table = OccurrenceTable(linkCount: linkCount) }

        mutating func visit(_ catalogue: Catalogue, in context: LintContext) {
            let parser = context.templateParser
            table.expectLinks(from: catalogue.links.startIndex)
            for start in stride(from: catalogue.links.startIndex, to: catalogue.links.endIndex, by: 64) {
                let batch = start..<min(start + 64, catalogue.links.endIndex)
                table.touchSlots(of: batch.lazy.map { context.routeKeyHash(at: $0) })
                for position in batch {
                    record(
                        Occurrence(link: Int32(position), alias: -1), hash: context.routeKeyHash(at: position), alias: nil,
                        catalogue: catalogue, in: context)
                    guard context.flags(at: position).contains(.hasAliases) else { continue }
                    for (index, alias) in catalogue.links[position].aliases.enumerated() {
                        let template = parser.parse(alias.value)
                        record(
                            Occurrence(link: Int32(position), alias: Int32(index)), hash: template.routeKeyHash,
                            alias: template, catalogue: catalogue, in: context)
                    }
                }
            }
        }

        mutating func finish(in context: LintContext) -> [Diagnostic] { diagnostics }

        /// Records a route of the run's link at `occurrence.link`: its URL's (`alias` nil) or an alias's. Keys are
        /// compared byte for byte only when the top 32 bits of their hashes meet, and only then are the link and the
        /// earlier one read.
        /// Inlined into `visit`, called for every link: the finding is built out of line (`finding`).
        @inline(__always)
        private mutating func record(
            _ occurrence: Occurrence, hash: UInt64, alias: LinkTemplate?, catalogue: Catalogue, in context: LintContext
        ) {
            let earlier = table.firstOrInsert(hash: hash, occurrence) { earlier -> Link? in
                let earlierLink = Self.link(at: Int(earlier.link), of: catalogue, in: context)
                let earlierTemplate = earlier.template(in: earlierLink, parser: context.templateParser)
                let isSame = earlierTemplate.withRouteKeyBytes { earlierKey in
                    if let alias { return alias.withRouteKeyBytes { $0.elementsEqual(earlierKey) } }
                    return catalogue.links[Int(occurrence.link)].template.withRouteKeyBytes { $0.elementsEqual(earlierKey) }
                }
                return isSame ? earlierLink : nil
            }
            // A link's own aliases may repeat its URL in another case (the lowercase fix keeps the old form).
            guard let (earlier, earlierLink) = earlier, earlier.link != occurrence.link else { return }
            diagnostics.append(
                Self.finding(occurrence, of: catalogue.links[Int(occurrence.link)], earlier, of: earlierLink, in: context))
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
        private static func link(at position: Int, of catalogue: Catalogue, in context: LintContext) -> Link {
            catalogue.links[position]
        }
    }
}

/// The first occurrences of routes by the hash of their key, in a few bytes a route. A link's URL route is known
/// by the link's place and a 32-bit tag of its hash (`urlTags`, one a link), an alias route by an entry of
/// `aliases`; open addressing over 32-bit slots finds either by its tag. A slot holds the route's code (a link's
/// place, or the link count and more for an alias) and, in its spare high bits, the tag's low bits, so a probe
/// reads a tag elsewhere only when those bits meet; `match` compares keys only for a route whose whole tag is
/// equal. When 3/4 full the slots grow fourfold up to 64K (256 KB), then by half, so that past 64K they are at
/// least half full; they are built anew from the tags once the old ones are let go, so growing holds nothing twice.
/// A URL route then costs at most 12 bytes, an alias route about 20, a link whose URL is an earlier route 4.
private struct OccurrenceTable {
    /// One alias route recorded first: its tag and where it is.
    private struct AliasEntry {
        var tag: UInt32
        var occurrence: DuplicateLinkRule.Occurrence
    }

    /// The catalogue's link count: the codes below it are links' URLs.
    private let linkCount: Int
    /// Each visited link's URL tag by its place, or 0 when its URL was not recorded (an earlier route's).
    private var urlTags: [UInt32] = []
    /// The alias routes recorded, by code less `linkCount`.
    private var aliases: [AliasEntry] = []
    /// Each slot's route code + 1 in its low `codeBits` bits (`codeMask`) and its tag's low bits above them; 0
    /// when empty.
    private var slots: [UInt32] = []
    private var codeBits = 0
    private var codeMask: UInt32 = 0
    private var count = 0
    /// The most routes the slots hold before they grow: 3/4 of them.
    private var limit = 0
    /// The slots `touchSlots` read, folded together so that the reads are made.
    private var touched: UInt32 = 0

    init(linkCount: Int) {
        self.linkCount = linkCount
        urlTags.reserveCapacity(linkCount)
        rebuild(size: 64)
    }

    /// Checks that the next link recorded is the one at `position`: passes see every link once, in order.
    func expectLinks(from position: Int) {
        assert(urlTags.count == position, "links visited out of order or with a gap")
    }

    /// Reads the slot at which each of `hashes` starts its probe, when the slots are many. Reads that do not wait
    /// on each other bring a batch of links' slots into the cache together, where each probe would wait for its own
    /// (at 1M links most slots are not in the cache).
    mutating func touchSlots(of hashes: some Sequence<UInt64>) {
        guard slots.count > Self.fewSlots else { return }
        var touched = self.touched
        for hash in hashes { touched ^= slots[Self.home(of: Self.tag(hash), in: slots.count)] }
        self.touched = touched
    }

    /// The earlier occurrence of the same route, with what `match` made of it (nil for another route), or nil
    /// after recording `new` as the first. A link's URL is recorded before its aliases, the links in order.
    /// Inlined into the pass's `record`, so `match` is too.
    @inline(__always)
    mutating func firstOrInsert<Match>(
        hash: UInt64, _ new: DuplicateLinkRule.Occurrence, match: (DuplicateLinkRule.Occurrence) -> Match?
    ) -> (DuplicateLinkRule.Occurrence, Match)? {
        precondition(
            new.isAlias || (Int(new.link) == urlTags.count && urlTags.count < linkCount), "links are recorded in order")
        let tag = Self.tag(hash)
        let tagBits = tag &<< codeBits
        var slot = candidate(from: Self.home(of: tag, in: slots.count), tagBits: tagBits)
        while slots[slot] != 0 {
            let code = Int(slots[slot] & codeMask) - 1
            if self.tag(of: code) == tag, let matched = match(occurrence(of: code)) {
                if !new.isAlias { urlTags.append(0) }
                return (occurrence(of: code), matched)
            }
            slot = candidate(from: slot + 1 == slots.count ? 0 : slot + 1, tagBits: tagBits)
        }
        let code: Int
        if new.isAlias {
            code = linkCount + aliases.count
            aliases.append(AliasEntry(tag: tag, occurrence: new))
        } else {
            code = urlTags.count
            urlTags.append(tag)
        }
        slots[slot] = tagBits | UInt32(code + 1)
        count += 1
        if count > limit { rebuild(size: slots.count < Self.fewSlots ? slots.count * 4 : slots.count * 3 / 2) }
        return nil
    }

    /// Up to this many slots (256 KB) memory matters little and the slots stay in the cache: they grow fourfold,
    /// and `touchSlots` leaves them alone.
    private static let fewSlots = 1 << 16

    /// The top 32 bits of a route key hash, or 1 for 0, which marks a URL not recorded.
    private static func tag(_ hash: UInt64) -> UInt32 { max(1, UInt32(truncatingIfNeeded: hash >> 32)) }

    /// The first slot from `slot` on that is empty or holds a route whose tag's low bits are `tagBits`.
    private func candidate(from slot: Int, tagBits: UInt32) -> Int {
        var slot = slot
        while case let entry = slots[slot], entry != 0, entry & ~codeMask != tagBits {
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
        return slot
    }

    /// The slot a probe for `tag` starts at among `size`: the tag scaled to the slots (its high bits, which the
    /// slot's spare bits never hold).
    private static func home(of tag: UInt32, in size: Int) -> Int { Int((UInt64(tag) &* UInt64(size)) >> 32) }

    /// The tag of the route recorded with `code`.
    private func tag(of code: Int) -> UInt32 { code < linkCount ? urlTags[code] : aliases[code - linkCount].tag }

    /// Where the route recorded with `code` was seen.
    private func occurrence(of code: Int) -> DuplicateLinkRule.Occurrence {
        guard code >= linkCount else { return DuplicateLinkRule.Occurrence(link: Int32(code), alias: -1) }
        return aliases[code - linkCount].occurrence
    }

    /// Lets the slots go and fills `size` new ones with every route recorded, read from the tags.
    @inline(never)
    private mutating func rebuild(size: Int) {
        slots = []
        // A code + 1 is at most `linkCount` + the aliases, fewer than the slots.
        let codeBits = Int.bitWidth - (linkCount + size).leadingZeroBitCount
        precondition(codeBits < 32, "too many routes for 32-bit slots")
        self.codeBits = codeBits
        codeMask = 1 &<< codeBits - 1
        limit = size * 3 / 4
        var slots = [UInt32](repeating: 0, count: size)
        slots.withUnsafeMutableBufferPointer { slots in
            func place(code: Int, tag: UInt32) {
                var slot = Self.home(of: tag, in: size)
                while slots[slot] != 0 { slot = slot + 1 == size ? 0 : slot + 1 }
                slots[slot] = tag &<< codeBits | UInt32(code + 1)
            }
            for (link, tag) in urlTags.enumerated() where tag != 0 { place(code: link, tag: tag) }
            for (index, alias) in aliases.enumerated() { place(code: linkCount + index, tag: alias.tag) }
        }
        self.slots = slots
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
