/// Selecting a tab and then another tab is one tab switch too many: `feed/myprofile` → `myprofile`.
struct RedundantTabSwitchRule: LinkRule {
    static let description = RuleDescription(
        id: "redundant-tab-switch",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a tab selected only to be replaced by the next tab",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 6: "Naively handle multiple components that are all tab bar \
            items. Example: `her://feed/my_profile` ... first the handler should "select" the feed tab, and then \
            it should select the `profile` tab." The first selection is visible flicker and nothing else: the link \
            means the last tab.
            """,
        source: .her,
        fix: .unsafe,
        triggeringExamples: [
            .link("her://↓feed/myprofile", fixed: "her://myprofile"),
            .link("her://↓myprofile/feed/communities", fixed: "her://feed/communities"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities"),
            .link("her://myprofile/verification"),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let components = link.template.components
        guard components.count > 1, context.catalogue.hasVocabulary else { return }
        for index in 0..<(components.count - 1)
        where isTab(link, component: index, in: context) && isTab(link, component: index + 1, in: context) {
            let current = components[index]
            let next = components[index + 1]
            let (fixes, whyNot) = context.urlFixUnlessDuplicating(
                .removeTab(current.text), link, replacing: current.span.lowerBound..<next.span.lowerBound, with: "",
                examples: LintContext.removingComponent(at: index))
            found.append(
                context.diagnostic(
                    Self.self, .redundantTab(current.text, next: next.text), link: link, span: current.span, notes: whyNot,
                    fixes: fixes))
        }
    }
}

extension RedundantTabSwitchRule {
    /// Whether the component at `index` of a link's path is a word the vocabulary declares as a tab.
    private func isTab(_ link: Link, component index: Int, in context: LintContext) -> Bool {
        guard link.template.components[index].isLiteral,
            let position = context.vocabularyPosition(of: link, component: index)
        else { return false }
        return context.catalogue.components[position].kind == .tab
    }
}

extension Message {
    static func redundantTab(_ tab: String, next: String) -> Message {
        "the tab '\(tab)' is selected only to switch to the tab '\(next)': start the link at '\(next)'"
    }
    static func removeTab(_ tab: String) -> Message { "remove '\(tab)'" }
}
