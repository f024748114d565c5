/// The same route declared twice: two links (or a link and another link's alias) that are one route once case and
/// placeholder names are normalised, in one file or across the files of a catalogue.
struct DuplicateLinkRule: CatalogueRule {
    static let description = RuleDescription(
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

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        Self.findings(in: context.built(on: catalogue))
    }

    /// Where a route is declared: a link's URL, or one of its aliases.
    private struct Occurrence {
        var link: Link
        /// The alias's position in the link's `aliases`, nil for its URL.
        var alias: Int?

        /// The scalar the route is written in.
        var scalar: Scalar { alias.map { link.aliases[$0] } ?? link.url }

        init(_ declaration: DeclaredRoutes.Declaration, in links: [Link]) {
            link = links[Int(declaration.link)]
            alias = declaration.alias < 0 ? nil : Int(declaration.alias)
        }

        /// The route key of the route (its alias parsed by `parser`).
        func routeKey(parser: LinkTemplateParser) -> String {
            alias.map { parser.parse(link.aliases[$0].value).routeKey } ?? link.template.routeKey
        }
    }

    /// The findings on the context's links: each route (a URL or an alias) whose route key an earlier route of
    /// another link has. Routes are found by the hash of their key (`DeclaredRoutes`, which the context builds once)
    /// and compared by the key only when the hashes meet.
    static func findings(in context: LintContext) -> [Diagnostic] {
        let parser = context.templateParser
        let links = context.links
        let routes = context.routeIndex.routes(in: context)
        var diagnostics: [Diagnostic] = []
        for position in 0..<routes.count {
            let earlierOfHash = routes.earlierRoutes(ofHashAt: position)
            if earlierOfHash.isEmpty { continue }
            let occurrence = Occurrence(routes.declarations[position], in: links)
            let key = occurrence.routeKey(parser: parser)
            // The first earlier route of the same key: it is never itself a duplicate of one before it.
            let earlier = earlierOfHash.lazy.map { Occurrence(routes.declarations[$0], in: links) }
                .first { $0.routeKey(parser: parser) == key }
            // A link's own aliases may repeat its URL in another case (the lowercase fix keeps the old form).
            if let earlier, earlier.link !== occurrence.link { diagnostics.append(finding(occurrence, earlier, in: context)) }
        }
        return diagnostics
    }

    /// The finding on a route first declared at `earlier`.
    private static func finding(_ occurrence: Occurrence, _ earlier: Occurrence, in context: LintContext) -> Diagnostic {
        let (scalar, earlierScalar) = (occurrence.scalar, earlier.scalar)
        let (link, earlierLink) = (occurrence.link, earlier.link)
        let location = link.file.location(ofBytes: scalar.sourceRange(ofValue: 0..<scalar.value.utf8.count, in: link.file))
        let earlierLocation = earlierLink.file.location(
            ofBytes: earlierScalar.sourceRange(ofValue: 0..<earlierScalar.value.utf8.count, in: earlierLink.file))
        return context.diagnostic(
            DuplicateLinkRule.self,
            .duplicateRoute(
                scalar.value, isAlias: occurrence.alias != nil, earlier: earlierScalar.value,
                earlierIsAlias: earlier.alias != nil),
            at: location, link: link, notes: [Note(message: .duplicateDeclared(earlierScalar.value), location: earlierLocation)])
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
