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

    public func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        // Route keys are interned as bytes, never made into strings: a key's id indexes `firstSeen`.
        var keys = InternTable(capacity: catalogue.links.count)
        var firstSeen: [Occurrence] = []
        firstSeen.reserveCapacity(catalogue.links.count)
        var diagnostics: [Diagnostic] = []
        let hasAliases = catalogue.links.contains { !$0.aliases.isEmpty }
        let parser = context.templateParser

        let links = catalogue.links

        func record(_ template: LinkTemplate, _ occurrence: Occurrence, in link: Link) {
            let id = template.withRouteKeyBytes { keys.intern($0) }
            guard id < firstSeen.count else {
                firstSeen.append(occurrence)
                return
            }
            let earlier = firstSeen[id]
            // A link's own aliases may repeat its URL in another case (the lowercase fix keeps the old form).
            guard Int(earlier.link) != link.index else { return }
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

        for link in links {
            record(link.template, Occurrence(link: Int32(link.index), alias: -1), in: link)
            guard hasAliases else { continue }
            for (position, alias) in link.aliases.enumerated() {
                record(parser.parse(alias.value), Occurrence(link: Int32(link.index), alias: Int32(position)), in: link)
            }
        }
        return diagnostics
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
