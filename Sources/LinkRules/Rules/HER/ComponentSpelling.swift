/// The one spelling the naming rules agree a path word should have, worked out once from every rule's opinion and
/// the declared vocabulary, so that fixes of several rules on one component compose: `no-separators` joins the
/// word, `plural-resource-nouns` makes a singular collection plural, and the vocabulary's kind for the word (as it
/// will be spelled, else as written) decides whether it is a collection at all. Both rules offer this spelling, so
/// their fixes are the same edit (the applier merges them) and a lint of the result accepts it:
/// `her://my_profile/9` with the tab `myprofile` declared becomes `her://myprofile/9`, never `myprofiles`, a
/// third spelling declared nowhere; with no vocabulary it becomes `her://myprofiles/9` in one fix.
struct ComponentSpelling: Sendable, Hashable {
    /// The word as it should be written.
    var word: String
    /// Whether `word` is a plural the word as written lacks (what `plural-resource-nouns` reports).
    var addsPlural: Bool
}

extension LintContext {
    /// The spelling the naming rules agree the literal component at `index` of the link's path should have.
    ///
    /// Separators are removed (`my_profile` → `myprofile`), and the word lowercased while `lowercase` is on
    /// (`lowercasesWords`). A word the vocabulary declares (joined, else as
    /// written) is a collection only when declared one (or with an `id:` type): then it is made plural wherever it
    /// is used, as its declaration is renamed; any other declared kind keeps the word. An undeclared word followed
    /// by an id (`LintContext.namesInstance`) is made plural when it is not one already and takes a plural
    /// (`PluralResourceNounsRule.takesPlural`). Nothing is made plural while `plural-resource-nouns` is off
    /// (`pluralizesCollections`).
    func spelling(of link: Link, component index: Int) -> ComponentSpelling {
        let component = link.template.components[index]
        let hasSeparator = NoSeparatorsRule.isWord(in: link.template, at: index)
        let unseparated = hasSeparator
            ? String(decoding: component.text.utf8.filter { !NoSeparatorsRule.isSeparator($0) }, as: UTF8.self)
            : component.name
        let joined = lowercasesWords ? unseparated.lowercasedASCIIIfNeeded : unseparated
        let lower = hasSeparator ? joined.lowercasedASCIIIfNeeded : component.name
        let kept = ComponentSpelling(word: joined, addsPlural: false)
        guard !lower.isEmpty, pluralizesCollections else { return kept }
        let entry = hasSeparator
            ? catalogue.componentPosition(named: lower) ?? vocabularyPosition(of: link, component: index)
            : vocabularyPosition(of: link, component: index)
        if let entry {
            // The entry's two fields are read in place: the entry, which every core reads, is not copied out.
            guard catalogue.components[entry].kind == .collection || catalogue.components[entry].idType != nil else { return kept }
            guard !inflector.isPlural(lower), PluralResourceNounsRule.takesPlural(lower) else { return kept }
            return ComponentSpelling(word: inflector.pluralize(lower), addsPlural: true)
        }
        let components = link.template.components
        guard index + 1 < components.count, namesInstance(link, component: index + 1), !inflector.isPlural(lower),
            PluralResourceNounsRule.takesPlural(lower)
        else { return kept }
        return ComponentSpelling(word: inflector.pluralize(lower), addsPlural: true)
    }
}
