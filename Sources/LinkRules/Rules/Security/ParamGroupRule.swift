/// Parameters declared in one `param_groups` entry travel together: a link with some of them has all of them.
struct ParamGroupRule: LinkRule {
    static let description = RuleDescription(
        id: "param-group",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a link that uses some parameters of a group uses all of them",
        rationale: """
            EXFE's URL scheme, "Parameters": `user_id` "用来标示登陆的用户信息，必选" (identifies the signed-in user, \
            required), `token` "授权的token，必选" (the authorisation token, required) and `username` "用户名称，必选。\
            用来在合并的时候给予提示，由于调用者并不知道是否会合并，因此该选项必须有" (the user name, required: it is \
            shown when identities merge, and since the caller cannot know whether they will, it must always be \
            there); "如果user_id和toke同时没有，可以单独进行跳转逻辑处理" (with neither, the link just navigates). \
            So the three go together or not at all. Groups are the catalogue's `param_groups:` and this rule's \
            `groups` option; a link whose query has some but not all of a group is reported, naming the missing \
            ones. The fix appends them as placeholders; it is unsafe because the public URL changes.
            """,
        source: .exfe,
        fix: .unsafe,
        options: [
            RuleOptionDescription(name: "groups", summary: "more groups of parameters that travel together", defaultValue: "[]")
        ],
        exampleContext: """
            version: 1
            app: EXFE
            schemes: [exfe]
            param_groups:
              - [user_id, token, username]

            """,
        triggeringExamples: [
            .link(
                "exfe:///!{cross_id}?↓user_id={user_id}&token={token}",
                fixed: "exfe:///!{cross_id}?user_id={user_id}&token={token}&username={username}"),
            .link("exfe:///profile?↓token={token}#top", fixed: "exfe:///profile?token={token}&user_id={user_id}&username={username}#top"),
            .link(
                "exfe:///gather?↓lat={lat}", fixed: "exfe:///gather?lat={lat}&lng={lng}",
                options: "{ groups: [[lat, lng]] }"),
        ],
        nonTriggeringExamples: [
            .link("exfe:///!{cross_id}?user_id={user_id}&username={username}&token={token}"),
            .link("exfe:///!{cross_id}"),
            .link("exfe:///gather?identity_id={identity_id}"),
            .link("exfe:///!100233?USER_ID=233&Username=moew&Token=b049"),
        ])

    let optionGroups: [[String]]
    let optionsFile: SourceFile?
    let optionGroupRanges: [Range<Int>]

    init() {
        optionGroups = []
        optionsFile = nil
        optionGroupRanges = []
    }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["groups"], rule: Self.description.id)
        optionGroups = try options?.stringGroups("groups") ?? []
        optionsFile = options?.file
        if case .sequence(let items, _)? = options?.value("groups") {
            optionGroupRanges = items.map(\.range)
        } else {
            optionGroupRanges = []
        }
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard !link.template.query.isEmpty else { return }
        let catalogueGroups = context.catalogue.paramGroups
        for index in catalogueGroups.indices where catalogueGroups[index].count > 1 {
            check(link, group: catalogueGroups[index].lazy.map(\.value), from: .catalogue(index), in: context, into: &found)
        }
        for index in optionGroups.indices where optionGroups[index].count > 1 {
            check(link, group: optionGroups[index], from: .options(index), in: context, into: &found)
        }
    }

    /// Where a group is declared: in the catalogue's `param_groups`, or in the rule's `groups` option.
    private enum GroupDeclaration {
        case catalogue(Int)
        case options(Int)
    }

    /// Reports a link that has some of a group's parameters but not all.
    private func check<Names: Collection<String>>(
        _ link: Link, group names: Names, from declaration: GroupDeclaration, in context: LintContext,
        into diagnostics: inout [Diagnostic]
    ) {
        let query = link.template.query
        // Count first, so a link that has none or all of the group allocates nothing.
        let presentCount = names.reduce(0) { count, name in
            count + (query.contains { equalsIgnoringASCIICase($0.name.utf8, name.utf8) } ? 1 : 0)
        }
        guard presentCount > 0, presentCount < names.count else { return }
        var present: [QueryItem] = []
        var missing: [String] = []
        for name in names {
            if let item = query.first(where: { equalsIgnoringASCIICase($0.name.utf8, name.utf8) }) {
                present.append(item)
            } else {
                missing.append(name)
            }
        }
        guard let first = present.min(by: { $0.nameSpan.lowerBound < $1.nameSpan.lowerBound }), !missing.isEmpty else {
            return
        }
        let end = query.map(\.span.upperBound).max() ?? first.span.upperBound
        let addition = missing.map { "&\($0)={\($0)}" }.joined()
        let fix = context.urlFix(.addGroupParams(missing), link, replacing: end..<end, with: addition, applicability: .unsafe)
        diagnostics.append(
            context.diagnostic(
                Self.self, .incompleteParamGroup(present: present.map(\.name), missing: missing), link: link,
                span: first.nameSpan, notes: note(for: declaration, in: context).map { [$0] } ?? [], fixes: [fix]))
    }

    /// The note pointing at a group's declaration.
    private func note(for declaration: GroupDeclaration, in context: LintContext) -> Note? {
        switch declaration {
        case .catalogue(let index):
            let group = context.catalogue.paramGroups[index]
            return context.catalogue.location(ofDeclared: group[0]).map { Note(message: .paramGroupDeclared, location: $0) }
        case .options(let index):
            guard let file = optionsFile, index < optionGroupRanges.count else { return nil }
            return Note(message: .paramGroupDeclared, location: file.location(ofBytes: optionGroupRanges[index]))
        }
    }
}

extension Message {
    static func incompleteParamGroup(present: [String], missing: [String]) -> Message {
        """
        \(quoting: present) \(present.count == 1 ? "travels" : "travel") with \(quoting: missing) in a parameter group: \
        pass the whole group or none of it
        """
    }
    static func addGroupParams(_ names: [String]) -> Message { "add \(quoting: names)" }
    static let paramGroupDeclared: Message = "the group is declared here"
}
