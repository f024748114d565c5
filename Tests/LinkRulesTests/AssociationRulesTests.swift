import Foundation
import Testing
@testable import LinkRules

/// The association file loader, universal-link samples and routes, and how the aasa and payload rules place
/// their findings and severities.
@Suite struct AssociationRulesTests {
    /// Lints catalogue text with in-memory files standing in for the disk.
    private func lint(
        _ catalogue: String, path: String = "app/links.yml", files: [String: String] = [:],
        configuration: Configuration = Configuration()
    ) throws -> [Diagnostic] {
        var loaded = try CatalogueLoader().load(files: [SourceFile(path: path, text: catalogue)])
        AssociationLoader { name in
            guard let text = files[name] else { throw LoadError("cannot read the file: no such file", file: name) }
            return SourceFile(path: name, text: text)
        }.load(into: &loaded)
        return try Linter(configuration: configuration).lint(loaded)
    }

    private static let association = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.shop.App"], "components": [
          {"/": "/items/*/admin", "exclude": true},
          {"/": "/items/?*"},
          {"/": "/legacy/*"}
        ]}]}}
        """

    private static let shop = """
        version: 1
        hosts: [shop.example]
        aasa: ../web/.well-known/apple-app-site-association
        links:
          - url: https://shop.example/items/{id:int}
            aliases: ['https://shop.example/item/{id:int}']
        """

    // MARK: Loading

    @Test func theAssociationPathIsRelativeToTheCatalogueThatNamesIt() throws {
        func path(_ aasa: String, owner: String) throws -> String? {
            let catalogue = try CatalogueLoader().load(files: [SourceFile(path: owner, text: "version: 1\naasa: \(aasa)\nlinks: []\n")])
            return AssociationLoader.path(of: catalogue)
        }
        #expect(try path("apple-app-site-association", owner: "links.yml") == "apple-app-site-association")
        #expect(try path("./.well-known/aasa.json", owner: "examples/shop/links.yml") == "examples/shop/.well-known/aasa.json")
        #expect(try path("/srv/www/aasa", owner: "examples/shop/links.yml") == "/srv/www/aasa")
        let none = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: "version: 1\nlinks: []\n")])
        #expect(AssociationLoader.path(of: none) == nil)
    }

    @Test func theLoaderReadsFromTheWorkingDirectoryAndKeepsTheShownPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.association.utf8).write(to: folder.appendingPathComponent("site/aasa.json"))
        var catalogue = try CatalogueLoader().load(
            files: [SourceFile(path: "site/links.yml", text: "version: 1\naasa: aasa.json\nlinks: []\n")])
        AssociationLoader(workingDirectory: folder.path).load(into: &catalogue)
        let file = try #require(catalogue.association?.file)
        #expect(file.source.path == "site/aasa.json")
        #expect(file.details.first?.patterns.count == 3)
    }

    @Test func aMissingFileIsAFindingAtTheAASAValue() throws {
        let diagnostics = try lint(Self.shop).filter { $0.ruleID.hasPrefix("aasa-") }
        #expect(diagnostics.count == 1)
        let missing = try #require(diagnostics.first)
        #expect(missing.ruleID == "aasa-invalid")
        #expect(missing.location.file == "app/links.yml")
        #expect(missing.location.line == 3)
        #expect(missing.location.column == 7)
        #expect(missing.message.text.contains("'app/../web/.well-known/apple-app-site-association'"))
    }

    @Test func invalidJSONPointsIntoTheFileWithANoteAtTheOpening() throws {
        let diagnostics = try lint(
            Self.shop, files: ["app/../web/.well-known/apple-app-site-association": "{\"applinks\": {\"details\": [\n"]
        ).filter { $0.ruleID.hasPrefix("aasa-") }
        #expect(diagnostics.count == 1, "coverage stays quiet about a file it cannot read: \(diagnostics)")
        let invalid = try #require(diagnostics.first)
        #expect(invalid.ruleID == "aasa-invalid")
        #expect(invalid.location.file == "app/../web/.well-known/apple-app-site-association")
        #expect(invalid.location.line == 2)
        #expect(invalid.notes.first?.location?.range.start.column == 26)
    }

    // MARK: Coverage

    @Test func linksAliasesAndUnusedPatternsAreCheckedWithTheirSeverities() throws {
        let catalogue = """
            version: 1
            hosts: [shop.example]
            aasa: aasa.json
            links:
              - url: https://shop.example/items/{id:int}
                aliases: ['https://shop.example/item/{id:int}']
              - url: https://shop.example/items/{id:int}/admin
              - url: https://other.example/about
              - url: shop://items/{id:int}
            """
        let diagnostics = try lint(catalogue, path: "links.yml", files: ["aasa.json": Self.association])
            .filter { $0.ruleID == "aasa-coverage" }
        let summary = diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.severity.rawValue)" }
        #expect(
            summary == [
                "aasa.json:4:9 info",  // "/legacy/*" opens the app, but no link uses it
                "links.yml:6:37 warning",  // the alias /item/1234 is matched by no pattern
                "links.yml:7:31 warning",  // /items/1234/admin is excluded by the first pattern
            ])
        #expect(diagnostics[2].notes.first?.location?.line == 2)
    }

    @Test func aConfiguredSeverityKeepsInfosBelowIt() throws {
        let catalogue = "version: 1\nhosts: [shop.example]\naasa: aasa.json\nlinks:\n  - url: https://shop.example/items/{id:int}/admin\n"
        func severities(_ configured: Severity) throws -> [Severity] {
            var configuration = Configuration()
            configuration.rules["aasa-coverage"] = RuleSetting(severity: configured)
            return try lint(catalogue, path: "links.yml", files: ["aasa.json": Self.association], configuration: configuration)
                .filter { $0.ruleID == "aasa-coverage" }.map(\.severity)
        }
        // The unused patterns ('/items/?*', '/legacy/*') in file order, then the excluded link.
        #expect(try severities(.error) == [.info, .info, .error])
        #expect(try severities(.info) == [.info, .info, .info])
    }

    @Test func samplesAndRoutesComeFromTheTemplate() throws {
        let catalogue = try CatalogueLoader().load(files: [
            SourceFile(
                path: "links.yml",
                text: """
                    version: 1
                    hosts: [Shop.Example]
                    links:
                      - url: https://shop.example/items/{id:int}/v/{slug:slug}/?ref={ref}#top
                        title: An item
                      - url: https://shop.example/
                      - url: https://shop.example/a*b/!{code}
                      - url: http://shop.example/insecure
                    """)
        ])
        let entries = UniversalLinks(catalogue: catalogue).entries
        #expect(entries.map(\.samplePath) == ["/items/1234/v/sample-slug/", "/", "/a*b/!sample"])
        #expect(entries[0].sampleQuery.map(\.0) == ["ref"])
        #expect(entries[0].sampleURL == "https://shop.example/items/1234/v/sample-slug/?ref=sample#top")
        #expect(entries.map(\.route.path) == ["/items/?*/v/?*/", "/", "/a%2Ab/!?*"])
        #expect(entries[0].route.queryNames == ["ref"])
        #expect(entries[0].route.comment == "An item")
    }

    // MARK: Payloads

    @Test func payloadsArePointedAtInsideQuotedAndPathExamples() throws {
        // `!!` is not Base64: reported at its first character, inside a double-quoted example with an escape.
        let catalogue = """
            version: 1
            schemes: [play]
            links:
              - url: play://deeplink/x{payload:base64json}
                examples: ["play://deeplink/xeyJz\\u0064GVw!!"]
            """
        let diagnostics = try lint(catalogue, path: "links.yml").filter { $0.ruleID == "payload-invalid" }
        let finding = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(finding.location.line == 5)
        let text = "    examples: [\"play://deeplink/xeyJz\\u0064GVw!!\"]"
        let bang = text.utf8.distance(from: text.startIndex, to: try #require(text.firstIndex(of: "!")))
        #expect(finding.location.column == bang + 1)
    }

    @Test func aPercentEncodedPayloadDecodes() throws {
        let payload = Data(#"{"step":{"push":{"path":{"a":{}}}}}"#.utf8).base64EncodedString()
        #expect(payload.hasSuffix("="))
        let encoded = payload.replacingOccurrences(of: "=", with: "%3D")
        let catalogue = """
            version: 1
            schemes: [play]
            links:
              - url: play://deeplink?payload={payload:base64json}
                examples: ['play://deeplink?payload=\(encoded)']
            """
        #expect(try lint(catalogue, path: "links.yml").filter { $0.ruleID == "payload-invalid" }.isEmpty)
    }
}
