/// Reports a suppression (`lint: { ignore: [...] }` or `# linkrules:ignore ...`) that names a rule that does not
/// exist. The linter's suppression filter finds them; this type documents and configures the finding.
struct InvalidSuppressionRule: CatalogueRule {
    static let description = RuleDescription(
        id: "invalid-suppression",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a suppression names a rule that does not exist",
        rationale: """
            A suppression with a misspelt rule id silences nothing while looking as if it does. The design brief: \
            "An unknown rule id in any of these is itself reported."
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/my_profile
                    lint: { ignore: [↓no-separator] }
                """)
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/my_profile
                    lint: { ignore: [no-separators] }
                """)
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] { [] }
}
