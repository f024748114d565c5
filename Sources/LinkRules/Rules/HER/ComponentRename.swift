/// Builds the fix that renames a path component. An undeclared component is renamed only in the link at hand. A
/// declared one is renamed in its declaration and in every link that uses it, shared out over the findings: each
/// finding's fix renames the declaration and the component in its own link, and the first link the rule reports
/// (the lead) renames it in every link, including those no finding reaches (`community` without an id after it,
/// an entry whose `lint: { ignore: }` names the rule). A lead silenced by a suppression comment leaves the links
/// no other finding reaches as they are.
/// A rename that would make a renamed URL the route of a link it leaves as it is (`menu/4` → `menus/4` beside
/// `menus/4`) is not offered: the finding says why in a note instead.
/// The fix applier merges identical edits, so the rename is made once, and the edits of all the findings together
/// grow with findings plus links, not findings times links.
enum ComponentRename {
    /// The fix of `rule` renaming `component` of `link` to `newName`. `isReported` tells whether the rule reports
    /// `component`'s name in a link using it; the first link it holds for, whose entry does not ignore the rule,
    /// carries the rename of every use.
    static func fix<R: Rule>(
        _ rule: R.Type, _ message: Message, link: Link, component: PathComponent, to newName: String,
        in context: LintContext, isReported: (Link) -> Bool
    ) -> (fix: FixIt?, whyNot: Note?) {
        guard let declared = context.catalogue.component(named: component.name),
            context.catalogue.component(named: newName.lowercasedASCIIIfNeeded) == nil,
            let users = context.linksUsing(component.name)
        else {
            // Renamed in this link only: not offered when the new URL is another link's route.
            let url = context.fixedURL(link, replacing: [(span: component.span, text: newName)])
            if let note = context.routeTaken(by: url, excluding: CollectionOfOne(link.index)) { return (nil, note) }
            let position = link.template.components.firstIndex { $0.span == component.span }
            let examples = context.exampleEdits(link) { example in
                guard let position, position < example.components.count, example.components[position].name == component.name
                else { return nil }
                return [(span: example.components[position].span, text: newName)]
            }
            let edits = [context.urlEdit(link, replacing: component.span, with: newName)] + examples
            return (FixIt(message: message, edits: edits, applicability: .unsafe), nil)
        }
        // Renamed in every link using it, over the findings: not offered to any of them when one renamed URL would
        // be the route of a link left as it is (decided once for the rename).
        let whyNot = context.routeIndex.renameVerdict(component.name + "\u{0}" + newName) {
            let renamed = Set(users)
            for index in users {
                let url = renamedURL(context.links[index], component.name, to: newName, in: context)
                if let note = context.routeTaken(by: url, excluding: renamed) { return note }
            }
            return nil
        }
        if let whyNot { return (nil, whyNot) }
        var edits = [TextEdit(location: declared.file.location(ofBytes: declared.name.tokenRange), replacement: newName)]
        let ruleID = R.description.id
        let renamed = isLead(link, among: users, in: context) { user in
            isReported(user) && !user.ignoredRules.contains { $0.value == ruleID }
        } ? users : [link.index]
        for index in renamed {
            let user = context.links[index]
            for part in user.template.components where part.name == component.name {
                edits.append(context.urlEdit(user, replacing: part.span, with: newName))
            }
            edits += context.exampleEdits(user, LintContext.renaming(component.name, to: newName, in: user.template))
        }
        return (FixIt(message: message, edits: edits, applicability: .unsafe), nil)
    }

    /// The URL of `link` with every component named `name` renamed `newName`.
    private static func renamedURL(_ link: Link, _ name: String, to newName: String, in context: LintContext) -> String {
        let edits = link.template.components.filter { $0.name == name && $0.isLiteral }.map { (span: $0.span, text: newName) }
        return context.fixedURL(link, replacing: edits)
    }

    /// Whether `link` is the first of `users` (the links using the component, in catalogue order) that the rule
    /// reports. Only the users before `link` are asked, and the walk stops at the first one reported.
    private static func isLead(
        _ link: Link, among users: [Int], in context: LintContext, isReported: (Link) -> Bool
    ) -> Bool {
        for index in users {
            if index == link.index { return true }
            if isReported(context.links[index]) { return false }
        }
        return false
    }
}
