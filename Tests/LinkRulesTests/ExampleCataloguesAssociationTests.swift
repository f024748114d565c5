import Foundation
import Testing
@testable import LinkRules

/// The seed 002 and seed 004 example catalogues give exactly the findings their comments promise, and
/// `linkrules aasa` generates an association file that opens every universal link of the Cookpad example.
@Suite struct ExampleCataloguesAssociationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cookpad = root.appendingPathComponent("examples/cookpad/links.yml").path
    static let coordinator = root.appendingPathComponent("examples/coordinator/links.yml").path

    /// The rules this suite is about; other rules' findings on the examples are checked by their own tests.
    static let ruleIDs: Set<String> = ["aasa-invalid", "aasa-coverage", "payload-invalid", "modal-terminal"]

    /// A finding as `rule file:line severity`, the file by its name only.
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var file: String
        var line: Int
        var severity: Severity

        var description: String { "\(rule) \(file):\(line) \(severity.rawValue)" }
    }

    static func findings(_ catalogue: String) throws -> (Set<Finding>, LintResult) {
        let workspace = try Workspace(files: [catalogue], configPath: nil, workingDirectory: root.path)
        let result = try LintSession(workspace: workspace).run()
        let findings = result.diagnostics.filter { ruleIDs.contains($0.ruleID) }.map {
            Finding(
                rule: $0.ruleID, file: URL(fileURLWithPath: $0.location.file).lastPathComponent, line: $0.location.line,
                severity: $0.severity)
        }
        return (Set(findings), result)
    }

    @Test func theCookpadExampleGivesExactlyItsPromisedFindings() throws {
        let (found, result) = try Self.findings(Self.cookpad)
        let expected: Set<Finding> = [
            Finding(rule: "aasa-invalid", file: "apple-app-site-association", line: 7, severity: .error),
            Finding(rule: "aasa-coverage", file: "apple-app-site-association", line: 24, severity: .info),
            Finding(rule: "aasa-coverage", file: "links.yml", line: 29, severity: .warning),
        ]
        #expect(found == expected)
        // Reporters can show the association file's lines.
        let association = try #require(result.sources.first { $0.key.hasSuffix("cookpad/apple-app-site-association") })
        #expect(association.value.lineText(7).contains("com.cookpad.CookpadBeta"))
        // The excluded link points at the pattern that decides it.
        let excluded = try #require(result.diagnostics.first { $0.ruleID == "aasa-coverage" && $0.location.line == 29 })
        #expect(excluded.notes.first?.location?.line == 11)
        #expect(excluded.notes.first?.location?.file.hasSuffix("apple-app-site-association") == true)
    }

    @Test func theCoordinatorExampleGivesExactlyItsPromisedFindings() throws {
        let (found, result) = try Self.findings(Self.coordinator)
        let expected: Set<Finding> = [
            Finding(rule: "payload-invalid", file: "links.yml", line: 35, severity: .error),
            Finding(rule: "modal-terminal", file: "links.yml", line: 38, severity: .warning),
        ]
        #expect(found == expected)
        let file = try #require(result.sources[Self.coordinator])
        // The broken payload is reported at the first Base64 character that carries the 'screen' key.
        let invalid = try #require(result.diagnostics.first { $0.ruleID == "payload-invalid" })
        let line = file.lineText(35)
        let base64 = String(line[try #require(line.range(of: "payload=")).upperBound...])
        let json = String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self)
        let key = json.utf8.count - json[try #require(json.range(of: "\"screen\"")).lowerBound...].utf8.count
        let base64Column = line.utf8.count - base64.utf8.count + 1
        #expect(invalid.location.column == base64Column + key / 3 * 4 + key % 3)
        // The modal-terminal finding notes the paywall's declaration.
        let modal = try #require(result.diagnostics.first { $0.ruleID == "modal-terminal" })
        #expect(modal.message.text.contains("'paywall'"))
        #expect(modal.notes.first?.location?.line == 20)
    }

    @Test func theSeedPayloadExampleIsValid() throws {
        let catalogue = try CatalogueLoader().load(paths: [Self.coordinator])
        let seedExample = try #require(catalogue.links.first?.examples.first)
        #expect(seedExample.value.hasSuffix(NavigationPayloadTests.seedPayload))
        let linter = try Linter()
        let onSeedLine = linter.lint(catalogue).filter {
            Self.ruleIDs.contains($0.ruleID) && $0.location.line == catalogue.files[0].position(ofByte: seedExample.tokenRange.lowerBound).line
        }
        #expect(onSeedLine.isEmpty)
    }

    // MARK: linkrules aasa

    @Test func theGeneratedFileOpensEveryUniversalLinkOfTheCookpadExample() throws {
        let text = try AssociationGeneration(cataloguePath: Self.cookpad).run()
        let generated = AssociationFile(source: SourceFile(path: "generated", text: text))
        #expect(generated.validate() == [])
        #expect(generated.appIDs == ["7K2XQ9J4LM.com.cookpad.Cookpad"])
        let catalogue = try CatalogueLoader().load(paths: [Self.cookpad])
        let links = UniversalLinks(catalogue: catalogue).entries
        #expect(links.count == 3, "search, recipe and recipe edit; the http link is not a universal link")
        for entry in links {
            let match = generated.firstMatch(path: entry.samplePath, query: entry.sampleQuery, fragment: nil)
            #expect(match?.opensApp == true, "\(entry.template.text) is not opened by the generated file")
        }
        // The concrete examples open too.
        let parser = LinkTemplateParser(hosts: ["cookpad.com"])
        for example in catalogue.links.flatMap(\.examples) {
            let url = parser.parse(example.value)
            let path = "/" + url.components.map(\.text).joined(separator: "/")
            #expect(generated.firstMatch(path: path, query: [], fragment: nil)?.opensApp == true)
        }
        // Nothing else: a path no link declares stays on the web.
        #expect(generated.firstMatch(path: "/premium", query: [], fragment: nil) == nil)
    }

    @Test func appIDsGivenOnTheCommandLineReplaceTheCatalogues() throws {
        let text = try AssociationGeneration(
            cataloguePath: Self.cookpad, appIDs: ["ABCDE12345.com.example.App", "ABCDE12345.com.example.App.beta"]
        ).run()
        let generated = AssociationFile(source: SourceFile(path: "generated", text: text))
        #expect(generated.appIDs == ["ABCDE12345.com.example.App", "ABCDE12345.com.example.App.beta"])
        #expect(generated.validate() == [])
    }

    @Test func withoutAnAppIDTheFileNamesAPlaceholderAndAWarningSaysSo() throws {
        let file = SourceFile(
            path: "shop.yml",
            text: "version: 1\nhosts: [shop.example]\nlinks:\n  - url: https://shop.example/items/{id:int}\n")
        let catalogue = try CatalogueLoader().load(files: [file])
        var warnings: [String] = []
        let placeholder = try AssociationGeneration.generate(catalogue, named: "shop.yml", appIDs: [], warnings: &warnings)
        #expect(AssociationFile(source: SourceFile(path: "generated", text: placeholder)).appIDs == ["TEAMID.bundle.id"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'shop.yml' names no app") == true)
        #expect(warnings.first?.contains("--app-id") == true)
        // The placeholder is no app id: the file is invalid until it is replaced.
        #expect(!AssociationGeneration.isValidAppID(AssociationGeneration.placeholderAppID))
        // With one, it works.
        let text = try AssociationGeneration.generate(catalogue, named: "shop.yml", appIDs: ["ABCDE12345.com.shop.App"])
        #expect(text.contains("\"/items/?*\""))
    }

    /// Each domain serves its own file: the patterns of several hosts in one file are said, and `--host` keeps one.
    @Test func aFileForSeveralHostsIsSaidAndOneHostCanBeChosen() throws {
        let file = SourceFile(path: "pin.yml", text: """
            version: 1
            hosts: [www.pinterest.com, pin.it]
            links:
              - url: https://www.pinterest.com/pin/{id:int}
              - url: https://pin.it/{code}
            """)
        let catalogue = try CatalogueLoader().load(files: [file])
        let appIDs = ["ABCDE12345.com.pinterest"]
        var warnings: [String] = []
        let both = try AssociationGeneration.generate(catalogue, named: "pin.yml", appIDs: appIDs, warnings: &warnings)
        #expect(both.contains("\"/?*\"") && both.contains("\"/pin/?*\""))
        #expect(warnings.count == 1 && warnings[0].contains("2 hosts ('www.pinterest.com', 'pin.it')"))
        warnings = []
        let www = try AssociationGeneration.generate(
            catalogue, named: "pin.yml", appIDs: appIDs, host: "WWW.pinterest.com", warnings: &warnings)
        #expect(www.contains("\"/pin/?*\"") && !www.contains("\"/?*\"") && warnings.isEmpty)
        #expect(throws: LoadError.self) {
            try AssociationGeneration.generate(catalogue, named: "pin.yml", appIDs: appIDs, host: "nope.example", warnings: &warnings)
        }
    }

    @Test func anInvalidAppIDInTheCatalogueIsReportedAtItsValue() throws {
        let file = SourceFile(
            path: "shop.yml",
            text: "version: 1\nhosts: [shop.example]\napp_ids: [com.shop.App]\nlinks:\n  - url: https://shop.example/items\n")
        let catalogue = try CatalogueLoader().load(files: [file])
        let error = try #require(throws: LoadError.self) {
            try AssociationGeneration.generate(catalogue, named: "shop.yml")
        }
        #expect(error.location.line == 3)
        #expect(error.location.column == 11)
    }

    @Test func aCatalogueWithNoUniversalLinkGivesAnEmptyComponentsListAndAWarning() throws {
        let file = SourceFile(
            path: "her.yml", text: "version: 1\nschemes: [her]\napp_ids: [ABCDE12345.com.her.App]\nlinks:\n  - url: her://feed\n")
        let catalogue = try CatalogueLoader().load(files: [file])
        var warnings: [String] = []
        let text = try AssociationGeneration.generate(catalogue, named: "her.yml", appIDs: [], warnings: &warnings)
        #expect(text.contains("\"components\": []"))
        #expect(warnings == [Message.noUniversalLinks("her.yml").text])
    }

    @Test func theOutputIsWrittenAndReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-aasa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("apple-app-site-association").path
        try AssociationGeneration.write("{}\n", to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{}\n".utf8))
        try AssociationGeneration.write("{\"applinks\": {}}\n", to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{\"applinks\": {}}\n".utf8))
    }
}
