import Foundation
import Testing
@testable import LinkRules

/// The EXFE example catalogue (seed 003) gives exactly the scheme, host and security findings its comments promise.
@Suite struct ExampleCataloguesSecurityTests {
    static let examplesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    /// The rules of this area; other areas' rules are left to their own tests.
    static let securityRuleIDs: Set<String> = [
        "scheme-not-allowed", "host-not-allowed", "credential-in-url", "untrusted-url-param", "url-too-long",
        "param-group", "host-consistency", "universal-link-https",
    ]

    /// A finding reduced to what the example's comments promise: which rule, on which line.
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var line: Int
        var description: String { "\(rule)@\(line)" }
    }

    static func findings(in example: String) throws -> Set<Finding> {
        let path = examplesFolder.appendingPathComponent(example).path
        let catalogue = try CatalogueLoader().load(paths: [path])
        let diagnostics = try Linter().lint(catalogue)
        return Set(diagnostics.filter { securityRuleIDs.contains($0.ruleID) }.map { Finding(rule: $0.ruleID, line: $0.location.line) })
    }

    @Test func exfeCatalogueGivesExactlyTheFindingsItsCommentsPromise() throws {
        let expected: Set<Finding> = [
            Finding(rule: "credential-in-url", line: 53),
            Finding(rule: "param-group", line: 58),
            Finding(rule: "credential-in-url", line: 58),
            Finding(rule: "host-consistency", line: 62),
        ]
        let found = try Self.findings(in: "exfe/links.yml")
        #expect(found == expected, "missing \(expected.subtracting(found).sorted { $0.line < $1.line }), unexpected \(found.subtracting(expected).sorted { $0.line < $1.line })")
    }
}
