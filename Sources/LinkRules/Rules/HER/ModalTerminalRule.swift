/// Nothing can follow a modal without its own navigation stack: `premium/location` never reaches `location`,
/// and a payload example (the Coordinator playground) that presents such a modal and then pushes a screen never shows the screen.
struct ModalTerminalRule: LinkRule {
    static let description = RuleDescription(
        id: "modal-terminal",
        scope: .link,
        defaultSeverity: .warning,
        summary: "components after a modal that has no navigation stack are never honoured",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 5: "Modal Navigation won't be honored ... Without a \
            navigation stack, no further View Controllers can be presented." A modal declared `navigable: true` has \
            its own stack (the Coordinator playground's account coordinator pushes account details after being presented), so it may \
            be followed by more components. The same holds inside a `{name:base64json}` payload (the Coordinator playground): a \
            `present` of a modal the catalogue declares without `navigable: true`, followed by `push` steps, is \
            reported in each example that carries it.
            """,
        source: .her,
        fix: .unsafe,
        triggeringExamples: [
            .link("her://premium/↓location", fixed: "her://premium"),
            .link("her://feed/verification/↓communities/9", fixed: "her://feed/verification"),
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                components:
                  deeplink: { kind: screen, params: [payload] }
                  premium:  { kind: modal }
                  boosts:   { kind: screen }
                links:
                  - url: coordinatorsplayground://deeplink?payload={payload:base64json}
                    examples:
                      - coordinatorsplayground://deeplink?payload=eyJzdGVwIjp7InByZXNlbnQiOnsiZGVzdGluYXRpb24iOnsicHJlbWl1bSI6e319fX0sImNoaWxkcmVuIjpbeyJzdGVwIjp7InB1c2giOnsicGF0aCI6e↓yJib29zdHMiOnt9fX19fV19
                """),
        ],
        nonTriggeringExamples: [
            .link("her://feed/premium"),
            .link("her://verification"),
            .link("her://account/settings"),
            .link("her://premium?origin=home"),
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                components:
                  deeplink: { kind: screen, params: [payload] }
                  account:  { kind: modal, navigable: true }
                  settings: { kind: screen }
                links:
                  - url: coordinatorsplayground://deeplink?payload={payload:base64json}
                    examples:
                      - coordinatorsplayground://deeplink?payload=eyJzdGVwIjp7InByZXNlbnQiOnsiZGVzdGluYXRpb24iOnsiYWNjb3VudCI6e319fX0sImNoaWxkcmVuIjpbeyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzZXR0aW5ncyI6e319fX19XX0=
                """),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard context.catalogue.hasVocabulary else { return }
        checkPath(link, in: context, into: &found)
        found += checkPayloads(link, in: context)
    }

    /// A modal in the link's path followed by more components.
    private func checkPath(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let components = link.template.components
        for index in components.indices.dropLast() {
            // Read in place: the component is copied out only for a finding.
            guard components[index].isLiteral, let position = context.vocabularyPosition(of: link, component: index),
                context.catalogue.components[position].kind == .modal, !context.catalogue.components[position].navigable
            else { continue }
            let component = components[index]
            let declared = context.catalogue.components[position]
            let following = components[index + 1]
            let removal = component.span.upperBound..<components[components.count - 1].span.upperBound
            // Not offered when the shortened link is another link's route (`verification/feed` beside `verification`).
            let (fixes, whyNot) = context.urlFixUnlessDuplicating(
                .removeAfterModal(component.text), link, replacing: removal, with: "", examples: LintContext.removingPath(after: index))
            let note = context.declarationNote(declared, .modalDeclared(component.name))
            found.append(
                context.diagnostic(
                    Self.self, .afterModal(following.text, modal: component.text), link: link, span: following.span,
                    notes: [note] + whyNot, fixes: fixes))
            return
        }
    }

    /// In each example's payload, a `present` of a declared modal without a navigation stack followed by pushes;
    /// reported at the first push's target, inside the Base64 text. Payloads that do not decode are
    /// `payload-invalid`'s finding.
    private func checkPayloads(_ link: Link, in context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for example in PayloadExample.collect(link, parser: context.templateParser) {
            guard let text = example.text, case .success(let payload) = NavigationPayload.decode(base64: text) else { continue }
            for continuation in payload.root.modalContinuations {
                guard let declared = context.catalogue.component(named: continuation.present.target.lowercasedASCIIIfNeeded),
                    declared.kind == .modal, !declared.navigable, let push = continuation.pushes.first
                else { continue }
                let target = push.targetRange
                guard let start = payload.sourceOffset(ofDecodedByte: target.lowerBound) else { continue }
                let end = payload.sourceOffset(ofDecodedByte: target.upperBound - 1).map { $0 + 1 } ?? start + 1
                diagnostics.append(
                    context.diagnostic(
                        Self.self, .pushAfterModal(push.target, modal: continuation.present.target),
                        at: example.location(ofPayload: start..<max(end, start + 1), in: link), link: link,
                        notes: [context.declarationNote(declared, .modalDeclared(declared.name.value))]))
            }
        }
        return diagnostics
    }
}

extension Message {
    static func pushAfterModal(_ screen: String, modal: String) -> Message {
        "the payload presents '\(modal)', a modal without a navigation stack: the push of '\(screen)' after it is never shown"
    }
    static func afterModal(_ component: String, modal: String) -> Message {
        "'\(modal)' is a modal without a navigation stack: '\(component)' after it is never opened"
    }
    static func removeAfterModal(_ modal: String) -> Message { "end the link at '\(modal)'" }
    static func modalDeclared(_ name: String) -> Message { "'\(name)' is declared as a modal here; add 'navigable: true' if it has its own navigation stack" }
}
