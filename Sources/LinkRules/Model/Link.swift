/// One entry of a catalogue's `links:` list: its parsed route template and every other value, each with where
/// it was written so diagnostics and fixes can point into the URL string itself. A class, immutable once loaded:
/// rules pass links around on the hot path, and sharing one is a single reference count, not a copy of every field.
final class Link: Sendable {
    // Fields are declared in this order so that 32-bit offsets and flags fill the room after the template's flags
    // and after each 25-byte scalar: a link is 200 bytes, which malloc serves from 208-byte chunks.
    let file: SourceFile
    let template: LinkTemplate
    /// The link's position in the merged catalogue, in 32 bits (see `index`).
    private let storedIndex: UInt32
    /// The `url:` scalar.
    let url: Scalar
    /// Whether the entry is written in flow style (`- { url: … }`).
    let entryIsFlow: Bool
    let deprecated: Bool
    /// The byte range of the whole entry (the mapping after `- `), as 32-bit offsets (see `entryRange`).
    private let entryStart: UInt32
    let title: Scalar?
    private let entryEnd: UInt32
    let barrier: Scalar?
    let examples: [Scalar]
    /// The values few links have, out of line: nil when the entry has none of them.
    private let rare: RareLinkValues?

    /// A link of every value given. Its index and byte offsets are kept in 32 bits: an index below 0 or of 2^32 − 1
    /// or more, or a range ending at 2^32 − 1 or beyond, stops the program (preconditions; the loader refuses
    /// files of 4 GiB or more).
    convenience init(
        index: Int, file: SourceFile, template: LinkTemplate, url: Scalar, entryRange: Range<Int>,
        entryIsFlow: Bool = false, title: Scalar? = nil, examples: [Scalar] = [], barrier: Scalar? = nil,
        deprecated: Bool = false, aliases: [Scalar] = [], aliasesRange: Range<Int>? = nil, aliasesAreFlow: Bool = false,
        ignoredRules: [Scalar] = [], requiredParams: [Scalar] = [], deprecation: Deprecation? = nil
    ) {
        self.init(
            index: index, file: file, template: template, url: url, entryRange: entryRange, entryIsFlow: entryIsFlow,
            title: title, examples: examples, barrier: barrier, deprecated: deprecated,
            rare: RareLinkValues(
                aliases: aliases, aliasesRange: aliasesRange, aliasesAreFlow: aliasesAreFlow, ignoredRules: ignoredRules,
                requiredParams: requiredParams, deprecation: deprecation))
    }

    /// A link whose rare values are already boxed (nil when it has none), as the loader builds it.
    init(
        index: Int, file: SourceFile, template: LinkTemplate, url: Scalar, entryRange: Range<Int>, entryIsFlow: Bool,
        title: Scalar?, examples: [Scalar], barrier: Scalar?, deprecated: Bool, rare: RareLinkValues?
    ) {
        precondition(index >= 0 && index < UInt32.max, "a link index past 32 bits")
        storedIndex = UInt32(index)
        self.file = file
        self.template = template
        self.url = url
        precondition(entryRange.upperBound < UInt32.max, "a link past 4 GiB of its file")
        entryStart = UInt32(entryRange.lowerBound)
        entryEnd = UInt32(entryRange.upperBound)
        self.entryIsFlow = entryIsFlow
        self.title = title
        self.examples = examples
        self.barrier = barrier
        self.deprecated = deprecated
        self.rare = rare
    }

    /// The link's position in the merged catalogue, in file order. Stored in 32 bits: an index of 2^32 − 1 or more
    /// (more than four billion links, over several files) stops the program at the initializer's precondition.
    var index: Int { Int(storedIndex) }

    var aliases: [Scalar] { rare?.aliases ?? [] }

    /// Rule ids named in the entry's `lint: { ignore: [...] }`.
    var ignoredRules: [Scalar] { rare?.ignoredRules ?? [] }

    /// Parameters the link requires.
    var requiredParams: [Scalar] { rare?.requiredParams ?? [] }

    /// The details of `deprecated: {replaced_by, sunset, reason}`, or of `deprecated: true` (none of them); nil
    /// when the link is not deprecated.
    var deprecation: Deprecation? { rare?.deprecation }

    /// Whether the `aliases:` value is a flow list, for fixes that add to it.
    var aliasesAreFlow: Bool { rare?.aliasesAreFlow ?? false }

    /// The byte range of the whole entry (the mapping after `- `). Links are kept for the whole run, so their
    /// ranges are stored in 32 bits: the loader refuses files of 4 GiB or more.
    var entryRange: Range<Int> { Int(entryStart)..<Int(entryEnd) }

    /// The `aliases:` value's range, for fixes that add to it; nil when the entry has no `aliases:`.
    var aliasesRange: Range<Int>? { rare?.aliasesRange }

    /// The location of a UTF-8 range of the URL template.
    func location(ofURL span: Range<Int>) -> SourceLocation {
        file.location(ofBytes: url.sourceRange(ofValue: span, in: file))
    }

    /// The location of the whole URL value.
    var urlLocation: SourceLocation { file.location(ofBytes: url.tokenRange) }

    /// The line the entry starts on.
    var line: Int { file.position(ofByte: entryRange.lowerBound).line }
}

/// The values of a link entry that few links have (aliases, `lint: ignore`, required parameters, a deprecation), kept out of line
/// so that every other link carries one empty reference rather than three lists, a range and a flag.
final class RareLinkValues: Sendable {
    let aliases: [Scalar]
    /// The `aliases:` value's range as 32-bit offsets (`UInt32.max` for none; see `aliasesRange`).
    private let aliasesStart: UInt32
    private let aliasesEnd: UInt32
    let aliasesAreFlow: Bool
    let ignoredRules: [Scalar]
    let requiredParams: [Scalar]
    let deprecation: Deprecation?

    /// The box of these values; nil when every one of them is the empty default, and a link needs no box.
    init?(
        aliases: [Scalar], aliasesRange: Range<Int>?, aliasesAreFlow: Bool, ignoredRules: [Scalar], requiredParams: [Scalar],
        deprecation: Deprecation?
    ) {
        guard !aliases.isEmpty || aliasesRange != nil || aliasesAreFlow || !ignoredRules.isEmpty || !requiredParams.isEmpty
            || deprecation != nil
        else { return nil }
        precondition((aliasesRange?.upperBound ?? 0) < UInt32.max, "a link past 4 GiB of its file")
        self.aliases = aliases
        aliasesStart = aliasesRange.map { UInt32($0.lowerBound) } ?? .max
        aliasesEnd = aliasesRange.map { UInt32($0.upperBound) } ?? .max
        self.aliasesAreFlow = aliasesAreFlow
        self.ignoredRules = ignoredRules
        self.requiredParams = requiredParams
        self.deprecation = deprecation
    }

    var aliasesRange: Range<Int>? { aliasesStart == .max ? nil : Int(aliasesStart)..<Int(aliasesEnd) }
}
