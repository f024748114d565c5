/// A query parameter that only picks one fixed option is a path component in disguise:
/// `boosts?open=buy` → `boosts/purchase`.
struct PreferPathOverQueryRule: LinkRule {
    static let description = RuleDescription(
        id: "prefer-path-over-query",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a query parameter with a fixed word value should be a path component",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 3: "Use query params only for complex parameterization. A \
            bad example is `her://boosts?open=buy` which is a current valid deeplink. Instead, it could have simply \
            been `her://boosts/purchase`." A parameter whose value in the catalogue is a fixed word (not a \
            placeholder) selects a destination; parameters declared with a `role` (tracking origins, credentials) \
            carry data and are left alone, and so are a link whose query already carries placeholders (its query is \
            the parameterisation the guide allows, and a fixed word there is one more argument) and a parameter that \
            names an instance (`id`, `*_id`, `key`, `name`, `slug`, `handle`, `code`).
            """,
        source: .her,
        fix: .unsafe,
        options: [
            RuleOptionDescription(
                name: "nouns", summary: "verb → noun map used to name the suggested component",
                defaultValue: "{ buy: purchase, sell: sale, edit: edit }")
        ],
        triggeringExamples: [
            .link("her://boosts?↓open=buy", fixed: "her://boosts/purchase"),
            .link("her://settings?↓tab=privacy", fixed: "her://settings/privacy"),
        ],
        nonTriggeringExamples: [
            .link("her://boosts/purchase"),
            .link("her://location?origin=home"),
            .link("her://search?q={query}"),
            .link("her://feed?page=2"),
            // Slack's and Things' published links: `slack://app?team=…&id=…&tab=messages`, `things:///show?id=inbox`.
            .link("her://app?team={team}&id={id}&tab=messages"),
            .link("her://show?id=inbox"),
        ])

    static let defaultNouns = ["buy": "purchase", "sell": "sale", "edit": "edit", "pay": "payment"]

    let nouns: [String: String]

    init() { nouns = Self.defaultNouns }

    init(options: RuleOptions?) throws {
        var nouns = Self.defaultNouns
        if let options {
            try options.expect(known: ["nouns"], rule: Self.description.id)
            if case .mapping(let members, _)? = options.value("nouns") {
                for member in members {
                    guard let noun = member.value.scalar else {
                        throw LoadError("each verb maps to one noun", at: options.location(member.value.range))
                    }
                    nouns[member.key.value.lowercasedASCIIIfNeeded] = noun.value
                }
            } else if let value = options.value("nouns") {
                throw LoadError("'nouns' must be a mapping of verb to noun", at: options.location(value.range))
            }
        }
        self.nouns = nouns
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // Most links have no query, and most query items are not options: nothing is copied for them.
        guard !link.template.query.isEmpty, !link.template.components.isEmpty,
            let position = Self.firstOptionPosition(link.template, in: context)
        else { return }
        let template = link.template
        let last = template.components[template.components.count - 1]
        let item = template.query[position]
        let value = item.value ?? ""
        let component = nouns[value.lowercasedASCIIIfNeeded] ?? value.lowercasedASCIIIfNeeded
        // One edit from the end of the path to the end of the query: the new component, then the other items.
        let others = template.query.enumerated().filter { $0.offset != position }.map { String(template.substring($0.element.span)) }
        let replaced = last.span.upperBound..<template.query[template.query.count - 1].span.upperBound
        let rest = others.isEmpty ? "" : "?" + others.joined(separator: "&")
        let edits = [context.urlEdit(link, replacing: replaced, with: "/" + component + rest)]
        let fix = FixIt(message: .moveToPath(component), edits: edits, applicability: .unsafe)
        found.append(
            context.diagnostic(
                Self.self, .optionInQuery(item.name, value: value, component: component), link: link, span: item.span,
                fixes: [fix]))
    }

    /// The position of the first query item that picks a fixed option: a fixed value of letters only, for a
    /// parameter not declared with a role and not naming an instance, in a query without placeholders.
    private static func firstOptionPosition(_ template: LinkTemplate, in context: LintContext) -> Int? {
        guard !template.query.contains(where: { $0.placeholder != nil }) else { return nil }
        return template.query.firstIndex { item in
            guard let valueSpan = item.valueSpan, !valueSpan.isEmpty, item.placeholder == nil else { return false }
            return template.utf8Slice(valueSpan).allSatisfy(isAlpha) && !namesAnInstance(item.name)
                && !context.hasDeclaredRole(named: item.name)
        }
    }

    /// Parameter names whose value identifies one thing rather than choosing among a few destinations.
    static let instanceNames: Set<String> = ["id", "key", "name", "slug", "handle", "username", "code", "uuid"]

    /// Whether a parameter's name says its value names an instance: one of `instanceNames`, or ending in `_id`,
    /// `-id` or a camel-case `Id`/`ID` (`list_id`, `listId`).
    static func namesAnInstance(_ name: String) -> Bool {
        let lowered = name.lowercasedASCIIIfNeeded
        if instanceNames.contains(lowered) { return true }
        return lowered.hasSuffix("_id") || lowered.hasSuffix("-id") || name.hasSuffix("Id") || name.hasSuffix("ID")
    }
}

extension Message {
    static func optionInQuery(_ name: String, value: String, component: String) -> Message {
        "'\(name)=\(value)' picks a fixed option: use the path component '\(component)' instead of a query parameter"
    }
    static func moveToPath(_ component: String) -> Message { "write '/\(component)' in the path" }
}
