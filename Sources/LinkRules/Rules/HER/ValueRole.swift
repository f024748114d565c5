/// The one answer every rule gives to "is this value an id?": the declared kind of the word before it first (a
/// `collection`, or an entry declaring an `id:` type, takes ids; a `screen` or an `action` takes arguments), then
/// the value's own spelling (`PathComponent.role`: a number, the placeholder's type, then its name).
extension LintContext {
    /// The role of the value at `index` of the link's path; `.undecided` for a word.
    func role(of link: Link, component index: Int) -> PlaceholderRole {
        // The components are read in place, not copied out.
        let components = link.template.components
        guard components[index].isValue else { return .undecided }
        if index > 0, components[index - 1].isLiteral, let position = vocabularyPosition(of: link, component: index - 1) {
            // The two fields are read in place: the entry is not copied out.
            let kind = catalogue.components[position].kind
            if kind == .collection || catalogue.components[position].idType != nil { return .instance }
            if kind == .screen || kind == .action { return .argument }
        }
        return components[index].role
    }

    /// Whether the value at `index` names an instance of the word before it (`role(of:component:) == .instance`).
    func namesInstance(_ link: Link, component index: Int) -> Bool {
        role(of: link, component: index) == .instance
    }
}
