#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import LinkRules

/// A catalogue large enough for its rules to run as jobs over the cores gets the same findings, in the same
/// order, as when they run one after another on one core: the jobs' findings are joined in job order, the
/// suppressions are collected by a job of their own, and the order of the report never depends on scheduling.
@Suite struct LinterConcurrencyTests {
    /// Generated links (mixed case, unknown keys, aliases, examples, `lint: { ignore: [lowercase] }`) with a
    /// `# linkrules:ignore` comment before some of them, one naming an unknown rule and one that silences nothing.
    static func catalogue(links: Int) throws -> Catalogue {
        var text = GeneratedCatalogues.text(links: links, seed: 11)
        var count = 0
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasSuffix("# a comment between entries") else { return String(line) }
            count += 1
            switch count % 5 {
            case 0: return "  # linkrules:ignore lowercase, unknown-key -- generated"
            case 1: return "  # linkrules:ignore lowercas"
            case 2: return "  # linkrules:ignore duplicate-link"
            default: return String(line)
            }
        }.joined(separator: "\n")
        return try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
    }

    @Test func findingsAreTheSameWhetherTheRulesRunConcurrentlyOrNot() throws {
        let catalogue = try Self.catalogue(links: 3 * Linter.linksPerChunk)
        var linter = try Linter()
        let concurrent = linter.lint(catalogue)
        linter.runsRulesConcurrently = false
        let sequential = linter.lint(catalogue)
        #expect(concurrent == sequential)
        // The catalogue exercises the suppressions: findings silenced, an unknown rule, a suppression unused.
        let rules = Set(concurrent.map(\.ruleID))
        #expect(rules.isSuperset(of: ["lowercase", "invalid-suppression", "unused-suppression"]))
        #expect(concurrent.count > 1000)
    }
}
