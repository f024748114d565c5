import Testing
@testable import LinkRules

/// Behaviour of the scheme, host and security rules beyond their documented examples: where notes point, how
/// options merge with the catalogue, multi-file catalogues, payload positions and limits.
@Suite struct SecurityRulesTests {
    static func lint(_ files: [(String, String)], config: String? = nil, rule: String) throws -> [Diagnostic] {
        var configuration = Configuration()
        if let config {
            configuration = try ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", text: config), directory: ".")
        }
        let catalogue = try CatalogueLoader().load(files: files.map { SourceFile(path: $0.0, text: $0.1) })
        return try Linter(configuration: configuration).lint(catalogue).filter { $0.ruleID == rule }
    }

    static func lint(_ text: String, config: String? = nil, rule: String) throws -> [Diagnostic] {
        try lint([("links.yml", text)], config: config, rule: rule)
    }

    // MARK: EXFE ids

    @Test(arguments: [("exfe:///!%CROSS_ID%", "CROSS_ID"), ("exfe:///!{cross_id}", "cross_id")])
    func bangPlaceholderIsAnIdentifierWithItsPrefix(url: String, name: String) throws {
        let component = try #require(LinkTemplateParser().parse(url).components.first)
        #expect(component.isIdentifier)
        #expect(component.prefix == "!")
        #expect(component.placeholder?.name == name)
    }

    @Test func bangNumberIsAnIntegerIdentifier() throws {
        let component = try #require(LinkTemplateParser().parse("exfe:///!100233/conversation").components.first)
        #expect(component.kind == .integer)
        #expect(component.isIdentifier)
        #expect(component.prefix == "!")
    }

    // MARK: scheme-not-allowed / host-not-allowed

    @Test func deniedSchemeThatIsAlsoAllowedPointsAtBothEntries() throws {
        let diagnostics = try Self.lint(
            """
            version: 1
            schemes: [app, debug]
            allow: { schemes: [app, debug] }
            deny: { schemes: [debug] }
            links:
              - url: debug://localhost/logs
            """, rule: "scheme-not-allowed")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.text == "the scheme 'debug' is denied: the app refuses links in it")
        #expect(diagnostic.notes.map { $0.location?.line } == [4, 3])
        #expect(diagnostic.notes.map { $0.location?.column } == [19, 25])
    }

    @Test func hostOptionsMergeWithTheCataloguesLists() throws {
        let catalogue = """
            version: 1
            schemes: [app]
            hosts: [localhost, sample-domain.vn, other.example]
            allow: { hosts: [localhost, sample-domain.vn] }
            links:
              - url: app://localhost/pay
              - url: app://LOCALHOST:8080/transaction/{id}
              - url: https://sample-domain.vn/pay
              - url: https://other.example/pay
            """
        let diagnostics = try Self.lint(
            catalogue, config: "rules:\n  host-not-allowed: { deny: [localhost] }\n", rule: "host-not-allowed")
        #expect(diagnostics.map(\.location.line) == [6, 7, 9])
        let denied = diagnostics[1]
        #expect(denied.message.text == "the host 'LOCALHOST' is denied: the app refuses links to it")
        #expect(denied.notes.map { $0.location?.file } == [".linkrules.yml", "links.yml"])
        #expect(diagnostics[2].message.text.contains("not in the allow list"))
        // Without the option, only the host outside the allow list is reported.
        #expect(try Self.lint(catalogue, rule: "host-not-allowed").map(\.location.line) == [9])
    }

    @Test func badAccessOptionsAreConfigurationErrors() throws {
        #expect(throws: LoadError.self) {
            try Self.lint("version: 1\nlinks: []\n", config: "rules:\n  scheme-not-allowed: { denied: [x] }\n", rule: "x")
        }
        #expect(throws: LoadError.self) {
            try Self.lint("version: 1\nlinks: []\n", config: "rules:\n  host-not-allowed: { deny: { a: b } }\n", rule: "x")
        }
    }

    // MARK: credential-in-url

    @Test func seed002PayloadCredentialIsReportedAtItsBase64Characters() throws {
        let payload = "eyJzdGVwIjp7InRyYW5zaXRpb24iOnsiZmxvdyI6eyJ0YWJzIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsiY2hhbmdlIjp7InRhYiI6eyJob21lIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsicHVzaCI6eyJwYXRoIjp7InNjcmVlbkEiOnt9fX19LCJjaGlsZHJlbiI6W119LHsic3RlcCI6eyJwdXNoIjp7InBhdGgiOnsic2NyZWVuQiI6eyJpZCI6MX19fX0sImNoaWxkcmVuIjpbXX0seyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZW5DIjp7fX19fSwiY2hpbGRyZW4iOltdfSx7InN0ZXAiOnsicHJlc2VudCI6eyJkZXN0aW5hdGlvbiI6eyJhY2NvdW50Ijp7ImF1dGhUb2tlbiI6InNlY3JldFRva2VuIn19fX0sImNoaWxkcmVuIjpbeyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJhY2NvdW50RGV0YWlscyI6e319fX0sImNoaWxkcmVuIjpbXX1dfV19XX0="
        let prefix = "    examples: ['coordinatorsplayground://deeplink?payload="
        let text = """
            version: 1
            schemes: [coordinatorsplayground]
            links:
              - url: coordinatorsplayground://deeplink?payload={payload:base64json}
            \(prefix)\(payload)']
            """
        let diagnostics = try Self.lint(text, rule: "credential-in-url")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.location.line == 5)
        #expect(diagnostic.message.text.contains("'authToken' at 'children[0].children[3].step.present.destination.account.authToken'"))
        // The range covers the Base64 symbols that carry `authToken` (9 bytes: 12 symbols, starting mid-group).
        let start = prefix.utf8.count + 437
        #expect(diagnostic.location.column == start + 1)
        #expect(diagnostic.location.range.byteRange.count == 12)
    }

    @Test func payloadThatIsNotAStepTreeIsStillSearchedForCredentials() {
        // {"password":"x"} has no `step`: payload-invalid's finding, but the password is still found.
        let found = CredentialInURLRule.credentials(inPayload: "eyJwYXNzd29yZCI6IngifQ")
        #expect(found.map(\.credential.key) == ["password"])
        // `"password"` starts at decoded byte 1; its first letter, byte 2, is carried from symbol 2 on.
        #expect(found.first?.span.lowerBound == 2)
    }

    @Test func declaredRoleWinsOverTheNameHeuristic() throws {
        let diagnostics = try Self.lint(
            """
            version: 1
            schemes: [her]
            params:
              key:     { role: tracking-origin }
              session: { role: analytics }
              code:    { role: credential }
            links:
              - url: her://premium?key={key}&session={session}&code={code}&auth_token={t}
            """, rule: "credential-in-url")
        #expect(diagnostics.map { $0.location.column } == [52, 64])
        #expect(diagnostics.first?.notes.first?.location?.line == 6)
    }

    // MARK: url-too-long

    @Test func defaultLimitIsTwoThousandCharacters() throws {
        func catalogue(length: Int) -> String {
            let prefix = "her://search?q="
            let url = prefix + String(repeating: "a", count: length - prefix.count)
            return "version: 1\nschemes: [her]\nlinks:\n  - url: \(url)\n"
        }
        #expect(try Self.lint(catalogue(length: 2000), rule: "url-too-long").isEmpty)
        let over = try Self.lint(catalogue(length: 2001), rule: "url-too-long")
        #expect(over.count == 1)
        #expect(over.first?.location.column == 2001 + 9)
        #expect(over.first?.message.text.hasPrefix("the link is 2001 characters long, over the limit of 2000") == true)
    }

    @Test func maxLengthMustBeAPositiveNumber() {
        #expect(throws: LoadError.self) {
            try Self.lint("version: 1\nlinks: []\n", config: "rules:\n  url-too-long: { max_length: zero }\n", rule: "x")
        }
    }

    // MARK: param-group

    @Test func groupDeclaredInAnotherFileIsNotedThere() throws {
        let diagnostics = try Self.lint(
            [
                ("base.yml", "version: 1\nschemes: [exfe]\nparam_groups:\n  - [user_id, token, username]\n"),
                ("profile.yml", "version: 1\nlinks:\n  - url: exfe:///profile?token={token}\n"),
            ], rule: "param-group")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.location.file == "profile.yml")
        #expect(diagnostic.message.text == "'token' travels with 'user_id' and 'username' in a parameter group: pass the whole group or none of it")
        #expect(diagnostic.notes.first?.location?.file == "base.yml")
        #expect(diagnostic.notes.first?.location?.line == 4)
    }

    @Test func configuredGroupsAddToTheCataloguesGroups() throws {
        let text = """
            version: 1
            schemes: [exfe]
            param_groups:
              - [user_id, token, username]
            links:
              - url: exfe:///gather?lat={lat}&user_id={user_id}
            """
        let diagnostics = try Self.lint(text, config: "rules:\n  param-group: { groups: [[lat, lng]] }\n", rule: "param-group")
        #expect(diagnostics.count == 2)
        #expect(Set(diagnostics.compactMap { $0.notes.first?.location?.file }) == ["links.yml", ".linkrules.yml"])
    }

    // MARK: host-consistency

    @Test func minorityInAnotherModuleIsReportedWithANoteAtTheMajority() throws {
        let diagnostics = try Self.lint(
            [
                ("crosses.yml", "version: 1\nschemes: [exfe]\nlinks:\n  - url: exfe:///!{cross_id}\n  - url: exfe:///gather\n"),
                ("legacy.yml", "version: 1\nlinks:\n  - url: exfe://crosses/{cross_id}\n"),
            ], rule: "host-consistency")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.location.file == "legacy.yml")
        #expect(diagnostic.notes.first?.location?.file == "crosses.yml")
        #expect(diagnostic.notes.first?.location?.line == 4)
    }

    @Test func aTieKeepsTheEarlierFormAndReportsTheLaterLink() throws {
        let diagnostics = try Self.lint(
            "version: 1\nschemes: [exfe]\nlinks:\n  - url: exfe://crosses\n  - url: exfe:///profile\n",
            rule: "host-consistency")
        #expect(diagnostics.map(\.location.line) == [5])
    }

    @Test func oneMinorityLinkAfterAThousandOthersIsTheOnlyFinding() throws {
        var text = "version: 1\nschemes: [exfe]\nlinks:\n"
        for index in 0..<1_000 { text += "  - url: exfe:///crosses\(index)/{id}\n" }
        text += "  - url: exfe://legacy/{id}\n"
        let diagnostics = try Self.lint(text, rule: "host-consistency")
        #expect(diagnostics.map(\.location.line) == [1_004])
        #expect(diagnostics.first?.message.text.contains("1000 of 1001 'exfe' links") == true)
    }

    // MARK: universal-link-https

    @Test func httpLinkToAnUndeclaredHostIsLeftToHostNotAllowed() throws {
        let text = "version: 1\nhosts: [cookpad.com]\nlinks:\n  - url: http://cookpad.co/search\n"
        #expect(try Self.lint(text, rule: "universal-link-https").isEmpty)
        #expect(try Self.lint(text, rule: "host-not-allowed").count == 1)
    }
}
