/// Which of the links that match one URL the app opens, under each `dispatch:` mode, and when two of them tie: the
/// one definition of docs/dispatch.md that `explain` and `unreachable-route` share (matching itself is
/// `RouteMatcher`'s, which `example-mismatch` uses too). Under
/// `first-match` the earliest matching link wins (NoMoreDeepLinkHandler tries its handlers in order). Under
/// `most-specific` the links are compared at the first path component where their specificity differs, then by
/// their query items; two links equally specific that require the same query items the same way tie.
struct DispatchOrder: Sendable {
    let mode: DispatchMode

    init(mode: DispatchMode) { self.mode = mode }

    /// How specific one path component is: a literal beats a placeholder with a literal prefix (a longer prefix
    /// beats a shorter one, then a typed placeholder an untyped one), which beats a typed placeholder, which beats
    /// an untyped one (`{id}` and `{id:string}`).
    struct ComponentRank: Sendable, Hashable, Comparable {
        enum Kind: Int, Sendable, Hashable {
            case untypedPlaceholder, typedPlaceholder, prefixedPlaceholder, literal
        }

        var kind: Kind
        /// The length of a prefixed placeholder's literal prefix, in UTF-8 bytes; 0 otherwise.
        var prefixLength: Int
        /// Whether a prefixed placeholder is typed.
        var isTyped: Bool

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.kind.rawValue, lhs.prefixLength, lhs.isTyped ? 1 : 0) < (rhs.kind.rawValue, rhs.prefixLength, rhs.isTyped ? 1 : 0)
        }
    }

    /// How specific a route is: its components' ranks, then what it requires of the query. Two routes that match
    /// one URL are compared with `compare(_:_:)`.
    struct Specificity: Sendable, Hashable {
        var components: [ComponentRank]
        /// Required query items with a fixed value (`open=buy`).
        var fixedQueryValues: Int
        /// Required query items with a typed placeholder (`order_id={order_id:int}`).
        var typedQueryValues: Int
        /// Every required query item, including untyped placeholders and `required_params:`.
        var queryItems: Int
        /// The required query items' names, each with what it asks (a fixed value, a typed or an untyped
        /// placeholder, presence): two routes equally ranked tie only when these are the same.
        var querySignature: [String]

        /// The specificity of an opaque URI (`mailto:`), which has no components and no query items.
        init() {
            (components, fixedQueryValues, typedQueryValues, queryItems, querySignature) = ([], 0, 0, 0, [])
        }

        init(_ shape: RouteShape) {
            components = shape.parts.map { part in
                switch part {
                case .literal: return ComponentRank(kind: .literal, prefixLength: 0, isTyped: false)
                case .value(let key) where !key.prefix.isEmpty || key.pattern != nil:
                    return ComponentRank(kind: .prefixedPlaceholder, prefixLength: key.prefix.utf8.count, isTyped: key.type != nil)
                case .value(let key):
                    return ComponentRank(kind: key.type == nil ? .untypedPlaceholder : .typedPlaceholder, prefixLength: 0, isTyped: key.type != nil)
                }
            }
            fixedQueryValues = 0
            typedQueryValues = 0
            queryItems = shape.query.count
            querySignature = []
            for item in shape.query {
                switch item.value {
                case .fixed:
                    fixedQueryValues += 1
                    querySignature.append(item.name + "=")
                case .placeholder(.some):
                    typedQueryValues += 1
                    querySignature.append(item.name + "={typed}")
                case .placeholder(nil): querySignature.append(item.name + "={}")
                case .present: querySignature.append(item.name)
                case .pattern(let pattern):
                    typedQueryValues += 1
                    querySignature.append(item.name + "=" + pattern)
                }
            }
        }
    }

    /// Where one route is more specific than another.
    enum Difference: Sendable, Hashable {
        /// At the path component of this index (from 0), ranked as given (the more specific first).
        case component(Int, ComponentRank, over: ComponentRank)
        /// It requires more query items with a fixed value.
        case fixedQueryValues
        /// It requires more query items with a typed placeholder.
        case typedQueryValues
        /// It requires more query items.
        case queryItems
    }

    /// How a route compares with another that matches a common URL, under `most-specific`.
    enum Comparison: Sendable, Hashable {
        case moreSpecific(Difference)
        case lessSpecific(Difference)
        /// Equally specific, with the same query items asked the same way: the app cannot choose.
        case tie
        /// Equally ranked, but requiring other query items: not comparable, so catalogue order decides.
        case unordered
    }

    /// How `a` compares with `b`, two routes that match one URL (so with as many components), under
    /// `most-specific`: at the first component where their ranks differ, then by their fixed query values, typed
    /// query values and query items.
    static func compare(_ a: Specificity, _ b: Specificity) -> Comparison {
        for (index, (x, y)) in zip(a.components, b.components).enumerated() where x != y {
            return x > y ? .moreSpecific(.component(index, x, over: y)) : .lessSpecific(.component(index, y, over: x))
        }
        for (difference, x, y) in [
            (Difference.fixedQueryValues, a.fixedQueryValues, b.fixedQueryValues),
            (.typedQueryValues, a.typedQueryValues, b.typedQueryValues), (.queryItems, a.queryItems, b.queryItems),
        ] where x != y {
            return x > y ? .moreSpecific(difference) : .lessSpecific(difference)
        }
        return a.querySignature == b.querySignature ? .tie : .unordered
    }

    /// A link that matches a URL, by the route that matched (its template or an alias).
    struct Candidate {
        /// The link's place in the catalogue.
        var link: Int
        var specificity: Specificity
    }

    /// What dispatch makes of the links that match one URL.
    struct Decision {
        /// The position in the candidates of the link that opens the URL.
        var winner: Int
        /// The positions of the candidates tied with the winner (`most-specific` only), in catalogue order.
        var ties: [Int]
    }

    /// The link that opens a URL among `candidates`, the links that match it in catalogue order: the first under
    /// `first-match`; under `most-specific` the earliest of the most specific, with those that tie with it. Nil when
    /// there is none.
    func decide(_ candidates: [Candidate]) -> Decision? {
        guard !candidates.isEmpty else { return nil }
        guard mode == .mostSpecific else { return Decision(winner: 0, ties: []) }
        var winner = 0
        for index in candidates.indices.dropFirst() {
            if case .moreSpecific = Self.compare(candidates[index].specificity, candidates[winner].specificity) { winner = index }
        }
        let ties = candidates.indices.filter { index in
            index != winner && Self.compare(candidates[index].specificity, candidates[winner].specificity) == .tie
        }
        return Decision(winner: winner, ties: ties)
    }

    /// Whether two routes of one link or two can tie, with a URL both match: the same scheme and host, component
    /// for component the same literal or placeholders of one prefix that are both typed or both untyped, and the same
    /// query items asking the same fixed value or a placeholder both typed or both untyped. Routes of one class tie
    /// when their placeholders' types overlap (`overlaps(_:_:)`).
    struct TieClass: Sendable, Hashable {
        var scheme: String?
        var host: String
        var parts: [RouteShape.Part]
        var query: [RouteShape.QueryConstraint]

        init(_ shape: RouteShape) {
            scheme = shape.scheme
            host = shape.host
            parts = shape.parts.map { part in
                guard case .value(var key) = part, key.type != nil else { return part }
                key.type = .string  // typed, of any type
                return .value(key)
            }
            query = shape.query.map { item in
                guard case .placeholder(_?) = item.value else { return item }
                return RouteShape.QueryConstraint(name: item.name, value: .placeholder(.string))
            }
        }
    }

    /// Whether two routes of one `TieClass` match some URL in common: no placeholder of one is an `int` where the
    /// other's is a `uuid`.
    static func overlaps(_ a: RouteShape, _ b: RouteShape) -> Bool {
        for case (.value(let x), .value(let y)) in zip(a.parts, b.parts) where !RouteShape.type(x.type, intersects: y.type) {
            return false
        }
        for (x, y) in zip(a.query, b.query) {
            if case .placeholder(let left) = x.value, case .placeholder(let right) = y.value,
                !RouteShape.type(left, intersects: right)
            {
                return false
            }
        }
        return true
    }
}

extension DispatchOrder {
    /// The route of a link that matches a concrete URL, as the app tries them: under `first-match` the link's
    /// template, else the first of its aliases that matches (older forms the link keeps working); under
    /// `most-specific` the most specific of them, as if each were a route of its own (the earliest among equals).
    struct MatchingRoute {
        /// The alias's position in the link's `aliases`, nil for the link's URL.
        var alias: Int?
        var template: LinkTemplate
        var match: RouteMatcher.Match
        var specificity: Specificity
    }

    /// The route of `link` that matches `url` (parsed, lowercased, with the catalogue's `parser`) under `mode`, or nil.
    static func matchingRoute(
        of link: Link, for url: LinkTemplate, parser: LinkTemplateParser, mode: DispatchMode
    ) -> MatchingRoute? {
        let required = link.requiredParams.map(\.value)
        let matcher = RouteMatcher()
        func route(_ template: LinkTemplate, alias: Int?) -> MatchingRoute? {
            guard let match = matcher.match(url, against: template, requiring: required) else { return nil }
            let specificity = RouteShape(template, requiredParams: required).map(Specificity.init) ?? Specificity()
            return MatchingRoute(alias: alias, template: template, match: match, specificity: specificity)
        }
        var found = route(link.template, alias: nil)
        if found != nil, mode == .firstMatch || link.aliases.isEmpty { return found }
        for (index, alias) in link.aliases.enumerated() {
            guard let candidate = route(parser.parse(alias.value), alias: index) else { continue }
            guard let best = found else {
                found = candidate
                if mode == .firstMatch { return found }
                continue
            }
            if case .moreSpecific = compare(candidate.specificity, best.specificity) { found = candidate }
        }
        return found
    }
}
