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

/// The app is the unit: a file that a configuration lists is linted with the rest of its app.
@Suite struct AppUnitTests {
    @Test func aListedFileBringsItsWholeApp() {
        let app = ["app.links.yml", "feed/feed.links.yml"]
        #expect(Workspace.catalogues(named: ["feed/feed.links.yml"], app: app, workingDirectory: "/repo") == app)
        #expect(Workspace.catalogues(named: ["./feed/../feed/feed.links.yml"], app: app, workingDirectory: "/repo") == app)
        #expect(Workspace.catalogues(named: ["/repo/app.links.yml", "extra.yml"], app: app, workingDirectory: "/repo")
            == app + ["extra.yml"])
        #expect(Workspace.catalogues(named: ["other/links.yml"], app: app, workingDirectory: "/repo") == ["other/links.yml"])
        #expect(Workspace.catalogues(named: [], app: app, workingDirectory: "/repo") == app)
    }

    // The split the README recommends: barriers and components in app.links.yml, a feature's links in its own file.
    @Test func aStagedFeatureFileIsLintedWithTheDeclarationsOfItsApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("feed"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ text: String, _ path: String) throws {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try write("catalogues: [app.links.yml, feed/feed.links.yml]\n", ".linkrules.yml")
        try write("version: 1\nbarriers: [login]\nlinks:\n  - url: her://feed\n", "app.links.yml")
        try write("version: 1\nlinks:\n  - url: her://feed/communities/{id:int}\n    barrier: login\n", "feed/feed.links.yml")

        let workspace = try Workspace(files: ["feed/feed.links.yml"], configPath: nil, workingDirectory: root.path)
        #expect(workspace.cataloguePaths == ["app.links.yml", "feed/feed.links.yml"])
        let result = try LintSession(workspace: workspace).run()
        #expect(!result.diagnostics.contains { $0.ruleID == "unknown-barrier" })

        let feedAlone = try CatalogueLoader.read(
            path: root.appendingPathComponent("feed/feed.links.yml").path, displayName: "feed/feed.links.yml")
        let alone = try LintSession(workspace: workspace).lint(files: [feedAlone])
        #expect(alone.diagnostics.contains { $0.ruleID == "unknown-barrier" })
    }
}
