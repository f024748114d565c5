import Foundation
import Testing
@testable import LinkRules

/// `linkrules check` judges a concrete link the way the catalogue's entry that serves it does: a value the entry
/// takes with a placeholder is data, and a rule the entry ignores is ignored.
@Suite struct CheckSessionTests {
    static func check(_ urls: [String], catalogue: String) throws -> [Diagnostic] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try catalogue.write(to: folder.appendingPathComponent("links.yml"), atomically: true, encoding: .utf8)
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path)
        return try CheckSession(workspace: workspace).run(urls: urls).diagnostics
    }

    /// Obsidian's vault names and Things' arguments, as their catalogues write them.
    static let catalogue = """
        version: 1
        schemes: [obsidian, things]
        links:
          - url: obsidian://open?vault={vault}&file={file?}
          - url: things:///add?title={title}&when={when?}
            lint: { ignore: [lowercase] }
        """

    @Test func aValueTheServingEntryTakesWithAPlaceholderIsData() throws {
        // Alone, 'vault=work' reads as a fixed option to move into the path.
        #expect(try Self.check(["obsidian://open?vault=work"], catalogue: "version: 1\nlinks: []\n").map(\.ruleID) == ["prefer-path-over-query"])
        #expect(try Self.check(["obsidian://open?vault=work"], catalogue: Self.catalogue).isEmpty)
        // What the link spells itself is still judged: the capital in the action is not a value.
        #expect(try Self.check(["obsidian://Open?vault=work"], catalogue: Self.catalogue).map(\.ruleID) == ["lowercase"])
    }

    @Test func aRuleTheServingEntryIgnoresIsIgnored() throws {
        #expect(try Self.check(["things:///ADD?title=Milk"], catalogue: Self.catalogue).isEmpty)
    }
}
