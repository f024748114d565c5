/// A link entry as it is decoded, before its template can be parsed (hosts may be declared later or in another file).
/// A large catalogue's entries are all held at once, so an entry is small (112 bytes): the values few links have
/// are boxed as they will be in the link, its file is its run's, and its range is kept in 32-bit offsets.
struct LinkEntry: Sendable {
    // Declared in this order so that the flags and 32-bit offsets fill the room after each 25-byte scalar.
    var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
    var entryIsFlow = false
    var deprecated = false
    private var entryStart: UInt32 = 0
    var title: Scalar?
    private var entryEnd: UInt32 = 0
    var barrier: Scalar?
    var examples: [Scalar] = []
    /// Aliases, `lint: ignore`, required parameters and a deprecation, nil when the entry has none of them.
    var rare: RareLinkValues?

    /// The byte range of the whole entry (the mapping after `- `); the loader refuses files of 4 GiB or more.
    var entryRange: Range<Int> {
        get { Int(entryStart)..<Int(entryEnd) }
        set {
            precondition(newValue.lowerBound >= 0 && newValue.upperBound < UInt32.max, "a link past 4 GiB of its file")
            (entryStart, entryEnd) = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound))
        }
    }

    /// The link of `file` built from this entry, its template parsed by `parser` from the url, its values moved into
    /// the link rather than copied: each is swapped out for an empty value that costs nothing to destroy, leaving the
    /// entry empty. The url is parsed once it is swapped out, so that its text is read where it is, not copied.
    mutating func takeLink(index: Int, file: SourceFile, parsedWith parser: LinkTemplateParser) -> Link {
        var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
        swap(&url, &self.url)
        let template = parser.parse(url.value)
        var examples: [Scalar] = []
        swap(&examples, &self.examples)
        return Link(
            index: index, file: file, template: template, url: url, entryRange: entryRange, entryIsFlow: entryIsFlow,
            title: title.take(), examples: examples, barrier: barrier.take(), deprecated: deprecated, rare: rare.take())
    }
}
