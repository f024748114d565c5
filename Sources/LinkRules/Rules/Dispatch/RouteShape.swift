/// A route template reduced to what dispatch compares (seed 001): lowercased literal components, placeholders as
/// their literal prefix and the type of value they accept, and the query items a URL must carry. Built once per
/// link by the dispatch rules; opaque URIs (`mailto:`) have none.
struct RouteShape: Sendable {
    /// A placeholder component as dispatch sees it: a literal prefix (EXFE's `!`) and a value type, `string`
    /// folded into untyped since both accept anything.
    struct ValueKey: Sendable, Hashable {
        var prefix: String
        var type: PlaceholderType?
    }

    /// One path component.
    enum Part: Sendable, Hashable {
        /// A word or a number, lowercased (links are case-insensitive, seed 000 rule 7).
        case literal(String)
        case value(ValueKey)
    }

    /// What a required query item asks of its value.
    enum QueryValue: Sendable, Hashable {
        /// A fixed value, lowercased (`open=buy`).
        case fixed(String)
        /// Any value of a type (`order_id={order_id:int}`).
        case placeholder(PlaceholderType?)
        /// Only that the item is there (`required_params:`).
        case present
    }

    /// A query item a URL must carry to match.
    struct QueryConstraint: Sendable, Hashable {
        var name: String
        var value: QueryValue
    }

    /// Scheme and host, lowercased: links only compete with links under the same root.
    var root: String
    /// Whether the template has no scheme, so it matches any (as `RouteMatcher` does).
    var hasAnyScheme: Bool
    var host: String
    var parts: [Part]
    /// Required query items, sorted by name.
    var query: [QueryConstraint]

    static let wildcardScheme = "*"

    static func rootKey(scheme: String, host: String) -> String { scheme + "\u{0}" + host }

    init?(_ link: Link) {
        let template = link.template
        guard !template.isOpaque else { return nil }
        let scheme = template.scheme?.lowercasedASCIIIfNeeded
        hasAnyScheme = scheme == nil
        host = template.host?.lowercasedASCIIIfNeeded ?? ""
        root = Self.rootKey(scheme: scheme ?? Self.wildcardScheme, host: host)
        parts = template.components.map { component in
            switch component.kind {
            case .literal: .literal(component.name)
            case .integer: .literal(component.text.lowercasedASCIIIfNeeded)
            case .placeholder(let placeholder):
                .value(ValueKey(prefix: component.prefix.lowercasedASCIIIfNeeded, type: Self.dispatchType(placeholder.type)))
            }
        }
        var constraints: [QueryConstraint] = []
        for item in template.query {
            let name = item.name.lowercasedASCIIIfNeeded
            if let placeholder = item.placeholder {
                constraints.append(QueryConstraint(name: name, value: .placeholder(Self.dispatchType(placeholder.type))))
            } else if let value = item.value {
                constraints.append(QueryConstraint(name: name, value: .fixed(value.lowercasedASCIIIfNeeded)))
            }
        }
        for required in link.requiredParams {
            let name = required.value.lowercasedASCIIIfNeeded
            if !constraints.contains(where: { $0.name == name }) {
                constraints.append(QueryConstraint(name: name, value: .present))
            }
        }
        query = constraints.sorted { $0.name < $1.name }
    }

    /// `string` accepts what an untyped placeholder accepts, so dispatch treats them as one.
    static func dispatchType(_ type: PlaceholderType?) -> PlaceholderType? { type == .string ? nil : type }
}

extension RouteShape.ValueKey {
    /// Whether this placeholder accepts a lowercased literal component.
    func accepts(literal text: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        return RouteMatcher.accepts(String(text.dropFirst(prefix.count)), type: type)
    }

    /// Whether this placeholder accepts every value the other one accepts.
    func covers(_ other: Self) -> Bool {
        guard other.prefix.hasPrefix(prefix) else { return false }
        let rest = String(other.prefix.dropFirst(prefix.count))
        if rest.isEmpty { return RouteShape.type(type, covers: other.type) }
        // The other's longer prefix is part of this placeholder's value.
        switch type {
        case nil, .string: return true
        case .int, .uuid: return false
        case .slug, .base64json: return RouteMatcher.accepts(rest, type: type) && RouteShape.type(type, covers: other.type)
        }
    }

    /// Whether some value is accepted by both (same prefix assumed).
    func overlaps(_ other: Self) -> Bool { RouteShape.type(type, intersects: other.type) }
}

extension RouteShape {
    /// Whether every value a placeholder of type `inner` accepts is accepted by one of type `outer`.
    static func type(_ outer: PlaceholderType?, covers inner: PlaceholderType?) -> Bool {
        let outer = dispatchType(outer)
        let inner = dispatchType(inner)
        if outer == nil || outer == inner { return true }
        switch (outer, inner) {
        case (.slug, .int), (.slug, .uuid): return true
        case (.base64json, .int), (.base64json, .uuid), (.base64json, .slug): return true
        default: return false
        }
    }

    /// Whether some value is accepted by placeholders of both types (an integer is never a UUID).
    static func type(_ a: PlaceholderType?, intersects b: PlaceholderType?) -> Bool {
        switch (dispatchType(a), dispatchType(b)) {
        case (.int, .uuid), (.uuid, .int): false
        default: true
        }
    }

    /// Whether a URL that carries every item of `later` always carries what `earlier` requires.
    static func query(_ earlier: [QueryConstraint], isImpliedBy later: [QueryConstraint]) -> Bool {
        earlier.allSatisfy { required in
            later.contains { given in
                guard given.name == required.name else { return false }
                switch (required.value, given.value) {
                case (.present, _): return true
                case (.fixed(let a), .fixed(let b)): return a == b
                case (.placeholder(let type), .fixed(let value)): return RouteMatcher.accepts(value, type: type)
                case (.placeholder(let outer), .placeholder(let inner)): return type(outer, covers: inner)
                default: return false
                }
            }
        }
    }

    /// Whether `earlier` matches every URL `self` matches, component for component: same scheme (or any) and host,
    /// as many components, each accepting all of this one's values, and no query item this one does not require.
    func isSubsumed(by earlier: RouteShape) -> Bool {
        guard earlier.host == host, earlier.hasAnyScheme || earlier.root == root, earlier.parts.count == parts.count
        else { return false }
        for (outer, inner) in zip(earlier.parts, parts) {
            switch (outer, inner) {
            case (.literal(let a), .literal(let b)): if a != b { return false }
            case (.literal, .value): return false
            case (.value(let key), .literal(let text)): if !key.accepts(literal: text) { return false }
            case (.value(let a), .value(let b)): if !a.covers(b) { return false }
            }
        }
        return Self.query(earlier.query, isImpliedBy: query)
    }
}
