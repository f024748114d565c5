/// A link the app can never open because another link always wins: an earlier link that matches every URL it
/// matches under first-match dispatch, or an equally specific link that matches the same URLs under most-specific.
public struct UnreachableRouteRule: CatalogueRule {
    public static let description = RuleDescription(
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
            the dead one.
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

    public init() {}

    /// Whether `shape` is the bare route `earlier` (same path, no query items) with query items added.
    static func isParameterVariant(
        _ shape: RouteShape, of earlier: Link, words: inout RouteWords, in context: LintContext
    ) -> Bool {
        guard let bare = RouteShape(earlier, words: &words, in: context) else { return false }
        return bare.query.isEmpty && bare.parts == shape.parts && bare.scheme == shape.scheme && bare.host == shape.host
    }

    /// The route keys of the links a pass has visited, as its trie or groups ask about them: each earlier link
    /// asked about is read again (through `context.links`), and keys are compared byte for byte, with no string
    /// made. The trie and the groups ask only about links that end where the link being added does, so this
    /// stays rare.
    private struct RouteKeys: RouteKeyComparison {
        let context: LintContext
        /// The link being added, whose route key the earlier links' are compared with.
        var adding: Link?
        /// The earlier link read last, with its place: the trie asks about a duplicate's earlier link, then the
        /// rule reads the winner, most often that same link, and a streaming lint decodes a link for each read.
        /// Kept for one run only, like the whole `RouteKeys`.
        private var lastRead: (place: Int, link: Link)?

        init(context: LintContext) { self.context = context }

        /// The earlier link at place `place`.
        mutating func earlier(_ place: Int) -> Link {
            if let lastRead, lastRead.place == place { return lastRead.link }
            let link = context.links[place]
            lastRead = (place, link)
            return link
        }

        /// Whether `link` has the route key of `other`.
        static func haveOneRouteKey(_ link: Link, _ other: Link) -> Bool {
            link.template.withRouteKeyBytes { key in other.template.withRouteKeyBytes { $0.elementsEqual(key) } }
        }

        mutating func hasRouteKey(_ earlier: Int) -> Bool { Self.haveOneRouteKey(adding!, self.earlier(earlier)) }

        mutating func routeKeyHash(of earlier: Int) -> UInt64 { self.earlier(earlier).template.routeKeyHash }
    }

    public func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let context = context.built(on: catalogue)
        var pass = Pass(dispatch: catalogue.dispatch, vocabulary: catalogue.components)
        pass.visit(catalogue, in: context)
        return pass.finish(in: context)
    }

    /// The rule's walk: each link's shape joins, in order, the trie (first-match) or its specificity group
    /// (most-specific), and a link that another one wins is reported as it is visited, while it is at hand.
    private struct Pass {
        let dispatch: DispatchMode
        var words: RouteWords
        /// The links so far under first-match dispatch; empty under most-specific.
        var trie = RouteTrie()
        /// The links so far under most-specific dispatch; empty under first-match.
        var groups = SpecificityGroups()
        /// One shape, refilled for each link: the trie or the groups keep what they need of it.
        var shape = RouteShape()
        var diagnostics: [Diagnostic] = []

        init(dispatch: DispatchMode, vocabulary: [ComponentSpec]) {
            self.dispatch = dispatch
            words = RouteWords(vocabulary: vocabulary)
        }

        mutating func visit(_ catalogue: Catalogue, in context: LintContext) {
            var keys = RouteKeys(context: context)
            switch dispatch {
            case .firstMatch: visitFirstMatch(catalogue, &keys, in: context)
            case .mostSpecific: visitMostSpecific(catalogue, &keys, in: context)
            }
        }

        mutating func finish(in context: LintContext) -> [Diagnostic] { diagnostics }

        /// Adds each link of the run to the trie, and reports it when an earlier link wins all its URLs.
        private mutating func visitFirstMatch(_ catalogue: Catalogue, _ keys: inout RouteKeys, in context: LintContext) {
            for position in catalogue.links.indices {
                let link = catalogue.links[position]
                guard shape.assign(link, words: &words, in: context) else { continue }
                // The trie adds the link and names the earlier one that wins all its URLs, if any. A link whose
                // winner is its own duplicate is left to `duplicate-link`; one whose winner is the same path with
                // no query items is that route documented with its parameters, which the route's handler receives
                // too (the HER app's deep-link guide, rule 4).
                keys.adding = link
                guard
                    let winner = trie.insert(
                        shape, link: position, routeKeyHash: context.routeKeyHash(at: position), in: words, keys: &keys)
                else { continue }
                let earlier = keys.earlier(winner.link)
                guard !RouteKeys.haveOneRouteKey(link, earlier),
                    !UnreachableRouteRule.isParameterVariant(shape, of: earlier, words: &words, in: context)
                else { continue }
                diagnostics.append(
                    context.diagnostic(
                        UnreachableRouteRule.self, .shadowedLink(link.url.value, by: earlier.url.value),
                        at: link.valueLocation, link: link,
                        notes: [Note(message: .winnerDeclared(earlier.url.value), location: earlier.valueLocation)]))
            }
        }

        /// Adds each link of the run to its specificity group, and reports it when an earlier link of the group
        /// matches a URL it matches.
        private mutating func visitMostSpecific(_ catalogue: Catalogue, _ keys: inout RouteKeys, in context: LintContext) {
            for position in catalogue.links.indices {
                let link = catalogue.links[position]
                guard shape.assign(link, words: &words, in: context) else { continue }
                keys.adding = link
                guard
                    let winner = groups.insertFindingTie(
                        shape, link: position, routeKeyHash: context.routeKeyHash(at: position), keys: &keys)
                else { continue }
                let earlier = keys.earlier(winner.link)
                let example = UnreachableRouteRule.commonURL(link.template, shape, winner.shape, words: words)
                diagnostics.append(
                    context.diagnostic(
                        UnreachableRouteRule.self, .ambiguousLink(link.url.value, with: earlier.url.value, example: example),
                        at: link.valueLocation, link: link,
                        notes: [Note(message: .tiedLinkDeclared(earlier.url.value), location: earlier.valueLocation)]))
            }
        }
    }

    /// A URL both tied links match: the later template with each placeholder replaced by a value both accept.
    static func commonURL(_ template: LinkTemplate, _ shape: RouteShape, _ other: RouteShape, words: RouteWords) -> String {
        var replacements: [(span: Range<Int>, value: String)] = []
        for (index, component) in template.components.enumerated() {
            guard let placeholder = component.placeholder, case .value(let key) = other.parts[index] else { continue }
            replacements.append((placeholder.span, sample(placeholder.type, key.type)))
        }
        for item in template.query {
            guard let placeholder = item.placeholder else { continue }
            let name = words.existingID(lowercasing: item.name)
            var otherType: PlaceholderType?
            if let constraint = other.query.first(where: { $0.name == name }), case .placeholder(let type) = constraint.value {
                otherType = type
            }
            replacements.append((placeholder.span, sample(placeholder.type, otherType)))
        }
        var bytes = Array(template.text.utf8)
        for replacement in replacements.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
            bytes.replaceSubrange(replacement.span, with: Array(replacement.value.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value placeholders of both types accept.
    static func sample(_ a: PlaceholderType?, _ b: PlaceholderType?) -> String {
        let types = [a, b]
        if types.contains(.uuid) { return "123e4567-e89b-12d3-a456-426614174000" }
        if types.contains(.int) { return "1" }
        if types.contains(.slug) { return "abc" }
        if types.contains(.base64json) { return "e30=" }
        return "abc"
    }
}

extension Link {
    /// The location of the URL's value, without its quotes: where findings about the whole link start.
    var valueLocation: SourceLocation { location(ofURL: 0..<url.value.utf8.count) }
}

extension Message {
    static func shadowedLink(_ url: String, by winner: String) -> Message {
        "'\(url)' is never opened: the earlier link '\(winner)' matches every URL it matches, and the first match wins"
    }
    static func winnerDeclared(_ url: String) -> Message { "'\(url)' is declared here and wins" }
    static func ambiguousLink(_ url: String, with other: String, example: String) -> Message {
        "'\(url)' is as specific as '\(other)' and both match '\(example)': the app cannot choose between them"
    }
    static func tiedLinkDeclared(_ url: String) -> Message { "'\(url)' is declared here" }
}
