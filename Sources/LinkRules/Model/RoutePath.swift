/// A route as the dispatch trie follows it: what `RouteShape` holds, with the scheme, the host and each path
/// component as a small number given by `RouteWords` (a literal's word, or a placeholder's key) rather than as
/// text. Following an edge then compares two integers, and a path is one array of numbers, which a search of every
/// link fills again for each route rather than making a new one.
struct RoutePath {
    /// One path component: a literal word or a placeholder's key, by its number in `RouteWords`.
    enum Part: Equatable {
        case word(Int)
        case value(Int)
    }

    /// The scheme's number, `RoutePath.noScheme` when the route has none (it then matches any scheme).
    var scheme = RoutePath.noScheme
    /// The host's number (the empty word's when the route has none).
    var host = 0
    /// Each path component: a word's number, or a placeholder key's number `n` stored as `~n` (negative); past
    /// `count`, what an earlier route left, written over as the path is filled again.
    private var numbers: [Int32] = []
    private(set) var count = 0
    /// Required query items, as `RouteShape.query` has them.
    var query: [RouteShape.QueryConstraint] = []
    /// The words and keys of a searched route that no route of the table has, numbered after the table's
    /// (`RouteWords.lookUpPath(of:)`); empty for a route the table numbered.
    fileprivate(set) var extraWords: [String] = []
    fileprivate(set) var extraKeys: [RouteShape.ValueKey] = []

    static let noScheme = -1

    /// An empty path, to be filled (`RouteWords.fill(_:with:requiredParams:)`).
    init() {}

    /// The component at `depth`.
    func part(at depth: Int) -> Part {
        let number = numbers[depth]
        return number >= 0 ? .word(Int(number)) : .value(Int(~number))
    }

    /// Empties the path, keeping its room.
    fileprivate mutating func removeAll() {
        count = 0
        if !extraWords.isEmpty { extraWords.removeAll() }
        if !extraKeys.isEmpty { extraKeys.removeAll() }
    }

    fileprivate mutating func append(_ part: Part) {
        let number: Int32
        switch part {
        case .word(let word): number = Int32(word)
        case .value(let key): number = ~Int32(key)
        }
        if count < numbers.count { numbers[count] = number } else { numbers.append(number) }
        count += 1
    }
}

/// The words (lowercased schemes, hosts and literal components) and placeholder keys of a catalogue's routes,
/// each given a small number when first seen, in which `RoutePath`s are written: the dispatch trie keys its edges
/// on them. A word is interned from the template's own bytes, so a route's path is made without a string.
struct RouteWords {
    private var words: InternTable
    /// The distinct placeholder keys, by number, and the number of each.
    private var keys: [RouteShape.ValueKey] = []
    private var keyNumbers: [RouteShape.ValueKey: Int] = [:]
    /// The numbers of the keys of placeholders with no prefix that are the whole component, by type.
    private var plainKeys: [(type: PlaceholderType?, spansSegments: Bool, number: Int)] = []
    /// The first schemes and hosts seen, packed (`ShortName`), with their numbers: a catalogue has a few, and
    /// comparing a route's with them costs less than hashing it.
    private var knownSchemes: [(name: ShortName, number: Int)] = []
    private var knownHosts: [(name: ShortName, number: Int)] = []
    /// How many schemes and hosts are kept in `knownSchemes` and `knownHosts`.
    private static let namesKept = 8

    /// Empty tables with room for about `capacity` words.
    init(capacity: Int = 8) {
        words = InternTable(capacity: capacity)
    }

    /// Fills `path` with the path of a template whose link also requires the query items `requiredParams`, the
    /// same route `RouteShape(template, requiredParams:)` describes, numbering the words and keys it brings.
    /// False for an opaque URI, which has no path.
    @inline(__always)
    mutating func fill(_ path: inout RoutePath, with template: borrowing LinkTemplate, requiredParams: [String]) -> Bool {
        guard !template.isOpaque else { return false }
        path.removeAll()
        fillWords(
            &path, text: template.text, schemeSpan: template.schemeSpan, hostSpan: template.hostSpan,
            components: template.components)
        path.query = template.query.isEmpty && template.fragmentSpan == nil && requiredParams.isEmpty
            ? [] : RouteShape.query(of: template, requiredParams: requiredParams)
        return true
    }

    /// `fill(_:with:requiredParams:)` with a link's URL, its template's parts read from the link where they are:
    /// passing `link.template` on copies the whole template, a retain and a release of each of its parts.
    @inline(__always)
    mutating func fill(_ path: inout RoutePath, withURLOf link: Link, requiredParams: [String]) -> Bool {
        guard !link.template.isOpaque else { return false }
        path.removeAll()
        fillWords(
            &path, text: link.template.text, schemeSpan: link.template.schemeSpan, hostSpan: link.template.hostSpan,
            components: link.template.components)
        path.query = link.template.query.isEmpty && link.template.fragmentSpan == nil && requiredParams.isEmpty
            ? [] : RouteShape.query(of: link.template, requiredParams: requiredParams)
        return true
    }

    /// Fills `path`'s scheme, host and components from a template's text, spans and `components`, each word read
    /// where the template holds it: its text's bytes, its components in their array.
    private mutating func fillWords(
        _ path: inout RoutePath, text: String, schemeSpan: Range<Int>?, hostSpan: Range<Int>?, components: [PathComponent]
    ) {
        let hostSpan = hostSpan ?? 0..<0
        text.withUTF8InPlace { bytes in
            path.scheme = schemeSpan.map { Self.intern(UnsafeBufferPointer(rebasing: bytes[$0]), in: &words, known: &knownSchemes) }
                ?? RoutePath.noScheme
            path.host = Self.intern(UnsafeBufferPointer(rebasing: bytes[hostSpan]), in: &words, known: &knownHosts)
            components.withUnsafeBufferPointer { components in
                for index in components.indices {
                    if let placeholder = components[index].plainPlaceholder {
                        path.append(.value(number(ofPlain: placeholder)))
                    } else if let key = RouteShape.valueKey(of: components[index]) {
                        path.append(.value(number(of: key)))
                    } else {
                        path.append(.word(components[index].internLowercasedText(in: &words, templateBytes: bytes)))
                    }
                }
            }
        }
    }

    /// The path of a shape, numbering the words and keys it brings.
    mutating func path(of shape: RouteShape) -> RoutePath {
        var path = RoutePath()
        path.scheme = shape.scheme.map { words.intern($0) } ?? RoutePath.noScheme
        path.host = words.intern(shape.host)
        for part in shape.parts {
            switch part {
            case .literal(let word): path.append(.word(words.intern(word)))
            case .value(let key): path.append(.value(number(of: key)))
            }
        }
        path.query = shape.query
        return path
    }

    /// The path of a shape without numbering anything: a word or key the table does not hold is numbered after the
    /// table's and kept with the path, so it follows no edge of routes numbered here but is still compared as text.
    func lookUpPath(of shape: RouteShape) -> RoutePath {
        var path = RoutePath()
        func word(_ text: String) -> Int {
            if let number = words.id(of: text) { return number }
            path.extraWords.append(text)
            return words.count + path.extraWords.count - 1
        }
        path.scheme = shape.scheme.map(word) ?? RoutePath.noScheme
        path.host = word(shape.host)
        for part in shape.parts {
            switch part {
            case .literal(let text): path.append(.word(word(text)))
            case .value(let key):
                if let number = keyNumbers[key] {
                    path.append(.value(number))
                } else {
                    path.extraKeys.append(key)
                    path.append(.value(keys.count + path.extraKeys.count - 1))
                }
            }
        }
        path.query = shape.query
        return path
    }

    /// Whether the placeholder of key number `key` accepts every value of the component `part` of `path`, as
    /// `RouteShape.part(_:covers:)` decides it.
    func key(_ key: Int, covers part: RoutePath.Part, of path: RoutePath) -> Bool {
        switch part {
        case .word(let number):
            return keys[key].accepts(literal: number < words.count ? words.string(number) : path.extraWords[number - words.count])
        case .value(let number):
            return keys[key].covers(number < keys.count ? keys[number] : path.extraKeys[number - keys.count])
        }
    }

    /// The number of a placeholder key, given when first seen.
    private mutating func number(of key: RouteShape.ValueKey) -> Int {
        let new = keys.count
        let number = Self.value(&keyNumbers[key, default: new])
        if number == new { keys.append(key) }
        return number
    }

    /// The value of an entry passed in place: `keyNumbers[key, default: new]` passed so stores the default when the
    /// key is missing, in the same look-up.
    private static func value(_ number: inout Int) -> Int { number }

    /// The number of a scheme or host lowercased (as `RouteNames` lowercases it), found among the `known` ones
    /// when it is one of them.
    private static func intern(
        _ word: UnsafeBufferPointer<UInt8>, in words: inout InternTable, known: inout [(name: ShortName, number: Int)]
    ) -> Int {
        let name = ShortName(word)
        if let name, let found = known.first(where: { $0.name == name }) { return found.number }
        let number = words.intern(lowercasing: word)
        if let name, known.count < namesKept { known.append((name, number)) }
        return number
    }

    /// The number of the key of a placeholder with no prefix that is the whole component (`PathComponent.plainPlaceholder`):
    /// such keys differ only in type and in taking the rest of the path, so the few a catalogue has are found in a
    /// short list without hashing a key.
    private mutating func number(ofPlain placeholder: (type: PlaceholderType?, spansSegments: Bool)) -> Int {
        let type = RouteShape.dispatchType(placeholder.type)
        if let known = plainKeys.first(where: { $0.type == type && $0.spansSegments == placeholder.spansSegments }) {
            return known.number
        }
        let number = number(of: RouteShape.ValueKey(prefix: "", type: type, spansSegments: placeholder.spansSegments))
        plainKeys.append((type, placeholder.spansSegments, number))
        return number
    }
}

/// A scheme or host of at most 16 ASCII bytes, lowercased and packed into two integers with its length (as
/// `WordBytes` reads a word: overlapping loads, each byte in a lane of its own): two names are the same once
/// lowercased exactly when their packed forms are equal.
struct ShortName: Equatable {
    private let low: UInt64
    private let high: UInt64
    private let count: Int

    /// The packed form of `word`, its ASCII capitals lowercased; nil for a longer word or one outside ASCII.
    @inline(__always)
    init?(_ word: UnsafeBufferPointer<UInt8>) {
        guard word.count <= 16 else { return nil }
        let bytes = UnsafeRawBufferPointer(word)
        var (low, high): (UInt64, UInt64) = (0, 0)
        if bytes.count < 8 {
            low = WordBytes.shortWord(bytes)
        } else {
            low = bytes.loadUnaligned(as: UInt64.self)
            high = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        self.low = WordBytes.fold(low, true)
        self.high = WordBytes.fold(high, true)
        count = bytes.count
    }
}
