/// One replacement of a byte range of a file's original text. An insertion has an empty range.
public struct TextEdit: Hashable, Sendable, Codable {
    public var location: SourceLocation
    public var replacement: String

    public init(location: SourceLocation, replacement: String) {
        self.location = location
        self.replacement = replacement
    }

    public var file: String { location.file }
    public var byteRange: Range<Int> { location.range.byteRange }
}

/// Whether applying a fix keeps the meaning of the catalogue.
public enum FixApplicability: String, Hashable, Sendable, Codable {
    /// Meaning unchanged (lowercasing, placeholder syntax): applied by `--fix`.
    case safe
    /// The public URL changes (renames, reorders): applied only with `--unsafe-fixes`.
    case unsafe
}

/// A suggested change that resolves a finding: a message and the text edits that make it.
public struct FixIt: Hashable, Sendable, Codable {
    public var message: Message
    public var edits: [TextEdit]
    public var applicability: FixApplicability

    public init(message: Message, edits: [TextEdit], applicability: FixApplicability) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }
}
