/// A route template reduced to what dispatch compares (seed 001): lowercased literal components, placeholders as
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
        /// A word or a number, lowercased (links are case-insensitive, seed 000 rule 7): a word id.
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
    var parts: [Part]
    /// Required query items, sorted by name id (a link's items in the order written when names repeat).
    var query: [QueryConstraint]

    init?(_ link: Link, words: inout RouteWords, in context: LintContext) {
        let template = link.template
        guard !template.isOpaque else { return nil }
        hasAnyScheme = template.schemeSpan == nil
        // Scheme, host and numbers are read from the template's bytes in place.
        var text = template.text
        (scheme, host) = text.withUTF8 { bytes in
            (
                template.schemeSpan.map { words.id(lowercasing: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? words.anyScheme,
                template.hostSpan.map { words.id(lowercasing: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? words.empty
            )
        }
        // A loop rather than `map`: a closure would capture (and copy) the whole context.
        var parts: [Part] = []
        parts.reserveCapacity(template.components.count)
        for (index, component) in template.components.enumerated() {
            switch component.kind {
            case .literal:
                if let position = context.vocabularyPosition(of: link, component: index) {
                    parts.append(.literal(words.id(ofVocabularyEntry: position)))
                } else {
                    let (name, folding) = component.lookupName
                    parts.append(.literal(words.id(name, foldingASCIICase: folding)))
                }
            case .integer:
                if component.prefixLength == 0, let number = text.withUTF8({ RouteWords.id(ofNumber: $0[component.span]) }) {
                    parts.append(.literal(number))
                } else {
                    parts.append(.literal(words.id(lowercasing: component.text)))
                }
            case .placeholder(let placeholder):
                parts.append(
                    .value(ValueKey(prefix: words.id(lowercasing: component.prefix), type: Self.dispatchType(placeholder.type))))
            }
        }
        self.parts = parts
        var constraints: [QueryConstraint] = []
        for item in template.query {
            let name = words.id(lowercasing: item.name)
            if let placeholder = item.placeholder {
                constraints.append(QueryConstraint(name: name, value: .placeholder(Self.dispatchType(placeholder.type))))
            } else if let value = item.value {
                constraints.append(QueryConstraint(name: name, value: .fixed(words.id(lowercasing: value))))
            }
        }
        for required in link.requiredParams {
            let name = words.id(lowercasing: required.value)
            if !constraints.contains(where: { $0.name == name }) {
                constraints.append(QueryConstraint(name: name, value: .present))
            }
        }
        query =
            constraints.count < 2
            ? constraints
            : constraints.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
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
    private var table = InternTable(capacity: 1024)
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
    static func query(_ earlier: [QueryConstraint], isImpliedBy later: [QueryConstraint], in words: RouteWords) -> Bool {
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
