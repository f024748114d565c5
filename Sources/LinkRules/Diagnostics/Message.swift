/// The text of a diagnostic, note or fix. Rules declare their messages as typed values in
/// `extension Message { static func … }`: lowercase, no trailing period, values quoted with '…'.
public struct Message: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { self.text = value }

    public var description: String { text }

    public init(stringInterpolation: StringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation.text)
    }

    /// Builds a message's text as a `String` interpolation does, the same text, with room for the interpolated
    /// values reserved up front: a `String` interpolation reserves two bytes for each value, so most messages
    /// (a name or a URL quoted in a sentence) would grow, and copy themselves, on their first value.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text: DefaultStringInterpolation

        public init(literalCapacity: Int, interpolationCount: Int) {
            // Room for 16 bytes a value: `DefaultStringInterpolation` reserves two for each count.
            text = DefaultStringInterpolation(literalCapacity: literalCapacity, interpolationCount: 8 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text.appendLiteral(literal) }

        public mutating func appendInterpolation<T: TextOutputStreamable & CustomStringConvertible>(_ value: T) {
            text.appendInterpolation(value)
        }

        public mutating func appendInterpolation<T: TextOutputStreamable>(_ value: T) { text.appendInterpolation(value) }

        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { text.appendInterpolation(value) }

        public mutating func appendInterpolation<T>(_ value: T) { text.appendInterpolation(value) }
    }
}
