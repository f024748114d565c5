/// One entry of a catalogue's `links:` list: its parsed route template and every other value, each with where
/// it was written so diagnostics and fixes can point into the URL string itself. A class, immutable once loaded:
/// rules pass links around on the hot path, and sharing one is a single reference count, not a copy of every field.
public final class Link: Sendable {
    /// The link's position in the merged catalogue, in file order.
    public let index: Int
    public let file: SourceFile
    public let template: LinkTemplate
    /// The `url:` scalar.
    public let url: Scalar
    /// The byte range of the whole entry (the mapping after `- `).
    public let entryRange: Range<Int>
    /// Whether the entry is written in flow style (`- { url: … }`).
    public let entryIsFlow: Bool
    public let title: Scalar?
    public let examples: [Scalar]
    public let barrier: Scalar?
    public let deprecated: Bool
    public let aliases: [Scalar]
    /// The `aliases:` value's range and whether it is a flow list, for fixes that add to it.
    public let aliasesRange: Range<Int>?
    public let aliasesAreFlow: Bool
    /// Rule ids named in the entry's `lint: { ignore: [...] }`.
    public let ignoredRules: [Scalar]
    /// Parameters the link requires.
    public let requiredParams: [Scalar]

    public init(
        index: Int, file: SourceFile, template: LinkTemplate, url: Scalar, entryRange: Range<Int>,
        entryIsFlow: Bool = false, title: Scalar? = nil, examples: [Scalar] = [], barrier: Scalar? = nil,
        deprecated: Bool = false, aliases: [Scalar] = [], aliasesRange: Range<Int>? = nil, aliasesAreFlow: Bool = false,
        ignoredRules: [Scalar] = [], requiredParams: [Scalar] = []
    ) {
        self.index = index
        self.file = file
        self.template = template
        self.url = url
        self.entryRange = entryRange
        self.entryIsFlow = entryIsFlow
        self.title = title
        self.examples = examples
        self.barrier = barrier
        self.deprecated = deprecated
        self.aliases = aliases
        self.aliasesRange = aliasesRange
        self.aliasesAreFlow = aliasesAreFlow
        self.ignoredRules = ignoredRules
        self.requiredParams = requiredParams
    }

    /// The location of a UTF-8 range of the URL template.
    public func location(ofURL span: Range<Int>) -> SourceLocation {
        file.location(ofBytes: url.sourceRange(ofValue: span, in: file))
    }

    /// The location of the whole URL value.
    public var urlLocation: SourceLocation { file.location(ofBytes: url.tokenRange) }

    /// The line the entry starts on.
    public var line: Int { file.position(ofByte: entryRange.lowerBound).line }
}
