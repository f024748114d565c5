/// Reports keys the catalogue format does not have, with the closest known key: a misspelt key would otherwise
/// be silently ignored.
struct UnknownKeyRule: CatalogueRule {
    static let description = RuleDescription(
        id: "unknown-key",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a key the catalogue format does not have, usually a misspelling",
        rationale: """
            A misspelt key is silently ignored by most YAML readers, so `barier: authentication` would leave a \
            payment link without its gate. The catalogue format is a contract (design brief): every key is known, \
            and an unknown one is reported with the closest known key.
            """,
        source: .users,
        fix: .unsafe,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed
                    ↓titel: The feed
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    links:
                      - url: her://feed
                        title: The feed
                    """),
            .catalogue(
                """
                version: 1
                ↓scheme: [her]
                links:
                  - url: her://feed
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    links:
                      - url: her://feed
                    """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed
                    title: The feed
                """)
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        catalogue.loadFindings.filter { $0.ruleID == Self.description.id }.map {
            context.diagnostic(Self.self, $0.message, at: $0.location, notes: $0.notes, fixes: $0.fixes)
        }
    }
}
