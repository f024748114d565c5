/// A piece of a template with `{name}` or `{name:type}` placeholders among literal text: a path component such as
/// Google Maps' `{lat},{lng}`, `v{major}.{minor}` or `{user}@{host}`, or a fragment such as `post/{id}` or
/// `url={url}`. Matching reads the value once, left to right, with no regular expression: a literal must come next
/// (compared ignoring ASCII case, as links are), and a placeholder takes the shortest non-empty text of its type
/// up to the next literal's first acceptable occurrence, or the rest of the value when it comes last.
struct ValuePattern: Sendable, Hashable {
    /// A literal run or a placeholder.
    enum Piece: Sendable, Hashable {
        case literal(String)
        case placeholder(name: String, type: PlaceholderType?)
    }

    let pieces: [Piece]

    /// The pattern written as `text`; a `{` without its `}` is literal text. `{}` and `{:int}` (as
    /// `LinkTemplate.patternKey` writes placeholders) are placeholders without a name.
    init(_ text: Substring) {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "{", let close = text[index...].firstIndex(of: "}") {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                let inner = text[text.index(after: index)..<close]
                let colon = inner.firstIndex(of: ":")
                let name = String(inner[..<(colon ?? inner.endIndex)])
                let type = colon.flatMap { PlaceholderType(rawValue: inner[inner.index(after: $0)...].lowercased()) }
                pieces.append(.placeholder(name: name, type: type))
                index = text.index(after: close)
            } else {
                literal.append(text[index])
                index = text.index(after: index)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// Whether the pattern has a placeholder anywhere in it.
    var hasPlaceholder: Bool {
        pieces.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// The values `value` gives the placeholders, in order, or nil when it does not fit the pattern.
    func match(_ value: Substring) -> [(name: String, value: String)]? {
        let bytes = Array(value.utf8)
        var captures: [(name: String, value: String)] = []
        var cursor = 0
        var position = 0
        while position < pieces.count {
            switch pieces[position] {
            case .literal(let text):
                guard Self.hasLiteral(text, in: bytes, at: cursor) else { return nil }
                cursor += text.utf8.count
                position += 1
            case .placeholder(let name, let type):
                let next = position + 1 < pieces.count ? pieces[position + 1] : nil
                guard case .literal(let following)? = next else {
                    // The last piece takes the rest; a placeholder right after another takes one character, so
                    // the next gets the rest.
                    let end = next == nil ? bytes.count : min(bytes.count, cursor + 1)
                    let captured = bytes[cursor..<end]
                    guard RouteMatcher.accepts(bytes: captured, type: type) else { return nil }
                    captures.append((name, String(decoding: captured, as: UTF8.self)))
                    cursor = end
                    position += 1
                    continue
                }
                // The first occurrence of the following literal, past at least one byte, that leaves a value of
                // the placeholder's type before it.
                var end = cursor + 1
                var found: Int?
                while end + following.utf8.count <= bytes.count {
                    if Self.hasLiteral(following, in: bytes, at: end), RouteMatcher.accepts(bytes: bytes[cursor..<end], type: type) {
                        found = end
                        break
                    }
                    end += 1
                }
                guard let found else { return nil }
                captures.append((name, String(decoding: bytes[cursor..<found], as: UTF8.self)))
                cursor = found
                position += 1
            }
        }
        return cursor == bytes.count ? captures : nil
    }

    /// Whether `literal` is written at `offset` of `bytes`, ignoring ASCII case.
    private static func hasLiteral(_ literal: String, in bytes: [UInt8], at offset: Int) -> Bool {
        let count = literal.utf8.count
        guard offset + count <= bytes.count else { return false }
        return equalsIgnoringASCIICase(literal.utf8, bytes[offset..<(offset + count)])
    }
}
