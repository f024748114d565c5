/// A query parameter that no component on the link's path accepts is dropped by the app.
public struct UnknownQueryParamRule: LinkRule {
    public static let description = RuleDescription(
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

    public init() { global = [] }

    public init(options: RuleOptions?) throws {
        try options?.expect(known: ["global"], rule: Self.description.id)
        global = Set(try options?.strings("global")?.map { $0.lowercasedASCIIIfNeeded } ?? [])
    }

    public func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard !template.query.isEmpty, context.catalogue.hasVocabulary else { return }
        if acceptsEveryItem(link, in: context) { return }
        // A path with components the vocabulary does not know may accept anything.
        var positions: [Int] = []
        for (index, component) in template.components.enumerated() where component.isLiteral {
            guard let position = context.vocabularyPosition(of: link, component: index) else { return }
            positions.append(position)
        }
        guard !positions.isEmpty else { return }
        let vocabulary = context.catalogue.components
        let groups = context.catalogue.paramGroups
        for item in template.query {
            let name = item.name.lowercasedASCIIIfNeeded
            if global.contains(name) || groups.contains(where: { $0.contains { $0.value.lowercasedASCIIIfNeeded == name } }) {
                continue
            }
            if positions.contains(where: { vocabulary[$0].params.contains { $0.value.lowercasedASCIIIfNeeded == name } }) {
                continue
            }
            // The entries are copied only for a finding.
            let declared = positions.map { vocabulary[$0] }
            let names = declared.map { "'\($0.name.value)'" }.joined(separator: ", ")
            var notes: [Note] = []
            for entry in declared {
                notes.append(context.declarationNote(entry, .acceptsParams(entry.name.value, entry.params.map(\.value))))
            }
            found.append(
                context.diagnostic(Self.self, .unknownParam(item.name, components: names), link: link, span: item.nameSpan, notes: notes))
        }
    }
}

extension UnknownQueryParamRule {
    /// Whether the rule surely has nothing to report on a link of the catalogue's own: a literal component the
    /// vocabulary does not know, no literal component at all, or every query item accepted. Decided on the
    /// positions the context resolved and the names in place, comparing them as `check` does (lowercased) without
    /// lowercased copies; false for a link the context did not resolve, which `check` reads as before.
    func acceptsEveryItem(_ link: Link, in context: LintContext) -> Bool {
        context.withVocabularyPositions(of: link) { positions -> Bool in
            guard let positions else { return false }
            return link.template.components.withUnsafeBufferPointer { components -> Bool in
                var hasLiteral = false
                for index in components.indices where components[index].isLiteral {
                    if positions[index] < 0 { return true }
                    hasLiteral = true
                }
                guard hasLiteral else { return true }
                return link.template.query.withUnsafeBufferPointer { query in
                    query.indices.allSatisfy { index in
                        accepts(query[index].name, components: components, positions: positions, in: context)
                    }
                }
            }
        }
    }

    /// Whether a query parameter is accepted: a global name, a name in a declared parameter group, or a
    /// parameter of one of the link's literal components.
    private func accepts(
        _ name: String, components: UnsafeBufferPointer<PathComponent>, positions: UnsafeBufferPointer<Int32>,
        in context: LintContext
    ) -> Bool {
        if !global.isEmpty, global.contains(name.lowercasedASCIIIfNeeded) { return true }
        let nameFirst = name.utf8.first
        /// `equalsLowercased(declared, name)`; a declared name whose first byte is an ASCII letter other than the
        /// name's (ignoring case) lowercases to another name, so it is passed over on that byte.
        func isNamed(_ declared: String) -> Bool {
            if let nameFirst, nameFirst < 0x80, let declaredFirst = declared.utf8.first, declaredFirst < 0x80,
                asciiLowercased(nameFirst) != asciiLowercased(declaredFirst)
            {
                return false
            }
            return equalsLowercased(declared, name)
        }
        if context.catalogue.paramGroups.contains(where: { $0.contains { isNamed($0.value) } }) { return true }
        let vocabulary = context.catalogue.components
        for index in components.indices where components[index].isLiteral {
            if vocabulary[Int(positions[index])].params.contains(where: { isNamed($0.value) }) { return true }
        }
        return false
    }
}

extension Message {
    static func unknownParam(_ name: String, components: String) -> Message {
        "no component on the path (\(components)) accepts the query parameter '\(name)'"
    }
    static func acceptsParams(_ component: String, _ params: [String]) -> Message {
        params.isEmpty
            ? "'\(component)' accepts no parameters"
            : "'\(component)' accepts \(params.map { "'\($0)'" }.joined(separator: ", "))"
    }
}
