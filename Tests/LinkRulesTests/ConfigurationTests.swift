import Foundation
import Testing
@testable import LinkRules

/// `.linkrules.yml`: typed settings, errors with positions, and their effect on a lint.
@Suite struct ConfigurationTests {
    func configuration(_ text: String) throws -> Configuration {
        try ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", text: text), directory: ".")
    }

    func lint(_ catalogue: String, config: String) throws -> [Diagnostic] {
        let linter = try Linter(configuration: try configuration(config))
        return linter.lint(try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: catalogue)]))
    }

    @Test func readsEverySetting() throws {
        let config = try configuration(
            """
            catalogues: [a.yml, b.yml]
            fail_on: error
            baseline: .linkrules-baseline.json
            rules:
              plural-resource-nouns: error
              redundant-tab-switch: off
              unknown-query-param: { severity: info, global: [utm_source] }
            inflections: { irregular: { cactus: cacti }, uncountable: [staff] }
            """)
        #expect(config.catalogues == ["a.yml", "b.yml"])
        #expect(config.failOn == .severity(.error))
        #expect(config.baseline == ".linkrules-baseline.json")
        #expect(config.rules["plural-resource-nouns"]?.severity == .error)
        #expect(config.rules["redundant-tab-switch"]?.enabled == false)
        #expect(config.rules["unknown-query-param"]?.severity == .info)
        #expect(config.inflector.pluralize("cactus") == "cacti")
        #expect(config.inflector.isUncountable("staff"))
    }

    @Test(arguments: [
        ("fail_on: sometimes\n", 1, 10, "'sometimes' is not a valid value for 'fail_on'"),
        ("rulez: {}\n", 1, 1, "did you mean 'rules'"),
        ("rules:\n  plural-resource-noun: error\n", 2, 3, "did you mean 'plural-resource-nouns'"),
        ("rules:\n  lowercase: loud\n", 2, 14, "'loud' is not a valid value for 'lowercase'"),
        ("rules:\n  consistent-query-params: { synonym: [[a, b]] }\n", 2, 30, "did you mean 'synonyms'"),
        ("rules:\n  lowercase: { max: 3 }\n", 2, 16, "the rule takes no options"),
        ("rules:\n  consistent-query-params: { synonyms: [a, b] }\n", 2, 41, "each group"),
        ("inflections: { plural: {} }\n", 1, 16, "unknown key 'plural'"),
        ("catalogues: [a.yml\n", 1, 13, "unclosed '['"),
    ])
    func invalidSettingsAreErrorsWithPositions(text: String, line: Int, column: Int, message: String) {
        do {
            let config = try configuration(text)
            _ = try Linter(configuration: config)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch let error as LoadError {
            #expect(error.location.file == ".linkrules.yml")
            #expect(error.location.line == line, "\(error)")
            #expect(error.location.column == column, "\(error)")
            #expect(error.message.text.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func severitiesAndDisabledRulesApply() throws {
        let catalogue = "version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed/community/9\n"
        let defaults = try lint(catalogue, config: "")
        #expect(Set(defaults.map(\.ruleID)) == ["lowercase", "plural-resource-nouns"])
        let configured = try lint(catalogue, config: "rules:\n  lowercase: off\n  plural-resource-nouns: error\n")
        #expect(configured.map(\.ruleID) == ["plural-resource-nouns"])
        #expect(configured.first?.severity == .error)
    }

    @Test func failThresholds() {
        #expect(FailThreshold("warning")?.fails(.warning) == true)
        #expect(FailThreshold("warning")?.fails(.info) == false)
        #expect(FailThreshold("error")?.fails(.warning) == false)
        #expect(FailThreshold("never")?.fails(.error) == false)
        #expect(FailThreshold("loud") == nil)
    }

    @Test func inflectionsReachTheRules() throws {
        let catalogue = "version: 1\nschemes: [her]\nlinks:\n  - url: her://cactus/9\n"
        let diagnostics = try lint(catalogue, config: "inflections: { irregular: { cactus: cacti } }\n")
        #expect(diagnostics.first?.message.text.contains("'cacti'") == true)
        #expect(try lint(catalogue, config: "inflections: { uncountable: [cactus] }\n").isEmpty)
    }

    @Test func nearestConfigurationWinsAndPathsResolveAgainstIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-config-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("app/feature")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "fail_on: error\n".write(to: root.appendingPathComponent(".linkrules.yml"), atomically: true, encoding: .utf8)
        try "catalogues: [links.yml]\nfail_on: info\n".write(
            to: root.appendingPathComponent("app/.linkrules.yml"), atomically: true, encoding: .utf8)
        try "version: 1\nlinks:\n  - url: her://feed\n".write(
            to: nested.appendingPathComponent("links.yml"), atomically: true, encoding: .utf8)

        let fromFile = try Workspace(files: ["app/feature/links.yml"], configPath: nil, workingDirectory: root.path)
        #expect(fromFile.configuration.failOn == .severity(.info))
        #expect(fromFile.cataloguePaths == ["app/feature/links.yml"])

        let fromDirectory = try Workspace(files: [], configPath: nil, workingDirectory: root.appendingPathComponent("app").path)
        #expect(fromDirectory.cataloguePaths == ["links.yml"])

        let atRoot = try Workspace(files: [], configPath: nil, workingDirectory: root.path)
        #expect(atRoot.configuration.failOn == .severity(.error))
        #expect(atRoot.cataloguePaths.isEmpty)
    }
}
