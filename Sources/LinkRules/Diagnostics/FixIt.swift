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
    /// For a fix that rewrites a link's URL: the edit that keeps the old URL in the entry's `aliases`, which `--fix`
    /// makes once every fix is applied. Shown by previews (the HTML report); never applied with `edits`.
    public var keepsOldURL: TextEdit?

    public init(message: Message, edits: [TextEdit], applicability: FixApplicability, keepsOldURL: TextEdit? = nil) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
        self.keepsOldURL = keepsOldURL
    }
}
