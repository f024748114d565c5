import Foundation
import Testing
@testable import LinkRules

/// A catalogue and an apple-app-site-association file that disagree in every way: each disagreement is a finding
/// at its own file:line:col, and none of them stops the lint.
@Suite struct DisagreeingAssociationTests {
    static let catalogue = """
        version: 1
        app: Cookpad
        hosts: [cookpad.com]
        aasa: apple-app-site-association
        app_ids: [7K2XQ9J4LM.com.cookpad.Cookpad, ABCDE12345.com.cookpad.Other]
        links:
          - url: https://cookpad.com/recipes/{id:int}/edit
          - url: https://cookpad.com/users/{id:int}
          - url: https://cookpad.com/search/{query}

        """

    static let association = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad", "not-an-app-id"],
                "paths": ["/legacy/*"],
                "components": [
                  { "/": "/recipes/*/edit", "exclude": true },
                  { "/": "NOT /search/*" },
                  { "/": "/search/*", "?": { "q": "*" }, "colour": "red" },
                  { "/": "/premium" }
                ]
              }
            ]
          }
        }

        """

    @Test func everyDisagreementIsAFindingWithItsPosition() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-aasa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.catalogue.write(to: folder.appendingPathComponent("links.yml"), atomically: true, encoding: .utf8)
        try Self.association.write(
            to: folder.appendingPathComponent("apple-app-site-association"), atomically: true, encoding: .utf8)

        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path)
        let result = try LintSession(workspace: workspace).run()
        let found = result.diagnostics.filter { $0.ruleID.hasPrefix("aasa-") }
            .map { "\($0.ruleID) \($0.location.file):\($0.location.line)" }
        #expect(found.sorted() == [
            "aasa-coverage apple-app-site-association:10",  // '/search/*' requires a 'q' no link carries
            "aasa-coverage apple-app-site-association:11",  // '/premium': no link uses it
            "aasa-coverage apple-app-site-association:9",  // 'NOT /search/*' in a component: no link uses it
            "aasa-coverage links.yml:5",  // an app id the file does not name
            "aasa-coverage links.yml:7",  // excluded by '/recipes/*/edit'
            "aasa-coverage links.yml:8",  // no pattern opens '/users/…'
            "aasa-coverage links.yml:9",  // '/search/{query}' without 'q'
            "aasa-invalid apple-app-site-association:10",  // unknown key 'colour'
            "aasa-invalid apple-app-site-association:5",  // 'not-an-app-id'
            "aasa-invalid apple-app-site-association:7",  // 'paths' and 'components' mixed
            "aasa-invalid apple-app-site-association:9",  // a legacy 'NOT ' inside a component
        ])
        let unused = result.diagnostics.filter { $0.ruleID == "aasa-coverage" && $0.location.file != "links.yml" }
        #expect(unused.allSatisfy { $0.severity == .info })
        // Every finding names a real position in one of the two files.
        for diagnostic in result.diagnostics {
            #expect(["links.yml", "apple-app-site-association"].contains(diagnostic.location.file))
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
        }
    }
}
