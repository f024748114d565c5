/// A route template reduced to what dispatch compares (NoMoreDeepLinkHandler): lowercased literal components, placeholders as
/// their literal prefix and the type of value they accept, and the query items a URL must carry. Every word is an
/// id in the check's `RouteWords`, so comparing two shapes compares integers. Built by the dispatch rules for each link
/// they compare, from the vocabulary positions the lint context resolved; opaque URIs (`mailto:`) have none.
struct RouteShape: Sendable {
    /// A placeholder component as dispatch sees it: a literal prefix (EXFE's `!`, a word id) and a value type,
    /// `string` folded into untyped since both accept anything.
    struct ValueKey: Sendable, Hashable {
        var prefix: Int32
        var type: PlaceholderType?
    }

    /// One path component.
    enum Part: Sendable, Hashable {
        /// A word or a number, lowercased (links are case-insensitive, the HER app's deep-link guide, rule 7): a word id.
        case literal(Int32)
        case value(ValueKey)
    }

    /// What a required query item asks of its value.
    enum QueryValue: Sendable, Hashable {
        /// A fixed value, lowercased (`open=buy`): a word id.
        case fixed(Int32)
        /// Any value of a type (`order_id={order_id:int}`).
        case placeholder(PlaceholderType?)
        /// Only that the item is there (`required_params:`).
        case present
    }

    /// A query item a URL must carry to match; its lowercased name is a word id.
    struct QueryConstraint: Sendable, Hashable {
        var name: Int32
        var value: QueryValue
    }

    /// The lowercased scheme, or `RouteWords.anyScheme` when the template has none: links only compete with
    /// links of the same scheme (or none) and host.
    var scheme: Int32
    /// The lowercased host, empty when the template has none.
    var host: Int32
    /// Whether the template has no scheme, so it matches any (as `RouteMatcher` does).
    var hasAnyScheme: Bool
    /// The index of the (scheme, host) pair among those of the check's `RouteWords`, and that of the pair of no
    /// scheme and the same host: the trie finds the roots of the links that compete with this one by them.
    var authority: Int32
    var anySchemeAuthority: Int32
    var parts: [Part]
    /// Required query items, sorted by name id (a link's items in the order written when names repeat).
    var query: [QueryConstraint]

    /// An empty shape, for `assign(_:words:in:)` to fill: a check reuses one shape's storage from link to link.
    init() {
        scheme = 0
        host = 0
        hasAnyScheme = false
        authority = 0
        anySchemeAuthority = 0
        parts = []
        query = []
    }

    /// The shape of a link; nil for an opaque URI.
    init?(_ link: Link, words: inout RouteWords, in context: LintContext) {
        self.init()
        guard assign(link, words: &words, in: context) else { return nil }
    }

    /// Makes this the shape of `link`, keeping the storage of its arrays when nothing else holds them; false for
    /// an opaque URI (the shape is then left empty). The template's bytes, components and query items are read
    /// in place, without a copy of any of them.
    mutating func assign(_ link: Link, words: inout RouteWords, in context: LintContext) -> Bool {
        // Emptied element by element: `removeAll(keepingCapacity:)` costs more for the few parts a link has.
        while parts.popLast() != nil {}
        while query.popLast() != nil {}
        guard !link.template.isOpaque else { return false }
        hasAnyScheme = link.template.schemeSpan == nil
        var text = link.template.text
        text.withUTF8 { bytes in
            let found = words.authority(scheme: link.template.schemeSpan, host: link.template.hostSpan, in: bytes)
            (scheme, host, authority, anySchemeAuthority) = (found.scheme, found.host, found.index, found.anySchemeIndex)
            link.template.components.withUnsafeBufferPointer { components in
                context.withVocabularyPositions(of: link) { positions in
                    for index in components.indices {
                        parts.append(Self.part(components, at: index, of: link, bytes, positions, &words, context))
                    }
                }
            }
            // A query item's name and value are the bytes of their spans. A value is interned as it comes, without
            // a copy as written: many are unique to their link (a token, a URL), and names recur.
            link.template.query.withUnsafeBufferPointer { items in
                for index in items.indices {
                    let name = words.id(lowercasingSpelling: UnsafeBufferPointer(rebasing: bytes[items[index].nameSpan]))
                    if let placeholder = items[index].placeholder {
                        query.append(QueryConstraint(name: name, value: .placeholder(Self.dispatchType(placeholder.type))))
                    } else if let valueSpan = items[index].valueSpan {
                        let value = words.id(lowercasing: UnsafeBufferPointer(rebasing: bytes[valueSpan]))
                        query.append(QueryConstraint(name: name, value: .fixed(value)))
                    }
                }
            }
        }
        for required in link.requiredParams {
            let name = words.id(lowercasing: required.value)
            if !query.contains(where: { $0.name == name }) {
                query.append(QueryConstraint(name: name, value: .present))
            }
        }
        // Sorted by name in place, stably (an insertion sort: a link has a handful of items).
        if query.count > 1 {
            for index in 1..<query.count {
                let item = query[index]
                var slot = index
                while slot > 0, query[slot - 1].name > item.name {
                    query[slot] = query[slot - 1]
                    slot -= 1
                }
                query[slot] = item
            }
        }
        return true
    }

    /// The part for the component at `index` of a link's path, read from the template's `bytes` and the
    /// vocabulary `positions` the lint context resolved for the link (nil when it resolved none). The component
    /// is read where it lies in `components`: a `switch` on its kind would copy it out (retaining its text and
    /// its kind) for every component.
    @inline(__always)
    private static func part(
        _ components: UnsafeBufferPointer<PathComponent>, at index: Int, of link: Link, _ bytes: UnsafeBufferPointer<UInt8>,
        _ positions: UnsafeBufferPointer<Int32>?, _ words: inout RouteWords, _ context: LintContext
    ) -> Part {
        if components[index].isLiteral {
            if let positions {
                if positions[index] >= 0 { return .literal(words.id(ofVocabularyEntry: Int(positions[index]))) }
            } else if let position = context.vocabularyPosition(of: link, component: index) {
                return .literal(words.id(ofVocabularyEntry: position))
            }
            let (name, folding) = components[index].lookupName
            return .literal(words.id(name, foldingASCIICase: folding))
        }
        if let placeholder = components[index].placeholder {
            // Most placeholders have no prefix: the empty word, without making or hashing an empty string.
            let prefix = components[index].prefixLength == 0 ? words.empty : words.id(lowercasing: components[index].prefix)
            return .value(ValueKey(prefix: prefix, type: Self.dispatchType(placeholder.type)))
        }
        // A number. Its digits as a buffer of their own: read through a slice of the template's bytes, each one
        // costs a bounds check.
        if components[index].prefixLength == 0,
            let number = RouteWords.id(ofNumber: UnsafeBufferPointer(rebasing: bytes[components[index].span]))
        {
            return .literal(number)
        }
        return .literal(words.id(lowercasing: components[index].text))
    }

    /// `string` accepts what an untyped placeholder accepts, so dispatch treats them as one.
    static func dispatchType(_ type: PlaceholderType?) -> PlaceholderType? { type == .string ? nil : type }
}

/// The words of one dispatch check, each an id: lowercased literal components, placeholder prefixes, query names
/// and fixed values, schemes and hosts. Shapes hold ids, and the checks that need a word's text (does a placeholder
/// accept it?) read it here. The vocabulary's words are interned up front, so a component the lint context
/// resolved costs no lookup; a number (the id in `her://topics/3`, unique to almost every link) is its own id and
/// never enters the table.
struct RouteWords: Sendable {
    /// What a template's scheme and host come to: their word ids, the index of that (scheme, host) pair among the
    /// pairs the check has met, and the index of the pair of no scheme (`anyScheme`) and the same host.
    struct Authority: Sendable {
        var scheme: Int32
        var host: Int32
        var index: Int32
        var anySchemeIndex: Int32
    }

    /// Where a template's scheme and host lie in its text, -1 for an absent one: templates whose text starts with
    /// the same bytes up to the end of the host have the same authority when their spans are the same too.
    private struct AuthoritySpans: Sendable, Equatable {
        var schemeStart: Int32 = -1
        var schemeEnd: Int32 = -1
        var hostStart: Int32 = -1
        var hostEnd: Int32 = -1

        init(scheme: Range<Int>?, host: Range<Int>?) {
            if let scheme { (schemeStart, schemeEnd) = (Int32(scheme.lowerBound), Int32(scheme.upperBound)) }
            if let host { (hostStart, hostEnd) = (Int32(host.lowerBound), Int32(host.upperBound)) }
        }
    }

    private var table = InternTable(capacity: 1024)
    /// The beginnings of templates up to the end of their host, as written: a catalogue has few schemes and
    /// hosts, so a link's are found by its bytes without folding their case or interning them again.
    private var authoritySpellings = SpellingTable()
    /// The spans and authority of each spelling in `authoritySpellings`, by its index.
    private var authorities: [(spans: AuthoritySpans, authority: Authority)] = []
    /// The index of each (scheme, host) pair of word ids met, keyed by the two ids.
    private var authorityPairs: [UInt64: Int32] = [:]
    /// Query names as written, and the id of each (`spellingWords`, by its index): they recur from link to link, so
    /// each spelling is lowercased and interned once.
    private var spellings = SpellingTable()
    private var spellingWords: [Int32] = []
    /// The word id of each vocabulary entry's lowercased name, by position.
    private let vocabularyWords: [Int32]
    /// The scheme of a template without one: `*`, which no scheme is spelt.
    let anyScheme: Int32
    /// The empty word: no host, no prefix.
    let empty: Int32

    init(vocabulary: [ComponentSpec] = []) {
        anyScheme = Int32(table.intern("*"))
        empty = Int32(table.intern(""))
        var words: [Int32] = []
        words.reserveCapacity(vocabulary.count)
        for entry in vocabulary { words.append(Int32(table.intern(lowercasing: entry.name.value))) }
        vocabularyWords = words
    }

    /// The id of the name of the vocabulary entry at `position`.
    func id(ofVocabularyEntry position: Int) -> Int32 { vocabularyWords[position] }

    /// The id of a number written as plain digits (no leading zero, at most nine): `-2 - value`, below every
    /// interned id and the trie's marker -1. Nil for any other text.
    static func id<Digits: Collection<UInt8>>(ofNumber text: Digits) -> Int32? {
        var value: Int32 = 0
        var count = 0
        for byte in text {
            guard isDigit(byte), count < 9, count == 0 || value > 0 else { return nil }
            value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            count += 1
        }
        return count > 0 && (count == 1 || value > 0) ? -2 - value : nil
    }

    /// The value of a number id, nil for an interned word.
    static func number(_ id: Int32) -> Int32? { id <= -2 ? -2 - id : nil }

    /// The id of a string's bytes, interned as they are or with ASCII case folded.
    mutating func id(_ text: String, foldingASCIICase: Bool) -> Int32 {
        Int32(table.intern(text, foldingASCIICase: foldingASCIICase))
    }

    /// The id of `text.lowercasedASCIIIfNeeded`, without the lowercased copy when the text is ASCII.
    mutating func id(lowercasing text: String) -> Int32 { Int32(table.intern(lowercasing: text)) }

    /// `id(lowercasing:)` for the UTF-8 bytes of a part of a string.
    mutating func id(lowercasing text: UnsafeBufferPointer<UInt8>) -> Int32 { Int32(table.intern(lowercasing: text)) }

    /// `id(lowercasing:)` for bytes that recur as they are written (query names): found by their bytes as written,
    /// and lowercased and interned only the first time.
    mutating func id(lowercasingSpelling text: UnsafeBufferPointer<UInt8>) -> Int32 {
        let (index, isNew) = spellings.index(of: text)
        if isNew { spellingWords.append(id(lowercasing: text)) }
        return spellingWords[index]
    }

    /// The authority of a template with a scheme and a host at these spans of its text's `bytes`: the lowercased
    /// scheme (`anyScheme` when there is none) and host (`empty` when there is none), and the pairs' indices.
    /// Found by the template's bytes up to the end of its host, so only a spelling met for the first time is
    /// lowercased and interned.
    mutating func authority(scheme: Range<Int>?, host: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>) -> Authority {
        let spans = AuthoritySpans(scheme: scheme, host: host)
        let end = max(scheme?.upperBound ?? 0, host?.upperBound ?? 0)
        let (index, isNew) = authoritySpellings.index(of: UnsafeBufferPointer(rebasing: bytes[..<end]))
        if isNew {
            authorities.append((spans, resolvedAuthority(scheme: scheme, host: host, in: bytes)))
        } else if authorities[index].spans != spans {
            // The same bytes parsed with other spans (never seen in practice): resolved afresh, not remembered.
            return resolvedAuthority(scheme: scheme, host: host, in: bytes)
        }
        return authorities[index].authority
    }

    private mutating func resolvedAuthority(scheme: Range<Int>?, host: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>) -> Authority {
        let schemeID = scheme.map { id(lowercasing: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? anyScheme
        let hostID = host.map { id(lowercasing: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? empty
        return Authority(
            scheme: schemeID, host: hostID, index: pairIndex(schemeID, hostID), anySchemeIndex: pairIndex(anyScheme, hostID))
    }

    private mutating func pairIndex(_ scheme: Int32, _ host: Int32) -> Int32 {
        let key = UInt64(UInt32(bitPattern: scheme)) << 32 | UInt64(UInt32(bitPattern: host))
        if let index = authorityPairs[key] { return index }
        let index = Int32(authorityPairs.count)
        authorityPairs[key] = index
        return index
    }

    /// The id a lowercased word already has, if any.
    func existingID(lowercasing text: String) -> Int32? {
        table.id(of: text.lowercasedASCIIIfNeeded).map(Int32.init)
    }

    /// The bytes of the word with an id.
    func bytes(of id: Int32) -> ArraySlice<UInt8> {
        if let number = Self.number(id) { return ArraySlice(String(number).utf8) }
        return table.bytes(of: Int(id))
    }

    /// The word with an id, as a string.
    func string(_ id: Int32) -> String { Self.number(id).map { String($0) } ?? table.string(Int(id)) }

    /// Whether the word with an id is empty (the id of an absent prefix).
    func isEmpty(_ id: Int32) -> Bool { id == empty }
}

extension RouteShape.ValueKey {
    /// Whether this placeholder accepts a lowercased literal component.
    func accepts(literal word: Int32, in words: RouteWords) -> Bool {
        // Without a prefix the whole word is the value, read as bytes; with one, as the matcher reads it.
        guard words.isEmpty(prefix) else {
            let text = words.string(word)
            let prefix = words.string(prefix)
            guard text.hasPrefix(prefix) else { return false }
            return RouteMatcher.accepts(String(text.dropFirst(prefix.count)), type: type)
        }
        if type == nil { return !words.isEmpty(word) }
        // Digits are a value of every type but `uuid`.
        if RouteWords.number(word) != nil { return type != .uuid }
        return RouteMatcher.accepts(bytes: words.bytes(of: word), type: type)
    }

    /// Whether this placeholder accepts every value the other one accepts.
    func covers(_ other: Self, in words: RouteWords) -> Bool {
        if other.prefix == prefix { return RouteShape.type(type, covers: other.type) }
        let otherPrefix = words.string(other.prefix)
        let prefix = words.string(prefix)
        guard otherPrefix.hasPrefix(prefix) else { return false }
        let rest = String(otherPrefix.dropFirst(prefix.count))
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
    static func query(
        _ earlier: some Collection<QueryConstraint>, isImpliedBy later: [QueryConstraint], in words: RouteWords
    ) -> Bool {
        earlier.allSatisfy { required in
            later.contains { given in
                guard given.name == required.name else { return false }
                switch (required.value, given.value) {
                case (.present, _): return true
                case (.fixed(let a), .fixed(let b)): return a == b
                case (.placeholder(let type), .fixed(let value)):
                    return RouteMatcher.accepts(bytes: words.bytes(of: value), type: type)
                case (.placeholder(let outer), .placeholder(let inner)): return type(outer, covers: inner)
                default: return false
                }
            }
        }
    }

    /// Whether `earlier` matches every URL `self` matches, component for component: same scheme (or any) and host,
    /// as many components, each accepting all of this one's values, and no query item this one does not require.
    func isSubsumed(by earlier: RouteShape, in words: RouteWords) -> Bool {
        guard earlier.host == host, earlier.hasAnyScheme || earlier.scheme == scheme, earlier.parts.count == parts.count
        else { return false }
        for (outer, inner) in zip(earlier.parts, parts) {
            switch (outer, inner) {
            case (.literal(let a), .literal(let b)): if a != b { return false }
            case (.literal, .value): return false
            case (.value(let key), .literal(let word)): if !key.accepts(literal: word, in: words) { return false }
            case (.value(let a), .value(let b)): if !a.covers(b, in: words) { return false }
            }
        }
        return Self.query(earlier.query, isImpliedBy: query, in: words)
    }
}
