import Foundation
import Testing
@testable import LinkRules

/// What `linkrules lint` lints when nothing lists the catalogues, and configurations with several problems.
@Suite struct DiscoveryTests {
    /// A temporary folder holding `files` (path: text), removed by the caller.
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-discovery-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func findsCataloguesByThePreCommitHooksNames() throws {
        let catalogue = "version: 1\nlinks:\n  - url: her://feed\n"
        let root = try folder([
            "links.yml": catalogue, "Features/Feed/feed.links.yaml": catalogue, "App/deeplinks.yml": catalogue,
            "mylinks.yml": catalogue, ".links.yml": catalogue, "links.yml.orig": catalogue,
            ".build/checkouts/x/links.yml": catalogue, ".git/links.yml": catalogue, "Packages/y/links.yml": catalogue,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(CatalogueDiscovery.catalogues(in: root.path) == ["App/deeplinks.yml", "Features/Feed/feed.links.yaml", "links.yml"])

        let workspace = try Workspace(files: [], configPath: nil, workingDirectory: root.path, discovers: true)
        #expect(workspace.cataloguePaths == ["App/deeplinks.yml", "Features/Feed/feed.links.yaml", "links.yml"])
        // Without `discovers` (check, explain), nothing is linted that was not named or listed.
        #expect(try Workspace(files: [], configPath: nil, workingDirectory: root.path).cataloguePaths.isEmpty)
    }

    /// A tester's new feature file that the configuration does not list: a lint with no file named skipped it
    /// silently, and the hook linted it without the app's barriers. Both now know it is unlisted.
    @Test func aCatalogueTheConfigurationDoesNotListIsNamed() throws {
        let catalogue = "version: 1\nlinks:\n  - url: her://feed\n"
        let root = try folder([
            ".linkrules.yml": "catalogues: [app.links.yml]\n", "app.links.yml": catalogue,
            "lists/lists.links.yml": catalogue,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let all = try Workspace(files: [], configPath: nil, workingDirectory: root.path, discovers: true)
        #expect(all.cataloguePaths == ["app.links.yml"])
        #expect(all.unlistedCatalogues == ["lists/lists.links.yml"])
        let alone = try Workspace(files: ["lists/lists.links.yml"], configPath: nil, workingDirectory: root.path, discovers: true)
        #expect(alone.unlistedCatalogues == ["lists/lists.links.yml"])
        let listed = try Workspace(files: ["app.links.yml"], configPath: nil, workingDirectory: root.path, discovers: true)
        #expect(listed.unlistedCatalogues.isEmpty)
        // Named beside a listed file, it is linted as part of the app, and said so.
        let both = try Workspace(
            files: ["lists/lists.links.yml", "app.links.yml"], configPath: nil, workingDirectory: root.path, discovers: true)
        #expect(both.cataloguePaths == ["app.links.yml", "lists/lists.links.yml"])
        #expect(both.unlistedCatalogues == ["lists/lists.links.yml"] && both.unlistedCataloguesJoinTheApp)
        #expect(!alone.unlistedCataloguesJoinTheApp)
    }

    @Test func saysWhatItLookedForWhenThereIsNothing() throws {
        let root = try folder(["notes.yml": "a: 1\n", "Sources/mylinks.yml": "a: 1\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: NoCatalogueError.self) {
            try Workspace(files: [], configPath: nil, workingDirectory: root.path, discovers: true)
        }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("error: no catalogue to lint in '\(root.path)': no .linkrules.yml"))
        #expect(text.contains("links.yml, deeplinks.yml or *.links.yml"))
        #expect(!text.contains(":1:1:"))
    }

    /// `explain` finds catalogues as `lint` does, and with none says so without a made-up file position.
    @Test func explainingWithoutACatalogueSaysWhatItLookedFor() throws {
        let empty = try folder(["notes.yml": "a: 1\n"])
        defer { try? FileManager.default.removeItem(at: empty) }
        let workspace = try Workspace(files: [], configPath: nil, workingDirectory: empty.path)
        let error = #expect(throws: NoCatalogueError.self) { try ExplainSession(workspace: workspace).run(url: "her://feed") }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("error: no catalogue to explain the link against in '\(empty.path)'"))
        #expect(text.contains("linkrules explain URL --catalogue links.yml") && !text.contains(":1:1:"))
    }

    @Test func aConfigurationReportsEveryProblemItCanReadPast() throws {
        let text = """
            catalogs: [links.yml]
            fail_on: sometimes
            rules:
              plural-resource-noun: error
              url-too-long: loud
              redundant-tab-switch: off
            inflections: { irregulars: { person: people } }
            """
        let errors = #expect(throws: LoadErrors.self) {
            try ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", text: text), directory: ".")
        }
        let found = errors?.errors.map { "\($0.location.line):\($0.location.column)" } ?? []
        #expect(found == ["1:1", "2:10", "4:3", "5:17", "7:16"])
        #expect(errors?.description.components(separatedBy: "\n").filter { $0.hasPrefix(".linkrules.yml:") }.count == 5)

        // A problem reading cannot go past (a wrong type) ends the list, after those before it.
        let stops = #expect(throws: LoadErrors.self) {
            try ConfigurationLoader().load(
                file: SourceFile(path: ".linkrules.yml", text: "fail_on: sometimes\ncatalogues: { a: 1 }\nrulez: {}\n"), directory: ".")
        }
        #expect(stops?.errors.map(\.location.line) == [1, 2])
        // One problem alone is a plain LoadError, as before.
        #expect(throws: LoadError.self) {
            try ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", text: "fail_on: sometimes\n"), directory: ".")
        }
    }
}
