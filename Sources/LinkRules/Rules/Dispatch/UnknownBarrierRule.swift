/// A link's `barrier:` and the catalogue's `mandatory_barrier:` name barriers declared in `barriers:`.
struct UnknownBarrierRule: LinkRule, CatalogueRule {
    static let description = RuleDescription(
        id: "unknown-barrier",
        scope: .link,
        defaultSeverity: .error,
        summary: "a link's barrier and the mandatory barrier are declared in 'barriers'",
        rationale: """
            NoMoreDeepLinkHandler: a plugin may answer "**yesWithBarrier**(name: **String**, data: \
            **Data**?): the plugin accepts to handle the deep link but it has to pass a **Barrier** which is also \
            installed into DeepLinkHandler with name. This is useful with the deep link needed to authenticate by a \
            logged-in user." A barrier is found by its name, so a misspelt or uninstalled one leaves the link \
            unguarded or unopened; the same holds for the "**mandatoryBarrier**: The barrier that requires all of \
            deep links must pass before they are handled." Declare every barrier in `barriers:`; the closest declared \
            name is suggested (renaming it is an unsafe fix: the link then passes another gate).
            """,
        source: .noMoreDeepLinkHandler,
        fix: .unsafe,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                barriers: [authentication, age_check]
                mandatory_barrier: ↓maintenance
                links:
                  - url: app://localhost/pay?order_id={order_id:int}
                    barrier: ↓authentification
                  - url: app://localhost/transaction/{transaction_id}
                    barrier: ↓login
                """,
                fixed: """
                    version: 1
                    schemes: [app]
                    hosts: [localhost]
                    barriers: [authentication, age_check]
                    mandatory_barrier: maintenance
                    links:
                      - url: app://localhost/pay?order_id={order_id:int}
                        barrier: authentication
                      - url: app://localhost/transaction/{transaction_id}
                        barrier: login
                    """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/pay
                    barrier: ↓authentication
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                barriers: [authentication]
                mandatory_barrier: authentication
                links:
                  - url: app://localhost/pay
                    barrier: authentication
                  - url: app://localhost/about
                """)
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard let barrier = link.barrier, !barrier.isNull else { return }
        if let finding = diagnose(barrier, in: link.file, link: link, context: context) { found.append(finding) }
    }

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let barrier = catalogue.mandatoryBarrier, !barrier.isNull,
            let file = catalogue.file(declaring: barrier)
        else { return [] }
        return diagnose(barrier, in: file, link: nil, context: context).map { [$0] } ?? []
    }

    private func diagnose(_ barrier: Scalar, in file: SourceFile, link: Link?, context: LintContext) -> Diagnostic? {
        let declared = context.catalogue.barriers
        guard !declared.contains(where: { $0.value == barrier.value }) else { return nil }
        let location = file.location(ofBytes: barrier.sourceRange(ofValue: 0..<barrier.value.utf8.count, in: file))
        guard let suggestion = Suggestion.closest(to: barrier.value, in: declared.map(\.value)) else {
            let message: Message = declared.isEmpty ? .noBarriersDeclared(barrier.value) : .unknownBarrier(barrier.value, declared: declared.map(\.value))
            return context.diagnostic(Self.self, message, at: location, link: link)
        }
        var notes: [Note] = []
        if let declaration = declared.first(where: { $0.value == suggestion }),
            let declaringFile = context.catalogue.file(declaring: declaration)
        {
            notes.append(Note(message: .barrierDeclared(suggestion), location: declaringFile.location(ofBytes: declaration.tokenRange)))
        }
        let fix = FixIt(
            message: .renameBarrier(suggestion), edits: [ScalarEditor.edit(barrier, in: file, replacing: 0..<barrier.value.utf8.count, with: suggestion)],
            applicability: .unsafe)
        return context.diagnostic(
            Self.self, .unknownBarrier(barrier.value, suggestion: suggestion), at: location, link: link, notes: notes, fixes: [fix])
    }
}

extension Message {
    static func unknownBarrier(_ name: String, suggestion: String) -> Message {
        "barrier '\(name)' is not declared in 'barriers': did you mean '\(suggestion)'?"
    }
    static func unknownBarrier(_ name: String, declared: [String]) -> Message {
        "barrier '\(name)' is not declared in 'barriers' (\(quoting: declared, lastSeparator: ", "))"
    }
    static func noBarriersDeclared(_ name: String) -> Message {
        "barrier '\(name)' is not declared: the catalogue has no 'barriers'"
    }
    static func barrierDeclared(_ name: String) -> Message { "'\(name)' is declared here" }
    static func renameBarrier(_ name: String) -> Message { "use the barrier '\(name)'" }
}
