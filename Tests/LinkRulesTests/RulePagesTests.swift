import Foundation
import Testing
@testable import LinkRules

/// The pages in `rules/` are generated from the rule descriptions; this fails when one is missing, stale or
/// left over, and says how to regenerate them.
@Suite struct RulePagesTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("rules")

    static let regenerate = "regenerate with: swift run linkrules rules --markdown rules/"

    @Test(arguments: RuleRegistry.descriptions.map(\.id))
    func pageIsUpToDate(id: String) throws {
        let rule = try #require(RuleRegistry.rule(withID: id))
        let path = Self.rulesFolder.appendingPathComponent(RuleDocumentation.pageName(id)).path
        let page = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        #expect(page == RuleDocumentation.markdown(rule.description), "rules/\(id).md is out of date: \(Self.regenerate)")
    }

    @Test func indexIsUpToDate() {
        let path = Self.rulesFolder.appendingPathComponent("README.md").path
        let page = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        #expect(page == RuleDocumentation.index(RuleRegistry.descriptions), "rules/README.md is out of date: \(Self.regenerate)")
    }

    @Test func noPageForAnUnknownRule() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.rulesFolder.path)
        let expected = Set(RuleRegistry.descriptions.map { RuleDocumentation.pageName($0.id) } + ["README.md"])
        #expect(Set(pages).subtracting(expected).isEmpty, "stale pages: \(Set(pages).subtracting(expected).sorted())")
    }
}

/// The README's rule table names every rule, so a new rule cannot ship undocumented.
@Suite struct ReadmeTests {
    @Test(arguments: RuleRegistry.descriptions.map(\.id))
    func readmeListsTheRule(id: String) throws {
        let path = RulePagesTests.rulesFolder.deletingLastPathComponent().appendingPathComponent("README.md").path
        let readme = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(readme.contains("[`\(id)`](rules/\(id).md)"), "README.md's rule table lacks '\(id)'")
    }
}
