/// Every universal link of the catalogue must be opened by the apple-app-site-association file, decided the way
/// iOS decides (first matching pattern, `exclude`, `NOT `, wildcards); patterns that open the app for URLs no
/// catalogue link declares are reported as infos.
struct AASACoverageRule: CatalogueRule {
    static let description = RuleDescription(
        id: "aasa-coverage",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "a universal link that the apple-app-site-association file does not open in the app",
        rationale: """
            Cookpad's universal links: the association file lists "the paths the app should open"; when \
            the user loads a link "iOS checks if this domain is associated with an installed app. If it isn't, the \
            URL is loaded in Safari." A catalogue link whose path no pattern matches, or whose first matching \
            pattern excludes it (`exclude: true`, a legacy `NOT ` path), opens the web page instead of the app. \
            The rule builds a concrete URL from each https link to the catalogue's `hosts` (and each alias), asks \
            which pattern decides it, and points at that pattern. A pattern that opens the app for URLs no \
            catalogue link declares is reported as an info: the app is launched for a link it does not handle.
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
                  - url: https://cookpad.com/recipes/{id:int}
                  - url: https://cookpad.com/↓recipes/{id:int}/edit
                  - url: https://cookpad.com/↓about
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad"],
                            "components": [
                              { "/": "/recipes/*/edit", "exclude": true },
                              { "/": "/recipes/*" },
                              { "/": "/search/*" },
                              { "/": ↓"/users/*" }
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
                app_ids: [↓7K2XQ9J4LM.com.cookpad.Cookpad, 7K2XQ9J4LM.com.cookpad.CookpadLegacy]
                links:
                  - url: https://cookpad.com/recipes/{id:int}
                  - url: https://cookpad.com/↓recipes/{id:int}/print
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appID": "7K2XQ9J4LM.com.cookpad.CookpadLegacy",
                            "paths": ["NOT /recipes/*/print", "/recipes/*"]
                          }
                        ]
                      }
                    }
                    """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                aasa: apple-app-site-association
                app_ids: [7K2XQ9J4LM.com.cookpad.Cookpad]
                links:
                  - url: https://cookpad.com/search/{query}
                  - url: https://cookpad.com/recipes/{id:int}
                  - url: http://example.com/about
                  - url: cookpad://recipes/{id:int}
                """,
                association: """
                    {
                      "applinks": {
                        "details": [
                          {
                            "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad"],
                            "components": [
                              { "/": "/recipes/*/edit", "exclude": true },
                              { "/": "/recipes/?*" },
                              { "/": "/search/*" }
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
                  - url: https://cookpad.com/about
                """),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let file = catalogue.association?.file else { return [] }
        // A file that could not be read as an association file is `aasa-invalid`'s finding, not a list of
        // uncovered links.
        if file.root == nil || file.details.isEmpty && !file.validate().isEmpty { return [] }
        var diagnostics: [Diagnostic] = []

        // The apps whose patterns decide: the catalogue's `app_ids` that the file names, or every entry.
        var targets: [String?] = [nil]
        if !catalogue.appIDs.isEmpty {
            let named = Set(file.appIDs)
            targets = []
            for appID in catalogue.appIDs {
                if named.contains(appID.value) {
                    if !targets.contains(appID.value) { targets.append(appID.value) }
                } else if let owner = catalogue.file(declaring: appID) {
                    diagnostics.append(
                        context.diagnostic(
                            Self.self, .appNotAssociated(appID.value, file: file.source.path),
                            at: owner.location(ofBytes: appID.tokenRange)))
                }
            }
        }
        let relevant: [Int] = file.details.indices.filter { index in
            targets.contains { target in target.map { id in file.details[index].appIDs.contains { $0.value == id } } ?? true }
        }
        var used = file.details.map { [Bool](repeating: false, count: $0.patterns.count) }
        let prefixes = file.details.map { $0.patterns.map(LiteralPathPrefix.init) }

        // A catalogue that names an association file is always linted whole (`LintSession`), so its links are held.
        for entry in UniversalLinks(catalogue: catalogue).entries {
            let path = entry.samplePath
            let query = entry.sampleQuery
            let fragment = entry.template.fragment
            // The first matching pattern of each relevant entry, in file order.
            var deciding = [Int?](repeating: nil, count: file.details.count)
            let pathIsLiteral = !path.utf8.contains(UInt8(ascii: "%"))
            let loweredPath = path.lowercasedASCIIIfNeeded
            for index in relevant {
                let patterns = file.details[index].patterns
                let candidates = patterns.indices.lazy.filter { position in
                    !pathIsLiteral || prefixes[index][position].admits(path, lowered: loweredPath)
                }
                if let position = candidates.first(where: { patterns[$0].matches(path: path, query: query, fragment: fragment) }) {
                    deciding[index] = position
                    used[index][position] = true
                }
            }
            for target in targets {
                let decided = relevant.lazy.compactMap { index -> AssociationPattern? in
                    guard let position = deciding[index] else { return nil }
                    if let target, !file.details[index].appIDs.contains(where: { $0.value == target }) { return nil }
                    return file.details[index].patterns[position]
                }.first
                let appNote = targets.count > 1 ? target : nil
                if let pattern = decided {
                    guard pattern.exclude else { continue }
                    let note = Note(
                        message: .excludedByPattern,
                        location: SourceLocation(file: file.source.path, range: pattern.pathRange ?? pattern.range))
                    diagnostics.append(
                        context.diagnostic(
                            Self.self, .linkExcluded(path, file: file.source.path, app: appNote),
                            at: entry.location(of: entry.pathSpan), link: entry.link, notes: [note]))
                } else {
                    let notes = relevant.first.map { index in
                        [Note(message: .patternsListed, location: SourceLocation(file: file.source.path, range: file.details[index].range))]
                    } ?? []
                    diagnostics.append(
                        context.diagnostic(
                            Self.self, .linkNotOpened(path, file: file.source.path, app: appNote),
                            at: entry.location(of: entry.pathSpan), link: entry.link, notes: notes))
                }
                break
            }
        }

        for index in relevant {
            for (position, pattern) in file.details[index].patterns.enumerated() where !pattern.exclude && !used[index][position] {
                var diagnostic = context.diagnostic(
                    Self.self, .patternUnused(pattern.path),
                    at: SourceLocation(file: file.source.path, range: pattern.pathRange ?? pattern.range))
                diagnostic.severity = .info
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}

/// The literal text a pattern's path starts with, before any wildcard or escape: a URL path that does not start
/// with it cannot match, so most patterns are ruled out with one comparison instead of a wildcard match.
private struct LiteralPathPrefix {
    let prefix: String
    let caseSensitive: Bool

    init(_ pattern: AssociationPattern) {
        let literal = pattern.path.prefix { $0 != "*" && $0 != "?" && $0 != "%" }
        prefix = pattern.caseSensitive ? String(literal) : literal.lowercasedASCIIIfNeeded
        caseSensitive = pattern.caseSensitive
    }

    /// Whether a path without `%` escapes may match (`lowered` is the path lowercased).
    func admits(_ path: String, lowered: String) -> Bool {
        prefix.isEmpty || (caseSensitive ? path : lowered).hasPrefix(prefix)
    }
}

extension Message {
    static func linkNotOpened(_ path: String, file: String, app: String?) -> Message {
        let subject = app.map { "'\($0)'" } ?? "the app"
        return "no pattern of '\(file)' matches '\(path)': the link opens the web page, not \(subject)"
    }
    static func linkExcluded(_ path: String, file: String, app: String?) -> Message {
        let subject = app.map { "'\($0)'" } ?? "the app"
        return "'\(file)' excludes '\(path)': the link opens the web page, not \(subject)"
    }
    static let excludedByPattern: Message = "the first pattern that matches excludes it"
    static let patternsListed: Message = "the patterns are listed here"
    static func appNotAssociated(_ appID: String, file: String) -> Message {
        "'\(file)' does not name the app '\(appID)': none of its universal links open it"
    }
    static func patternUnused(_ pattern: String) -> Message {
        "no universal link of the catalogue uses the pattern '\(pattern)': the app is opened for links it does not declare"
    }
}
