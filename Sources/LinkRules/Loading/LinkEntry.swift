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

    /// Makes the entry as `LinkEntry(file:entryIsFlow: false)` makes it, for the next link of the same file. A value
    /// is replaced only when something is left in it: after `takeLink` nothing is, and clearing costs a few stores.
    /// Every stored value is reset here: a new one must be added too (a test compares a cleared entry's link with
    /// a fresh entry's).
    mutating func clear() {
        if !url.value.isEmpty { url.value = "" }
        url.tokenRange = 0..<0
        url.style = .plain
        entryRange = 0..<0
        entryIsFlow = false
        if title != nil { title = nil }
        if !examples.isEmpty { examples = [] }
        if barrier != nil { barrier = nil }
        deprecated = false
        if deprecation != nil { deprecation = nil }
        if !aliases.isEmpty { aliases = [] }
        aliasesRange = nil
        aliasesAreFlow = false
        if !ignoredRules.isEmpty { ignoredRules = [] }
        if !requiredParams.isEmpty { requiredParams = [] }
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
