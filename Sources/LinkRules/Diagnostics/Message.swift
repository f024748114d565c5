/// The text of a diagnostic, note or fix. Rules declare their messages as typed values in
/// `extension Message { static func … }`: lowercase, no trailing period, values quoted with '…'.
public struct Message: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: StaticString) { self.text = value.description }

    public var description: String { text }

    public init(stringInterpolation: StringInterpolation) {
        self.text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    /// Builds a message's text as a `String` interpolation does, the same text, as UTF-8 bytes made into the
    /// text once at the end: the literal parts are copied from the program's constants, and each value's bytes
    /// from where it is. (A `String` interpolation appends each part to a string, a few hundred instructions a
    /// part, and a run of many findings builds several messages for each.)
    public struct StringInterpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            // Room for 24 bytes a value: most are a name or a word; a URL may need the array to grow once.
            bytes.reserveCapacity(literalCapacity + 24 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// A string or a substring: its UTF-8 bytes, copied from where they are.
        public mutating func appendInterpolation<Text: StringProtocol>(_ value: Text) {
            if value.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: value.utf8)
            }
        }

        /// Names quoted and listed: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`; `lastSeparator` joins the last two
        /// (`", "` lists them all alike). Nothing for no names.
        public mutating func appendInterpolation<Names: Collection<String>>(
            quoting names: Names, lastSeparator: StaticString = " and "
        ) {
            let count = names.count
            var index = names.startIndex
            var position = 0
            while index != names.endIndex {
                if position > 0 { appendLiteral(position == count - 1 ? lastSeparator : ", ") }
                appendLiteral("'")
                appendInterpolation(names[index])
                appendLiteral("'")
                names.formIndex(after: &index)
                position += 1
            }
        }

        /// Any other value, written as `"\(value)"` writes it (`String(describing:)`).
        public mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }
}
