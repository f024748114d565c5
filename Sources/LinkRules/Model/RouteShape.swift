/// A route template reduced to what dispatch compares (NoMoreDeepLinkHandler's path matching): the lowercased
/// scheme and host, lowercased literal components, placeholders as their lowercased literal prefix and the type of
/// value they accept, and the query items a URL must carry. `explain`, `unreachable-route` and the tie check of
/// `DispatchOrder` read routes through it; opaque URIs (`mailto:`) have none.
struct RouteShape: Sendable, Hashable {
    /// A placeholder component as dispatch sees it: a literal prefix (EXFE's `!`) and a value type, `string` folded
    /// into untyped since both accept anything.
    struct ValueKey: Sendable, Hashable {
        var prefix: String
        var type: PlaceholderType?
        /// For placeholders among literal text (`{lat},{lng}`), the component's `LinkTemplate.patternKey`; such a
        /// placeholder accepts only values of that pattern and covers only the same pattern.
        var pattern: String? = nil
        /// Whether the placeholder takes the rest of the path (`{path*}`).
        var spansSegments = false
    }

    /// One path component.
    enum Part: Sendable, Hashable {
        /// A word or a number, lowercased (links are case-insensitive, the HER guide's rule 7).
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
        /// A value of placeholders among literal text (`center={lat},{lng}`), by its `LinkTemplate.patternKey`.
        case pattern(String)
    }

    /// A query item a URL must carry to match, by its lowercased name.
    struct QueryConstraint: Sendable, Hashable {
        var name: String
        var value: QueryValue
    }

    /// The lowercased scheme, nil when the template has none (it then matches any scheme, as `RouteMatcher` does).
    var scheme: String?
    /// The lowercased host, empty when the template has none.
    var host: String
    var parts: [Part]
    /// Required query items, sorted by name (in the order written when names repeat).
    var query: [QueryConstraint]

    /// The shape of a template whose link also requires the query items `requiredParams`; nil for an opaque URI.
    /// The template is borrowed: the shape is read from it where it is (a link's, mostly), not from a copy.
    init?(_ template: borrowing LinkTemplate, requiredParams: [String] = []) {
        var names = RouteNames(capacity: 0)
        self.init(template, requiredParams: requiredParams, names: &names)
    }

    /// The shape of a template, as `init?(_:requiredParams:)` makes it, its scheme and host strings shared with
    /// the routes made before it through `names`.
    init?(_ template: borrowing LinkTemplate, requiredParams: [String] = [], names: inout RouteNames) {
        guard !template.isOpaque else { return nil }
        scheme = template.schemeSpan.map { names.lowercasedText(of: template, $0) }
        host = template.hostSpan.map { names.lowercasedText(of: template, $0) } ?? ""
        // A word is read in place; only a placeholder's component is copied out.
        let components = template.components
        parts = components.indices.map { index in
            Self.valueKey(of: components[index]).map { .value($0) } ?? .literal(components[index].lowercasedText)
        }
        query = Self.query(of: template, requiredParams: requiredParams)
    }

    /// The key of a placeholder component as dispatch compares it; nil for a literal component (a word, a number,
    /// a value written out), which dispatch compares by its `lowercasedText`.
    static func valueKey(of component: borrowing PathComponent) -> ValueKey? {
        guard component.isPlaceholder, let placeholder = component.placeholder else { return nil }
        if placeholder.isInsideText {
            return ValueKey(
                prefix: component.prefix.lowercasedASCIIIfNeeded, type: nil, pattern: LinkTemplate.patternKey(Substring(component.text)))
        }
        return ValueKey(
            prefix: component.prefix.lowercasedASCIIIfNeeded, type: dispatchType(placeholder.type), spansSegments: placeholder.spansSegments)
    }

    /// The query items a URL must carry to match a template whose link also requires `requiredParams`, sorted by
    /// name (in the order written when names repeat).
    static func query(of template: borrowing LinkTemplate, requiredParams: [String]) -> [QueryConstraint] {
        var query: [QueryConstraint] = []
        for item in template.query {
            let name = item.name.lowercasedASCIIIfNeeded
            if item.placeholder?.isOptional == true {
                // An optional item (`file={file?}`) is not required of a URL.
                continue
            } else if let placeholder = item.placeholder, placeholder.isInsideText {
                query.append(QueryConstraint(name: name, value: .pattern(LinkTemplate.patternKey(Substring(item.value ?? "")))))
            } else if let placeholder = item.placeholder {
                query.append(QueryConstraint(name: name, value: .placeholder(dispatchType(placeholder.type))))
            } else if let value = item.value {
                query.append(QueryConstraint(name: name, value: .fixed(value.lowercasedASCIIIfNeeded)))
            }
        }
        // A fragment the template spells (`#post/{id}`) is required as a fixed item no query name can have: a URL
        // must carry it to match, and a template without one accepts any fragment.
        if let fragmentKey = template.fragmentKey {
            query.append(QueryConstraint(name: fragmentName, value: .fixed(fragmentKey)))
        }
        for required in requiredParams {
            let name = required.lowercasedASCIIIfNeeded
            if !query.contains(where: { $0.name == name }) { query.append(QueryConstraint(name: name, value: .present)) }
        }
        // A stable sort: items of one name keep their order.
        return query.count < 2
            ? query : query.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
    }

    /// The shape of a link's template, with its `required_params:`.
    init?(_ link: Link) { self.init(link.template, requiredParams: link.requiredParams.map(\.value)) }

    /// The name a fragment goes by among the query constraints: `#` ends a query, so no query item has it.
    static let fragmentName = "#"

    /// `string` accepts what an untyped placeholder accepts, so dispatch treats them as one.
    static func dispatchType(_ type: PlaceholderType?) -> PlaceholderType? { type == .string ? nil : type }
}

/// The lowercased schemes and hosts of the routes made so far, for a caller that makes the shapes of many routes
/// in turn: a catalogue has few of them, and a route's scheme or host found here is shared rather than decoded
/// and lowercased again.
struct RouteNames {
    /// Names lowercased from ASCII text, so in lowercase ASCII.
    private var known: [String] = []
    /// How many names are kept at most; past them, a name is made afresh each time.
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The text of a UTF-8 range of a template, lowercased: decoded from the range's bytes, where
    /// `LinkTemplate.scheme` and `host` find the range's characters first, or a known name it spells.
    mutating func lowercasedText(of template: borrowing LinkTemplate, _ span: Range<Int>) -> String {
        template.withTextBytes { bytes in
            let word = UnsafeBufferPointer(rebasing: bytes[span])
            let isASCIIWord = isASCII(word)
            if isASCIIWord, let name = known(word) { return name }
            let name = String(decoding: word, as: UTF8.self).lowercasedASCIIIfNeeded
            if isASCIIWord, known.count < capacity { known.append(name) }
            return name
        }
    }

    /// The known name that an ASCII word spells once its capitals are lowercased, if there is one.
    private func known(_ word: UnsafeBufferPointer<UInt8>) -> String? {
        for var name in known where name.utf8.count == word.count {
            let isSame = name.withUTF8 { name in
                for index in 0..<word.count where name[index] != asciiLowercased(word[index]) { return false }
                return true
            }
            if isSame { return name }
        }
        return nil
    }
}

extension RouteShape.ValueKey {
    /// Whether this placeholder accepts a lowercased literal component.
    func accepts(literal word: String) -> Bool {
        if let pattern { return ValuePattern(Substring(pattern)).match(Substring(word)) != nil }
        guard word.hasPrefix(prefix) else { return false }
        return RouteMatcher.accepts(String(word.dropFirst(prefix.count)), type: type)
    }

    /// Whether this placeholder accepts every value the other one accepts.
    func covers(_ other: Self) -> Bool {
        // A pattern covers only itself; a plain placeholder covers a pattern only when it takes any text.
        if pattern != nil { return self == other }
        // One component never covers the rest of a path.
        if other.spansSegments, !spansSegments { return false }
        if other.pattern != nil {
            return other.prefix.hasPrefix(prefix) && RouteShape.dispatchType(type) == nil
        }
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
                case (.placeholder(let outer), .placeholder(let inner)): return self.type(outer, covers: inner)
                case (.placeholder(let outer), .pattern): return dispatchType(outer) == nil
                case (.pattern(let outer), .pattern(let inner)): return outer == inner
                case (.pattern(let outer), .fixed(let value)): return ValuePattern(Substring(outer)).match(Substring(value)) != nil
                default: return false
                }
            }
        }
    }

    /// Whether the path part `outer` accepts every value of the path part `inner`.
    static func part(_ outer: Part, covers inner: Part) -> Bool {
        switch (outer, inner) {
        case (.literal(let a), .literal(let b)): a == b
        case (.literal, .value): false
        case (.value(let key), .literal(let word)): key.accepts(literal: word)
        case (.value(let a), .value(let b)): a.covers(b)
        }
    }

    /// Whether `earlier` matches every URL `self` matches, component for component: same scheme (or any) and host,
    /// as many components, each accepting all of this one's values, and no query item this one does not require.
    func isSubsumed(by earlier: RouteShape) -> Bool {
        guard earlier.host == host, earlier.scheme == nil || earlier.scheme == scheme, earlier.parts.count == parts.count
        else { return false }
        return zip(earlier.parts, parts).allSatisfy { Self.part($0, covers: $1) } && Self.query(earlier.query, isImpliedBy: query)
    }

    /// Whether this is `bare` (a path with no query items) with query items added: a link that documents the
    /// parameters of an earlier bare route, which its handler receives too (the HER guide's rule 4).
    func isParameterVariant(of bare: RouteShape) -> Bool {
        bare.query.isEmpty && bare.parts == parts && bare.scheme == scheme && bare.host == host
    }
}
