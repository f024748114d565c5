/// Builds the fix that renames a path component. A component declared in the vocabulary is renamed in one fix
/// in its declaration and in every link that uses it; an undeclared one only in the link at hand.
enum ComponentRename {
    static func fix(
        _ message: Message, link: Link, component: PathComponent, to newName: String, in context: LintContext
    ) -> FixIt {
        guard let declared = context.catalogue.component(named: component.name),
            context.catalogue.component(named: newName.lowercasedASCIIIfNeeded) == nil,
            let users = context.linksUsing(component.name)
        else {
            return context.urlFix(message, link, replacing: component.span, with: newName, applicability: .unsafe)
        }
        var edits = [TextEdit(location: declared.file.location(ofBytes: declared.name.tokenRange), replacement: newName)]
        for index in users {
            let other = context.links[index]
            for part in other.template.components where part.name == component.name {
                edits.append(context.urlEdit(other, replacing: part.span, with: newName))
            }
        }
        return FixIt(message: message, edits: edits, applicability: .unsafe)
    }
}
