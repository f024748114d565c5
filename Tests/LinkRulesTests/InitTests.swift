import Foundation
import Testing
@testable import LinkRules

/// `linkrules init`: URL lists grouped into templates, association files and catalogues in other placeholder
/// styles read, sources that disagree commented, bad sources refused, and a result that loads and lints.
@Suite struct InitTests {
    static func initCatalogue(_ sources: [(String, String)], host: String? = nil) throws -> InitResult {
        try InitSession(associationHost: host).run(sources: sources.map { SourceFile(path: $0.0, text: $0.1) })
    }

    /// The `url:` values of a catalogue text, loaded as linkrules loads a catalogue.
    static func urls(_ text: String) throws -> [String] {
        try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]).links.map(\.url.value)
    }

    @Test func idsBecomePlaceholdersAndTheOriginalsExamples() throws {
        let list = """
            https://cookpad.com/recipes/123
            https://cookpad.com/recipes/456
            her://feed/posts/3F2504E0-4F89-41D3-9A0C-0305E82C3301/comments/7?origin=push
            her://feed/posts/7c9e6679-7425-40de-944b-e07fc1f90ae7/comments/8?origin=home

            # a comment
            not a url
            her://settings
            """
        let result = try Self.initCatalogue([("urls.txt", list)])
        #expect(
            try Self.urls(result.catalogue) == [
                "https://cookpad.com/recipes/{id:int}",
                "her://feed/posts/{post_id:uuid}/comments/{comment_id:int}?origin={origin}", "her://settings",
            ])
        #expect(result.catalogue.contains("examples: ['https://cookpad.com/recipes/123', 'https://cookpad.com/recipes/456']"))
        #expect(result.catalogue.contains("  recipes: { kind: collection, id: int }"))
        #expect(result.catalogue.contains("  comments: { kind: collection, id: int, params: [origin] }"))
        #expect(result.catalogue.contains("  origin: { role: tracking-origin }   # seen: push, home"))
        #expect(result.remarks == ["urls.txt: skipped 1 line that is not a URL (line 7)"])
    }

    @Test func theResultLoadsAndLintsWithoutFindingsAboutItself() throws {
        let list = (1...50).map { "her://feed/communities/\($0)?origin=home" }.joined(separator: "\n")
            + "\nher://my_profile/verification\nhttps://her.app/posts/9\n"
        let text = try Self.initCatalogue([("urls.txt", list)]).catalogue
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        let found = try Linter().lint(catalogue).map(\.ruleID)
        for own in ["unknown-key", "example-mismatch", "duplicate-link", "unknown-query-param", "placeholder-style"] {
            #expect(!found.contains(own), "\(own) in \(found)")
        }
        #expect(found.contains("no-separators"))  // the team's real link, my_profile, is still reported
    }

    @Test func anAssociationFileGivesItsRoutesAndItsExclusionsConflictWithTheURLs() throws {
        let association = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: ExampleCataloguesTests.repositoryRoot + "/examples/cookpad/apple-app-site-association")),
            as: UTF8.self)
        let list = "https://cookpad.com/recipes/123\nhttps://cookpad.com/recipes/456/edit\n"
        let result = try Self.initCatalogue([("urls.txt", list), ("apple-app-site-association", association)])
        #expect(
            try Self.urls(result.catalogue) == [
                "https://cookpad.com/recipes/{id:int}", "https://cookpad.com/recipes/{id:int}/edit",
                "https://cookpad.com/search/{value}", "https://cookpad.com/premium",
            ])
        #expect(result.catalogue.contains("  # conflict: apple-app-site-association:10 excludes '/recipes/*/edit' from the app"))
        #expect(!result.catalogue.contains("gives 'https://cookpad.com/recipes/{value}'"))  // a wildcard is no disagreement
        #expect(throws: LoadError.self) { try Self.initCatalogue([("apple-app-site-association", association)]) }
        #expect(try Self.urls(Self.initCatalogue([("aasa", association)], host: "cookpad.com").catalogue).count == 3)
    }

    @Test func aCatalogueInAnotherStyleIsRewrittenInBracesAndTypesThatDisagreeAreCommented() throws {
        let old = """
            version: 1
            schemes: [her]
            links:
              - url: her://feed/communities/:id
                title: A community
              - url: her://feed/posts/<int:id>
            """
        let list = "her://feed/communities/9\nher://feed/posts/3f2504e0-4f89-41d3-9a0c-0305e82c3301\n"
        let result = try Self.initCatalogue([("old.yml", old), ("urls.txt", list)])
        #expect(try Self.urls(result.catalogue) == ["her://feed/communities/{id:int}", "her://feed/posts/{id}"])
        #expect(result.catalogue.contains("    title: 'A community'"))
        #expect(
            result.catalogue.contains(
                "  # conflict: urls.txt:2 gives 'her://feed/posts/{id:uuid}', old.yml gives 'her://feed/posts/{id:int}': kept 'her://feed/posts/{id}', which accepts both"))
    }

    @Test(arguments: [
        ("binary", [UInt8]([0x7F, 0x45, 0x4C, 0x46, 0, 1]), "not a text file: a NUL byte at offset 4"),
        ("apk-manifest", [UInt8]([0x03, 0x00, 0x08, 0x00, 0x5C, 0x0B, 0, 0]), "a compiled (binary) Android manifest, as an APK holds it"),
        ("latin1", [UInt8]([0x68, 0xE9, 0x0A]), "not a text file: it is not UTF-8"),
        ("empty", [], "the file is empty"),
        ("blank", Array(" \n\t\n".utf8), "the file is empty"),
        ("garbage", Array("hello world\n# note\n:nothing\n".utf8), "no URL to read: none of its 2 lines is a URL (line 1: 'hello world')"),
        ("manifest", Array("<manifest><application>".utf8), "not an Android manifest: the XML is invalid"),
        ("json", Array("{\"a\": 1}".utf8), "not an apple-app-site-association file"),
    ] as [(String, [UInt8], String)])
    func aBadSourceIsAClearErrorNamingIt(name: String, bytes: [UInt8], message: String) throws {
        do {
            _ = try InitSession(associationHost: "x.test").run(sources: [SourceFile(path: name, bytes: bytes)])
            Issue.record("\(name) was read")
        } catch let error as LoadError {
            #expect(error.description.hasPrefix(name + ":"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func writingRefusesAnExistingFileUnlessForced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-init-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/links.yml"
        try InitSession.write("version: 1\n", to: path, force: false)
        #expect(throws: LoadError.self) { try InitSession.write("version: 2\n", to: path, force: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "version: 1\n")
        try InitSession.write("version: 1\nlinks: []\n", to: path, force: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "version: 1\nlinks: []\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["links.yml"])
    }

    /// Queries as teams' URLs carry them: an option picked by a word stays a fixed value, a link per value (the HER
    /// app's `boosts?open=buy`); ids and free text become typed placeholders, optional where some URLs lack them
    /// (Cookpad's search with a page); tracking parameters are left out; a bare URL is a link of its own.
    @Test func queriesKeepOptionsAndBecomePlaceholdersWhereTheyVary() throws {
        let list = """
            her://boosts?open=buy
            her://boosts?open=sell&utm_source=newsletter
            https://cookpad.com/search?q=chicken
            https://cookpad.com/search?q=curry%20rice&page=2
            https://cookpad.com/search
            https://cookpad.com/recipes/123?utm_campaign=spring&ref=home
            """
        let result = try Self.initCatalogue([("urls.txt", list)])
        #expect(
            try Self.urls(result.catalogue) == [
                "her://boosts?open=buy", "her://boosts?open=sell", "https://cookpad.com/search?q={q}&page={page:int?}",
                "https://cookpad.com/search", "https://cookpad.com/recipes/{id:int}",
            ])
        #expect(result.catalogue.contains("  # tracking parameter left out of the link: utm_source (a link accepts extra parameters)\n  - url: 'her://boosts?open=sell'"))
        #expect(result.catalogue.contains("tracking parameters left out of the link: utm_campaign, ref"))
        // The links match their examples, and lint finds what the team's links have: options in the query.
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: result.catalogue)])
        let found = try Linter().lint(catalogue)
        #expect(!found.contains { ["example-mismatch", "unreachable-route", "duplicate-link"].contains($0.ruleID) }, "\(found.map(\.message.text))")
        #expect(found.filter { $0.ruleID == "prefer-path-over-query" }.count == 2)
    }

    /// EXFE's sign-in link carries a token: init never writes the token, in the link, its examples or the values
    /// seen, and the catalogue still reports the link (credential-in-url).
    @Test func aCredentialIsNeverWrittenAndStillReported() throws {
        let secret = "b049787660161c912407e6b3a0de42647d515858592b54a1e1741e08a116e49a"
        let list = "exfe:///!100233?user_id=233&username=moew&token=\(secret)\nexfe:///!100234\n"
        let result = try Self.initCatalogue([("urls.txt", list)])
        #expect(!result.catalogue.contains(secret))
        #expect(try Self.urls(result.catalogue) == ["exfe:///!{id:int}?user_id={user_id:int}&username={username}&token={token}", "exfe:///!{id:int}"])
        #expect(result.catalogue.contains("token=REDACTED"))
        #expect(result.catalogue.contains("  token: { role: credential }\n"))
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: result.catalogue)])
        let found = try Linter().lint(catalogue)
        #expect(found.contains { $0.ruleID == "credential-in-url" })
        #expect(!found.contains { ["example-mismatch", "unreachable-route"].contains($0.ruleID) }, "\(found.map(\.message.text))")
    }

    /// The dispatch order a catalogue source declares is kept, and two sources that disagree are commented.
    @Test func theDispatchOrderOfACatalogueSourceIsKept() throws {
        let mostSpecific = "version: 1\nschemes: [app]\ndispatch: most-specific\nlinks:\n  - url: app://transaction/:id\n"
        let firstMatch = "version: 1\nschemes: [app]\ndispatch: first-match\nlinks:\n  - url: app://transaction/latest\n"
        let result = try Self.initCatalogue([("router.yml", mostSpecific), ("old.yml", firstMatch)])
        #expect(result.catalogue.contains("dispatch: most-specific   # as router.yml:3 declares\n"))
        #expect(result.catalogue.contains("# conflict: old.yml:3 declares 'dispatch: first-match', router.yml:3 'most-specific': kept the first"))
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: result.catalogue)])
        #expect(catalogue.dispatch == .mostSpecific)
        let fromURLs = try Self.initCatalogue([("urls.txt", "app://transaction/1\n")]).catalogue
        #expect(fromURLs.contains("# dispatch: first-match (the default)"))
    }

    /// A password in a URL's authority (an FTP-style `alice:s3cret@` link) is replaced by placeholders in the link
    /// and REDACTED in its example, with a comment; credential-in-url still reports the link.
    @Test func aPasswordInTheAuthorityIsNeverWritten() throws {
        let result = try Self.initCatalogue([("urls.txt", "https://alice:s3cret@files.example.com/docs/12\n")])
        #expect(!result.catalogue.contains("s3cret"))
        #expect(try Self.urls(result.catalogue) == ["https://{user}:{password}@files.example.com/docs/{id:int}"])
        #expect(result.catalogue.contains("examples: ['https://alice:REDACTED@files.example.com/docs/12']"))
        #expect(result.catalogue.contains("the password seen in the URL is not written here"))
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: result.catalogue)])
        let found = try Linter().lint(catalogue)
        #expect(found.contains { $0.ruleID == "credential-in-url" })
        #expect(!found.contains { $0.ruleID == "example-mismatch" })
    }
}
