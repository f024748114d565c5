import Foundation
import LinkRules
import Testing

/// Runs README.md's library example (LibraryExample.swift) on the HER example catalogue through the public API
/// alone: the example must build without `@testable` and give what the command line gives.
@Suite struct LibraryExampleTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let her = "examples/her/links.yml"

    @Test func lintReportsTheHERCatalogueFindingsAsSARIF() throws {
        let (report, fails) = try LibraryExample.lintReport(files: [Self.her], in: Self.repository)
        #expect(fails)
        #expect(report.contains("\"version\" : \"2.1.0\"") || report.contains("\"version\": \"2.1.0\""))
        #expect(report.contains("\"ruleId\""))
    }

    @Test func safeFixesOfTheHERCatalogueShowAsADiffOfItsFile() throws {
        let diff = try LibraryExample.safeFixDiff(files: [Self.her], in: Self.repository)
        #expect(diff.contains("+++ "))
        #expect(diff.contains(Self.her))
    }

    @Test func explainNamesTheEntryThatHandlesALink() throws {
        let (text, winner) = try LibraryExample.explain(
            "her://feed/communities/9", files: [Self.her], in: Self.repository)
        #expect(winner == "her://feed/communities/{id:int}")
        #expect(text.contains("her://feed/communities/{id:int}"))
    }

    @Test func renamingALinkComponentIsABreakingChange() throws {
        let text = try String(contentsOfFile: Self.repository + "/" + Self.her, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "her://feed/communities/{id:int}", with: "her://feed/groups/{id:int}")
        #expect(renamed != text)
        let changes = try LibraryExample.breakingChanges(
            base: SourceFile(path: "base.yml", text: text), head: SourceFile(path: "head.yml", text: renamed))
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0.hasPrefix("diff/") })
        #expect(try LibraryExample.breakingChanges(
            base: SourceFile(path: "base.yml", text: text), head: SourceFile(path: "head.yml", text: text)).isEmpty)
    }

    @Test func everyRegisteredRuleIsListedOnce() {
        let rules = LibraryExample.ruleList()
        #expect(rules.count == RuleRegistry.descriptions.count)
        #expect(Set(rules).count == rules.count)
        #expect(rules.contains { $0.hasPrefix("no-separators: ") })
    }
}
