/// A query parameter that no component on the link's path accepts is dropped by the app.
struct UnknownQueryParamRule: LinkRule {
    static let description = RuleDescription(
        id: "unknown-query-param",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a query parameter that no component on the path accepts",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 4: "URL query params should be paired with the every \
            compatible component", and it lists which components take which parameters (`premium` takes `key`, \
            `location` takes `origin`, `boosts` takes `origin_identifier` and `open`). A parameter that no component \
            on the path accepts pairs with nothing and is silently dropped. Parameters in `param_groups` (EXFE's \
            credentials) and those listed in the `global` option are accepted everywhere.
            """,
        source: .her,
        options: [
            RuleOptionDescription(
                name: "global", summary: "parameters every link accepts (analytics such as utm_source)", defaultValue: "[]")
        ],
        triggeringExamples: [
            .link("her://verification?↓origin=home"),
            .link("her://feed/communities?↓sort=new"),
        ],
        nonTriggeringExamples: [
            .link("her://location?origin=home"),
            .link("her://feed/premium?origin=home"),
            .link("her://unknown?anything=1"),
            .link("her://boosts?success_origin=home"),
        ])

    let global: Set<String>

    init() { global = [] }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["global"], rule: Self.description.id)
        global = Set(try options?.strings("global")?.map { $0.lowercasedASCIIIfNeeded } ?? [])
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard !template.query.isEmpty, context.catalogue.hasVocabulary else { return }
        // A path with components the vocabulary does not know may accept anything.
        // Components and items are read in place, not copied out with their strings.
        let components = template.components
        var positions: [Int] = []
        positions.reserveCapacity(components.count)
        for index in components.indices where components[index].isLiteral {
            guard let position = context.vocabularyPosition(of: link, component: index) else { return }
            positions.append(position)
        }
        guard !positions.isEmpty else { return }
        let vocabulary = context.catalogue.components
        let groups = context.catalogue.paramGroups
        let query = template.query
        for index in query.indices {
            let name = query[index].name.lowercasedASCIIIfNeeded
            if global.contains(name) || groups.contains(where: { $0.contains { $0.value.lowercasedASCIIIfNeeded == name } }) {
                continue
            }
            if positions.contains(where: { vocabulary[$0].params.contains { $0.value.lowercasedASCIIIfNeeded == name } }) {
                continue
            }
            found.append(
                context.diagnostic(
                    Self.self, .unknownParam(query[index].name, components: positions.lazy.map { vocabulary[$0].name.value }),
                    link: link, span: query[index].nameSpan, notes: positions.map { context.acceptedParamsNotes[$0] }))
        }
    }
}

extension Message {
    static func unknownParam(_ name: String, components: some Collection<String>) -> Message {
        "no component on the path (\(quoting: components, lastSeparator: ", ")) accepts the query parameter '\(name)'"
    }
    static func acceptsParams(_ component: String, _ params: some Collection<String>) -> Message {
        params.isEmpty
            ? "'\(component)' accepts no parameters" : "'\(component)' accepts \(quoting: params, lastSeparator: ", ")"
    }
}
