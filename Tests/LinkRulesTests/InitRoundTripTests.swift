import Foundation
import Testing
@testable import LinkRules

/// The round trip of `linkrules init`: one concrete URL per link of each example catalogue (its example, the
/// URL as written, or the test plan's plain values), given to `init` as a URL list, makes a catalogue whose
/// findings are the same rules on the same links, except the rules named below with the reason a URL list cannot
/// reproduce them.
@Suite struct InitRoundTripTests {
    /// A rule's finding on one link (by the URL given to init), or on no link (`nil`: the catalogue's files).
    struct Finding: Hashable, CustomStringConvertible {
        var url: String?
        var rule: String
        var description: String { "\(rule)@\(url ?? "-")" }
    }

    /// Rules whose findings the round trip loses or gains, per example, with the reason.
    static let expectedDifferences: [String: [String: String]] = [
        "her": [
            "modal-terminal": "the modal kind of 'location' is a components: declaration a URL list cannot carry",
            "redundant-tab-switch": "tabs are declared, never seen in URLs",
            // Kept on boosts' origin_identifier (init guesses tracking-origin for names with 'origin'), lost on premium's key.
            "consistent-query-params": "'key' means an origin only by the HER app's declaration (role: tracking-origin); from its name alone init cannot tell",
            "unknown-query-param": "init declares every query parameter it sees",
        ],
        "cookpad": [
            "aasa-coverage": "the association file is named by the aasa: key, which a URL list cannot carry",
            "aasa-invalid": "the association file is named by the aasa: key, which a URL list cannot carry",
        ],
        "coordinator": [
            "payload-invalid": "the payload's schema (payloads:) is a declaration a URL list cannot carry",
            "modal-terminal": "it reads the payload's navigation steps, declared under payloads:",
        ],
        "exfe": [
            "param-group": "param groups are declarations",
            "placeholder-style": "the test plan's value for ':name' is a concrete URL; init writes braces",
            "link-sunset": "deprecated: with a sunset is a declaration a URL list cannot carry",
        ],
        "payments": [
            "example-mismatch": "init writes the example it was given, so the link matches it",
            "placeholder-style": "the test plan's value for ':order_id' is a concrete URL; init writes braces",
            "duplicate-link": "init makes the URLs of one route one link, so the route written twice is written once",
            "unreachable-route": "init types the id it saw (789) as {transaction_id:int}, which does not accept 'latest', so the literal link after it is reached; the example's placeholder is untyped",
            "unknown-barrier": "barriers are declarations a URL list cannot carry",
            "plural-resource-nouns": "the example silences it on that link (lint: { ignore: … }), a declaration a URL list cannot carry",
        ],
        "platforms": [
            "aasa-invalid": "platform files are named by the android:, ios: and aasa: keys, which a URL list cannot carry",
            "aasa-coverage": "platform files are named by the aasa: key",
            "android-filter-invalid": "platform files are named by the android: keys",
            "android-filter-overreach": "platform files are named by the android: keys",
            "android-link-unhandled": "platform files are named by the android: keys",
            "android-autoverify": "platform files are named by the android: keys",
            "assetlinks-invalid": "platform files are named by the android: keys",
            "ios-domain-unassociated": "platform files are named by the ios: keys",
            "ios-scheme-unregistered": "platform files are named by the ios: keys",
        ],
    ]

    /// The URL as init writes it in an example: a credential's value redacted, in the query, the fragment, the
    /// authority or a Base64 JSON payload.
    static func redacted(_ url: String) -> String {
        let example = InitSourceReader.generalised(url, source: "urls.txt", line: 1).examples[0]
        let names = LinkTemplateParser(hosts: []).parse(example).query.map(\.name).filter(QueryInference.isCredential)
        return QueryInference.redacting(names, in: example)
    }

    /// The link a finding in `file` at `line` belongs to: the last link entry starting at or before it.
    static func owner(_ line: Int, in starts: [(line: Int, url: String)]) -> String? {
        starts.last { $0.line <= line }?.url
    }

    @Test(arguments: ["her", "cookpad", "coordinator", "exfe", "payments", "platforms"])
    func initOnAnExamplesURLsFindsWhatTheExampleFinds(name: String) throws {
        let root = ExampleCataloguesTests.repositoryRoot
        let path = "examples/\(name)/links.yml"
        let workspace = try Workspace(files: [path], configPath: nil, workingDirectory: root)

        // One concrete URL per link, by where the link is written.
        var chosen: [(line: Int, url: String)] = []
        for route in try TestPlanSession(workspace: workspace).run(androidPackage: nil).routes where route.aliasOf == nil {
            let pick = ["example", "the link as written", "plain values"].lazy.compactMap { label in
                route.cases.first { $0.label == label }?.url
            }.first
            if let pick { chosen.append((route.location.line, pick)) }
        }
        #expect(!chosen.isEmpty)

        var original = Set<Finding>()
        for diagnostic in try LintSession(workspace: workspace).run().diagnostics {
            let url = diagnostic.location.file == path ? Self.owner(diagnostic.location.line, in: chosen) : nil
            original.insert(Finding(url: url, rule: diagnostic.ruleID))
        }

        let list = chosen.map(\.url).joined(separator: "\n") + "\n"
        let text = try InitSession().run(sources: [SourceFile(path: "urls.txt", text: list)]).catalogue
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "init.yml", text: text)])
        // The init catalogue's links by the URL each was made from.
        let starts = catalogue.links.compactMap { link in
            chosen.first { chosen in link.examples.contains { $0.value == Self.redacted(chosen.url) } }.map { (link.line, $0.url) }
        }
        var roundTrip = Set<Finding>()
        for diagnostic in try Linter().lint(catalogue) {
            roundTrip.insert(Finding(url: Self.owner(diagnostic.location.line, in: starts), rule: diagnostic.ruleID))
        }

        let differing = Set(original.symmetricDifference(roundTrip).map(\.rule))
        let expected = Set((Self.expectedDifferences[name] ?? [:]).keys)
        #expect(
            differing == expected,
            """
            unexplained: \(differing.subtracting(expected).sorted()), explained but gone: \(expected.subtracting(differing).sorted())
            lost: \(original.subtracting(roundTrip).map(\.description).sorted())
            gained: \(roundTrip.subtracting(original).map(\.description).sorted())
            """)
    }
}
