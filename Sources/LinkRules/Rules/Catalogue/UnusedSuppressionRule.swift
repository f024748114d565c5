/// Reports a suppression that silences no finding, so stale suppressions are removed instead of hiding future
/// problems. The linter's suppression filter finds them; this type documents and configures the finding.
struct UnusedSuppressionRule: CatalogueRule {
    static let description = RuleDescription(
        id: "unused-suppression",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "a suppression that silences nothing",
        rationale: """
            Suppressions outlive the findings they were written for; one that silences nothing hides the next real \
            finding on that entry. Like SwiftLint's superfluous disable command, it is reported so it can be removed.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  # linkrules:ignore ↓lowercase
                  - url: her://feed
                """)
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  # linkrules:ignore lowercase
                  - url: her://Feed
                """)
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] { [] }
}
