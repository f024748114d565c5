/// One entry of a catalogue's `links:` list: its parsed route template and every other value, each with where
/// it was written so diagnostics and fixes can point into the URL string itself. A class, immutable once loaded:
/// rules pass links around on the hot path, and sharing one is a single reference count, not a copy of every field.
public final class Link: Sendable {
    // Fields are declared in this order so that 32-bit offsets and flags fill the room after each 25-byte scalar.
    /// The link's position in the merged catalogue, in file order.
    public let index: Int
    public let file: SourceFile
    public let template: LinkTemplate
    /// The `url:` scalar.
    public let url: Scalar
    /// The byte range of the whole entry (the mapping after `- `), as 32-bit offsets (see `entryRange`).
    private let entryStart: UInt32
    public let title: Scalar?
    private let entryEnd: UInt32
    public let barrier: Scalar?
    /// The `aliases:` value's range as 32-bit offsets (`UInt32.max` for none; see `aliasesRange`).
    private let aliasesStart: UInt32
    public let examples: [Scalar]
    public let aliases: [Scalar]
    /// Rule ids named in the entry's `lint: { ignore: [...] }`.
    public let ignoredRules: [Scalar]
    /// Parameters the link requires.
    public let requiredParams: [Scalar]
    private let aliasesEnd: UInt32
    /// Whether the entry is written in flow style (`- { url: … }`).
    public let entryIsFlow: Bool
    public let deprecated: Bool
    /// Whether the `aliases:` value is a flow list, for fixes that add to it.
    public let aliasesAreFlow: Bool

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
        precondition(entryRange.upperBound < UInt32.max && (aliasesRange?.upperBound ?? 0) < UInt32.max, "a link past 4 GiB of its file")
        entryStart = UInt32(entryRange.lowerBound)
        entryEnd = UInt32(entryRange.upperBound)
        self.entryIsFlow = entryIsFlow
        self.title = title
        self.examples = examples
        self.barrier = barrier
        self.deprecated = deprecated
        self.aliases = aliases
        aliasesStart = aliasesRange.map { UInt32($0.lowerBound) } ?? .max
        aliasesEnd = aliasesRange.map { UInt32($0.upperBound) } ?? .max
        self.aliasesAreFlow = aliasesAreFlow
        self.ignoredRules = ignoredRules
        self.requiredParams = requiredParams
    }

    /// The byte range of the whole entry (the mapping after `- `). Links are kept for the whole run, so their
    /// ranges are stored in 32 bits: the loader refuses files of 4 GiB or more.
    public var entryRange: Range<Int> { Int(entryStart)..<Int(entryEnd) }

    /// The `aliases:` value's range, for fixes that add to it; nil when the entry has no `aliases:`.
    public var aliasesRange: Range<Int>? { aliasesStart == .max ? nil : Int(aliasesStart)..<Int(aliasesEnd) }

    /// The location of a UTF-8 range of the URL template.
    public func location(ofURL span: Range<Int>) -> SourceLocation {
        file.location(ofBytes: url.sourceRange(ofValue: span, in: file))
    }

    /// The location of the whole URL value.
    public var urlLocation: SourceLocation { file.location(ofBytes: url.tokenRange) }

    /// The line the entry starts on.
    public var line: Int { file.position(ofByte: entryRange.lowerBound).line }
}
