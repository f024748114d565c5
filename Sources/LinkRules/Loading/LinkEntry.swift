/// A link entry as it is decoded, before its template can be parsed (hosts may be declared later or in another file).
struct LinkEntry: Sendable {
    var file: SourceFile
    var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
    var entryRange: Range<Int> = 0..<0
    var entryIsFlow: Bool
    var title: Scalar?
    var examples: [Scalar] = []
    var barrier: Scalar?
    var deprecated = false
    var deprecation: Deprecation?
    var aliases: [Scalar] = []
    var aliasesRange: Range<Int>?
    var aliasesAreFlow = false
    var ignoredRules: [Scalar] = []
    var requiredParams: [Scalar] = []

    init(file: SourceFile, entryIsFlow: Bool) {
        self.file = file
        self.entryIsFlow = entryIsFlow
    }

    /// The link built from this entry with `template`; the entry is consumed.
    consuming func link(index: Int, template: consuming LinkTemplate) -> Link {
        var entry = self
        return entry.takeLink(index: index, template: template)
    }

    /// The link built from this entry with `template`, its values moved into the link rather than copied: each is
    /// swapped out for an empty value that costs nothing to destroy, leaving the entry empty. The values few links
    /// have are boxed only when the entry has one; otherwise they stay in the entry, empty, and none is handed to
    /// the link only to be released.
    mutating func takeLink(index: Int, template: consuming LinkTemplate) -> Link {
        var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
        swap(&url, &self.url)
        var examples: [Scalar] = []
        swap(&examples, &self.examples)
        var rare: RareLinkValues?
        if RareLinkValues.areNeeded(
            aliases: aliases, aliasesRange: aliasesRange, aliasesAreFlow: aliasesAreFlow, ignoredRules: ignoredRules,
            requiredParams: requiredParams, deprecation: deprecation)
        {
            var aliases: [Scalar] = []
            swap(&aliases, &self.aliases)
            var ignoredRules: [Scalar] = []
            swap(&ignoredRules, &self.ignoredRules)
            var requiredParams: [Scalar] = []
            swap(&requiredParams, &self.requiredParams)
            rare = RareLinkValues(
                aliases: aliases, aliasesRange: aliasesRange, aliasesAreFlow: aliasesAreFlow, ignoredRules: ignoredRules,
                requiredParams: requiredParams, deprecation: deprecation.take())
        }
        return Link(
            index: index, file: file, template: template, url: url, entryRange: entryRange, entryIsFlow: entryIsFlow,
            title: self.title.take(), examples: examples, barrier: self.barrier.take(), deprecated: deprecated,
            rare: rare)
    }
}
