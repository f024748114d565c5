import Foundation
import Testing
@testable import LinkRules

/// A fresh folder for a baseline round trip: catalogue files are written into it and linted as the command does,
/// with the folder as the working directory. Removed afterwards.
private final class BaselineFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-baseline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
    }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    /// `linkrules lint FILES [--baseline reading] [--write-baseline writing]` run in this folder.
    func lint(_ files: [String] = ["links.yml"], reading: String? = nil, writing: String? = nil) throws -> BaselineOutcome {
        let workspace = try Workspace(files: files.map { path + "/" + $0 }, configPath: nil, workingDirectory: path)
        let result = try LintSession(workspace: workspace).run()
        return try BaselineSession(workspace: workspace).apply(to: result, reading: reading, writing: writing)
    }
}

@Suite struct BaselineTests {
    static let catalogue = """
        version: 1
        schemes: [her]
        components:
          communities: { kind: collection, id: int }
        links:
          - url: her://feed/community/9
          - url: her://Feed/verification
          - url: her://my_profile
          - url: her://feed/communities/{id:int}

        """

    /// The catalogue with its links in reverse order and the header comment lines moved.
    static let reordered = """
        # Reordered: every finding is on another line now.
        version: 1
        schemes: [her]
        components:
          communities: { kind: collection, id: int }
        links:
          - url: her://feed/communities/{id:int}
            title: One community
          - url: her://my_profile
          - url: her://Feed/verification
          - url: her://feed/community/9

        """

    @Test func roundTripWriteThenRelintIsClean() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        let written = try folder.lint(writing: "baseline.json")
        #expect(written.writtenCount == 3)
        #expect(written.result.diagnostics.isEmpty)
        #expect(!written.result.fails)

        let relinted = try folder.lint(reading: "baseline.json")
        #expect(relinted.result.diagnostics.isEmpty)
        #expect(!relinted.result.fails)
        #expect(relinted.acceptedCount == 3)
        #expect(relinted.stale.isEmpty)
        #expect(relinted.staleReport.isEmpty)
    }

    @Test func aNewBadLinkStillFailsAndIsNamed() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        _ = try folder.lint(writing: "baseline.json")
        try folder.write("links.yml", Self.catalogue + "  - url: her://feed/post/12\n")

        let outcome = try folder.lint(reading: "baseline.json")
        #expect(outcome.result.fails)
        #expect(outcome.result.diagnostics.map(\.ruleID) == ["plural-resource-nouns"])
        let finding = try #require(outcome.result.diagnostics.first)
        #expect(finding.message.text.contains("'post'"))
        #expect(finding.location.line == 10)
        #expect(outcome.acceptedCount == 3)
    }

    @Test func reorderingTheCatalogueKeepsItClean() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        _ = try folder.lint(writing: "baseline.json")
        try folder.write("links.yml", Self.reordered)

        let outcome = try folder.lint(reading: "baseline.json")
        #expect(outcome.result.diagnostics.isEmpty)
        #expect(outcome.stale.isEmpty)
    }

    /// A placeholder renamed (the same public link) changes a finding's message, not what it is about: the entry
    /// of its rule and link still takes it.
    @Test func aFindingWhoseMessageAloneChangedKeepsItsEntry() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", "version: 1\nschemes: [duolingo]\nlinks:\n  - url: duolingo://lesson/{n:int}/{m:int}\n")
        _ = try folder.lint(writing: "baseline.json")
        // 'malformed-trailing-id' quotes '{n:int}' in its message.
        #expect(try folder.read("baseline.json").contains("{n:int}"))
        try folder.write("links.yml", "version: 1\nschemes: [duolingo]\nlinks:\n  - url: duolingo://lesson/{step:int}/{m:int}\n")
        let renamed = try folder.lint(reading: "baseline.json")
        #expect(renamed.result.diagnostics.isEmpty, "\(renamed.result.diagnostics.map(\.message))")
        #expect(renamed.stale.isEmpty)
    }

    @Test func fixingAFindingReportsItsEntryAsStale() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        _ = try folder.lint(writing: "baseline.json")
        try folder.write("links.yml", Self.catalogue.replacingAll("her://my_profile", with: "her://myprofile"))

        let outcome = try folder.lint(reading: "baseline.json")
        #expect(outcome.result.diagnostics.isEmpty)
        #expect(outcome.stale.count == 1)
        let stale = try #require(outcome.stale.first)
        #expect(stale.entry.key.rule == "no-separators")
        #expect(stale.entry.key.link == "her://my_profile")
        #expect(stale.unmatchedCount == 1)
        let baselineText = try folder.read("baseline.json")
        let location = try #require(stale.entry.location)
        let entryLine = baselineText.split(separator: "\n", omittingEmptySubsequences: false)[location.line - 1]
        #expect(entryLine.trimmingCharacters(in: .whitespaces) == "{")
        let nextLine = baselineText.split(separator: "\n", omittingEmptySubsequences: false)[location.line]
        #expect(nextLine.contains("\"no-separators\""))
        #expect(
            outcome.staleReport == """
                baseline.json:\(location.line):\(location.column): note: baseline entry matches no finding any more: \
                'no-separators' on 'her://my_profile': \(stale.entry.key.message)
                1 baseline entry matches fewer findings than it accepts: shrink it with \
                'linkrules lint --write-baseline baseline.json'

                """)

        // Writing the baseline again drops the entry.
        _ = try folder.lint(writing: "baseline.json")
        #expect(try BaselineFile.read(path: "baseline.json", workingDirectory: folder.path).entries.count == 2)
        #expect(try folder.lint(reading: "baseline.json").stale.isEmpty)
    }

    @Test func aCountAcceptsOnlyAsManyIdenticalFindings() throws {
        let folder = try BaselineFolder()
        // Two identical findings need two spellings of one route, which `duplicate-link` would also report.
        try folder.write(".linkrules.yml", "rules: { duplicate-link: off }\n")
        let oneBadLink = "version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed\n"
        try folder.write("links.yml", oneBadLink)
        _ = try folder.lint(writing: "baseline.json")
        try folder.write("links.yml", oneBadLink + "  - url: her://Feed\n")

        let outcome = try folder.lint(reading: "baseline.json")
        #expect(outcome.acceptedCount == 1)
        #expect(outcome.result.diagnostics.map { "\($0.ruleID)@\($0.location.line)" } == ["lowercase@5"])

        _ = try folder.lint(writing: "baseline.json")
        #expect(try folder.read("baseline.json").contains("\"count\": 2"))
        #expect(try folder.lint(reading: "baseline.json").result.diagnostics.isEmpty)

        // One of the two fixed: the entry is stale by one.
        try folder.write("links.yml", oneBadLink + "  - url: her://feed\n")
        let partly = try folder.lint(reading: "baseline.json")
        #expect(partly.result.diagnostics.isEmpty)
        #expect(partly.stale.map(\.unmatchedCount) == [1])
        #expect(partly.stale.first?.message.text.hasPrefix("baseline entry matches 1 of its 2 findings: 'lowercase'") == true)
    }

    @Test func theFileIsSortedAndTheSameWhateverTheOrderOfFindings() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        _ = try folder.lint(writing: "a.json")
        try folder.write("links.yml", Self.reordered)
        _ = try folder.lint(writing: "b.json")
        let text = try folder.read("a.json")
        #expect(text == (try folder.read("b.json")))
        #expect(!text.contains("\"line\"") && !text.contains("Line"))
        #expect(text.hasSuffix("}\n"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let findings = try #require(json["findings"] as? [[String: Any]])
        let rules = findings.map { $0["rule"] as? String ?? "" }
        #expect(rules == rules.sorted())
        #expect(Set(findings.flatMap(\.keys)) == ["rule", "link", "message", "count"])

        let decoded = try Baseline(reading: SourceFile(path: "a.json", text: text))
        #expect(decoded.encoded() == text)
    }

    @Test func writingReplacesAnExistingFileAtomicallyAndLeavesNoTemporaryFile() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        try folder.write("baseline.json", "old contents")
        _ = try folder.lint(writing: "baseline.json")
        #expect(try folder.read("baseline.json").hasPrefix("{\n  \"version\": 1,"))
        _ = try folder.lint(writing: "new.json")
        #expect(try folder.entries() == ["baseline.json", "links.yml", "new.json"])
    }

    @Test func configurationBaselineIsResolvedAgainstItsFolder() throws {
        let folder = try BaselineFolder()
        try folder.write("app/links.yml", Self.catalogue)
        try folder.write("app/.linkrules.yml", "catalogues: [links.yml]\nbaseline: ci/baseline.json\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/app/ci", withIntermediateDirectories: true)
        let workspace = try Workspace(files: [], configPath: folder.path + "/app/.linkrules.yml", workingDirectory: folder.path)
        let session = BaselineSession(workspace: workspace)
        let configured = folder.path + "/app/ci/baseline.json"
        #expect(session.baselinePath(named: nil) == configured)
        #expect(session.baselinePath(named: "other.json") == "other.json")

        // The library reads relative paths from the process's folder, which tests do not change.
        let catalogue = SourceFile(path: "app/links.yml", bytes: Array(try folder.read("app/links.yml").utf8))
        #expect(workspace.cataloguePaths == [catalogue.path])
        let result = try LintSession(workspace: workspace).lint(files: [catalogue])
        _ = try session.apply(to: result, reading: nil, writing: "app/ci/baseline.json")
        let outcome = try session.apply(to: result, reading: nil, writing: nil)
        #expect(outcome.baselinePath == configured)
        #expect(outcome.acceptedCount == 3)
        #expect(outcome.result.diagnostics.isEmpty)
    }

    @Test func withoutABaselineTheResultIsUnchanged() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        let outcome = try folder.lint()
        #expect(outcome.baselinePath == nil)
        #expect(outcome.result.diagnostics.count == 3)
    }

    @Test func aMissingBaselineIsALoadError() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        #expect(throws: LoadError.self) { try folder.lint(reading: "missing.json") }
    }

    /// The configuration's baseline missing is said at its `baseline:` line, with how to write it.
    @Test func aMissingConfiguredBaselineIsSaidAtItsLine() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        try folder.write(".linkrules.yml", "catalogues: [links.yml]\nbaseline: ci/baseline.json\n")
        let workspace = try Workspace(files: [], configPath: folder.path + "/.linkrules.yml", workingDirectory: folder.path)
        let result = try LintSession(workspace: workspace).run()
        let error = #expect(throws: LoadError.self) { try BaselineSession(workspace: workspace).apply(to: result, reading: nil, writing: nil) }
        #expect(error?.location.file.hasSuffix(".linkrules.yml") == true)
        #expect(error?.location.line == 2 && error?.location.column == 11)
        #expect(error?.message.text == "the baseline 'ci/baseline.json' does not exist: write it with 'linkrules lint --write-baseline ci/baseline.json'")
    }

    @Test func findingsAboutNoLinkKeyOnTheFileRelativeToTheBaseline() throws {
        let diagnostic = Diagnostic(
            ruleID: "unknown-key", severity: .error, message: "unknown key 'colour'",
            location: SourceLocation(file: "app/links.yml", range: SourceRange(at: SourcePosition(line: 3, column: 1, offset: 20))))
        let fromRoot = BaselineKeying(baselinePath: "ci/baseline.json", workingDirectory: "/repo")
        let fromApp = BaselineKeying(baselinePath: "../ci/baseline.json", workingDirectory: "/repo/app")
        var moved = diagnostic
        moved.location.file = "links.yml"
        #expect(fromRoot.key(for: diagnostic).file == "../app/links.yml")
        #expect(fromRoot.key(for: diagnostic) == fromApp.key(for: moved))
        #expect(fromRoot.key(for: diagnostic).link == nil)
        #expect(BaselineKeying(baselinePath: "/repo/b.json", workingDirectory: "/elsewhere").key(for: diagnostic).file
            == "../elsewhere/app/links.yml")
    }

    @Test func keysAreWrittenAsLinksAreAndOldKeysStillMatch() throws {
        let folder = try BaselineFolder()
        try folder.write("links.yml", Self.catalogue)
        _ = try folder.lint(writing: "baseline.json")
        let written = try folder.read("baseline.json")
        #expect(written.contains("\"link\": \"her://feed/community/9\""))
        #expect(!written.contains(":///"))

        // A baseline written before keys were spelled this way (`her:///feed/…`) accepts the same findings.
        try folder.write("old.json", written.replacingAll("\"her://", with: "\"her:///"))
        #expect(try folder.read("old.json").contains("\"link\": \"her:///feed/community/9\""))
        let outcome = try folder.lint(reading: "old.json")
        #expect(outcome.result.diagnostics.isEmpty)
        #expect(outcome.stale.isEmpty)
        #expect(outcome.acceptedCount == 3)
    }

    @Test(arguments: [
        ("her:///feed/communities/{int}", "her://feed/communities/{int}"),
        ("her://feed/communities/{int}", "her://feed/communities/{int}"),
        ("exfe:///crosses/{}?token={}", "exfe://crosses/{}?token={}"),
        ("exfe:///?token={}", "exfe:///?token={}"),
        ("exfe:///", "exfe:///"),
        ("app:////x", "app:////x"),
        ("her://her.app/feed", "her://her.app/feed"),
        ("https://cookpad.com/recipes/{int}", "https://cookpad.com/recipes/{int}"),
        ("mailto:{}@{}", "mailto:{}@{}"),
    ])
    func routeKeysAreSpelledAsLinksAreWritten(key: String, written: String) {
        #expect(RouteKeySpelling.written(key) == written)
        #expect(RouteKeySpelling.written(written) == written)
    }

    @Test func entriesWithTheSameKeyAddUp() throws {
        let text = """
            {"version": 1, "findings": [
              {"rule": "lowercase", "link": "her:///feed", "message": "m", "count": 2},
              {"rule": "lowercase", "link": "her:///feed", "message": "m"}
            ]}
            """
        let baseline = try Baseline(reading: SourceFile(path: "b.json", text: text))
        #expect(baseline.entries.count == 1)
        #expect(baseline.entries.first?.count == 3)
        #expect(baseline.findingCount == 3)
    }

    @Test(arguments: [
        ("{\"version\": 1, \"findings\": [", "the baseline is not valid JSON", 1),
        ("[]", "the baseline must be a JSON object, found an array", 1),
        ("{\"findings\": []}", "the baseline has no 'version'", 1),
        ("{\"version\": 2, \"findings\": []}", "unsupported baseline version '2'", 1),
        ("{\"version\": 1}", "the baseline has no 'findings'", 1),
        ("{\"version\": 1, \"findings\": [\n {\"rule\": \"x\"}]}", "'findings[0]' has no 'message'", 2),
        ("{\"version\": 1, \"findings\": [\n {\"rule\": \"x\", \"message\": \"m\", \"line\": 3}]}",
         "unknown key 'line' in 'findings[0]'", 2),
        ("{\"version\": 1, \"findings\": [\n {\"rule\": \"x\", \"message\": \"m\", \"count\": 0}]}",
         "'findings[0].count' must be a positive integer, found a number", 2),
        ("{\"version\": 1, \"findings\": [\n {\"rule\": 7, \"message\": \"m\"}]}",
         "'findings[0].rule' must be a string, found a number", 2),
    ])
    func invalidBaselinesAreLoadErrorsWithALocation(text: String, message: String, line: Int) throws {
        let error = try #require(throws: LoadError.self) { try Baseline(reading: SourceFile(path: "b.json", text: text)) }
        #expect(error.message.text.hasPrefix(message), "\(error.message)")
        #expect(error.location.file == "b.json")
        #expect(error.location.line == line)
    }
}
