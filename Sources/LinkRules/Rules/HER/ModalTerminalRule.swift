/// Nothing can follow a modal without its own navigation stack: `premium/location` never reaches `location`.
public struct ModalTerminalRule: LinkRule {
    public static let description = RuleDescription(
        id: "modal-terminal",
        scope: .link,
        defaultSeverity: .warning,
        summary: "components after a modal that has no navigation stack are never honoured",
        rationale: """
            Seed 000 (HER), "Handling a Deeplink", rule 5: "Modal Navigation won't be honored ... Without a \
            navigation stack, no further View Controllers can be presented." A modal declared `navigable: true` has \
            its own stack (seed 002's account coordinator pushes account details after being presented), so it may \
            be followed by more components.
            """,
        seed: "000_0bb9419a43cadf24.txt",
        fix: .unsafe,
        triggeringExamples: [
            .link("her://premium/↓location", fixed: "her://premium"),
            .link("her://feed/verification/↓communities/9", fixed: "her://feed/verification"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/premium"),
            .link("her://verification"),
            .link("her://account/settings"),
            .link("her://premium?origin=home"),
        ])

    public init() {}

    public func check(_ link: Link, in context: LintContext) -> [Diagnostic] {
        let components = link.template.components
        guard components.count > 1, context.catalogue.hasVocabulary else { return [] }
        for index in 0..<(components.count - 1) {
            let component = components[index]
            guard case .literal = component.kind, let declared = context.catalogue.component(named: component.name),
                declared.kind == .modal, !declared.navigable
            else { continue }
            let following = components[index + 1]
            let removal = component.span.upperBound..<components[components.count - 1].span.upperBound
            let fix = context.urlFix(.removeAfterModal(component.text), link, replacing: removal, with: "", applicability: .unsafe)
            let note = context.declarationNote(declared, .modalDeclared(component.name))
            return [
                context.diagnostic(
                    Self.self, .afterModal(following.text, modal: component.text), link: link, span: following.span,
                    notes: [note], fixes: [fix])
            ]
        }
        return []
    }
}

extension Message {
    static func afterModal(_ component: String, modal: String) -> Message {
        "'\(modal)' is a modal without a navigation stack: '\(component)' after it is never opened"
    }
    static func removeAfterModal(_ modal: String) -> Message { "end the link at '\(modal)'" }
    static func modalDeclared(_ name: String) -> Message { "'\(name)' is declared as a modal here; add 'navigable: true' if it has its own navigation stack" }
}
