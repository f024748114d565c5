import Foundation
import Testing
@testable import LinkRules

/// Each example catalogue under `examples/` gives exactly the findings its comments promise, linted the way
/// `linkrules lint FILE` lints it from the repository root (with the configuration found for it).
@Suite struct ExampleCataloguesTests {
    /// One finding, as the example comments describe it: a rule on a line.
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var line: Int

        init(_ rule: String, _ line: Int) {
            self.rule = rule
            self.line = line
        }

        var description: String { "\(rule)@\(line)" }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Lints catalogue files given relative to the repository root, as one catalogue, and returns every finding's
    /// rule and line (in the first file named).
    static func findings(_ paths: String...) throws -> Set<Finding> {
        let workspace = try Workspace(files: paths, configPath: nil, workingDirectory: repositoryRoot)
        let result = try LintSession(workspace: workspace).run()
        return Set(result.diagnostics.map { Finding($0.ruleID, $0.location.line) })
    }

    @Test func paymentsCatalogueOfSeed001() throws {
        let expected: Set<Finding> = [
            Finding("unreachable-route", 29),  // transaction/latest after transaction/{transaction_id}
            Finding("duplicate-link", 34),  // pay?order_id={id:int} again
            Finding("placeholder-style", 38),  // orders/:order_id/receipt
            Finding("example-mismatch", 45),  // orders/A-1001 is not an int id
            Finding("unknown-barrier", 52),  // authentification
        ]
        let found = try Self.findings("examples/payments/links.yml")
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }

    @Test func herCatalogueOfSeed000() throws {
        let expected: Set<Finding> = [
            Finding("plural-resource-nouns", 44),  // feed/community/9
            Finding("plural-resource-nouns", 47),  // feed/post/23423
            Finding("no-separators", 50),  // my_profile
            Finding("malformed-trailing-id", 53),  // ads/12/5
            Finding("modal-terminal", 59),  // premium/location
            Finding("prefer-path-over-query", 62),  // boosts?open=buy
            Finding("consistent-query-params", 65),  // key
            Finding("consistent-query-params", 67),  // origin_identifier
            Finding("redundant-tab-switch", 70),  // feed/myprofile
            Finding("lowercase", 73),  // MyProfile/Verification
            Finding("unknown-query-param", 77),  // feed/verification?origin=home
        ]
        let found = try Self.findings("examples/her/links.yml")
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }

    @Test func exfeCatalogueOfSeed003() throws {
        let expected: Set<Finding> = [
            Finding("placeholder-style", 42),  // the seed's own !%CROSS_ID% form
            Finding("credential-in-url", 53),  // token in the sign-in link
            Finding("credential-in-url", 58),
            Finding("param-group", 58),  // user_id and token without username
            Finding("host-consistency", 62),  // the deprecated exfe://crosses/… form
            Finding("link-sunset", 63),  // deprecated: true, with no replaced_by (a warning)
        ]
        let found = try Self.findings("examples/exfe/links.yml")
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }

    /// Every finding as `rule file:line`, for catalogues whose findings span several files.
    static func findingsWithFiles(_ path: String) throws -> Set<String> {
        let workspace = try Workspace(files: [path], configPath: nil, workingDirectory: repositoryRoot)
        let result = try LintSession(workspace: workspace).run()
        return Set(result.diagnostics.map { "\($0.ruleID) \($0.location.file):\($0.location.line)" })
    }

    @Test func coordinatorCatalogueOfSeed002() throws {
        let expected: Set<Finding> = [
            Finding("credential-in-url", 32),  // the seed's payload carries "authToken": "secretToken"
            Finding("payload-invalid", 35),  // a push wrapped in 'screen' instead of 'path'
            Finding("modal-terminal", 38),  // a push after presenting the paywall modal
        ]
        let found = try Self.findings("examples/coordinator/links.yml")
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }

    @Test func cookpadCatalogueOfSeed004() throws {
        let expected: Set<String> = [
            "aasa-invalid examples/cookpad/apple-app-site-association:7",  // an app id that is not TEAMID.bundle.id
            "aasa-coverage examples/cookpad/apple-app-site-association:24",  // a pattern no link uses (info)
            "aasa-coverage examples/cookpad/links.yml:29",  // excluded by '/recipes/*/edit'
            "universal-link-https examples/cookpad/links.yml:34",  // http://cookpad.com/search/chicken
        ]
        let found = try Self.findingsWithFiles("examples/cookpad/links.yml")
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }
}
