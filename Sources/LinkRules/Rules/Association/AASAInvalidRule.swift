/// Checks the apple-app-site-association file a catalogue names with `aasa:`: it must be readable, strict JSON,
/// and a valid `applinks` section; each problem is reported at its characters in the JSON file.
struct AASAInvalidRule: CatalogueRule {
    static let description = RuleDescription(
        id: "aasa-invalid",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "the apple-app-site-association file named by 'aasa' is missing, not JSON or not a valid 'applinks' section",
        rationale: """
            Cookpad's universal links: "Host an AASA (apple-app-site-association) file in the webserver of \
            your domain. This file should contain the bundle id of the app and the paths the app should open." iOS \
            downloads the file when the app is installed and silently ignores what it cannot read, so a file that \
            is not JSON, an app id that is not `TEAMID.bundle.id`, a misspelt key (`exlude`) or an entry mixing \
            `paths` and `components` turns universal links into plain web pages with no error anywhere. Each \
            problem is reported where it is in the file; a file that cannot be read is reported at `aasa:`.
            """,
        source: .cookpad,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: apple-app-site-association
                links:
                  - url: https://cookpad.com/search/{query}
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appIDs": [↓"com.cookpad.Cookpad"],
                            "components": [
                              { "/": "/search/*", ↓"exlude": true }
                            ]
                          }
                        ]
                      }
                    }
                    """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: apple-app-site-association
                links:
                  - url: https://cookpad.com/search/{query}
                """,
                association: """
                    {"applinks": {"details": [{"appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad"], "components": [],↓}]}}
                    """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: apple-app-site-association
                links:
                  - url: https://cookpad.com/search/{query}
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad"],
                            "paths": ["/search/*"],
                            ↓"components": [{ "/": "/search/*" }]
                          }
                        ]
                      }
                    }
                    """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: ↓.well-known/apple-app-site-association
                links:
                  - url: https://cookpad.com/search/{query}
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: apple-app-site-association
                links:
                  - url: https://cookpad.com/search/{query}
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad"],
                            "components": [
                              { "/": "/search/*", "comment": "search results" }
                            ]
                          }
                        ]
                      }
                    }
                    """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                links:
                  - url: https://cookpad.com/search/{query}
                """),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        switch catalogue.association {
        case nil:
            return []
        case .unreadable(let path, let reason):
            guard let named = catalogue.associationFile, let owner = catalogue.associationFileOwner else { return [] }
            return [
                context.diagnostic(
                    Self.self, .unreadableAssociationFile(path, reason: reason),
                    at: owner.location(ofBytes: named.tokenRange))
            ]
        case .loaded(let file):
            return file.validate().map { problem in
                var notes: [Note] = []
                if let opening = problem.openingRange {
                    notes.append(Note(message: .unclosedConstructStarts, location: SourceLocation(file: file.source.path, range: opening)))
                }
                return context.diagnostic(
                    Self.self, Message(problem.message), at: SourceLocation(file: file.source.path, range: problem.range),
                    notes: notes)
            }
        }
    }
}

extension Message {
    static func unreadableAssociationFile(_ path: String, reason: Message) -> Message {
        "cannot use the association file '\(path)': \(reason.text)"
    }
    static let unclosedConstructStarts: Message = "the construct left open starts here"
}
