import Foundation
import Testing
@testable import LinkRules

/// `linkrules init` never writes a secret it saw, wherever the URL carried it, and writes the link so that
/// `credential-in-url` still reports it; a catalogue source keeps its `dispatch:` and its order.
@Suite struct InitSecretTests {
    static func initCatalogue(_ sources: [(String, String)]) throws -> String {
        try InitSession().run(sources: sources.map { SourceFile(path: $0.0, text: $0.1) }).catalogue
    }

    /// The rule ids lint reports on a generated catalogue, by the URL of the link they are on.
    static func findings(_ text: String) throws -> [String: [String]] {
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        var found: [String: [String]] = [:]
        for diagnostic in try Linter().lint(catalogue) {
            let link = catalogue.links.last { $0.line <= diagnostic.location.line }
            found[link?.url.value ?? "-", default: []].append(diagnostic.ruleID)
        }
        return found
    }

    @Test func aTokenInTheFragmentIsAPlaceholderAndRedactedInTheExample() throws {
        // The Spotify Web API's implicit grant redirects to the app with the token in the fragment.
        let token = "BQDfG3mZ8xVq2sTq5nJkPzLw"
        let text = try Self.initCatalogue([
            ("urls.txt", "spotify-client://callback#access_token=\(token)&token_type=Bearer&expires_in=3600&state=x1\n")
        ])
        #expect(!text.contains(token))
        let url = "spotify-client://callback#access_token={access_token}&token_type={token_type}&expires_in={expires_in}&state={state}"
        #expect(text.contains("  - url: '\(url)'"))
        #expect(text.contains("examples: ['spotify-client://callback#access_token=REDACTED&token_type=Bearer&expires_in=3600&state=x1']"))
        #expect(text.contains("the fragment carries a credential"))
        #expect(try Self.findings(text) == [url: ["credential-in-url"]])
    }

    @Test func aCredentialInsideABase64PayloadIsRedactedAndStillReported() throws {
        // The Coordinator playground's payload presents the account screen with `"authToken": "secretToken"`.
        let json = #"{"step":{"present":{"destination":{"account":{"authToken":"secretToken"}}}},"children":[]}"#
        let payload = SecretRedaction.base64(Array(json.utf8), urlSafe: false, padded: true)
        let text = try Self.initCatalogue([("urls.txt", "coordinatorsplayground://deeplink?payload=\(payload)\n")])
        #expect(!text.contains(payload))
        let written = SecretRedaction.base64(
            Array(#"{"step":{"present":{"destination":{"account":{"authToken":"REDACTED"}}}},"children":[]}"#.utf8), urlSafe: false,
            padded: true)
        #expect(text.contains("examples: ['coordinatorsplayground://deeplink?payload=\(written)']"))
        #expect(!text.contains("# seen: " + payload))
        #expect(try Self.findings(text) == ["coordinatorsplayground://deeplink?payload={payload}": ["credential-in-url"]])
    }

    @Test func base64MatchesFoundationsEncoding() {
        for text in ["", "a", "ab", "abc", "abcd", #"{"authToken":"REDACTED"}"#] {
            #expect(SecretRedaction.base64(Array(text.utf8), urlSafe: false, padded: true) == Data(text.utf8).base64EncodedString())
        }
    }

    @Test func aPasswordBeforeTheHostLeavesTheHostListClean() throws {
        // credential-in-url's own example of a user name and password before the host.
        let text = try Self.initCatalogue([("urls.txt", "https://admin:hunter2@her.app/feed\nhttps://her.app/posts/9\n")])
        #expect(!text.contains("hunter2"))
        #expect(text.contains("hosts: [her.app]\n"))
        #expect(try Self.findings(text) == ["https://{user}:{password}@her.app/feed": ["credential-in-url"]])
    }

    @Test func thePaymentsCatalogueAsASourceKeepsItsDispatchOrderAndItsShadowedRoute() throws {
        // NoMoreDeepLinkHandler's payment plugin: first-match, and '/transaction/latest' after the placeholder.
        let path = ExampleCataloguesTests.repositoryRoot + "/examples/payments/links.yml"
        let source = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let text = try Self.initCatalogue([("links.yml", source)])
        #expect(text.contains("dispatch: first-match   # as links.yml:"))
        #expect(try Self.findings(text)["app://localhost/transaction/latest"] == ["unreachable-route"])
    }
}
