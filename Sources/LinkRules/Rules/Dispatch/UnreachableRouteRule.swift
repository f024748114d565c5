/// A link the app can never open because another link always wins: an earlier link that matches every URL it
/// matches under first-match dispatch, or an equally specific link that matches the same URLs under most-specific.
struct UnreachableRouteRule: CatalogueRule {
    static let description = RuleDescription(
        id: "unreachable-route",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a link that another link always wins is never opened",
        rationale: """
            NoMoreDeepLinkHandler: "it will scan through all installed handlers, and forward that deep \
            link to the appropriate handler. This process happens **sequentially** until the **first matching \
            handler** is found." Under `dispatch: first-match`, a link is dead when an earlier link matches every URL \
            it could match: a placeholder before a literal of the same shape (`/transaction/{transaction_id}` before \
            `/transaction/latest`), or a catch-all first. The earlier link must have the same scheme and host, as \
            many components, accept every value of each of the later link's components (an untyped placeholder \
            accepts anything, an `int` one accepts numbers and `int` placeholders), and require no query item the \
            later one does not. Under `dispatch: most-specific` the most specific link wins (at the first component \
            where two differ, a literal beats a prefixed placeholder, which beats a typed one, which beats an untyped \
            one; then a fixed query value beats a placeholder), so only two equally specific links that match a \
            common URL are a problem: the app has no way to choose. The finding is on the later link, with a note at \
            the one that wins. Exact duplicates are left to `duplicate-link`, and a link that only adds query \
            items to an earlier bare route (`her://premium` then `her://premium?origin={origin}`) documents that \
            route's parameters, which its handler receives (the HER app's deep-link guide, rule 4). Move the specific link first, or remove \
            the dead one. Two forms of one action, one with an extra parameter (Obsidian's `open?vault=…` and \
            `open?vault=…&file=…`), are one link whose extra parameter is optional: `file={file?}`.
            """,
        source: .noMoreDeepLinkHandler,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                dispatch: first-match
                links:
                  - url: app://localhost/transaction/{transaction_id}
                  - url: ↓app://localhost/transaction/latest
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/{page}
                  - url: ↓app://localhost/pay
                  - url: ↓app://localhost/transactions?filter=all
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/orders/{id:int}
                  - url: ↓app://localhost/orders/42
                  - url: app://localhost/pay?order_id={order_id}
                  - url: ↓app://localhost/pay?order_id={order_id:int}&coupon={code}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                dispatch: most-specific
                links:
                  - url: app://localhost/orders/{id:int}
                  - url: ↓app://localhost/orders/{code:slug}
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://premium
                  - url: her://premium?origin={origin}
                """),
            // Obsidian's URI documentation: `open?vault=…` and `open?vault=…&file=…` are one action, its `file`
            // optional; the later `search` link is not shadowed by it.
            .catalogue(
                """
                version: 1
                schemes: [obsidian]
                links:
                  - url: obsidian://open?vault={vault}&file={file?}
                    examples: ['obsidian://open?vault=my%20vault', 'obsidian://open?vault=my%20vault&file=my%20note']
                  - url: obsidian://search?vault={vault}&query={query?}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                dispatch: first-match
                links:
                  - url: app://localhost/transaction/latest
                  - url: app://localhost/transaction/{transaction_id}
                  - url: app://localhost/{page}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/orders/{id:int}
                  - url: app://localhost/orders/latest
                  - url: app://localhost/orders/{id:int}/items
                  - url: app://localhost/pay?order_id={order_id}
                  - url: app://localhost/pay
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                dispatch: most-specific
                links:
                  - url: app://localhost/transaction/{transaction_id}
                  - url: app://localhost/transaction/latest
                  - url: app://localhost/orders/{id:int}
                  - url: app://localhost/orders/{id:uuid}
                """),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        Self.findings(in: catalogue.links, dispatch: catalogue.dispatch, in: context.built(on: catalogue))
    }

    /// The findings on `links`, the catalogue's links in order: under first-match each link that earlier links
    /// always win, under most-specific each link that ties with an earlier one.
    static func findings(in links: [Link], dispatch: DispatchMode, in context: LintContext) -> [Diagnostic] {
        var search = DispatchSearch(links: links, parser: context.templateParser)
        switch dispatch {
        case .firstMatch: return search.shadowedLinks().map { finding(on: $0, in: context) }
        case .mostSpecific: return search.tiedLinks().map { finding(on: $0, in: context) }
        }
    }

    private static func finding(on shadowed: DispatchSearch.Shadowed, in context: LintContext) -> Diagnostic {
        let (link, winner) = (shadowed.link, shadowed.winner)
        var message = Message.shadowedLink(link.url.value, by: winner.url.value)
        if let extra = extraQueryItems(of: link.template, over: winner.template) {
            message = .shadowedForm(link.url.value, by: winner.url.value, optional: extra)
        }
        return context.diagnostic(
            UnreachableRouteRule.self, message, at: link.valueLocation,
            link: link, notes: [Note(message: .winnerDeclared(winner.url.value), location: winner.valueLocation)])
    }

    private static func finding(on tie: DispatchSearch.Tie, in context: LintContext) -> Diagnostic {
        let (link, other) = (tie.link, tie.earlier)
        let otherRoute = tie.earlierAlias.map { other.aliases[$0].value } ?? other.url.value
        return context.diagnostic(
            UnreachableRouteRule.self, .ambiguousLink(link.url.value, with: otherRoute, example: tie.example),
            at: link.valueLocation, link: link,
            notes: [Note(message: .tiedLinkDeclared(other.url.value), location: other.valueLocation)])
    }
}

extension Link {
    /// The location of the URL's value, without its quotes: where findings about the whole link start.
    var valueLocation: SourceLocation { location(ofURL: 0..<url.value.utf8.count) }
}

extension UnreachableRouteRule {
    /// The query items a later link adds to an earlier one of the same path, written as optional
    /// (`file={file?}`), when that is all that differs: the two are one action with optional parameters.
    static func extraQueryItems(of later: LinkTemplate, over earlier: LinkTemplate) -> String? {
        guard let laterShape = RouteShape(later), let earlierShape = RouteShape(earlier),
            laterShape.scheme == earlierShape.scheme, laterShape.host == earlierShape.host,
            laterShape.parts == earlierShape.parts, laterShape.query.count > earlierShape.query.count
        else { return nil }
        let earlierNames = Set(earlier.query.map { $0.name.lowercasedASCIIIfNeeded })
        let extra = later.query.filter { !earlierNames.contains($0.name.lowercasedASCIIIfNeeded) }
        guard !extra.isEmpty, extra.allSatisfy({ $0.placeholder != nil && $0.placeholder?.isInsideText == false }) else {
            return nil
        }
        return extra.map { item in
            var optional = item.placeholder!
            optional.isOptional = true
            return item.name + "=" + optional.canonical
        }.joined(separator: "&")
    }
}

extension Message {
    static func shadowedForm(_ url: String, by winner: String, optional: String) -> Message {
        "'\(url)' is never opened: the earlier link '\(winner)' matches every URL it matches, and the first match wins; if they are one action, write one link with the extra parameters optional ('\(optional)')"
    }
    static func shadowedLink(_ url: String, by winner: String) -> Message {
        "'\(url)' is never opened: the earlier link '\(winner)' matches every URL it matches, and the first match wins"
    }
    static func winnerDeclared(_ url: String) -> Message { "'\(url)' is declared here and wins" }
    static func ambiguousLink(_ url: String, with other: String, example: String) -> Message {
        "'\(url)' is as specific as '\(other)' and both match '\(example)': the app cannot choose between them"
    }
    static func tiedLinkDeclared(_ url: String) -> Message { "'\(url)' is declared here" }
}
