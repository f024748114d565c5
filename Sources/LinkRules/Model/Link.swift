/// One entry of a catalogue's `links:` list: its parsed route template and every other value, each with where
/// it was written so diagnostics and fixes can point into the URL string itself.
public struct Link: Sendable {
    /// The link's position in the merged catalogue, in file order.
    public var index: Int
    public var file: SourceFile
    public var template: LinkTemplate
    /// The `url:` scalar.
    public var url: Scalar
    /// The byte range of the whole entry (the mapping after `- `).
    public var entryRange: Range<Int>
    /// Whether the entry is written in flow style (`- { url: … }`).
    public var entryIsFlow: Bool
    public var title: Scalar?
    public var examples: [Scalar]
    public var barrier: Scalar?
    public var deprecated: Bool
    public var aliases: [Scalar]
    /// The `aliases:` value's range and whether it is a flow list, for fixes that add to it.
    public var aliasesRange: Range<Int>?
    public var aliasesAreFlow: Bool
    /// Rule ids named in the entry's `lint: { ignore: [...] }`.
    public var ignoredRules: [Scalar]
    /// Parameters the link requires.
    public var requiredParams: [Scalar]

    /// The location of a UTF-8 range of the URL template.
    public func location(ofURL span: Range<Int>) -> SourceLocation {
        file.location(ofBytes: url.sourceRange(ofValue: span, in: file))
    }

    /// The location of the whole URL value.
    public var urlLocation: SourceLocation { file.location(ofBytes: url.tokenRange) }

    /// The line the entry starts on.
    public var line: Int { file.position(ofByte: entryRange.lowerBound).line }
}
