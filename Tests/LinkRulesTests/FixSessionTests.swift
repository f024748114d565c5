import Foundation
import Testing
@testable import LinkRules

/// A fresh folder of catalogue files for fixing, removed by `remove()`.
struct FixFolder {
    let path: String

    init(files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-fix-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    /// The HER example catalogue of the repository, copied as `links.yml`.
    static func herExample() throws -> FixFolder {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/her/links.yml")
        return try FixFolder(files: ["links.yml": String(decoding: try Data(contentsOf: example), as: UTF8.self)])
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    func read(_ name: String = "links.yml") throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
    }

    /// A fix session over `names` (relative to the folder, which is the working directory).
    func session(_ names: [String] = ["links.yml"], unsafe: Bool, registry: [any Rule.Type]? = nil,
                 maximumPasses: Int = 10) throws -> FixSession {
        let workspace = try Workspace(files: names, configPath: nil, workingDirectory: path)
        let lintSession: LintSession
        if let registry {
            lintSession = LintSession(workspace: workspace, linter: try Linter(configuration: workspace.configuration, registry: registry))
        } else {
            lintSession = try LintSession(workspace: workspace)
        }
        return FixSession(lintSession: lintSession, includesUnsafe: unsafe, maximumPasses: maximumPasses)
    }

    /// Runs a fix session over `names`.
    func fix(_ names: [String] = ["links.yml"], unsafe: Bool, registry: [any Rule.Type]? = nil,
             maximumPasses: Int = 10) throws -> FixResult {
        try session(names, unsafe: unsafe, registry: registry, maximumPasses: maximumPasses).run()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Lines that are comments (after any indentation), in order.
private func commentLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("#") }
}

/// Applies a unified diff to the folder with the system `patch`, in a copy of the file.
private func patched(_ original: String, with diff: String) throws -> String {
    let folder = try FixFolder(files: ["links.yml": original, "change.diff": diff])
    defer { folder.remove() }
    let result = try runCommand("/usr/bin/patch", ["-s", "-p1", "-i", "change.diff"], in: URL(fileURLWithPath: folder.path))
    #expect(result.status == 0, "\(result.errors)")
    return try folder.read()
}

/// Every link's URL and aliases by position, for comparing catalogues before and after fixing.
private func urlsAndAliases(_ text: String, path: String = "links.yml") throws -> [(url: String, aliases: [String])] {
    try CatalogueLoader().load(files: [SourceFile(path: path, text: text)]).links.map { ($0.url.value, $0.aliases.map(\.value)) }
}

@Suite struct FixSessionTests {
    @Test func diffShowsEveryFixAndWritesNothing() throws {
        let folder = try FixFolder.herExample()
        defer { folder.remove() }
        let original = try folder.read()
        let result = try folder.fix(unsafe: true)
        let diff = result.diff()
        #expect(try folder.read() == original)
        #expect(diff.hasPrefix("--- a/links.yml\n+++ b/links.yml\n@@ "))
        // Every line holding a finding with a fix is taken out, and the diff gives exactly the fixed text.
        let before = try folder.session(unsafe: true).lintSession.lint(files: result.originalFiles)
        let fixable = before.diagnostics.filter { !$0.fixes.isEmpty }
        #expect(fixable.count == 8)
        for diagnostic in fixable {
            let line = before.sources["links.yml"]!.lineText(diagnostic.location.line)
            #expect(diff.contains("\n-" + line + "\n"), "\(diagnostic.ruleID): \(line)")
        }
        #expect(try patched(original, with: diff) == result.fixedFiles[0].text)
        #expect(result.summary(written: false) == "would fix 8 findings in 1 file, keeping 7 old URLs as aliases; 3 findings would remain")
    }

    @Test func fixingWithUnsafeFixesKeepsCommentsAndOldURLsAndLeavesNothingFixable() throws {
        let folder = try FixFolder.herExample()
        defer { folder.remove() }
        let original = try folder.read()
        let result = try folder.fix(unsafe: true)
        #expect(try FixSession.write(result) == ["links.yml"])
        let fixed = try folder.read()
        #expect(fixed == result.fixedFiles[0].text)
        #expect(commentLines(fixed) == commentLines(original))
        #expect(fixed.contains("  - url: her://feed/communities/9\n    aliases: [her://feed/community/9]\n"))
        #expect(fixed.contains("  - url: her://boosts/purchase\n    aliases: ['her://boosts?open=buy']\n"))
        // Links are case-insensitive: lowercasing keeps no alias.
        #expect(fixed.contains("  - url: her://myprofile/verification\n\n"))

        let old = try urlsAndAliases(original)
        let new = try urlsAndAliases(fixed)
        #expect(old.count == new.count)
        var changed = 0
        for (before, after) in zip(old, new) where before.url.lowercased() != after.url.lowercased() {
            changed += 1
            #expect(after.aliases == before.aliases + [before.url])
        }
        #expect(changed == 7)
        #expect(result.keptAliases == 7)
        #expect(result.remaining.diagnostics.allSatisfy { $0.fixes.isEmpty })
        // 'her://feed/communities/9' is shadowed by '{id:int}', but it keeps opening through its new alias
        // 'her://feed/community/9', so it is not reported as never opened.
        // 'her://my_profile/verification' is not renamed: 'her://MyProfile/Verification' is that route already, and
        // the rename would make a duplicate link (the finding says so in a note instead of offering the fix).
        #expect(result.remaining.diagnostics.map(\.ruleID).sorted()
                == ["malformed-trailing-id", "no-separators", "unknown-query-param"])
        let separators = try #require(result.remaining.diagnostics.first { $0.ruleID == "no-separators" })
        #expect(separators.notes.contains { $0.message.text.hasPrefix("no fix is offered: 'her://myprofile/verification'") })
        #expect(result.summary(written: true) == "fixed 8 findings in 1 file, keeping 7 old URLs as aliases; 3 findings remain")

        let second = try folder.fix(unsafe: true)
        #expect(second.changedFiles.isEmpty)
        #expect(second.fixedFindings.isEmpty)
        #expect(second.diff().isEmpty)
        #expect(try FixSession.write(second).isEmpty)
        #expect(try folder.read() == fixed)
        #expect(second.summary(written: true) == "nothing to fix; 3 findings remain")
    }

    @Test func safeFixesAloneOnlyLowercase() throws {
        let folder = try FixFolder.herExample()
        defer { folder.remove() }
        let original = try folder.read()
        let result = try folder.fix(unsafe: false)
        try FixSession.write(result)
        let fixed = try folder.read()
        let expected = original.replacingOccurrences(
            of: "  - url: her://MyProfile/Verification\n", with: "  - url: her://myprofile/verification\n")
        #expect(fixed == expected)
        #expect(result.fixedFindings.map(\.ruleID) == ["lowercase"])
        #expect(result.summary(written: true)
                == "fixed 1 finding in 1 file; 10 findings remain (7 more fixable with --unsafe-fixes)")
        #expect(try folder.fix(unsafe: false).changedFiles.isEmpty)
    }

    @Test func exitCodesFollowRuffs() throws {
        let folder = try FixFolder(files: ["links.yml": "version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed\n"])
        defer { folder.remove() }
        let result = try folder.fix(unsafe: false)
        #expect(result.remaining.diagnostics.isEmpty)
        #expect(result.exitCode(written: false) == 1)  // --diff: there is something to change
        #expect(result.exitCode(written: true) == 0)  // --fix: nothing remains
        #expect(result.exitCode(written: true, exitNonZeroOnFix: true) == 1)
        try FixSession.write(result)
        let second = try folder.fix(unsafe: false)
        #expect(second.exitCode(written: false) == 0)
        #expect(second.exitCode(written: true, exitNonZeroOnFix: true) == 0)
        #expect(second.summary(written: false) == "nothing would be fixed; no findings would remain")

        let her = try FixFolder.herExample()
        defer { her.remove() }
        let failing = try her.fix(unsafe: true)
        try FixSession.write(failing)
        let again = try her.fix(unsafe: true)
        #expect(again.changedFiles.isEmpty && again.remaining.fails)
        #expect(again.exitCode(written: false) == 0)  // --diff: nothing to change, whatever remains
        #expect(again.exitCode(written: true) == 1)  // --fix: the trailing id is still an error
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let folder = try FixFolder.herExample()
        defer { folder.remove() }
        let result = try folder.fix(unsafe: true)
        let edited = try folder.read() + "  - url: her://feed/added-meanwhile\n"
        try folder.write("links.yml", edited)
        #expect(throws: FixError.fileChangedOnDisk(file: "links.yml")) { try FixSession.write(result) }
        #expect(try folder.read() == edited)
    }

    @Test func noFileOfACatalogueIsWrittenWhenOneOfThemChanged() throws {
        let folder = try FixFolder(files: [
            "a.yml": "version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed\n",
            "b.yml": "version: 1\nlinks:\n  - url: her://Settings\n",
        ])
        defer { folder.remove() }
        let result = try folder.fix(["a.yml", "b.yml"], unsafe: false)
        #expect(result.changedFiles == ["a.yml", "b.yml"])
        try folder.write("b.yml", "version: 1\nlinks:\n  - url: her://Settings/Changed\n")
        #expect(throws: FixError.fileChangedOnDisk(file: "b.yml")) { try FixSession.write(result) }
        #expect(try folder.read("a.yml") == "version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed\n")
    }

    @Test func aFixThatBreaksTheCatalogueIsRolledBackAndBlamedOnItsRule() throws {
        let folder = try FixFolder.herExample()
        defer { folder.remove() }
        let original = try folder.read()
        let result = try folder.fix(unsafe: false, registry: RuleRegistry.all + [BreakingFixRule.self])
        #expect(result.rolledBack.map(\.ruleID) == ["test-breaking-fix"])
        let message = result.rolledBack[0].description
        #expect(message.hasPrefix("the fix of 'test-breaking-fix' produced a catalogue that no longer loads: links.yml:"))
        // The other safe fix still applies; the broken one is not in the text and its finding remains.
        let expected = original.replacingOccurrences(
            of: "  - url: her://MyProfile/Verification\n", with: "  - url: her://myprofile/verification\n")
        #expect(result.fixedFiles[0].text == expected)
        #expect(result.fixedFindings.map(\.ruleID) == ["lowercase"])
        #expect(result.remaining.diagnostics.contains { $0.ruleID == "test-breaking-fix" })
    }

    @Test func fixesThatNeverSettleAreAnError() throws {
        let folder = try FixFolder(files: ["links.yml": "version: 1\nlinks:\n  - url: her://feed\n"])
        defer { folder.remove() }
        #expect(throws: FixError.didNotConverge(file: "links.yml", passes: 4)) {
            try folder.fix(unsafe: false, registry: [GrowingFixRule.self], maximumPasses: 4)
        }
        #expect(try folder.read() == "version: 1\nlinks:\n  - url: her://feed\n")
    }

    @Test func aRenameAcrossFilesChangesEveryFileAndKeepsAliasesInEach() throws {
        let folder = try FixFolder(files: [
            "app.yml": """
                version: 1
                schemes: [her]
                components:
                  feed: { kind: tab }
                  community: { kind: collection, id: int }   # renamed by the fix
                links:
                  - url: her://feed/community/{id:int}

                """,
            "module.yml": """
                version: 1
                links:
                  # the module's link
                  - { url: 'her://feed/community/9', title: Nine }

                """,
        ])
        defer { folder.remove() }
        let result = try folder.fix(["app.yml", "module.yml"], unsafe: true)
        try FixSession.write(result)
        #expect(try folder.read("app.yml") == """
            version: 1
            schemes: [her]
            components:
              feed: { kind: tab }
              communities: { kind: collection, id: int }   # renamed by the fix
            links:
              - url: her://feed/communities/{id:int}
                aliases: ['her://feed/community/{id:int}']

            """)
        #expect(try folder.read("module.yml") == """
            version: 1
            links:
              # the module's link
              - { url: 'her://feed/communities/9', aliases: [her://feed/community/9], title: Nine }

            """)
        #expect(result.fixedFindings.count == 2)
        #expect(result.summary(written: true).hasPrefix("fixed 2 findings in 2 files, keeping 2 old URLs as aliases; "))
    }
}

/// A test-only rule whose fix breaks the YAML: it offers to replace the URL of `her://verification` with an
/// unclosed flow list.
struct BreakingFixRule: LinkRule {
    static let description = RuleDescription(
        id: "test-breaking-fix", scope: .link, defaultSeverity: .warning, summary: "a rule with a broken fix",
        rationale: "test only", source: .users, fix: .safe, triggeringExamples: [], nonTriggeringExamples: [])

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard link.url.value == "her://verification" else { return }
        let edit = TextEdit(location: link.urlLocation, replacement: "[her://verification")
        found.append(context.diagnostic(Self.self, "a broken fix", link: link, span: 0..<3,
                                        fixes: [FixIt(message: "break it", edits: [edit], applicability: .safe)]))
    }
}

/// A test-only rule that always has one more character to add, so fixing never settles.
struct GrowingFixRule: LinkRule {
    static let description = RuleDescription(
        id: "test-growing-fix", scope: .link, defaultSeverity: .warning, summary: "a rule never satisfied",
        rationale: "test only", source: .users, fix: .safe, triggeringExamples: [], nonTriggeringExamples: [])

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let end = link.url.value.utf8.count
        found.append(context.diagnostic(Self.self, "too short", link: link, span: 0..<end,
                                        fixes: [context.urlFix("add one", link, replacing: end..<end, with: "x", applicability: .safe)]))
    }

    /// The HER app's deep-link guide writes `her://my_profile/…` beside its tab `myprofile`. Fixing a link with an
    /// id after it gives one spelling that a lint of the result accepts: the declared `myprofile`, not
    /// `myprofile` then `myprofiles` (a third spelling declared nowhere); with nothing declared, `myprofiles` in
    /// one fix.
    @Test func fixesOfSeveralRulesOnOneComponentCompose() throws {
        let declared = try FixFolder(files: ["links.yml": """
            version: 1
            schemes: [her]
            components:
              myprofile: { kind: tab }
            links:
              - url: her://my_profile/9
            """])
        defer { declared.remove() }
        let result = try declared.fix(unsafe: true)
        #expect(try urlsAndAliases(result.fixedFiles[0].text).map(\.url) == ["her://myprofile/9"])
        let namingRules: Set<String> = ["no-separators", "plural-resource-nouns"]
        #expect(!result.remaining.diagnostics.contains { namingRules.contains($0.ruleID) })

        let bare = try FixFolder(files: ["links.yml": """
            version: 1
            schemes: [her]
            links:
              - url: her://my_profile/9
            """])
        defer { bare.remove() }
        let bareResult = try bare.fix(unsafe: true)
        #expect(try urlsAndAliases(bareResult.fixedFiles[0].text).map(\.url) == ["her://myprofiles/9"])
        #expect(bareResult.passes == 2)  // the rename, then the alias keeping the old URL
        #expect(!bareResult.remaining.diagnostics.contains { namingRules.contains($0.ruleID) })
    }

    /// A web link's path and any query name are read as written: lowercasing them keeps the old spelling as an
    /// alias; a custom scheme's path is case-insensitive, so lowercasing it keeps nothing.
    @Test func lowercasingAWebPathKeepsTheOldURL() throws {
        let folder = try FixFolder(files: ["links.yml": """
            version: 1
            schemes: [hub]
            hosts: [hub.example.com]
            links:
              - url: https://hub.example.com/Blogs/News/{article}
              - url: hub://Blogs
              - url: hub://messages?messageTs={ts}
            """])
        defer { folder.remove() }
        let fixed = try urlsAndAliases(try folder.fix(unsafe: true).fixedFiles[0].text)
        #expect(fixed[0].url == "https://hub.example.com/blogs/news/{article}")
        #expect(fixed[0].aliases == ["https://hub.example.com/Blogs/News/{article}"])
        #expect(fixed[1].url == "hub://blogs" && fixed[1].aliases.isEmpty)
        // A query name is read as written, whatever the scheme.
        #expect(fixed[2].url == "hub://messages?messagets={ts}" && fixed[2].aliases == ["hub://messages?messageTs={ts}"])
    }

    /// With `plural-resource-nouns` off, `no-separators` joins the word and leaves its number as written.
    @Test func theJoinedWordStaysSingularWhilePluralsAreOff() throws {
        let folder = try FixFolder(files: [
            "links.yml": """
                version: 1
                schemes: [her]
                links:
                  - url: her://user_profile/9
                """,
            ".linkrules.yml": "rules: { plural-resource-nouns: off }\n",
        ])
        defer { folder.remove() }
        let result = try folder.fix(unsafe: true)
        #expect(try urlsAndAliases(result.fixedFiles[0].text).map(\.url) == ["her://userprofile/9"])
        #expect(!result.remaining.diagnostics.contains { $0.ruleID == "no-separators" })
    }

    /// A fix that respells a placeholder (`:id` → `{id}`) changes no link the app opens: no alias keeps the old
    /// spelling. A fix that changes the route keeps the old URL.
    @Test func onlyAFixThatChangesTheRouteKeepsTheOldURL() throws {
        let folder = try FixFolder(files: ["links.yml": """
            version: 1
            schemes: [airbnb]
            links:
              - url: airbnb://rooms/:id
              - url: airbnb://wish_lists/{id}
            """])
        defer { folder.remove() }
        let safe = try folder.fix(unsafe: false)
        #expect(try urlsAndAliases(safe.fixedFiles[0].text).map(\.url) == ["airbnb://rooms/{id}", "airbnb://wish_lists/{id}"])
        #expect(try urlsAndAliases(safe.fixedFiles[0].text).allSatisfy(\.aliases.isEmpty))
        #expect(safe.keptAliases == 0)

        let unsafe = try folder.fix(unsafe: true)
        let fixed = try urlsAndAliases(unsafe.fixedFiles[0].text)
        #expect(fixed[0].aliases.isEmpty)
        #expect(fixed[1].url == "airbnb://wishlists/{id}" && fixed[1].aliases == ["airbnb://wish_lists/{id}"])
    }

    /// The HER app's deep-link guide's `her://feed/community/9` → `communities`: renaming `community/{id}` placed
    /// before `communities/{id:int}` would make the later, narrower link unreachable under first-match dispatch
    /// (NoMoreDeepLinkHandler). That fix is held back with a note saying why; the other fixes still apply.
    @Test func aRenameThatWouldMakeALaterLinkUnreachableIsHeldBack() throws {
        let folder = try FixFolder(files: ["links.yml": """
            version: 1
            schemes: [her]
            links:
              - url: her://feed/community/{id}
              - url: her://feed/communities/{id:int}
              - url: her://my_settings
            """])
        defer { folder.remove() }
        let result = try folder.fix(unsafe: true)
        #expect(try urlsAndAliases(result.fixedFiles[0].text).map(\.url)
            == ["her://feed/community/{id}", "her://feed/communities/{id:int}", "her://mysettings"])
        #expect(!result.remaining.diagnostics.contains { $0.ruleID == "unreachable-route" })
        let held = result.remaining.diagnostics.first { $0.ruleID == "plural-resource-nouns" }
        #expect(held?.fixes.isEmpty == true)
        #expect(held?.notes.contains { $0.message.text.contains("a new 'unreachable-route'") } == true)
    }

    /// More fixes than a pass used to split among are still judged one by one: forty harmless renames apply while
    /// the one that would make a link unreachable is held back.
    @Test func harmlessFixesOfALargeCatalogueStillApply() throws {
        var text = "version: 1\nschemes: [her]\nlinks:\n"
        text += "  - url: her://feed/community/{id}\n  - url: her://feed/communities/{id:int}\n"
        for number in 0..<40 { text += "  - url: her://my_page\(number)\n" }
        let folder = try FixFolder(files: ["links.yml": text])
        defer { folder.remove() }
        let result = try folder.fix(unsafe: true)
        let urls = try urlsAndAliases(result.fixedFiles[0].text).map(\.url)
        #expect(urls[0] == "her://feed/community/{id}")
        #expect(urls.dropFirst(2) == ArraySlice((0..<40).map { "her://mypage\($0)" }))
    }
}
