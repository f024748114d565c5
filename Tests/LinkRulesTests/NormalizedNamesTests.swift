import Testing
@testable import LinkRules

/// `NormalizedNames` compares names byte by byte without normalizing them; these tests hold it to the answer of
/// the string comparison it replaces, on names with capitals, separators, non-ASCII letters and near misses.
@Suite struct NormalizedNamesTests {
    static let probes = [
        "token", "Token", "auth_token", "AUTH-TOKEN", "x.token", "_token_", "tok_en", "toke", "okens", "atoken", "",
        "_", "__", "id", "user_id", "origin", "password", "pass_word", "passwd", "sessionId", "session_id", "sid",
        "SID", "apiKey", "api_key", "private.key", "secretkey", "client_secret", "url", "URL", "u_r_l", "uri", "urls",
        "redirect_uri", "RedirectURL", "tökén", "Kelvin\u{212A}", "naïve_token", "ﬁle", "token\r\n", "e\u{301}",
    ]
    static let sets: [Set<String>] = [
        PayloadCredential.credentialNames.union(CredentialInURLRule.moreCredentialNames),
        Set(PayloadCredential.credentialSuffixes),
        UntrustedURLParamRule.urlNames.union(UntrustedURLParamRule.contentNames),
        ["", "é", "k"],
        ["", "k", "token"],
    ]

    @Test(arguments: sets) func containsAnswersAsTheNormalizedString(names: Set<String>) {
        let matcher = NormalizedNames(names)
        for probe in Self.probes {
            #expect(matcher.contains(normalizing: probe) == names.contains(PayloadCredential.normalizedName(probe)), "\(probe)")
        }
    }

    @Test(arguments: sets) func isSuffixAnswersAsTheNormalizedString(names: Set<String>) {
        let matcher = NormalizedNames(names)
        for probe in Self.probes {
            let normalized = PayloadCredential.normalizedName(probe)
            #expect(matcher.isSuffix(ofNormalizing: probe) == names.contains { normalized.hasSuffix($0) }, "\(probe)")
        }
    }

    @Test func findsTheNamesItShould() {
        let credentials = NormalizedNames(PayloadCredential.credentialSuffixes)
        #expect(credentials.isSuffix(ofNormalizing: "Client_Secret"))
        #expect(credentials.isSuffix(ofNormalizing: "auth.token."))
        #expect(!credentials.isSuffix(ofNormalizing: "tokens"))
        let urls = NormalizedNames(UntrustedURLParamRule.urlNames)
        #expect(urls.contains(normalizing: "Redirect_URI"))
        #expect(!urls.contains(normalizing: "redirect_uris"))
    }
}

/// `Catalogue.paramPosition(named:)` finds ASCII names by their bytes and others as strings; both give the first
/// declaration's position, as the dictionary of lowercased names does.
@Suite struct ParamPositionTests {
    @Test func findsTheFirstDeclarationOfALowercasedName() throws {
        let catalogue = try CatalogueLoaderTests().load(
            """
            version: 1
            schemes: [app]
            params:
              token: { role: credential }
              Origin: { role: tracking-origin }
              café: { role: analytics-session }
            links:
              - url: app://feed
            """)
        #expect(catalogue.paramPosition(named: "token") == 0)
        #expect(catalogue.paramPosition(named: "origin") == 1)
        #expect(catalogue.paramPosition(named: "café") == 2)
        #expect(catalogue.paramPosition(named: "cafe\u{301}") == 2)
        #expect(catalogue.paramPosition(named: "tokens") == nil)
        #expect(catalogue.paramPosition(named: "Token") == nil)
    }

    @Test func anASCIICatalogueFindsNamesByTheirBytes() throws {
        let catalogue = try CatalogueLoaderTests().load(
            """
            version: 1
            schemes: [app]
            params:
              token: { role: credential }
              origin_identifier: { role: tracking-origin }
            links:
              - url: app://feed
            """)
        #expect(catalogue.paramPosition(named: "origin_identifier") == 1)
        #expect(catalogue.paramPosition(named: "origin") == nil)
        #expect(catalogue.paramPosition(named: "tökén") == nil)
    }
}
