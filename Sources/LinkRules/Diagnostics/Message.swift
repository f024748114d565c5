/// The text of a diagnostic, note or fix. Rules declare their messages as typed values in
/// `extension Message { static func … }`: lowercase, no trailing period, values quoted with '…'.
public struct Message: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { self.text = value }

    public var description: String { text }
}
