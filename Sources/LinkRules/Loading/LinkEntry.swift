/// A link entry as it is decoded, before its template can be parsed (hosts may be declared later or in another file).
struct LinkEntry {
    var file: SourceFile
    var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
    var entryRange: Range<Int> = 0..<0
    var entryIsFlow: Bool
    var title: Scalar?
    var examples: [Scalar] = []
    var barrier: Scalar?
    var deprecated = false
    var aliases: [Scalar] = []
    var aliasesRange: Range<Int>?
    var aliasesAreFlow = false
    var ignoredRules: [Scalar] = []
    var requiredParams: [Scalar] = []

    init(file: SourceFile, entryIsFlow: Bool) {
        self.file = file
        self.entryIsFlow = entryIsFlow
    }

    /// The entry a link was built from, to build it again with another template.
    init(_ link: Link) {
        self.init(file: link.file, entryIsFlow: link.entryIsFlow)
        url = link.url
        entryRange = link.entryRange
        title = link.title
        examples = link.examples
        barrier = link.barrier
        deprecated = link.deprecated
        aliases = link.aliases
        aliasesRange = link.aliasesRange
        aliasesAreFlow = link.aliasesAreFlow
        ignoredRules = link.ignoredRules
        requiredParams = link.requiredParams
    }

    /// The link built from this entry with `template`. The entry's values are moved into the link, not copied
    /// (the entry is consumed): each is swapped out for an empty value that costs nothing to destroy.
    consuming func link(index: Int, template: consuming LinkTemplate) -> Link {
        var entry = self
        var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
        swap(&url, &entry.url)
        var examples: [Scalar] = []
        swap(&examples, &entry.examples)
        var aliases: [Scalar] = []
        swap(&aliases, &entry.aliases)
        var ignoredRules: [Scalar] = []
        swap(&ignoredRules, &entry.ignoredRules)
        var requiredParams: [Scalar] = []
        swap(&requiredParams, &entry.requiredParams)
        return Link(
            index: index, file: entry.file, template: template, url: url, entryRange: entry.entryRange,
            entryIsFlow: entry.entryIsFlow, title: entry.title.take(), examples: examples, barrier: entry.barrier.take(),
            deprecated: entry.deprecated, aliases: aliases, aliasesRange: entry.aliasesRange,
            aliasesAreFlow: entry.aliasesAreFlow, ignoredRules: ignoredRules, requiredParams: requiredParams)
    }
}
