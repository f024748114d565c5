import Testing
@testable import LinkRules

/// Loading catalogues: located values, positions inside URL strings for every scalar style, merging files, and
/// the errors that stop a load.
@Suite struct CatalogueLoaderTests {
    func load(_ text: String, path: String = "links.yml") throws -> Catalogue {
        try CatalogueLoader().load(files: [SourceFile(path: path, text: text)])
    }

    /// The line:column of a UTF-8 range of the first link's URL.
    func position(_ catalogue: Catalogue, of component: Int) -> (Int, Int, String) {
        let link = catalogue.links[0]
        let span = link.template.components[component].span
        let location = link.location(ofURL: span)
        let bytes = link.file.bytes[location.range.byteRange]
        return (location.line, location.column, String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: [
        ("links:\n  - url: her://feed/community/9\n", 2, 21),
        ("links:\n  - url: 'her://feed/community/9'\n", 2, 22),
        ("links:\n  - url: \"her://feed/community/9\"\n", 2, 22),
        ("links:\n  - { url: her://feed/community/9 }\n", 2, 23),
        ("links:\n  -\n    url: >-\n      her://feed/community/9\n", 4, 18),
    ])
    func componentPositionsPointAtTheSourceCharacters(text: String, line: Int, column: Int) throws {
        let (foundLine, foundColumn, source) = position(try load(text), of: 1)
        #expect(foundLine == line)
        #expect(foundColumn == column)
        #expect(source == "community")
    }

    /// An unknown key's rename is offered only when its mapping does not have the key already, before it or
    /// after it (the rename would repeat it, and the file would no longer load); a note points at that key.
    @Test func anUnknownKeyIsNotRenamedToAKeyItsMappingHas() throws {
        func renames(_ text: String) throws -> [(fixes: Int, note: String?)] {
            try load(text).loadFindings.filter { $0.ruleID == "unknown-key" }.map {
                ($0.fixes.count, $0.notes.first.map { "\($0.message.text) @\($0.location?.line ?? 0)" })
            }
        }
        let before = try renames("version: 1\nlinks:\n  - url: her://feed\n    title: A\n    titel: B\n")
        #expect(before.map(\.fixes) == [0])
        #expect(before.first?.note == "no fix is offered: 'title' is set here already, and the rename would repeat it @4")
        let after = try renames("version: 1\nlinks:\n  - url: her://feed\n    titel: B\n    title: A\n")
        #expect(after.map(\.fixes) == [0])
        #expect(after.first?.note?.hasSuffix("@5") == true)
        // Alone in its mapping, the key is renamed; a key of another mapping does not count.
        let alone = try renames("version: 1\nlinks:\n  - url: her://feed\n    titel: B\n  - url: her://a\n    title: A\n")
        #expect(alone.map(\.fixes) == [1])
        #expect(try renames("version: 1\ncomponents:\n  feed: { knd: tab, kind: tab }\nlinks: []\n").map(\.fixes) == [0])
        // Renamed `links`, a key would bring entries in: the message says so, with no fix.
        #expect(try renames("version: 1\nlinkz:\n  - url: her://feed\n").map(\.fixes) == [0])
    }

    @Test func escapesAndDoubledQuotesMapToTheirSource() throws {
        let double = try load("links:\n  - url: \"her://f\\u0065ed/community/9\"\n")
        #expect(double.links[0].url.value == "her://feed/community/9")
        #expect(position(double, of: 1) == (2, 27, "community"))
        let single = try load("links:\n  - url: 'her://it''s/community/9'\n")
        #expect(single.links[0].url.value == "her://it's/community/9")
        #expect(position(single, of: 1) == (2, 23, "community"))
        #expect(position(single, of: 0) == (2, 17, "it''s"))
    }

    @Test func nonASCIIColumnsCountCharacters() throws {
        let catalogue = try load("links:\n  - { title: café, url: her://feed/community/9 }\n")
        let (_, column, text) = position(catalogue, of: 1)
        #expect(text == "community")
        #expect(column == 36)
    }

    @Test func crlfGivesTheSamePositionsAsLF() throws {
        let lf = "version: 1\nlinks:\n  - url: her://feed/community/9\n"
        let crlf = lf.replacingAll("\n", with: "\r\n")
        let (l1, c1, _) = position(try load(lf), of: 1)
        let (l2, c2, t2) = position(try load(crlf), of: 1)
        #expect(l1 == l2 && c1 == c2)
        #expect(t2 == "community")
    }

    @Test func readsTheWholeFormat() throws {
        let catalogue = try load(
            """
            version: 1
            app: EXFE
            schemes: {exfe: production, black: beta}
            hosts: [localhost]
            dispatch: most-specific
            barriers: [authentication]
            mandatory_barrier: authentication
            components:
              feed: tab
              account: { kind: modal, navigable: true, params: [origin] }
              crosses: { kind: collection, id: int }
            params:
              token: { role: credential }
            param_groups:
              - [user_id, token, username]
            allow: { schemes: [exfe], hosts: [localhost] }
            deny: { hosts: [evil.example] }
            aasa: .well-known/apple-app-site-association
            app_ids: [ABCDE12345.com.exfe]
            links:
              - url: exfe://localhost/crosses/{id:int}
                title: A cross
                examples: [exfe://localhost/crosses/9]
                barrier: authentication
                deprecated: true
                aliases:
                  - exfe://crosses/{id:int}
                lint: { ignore: [integer-pairing] }
                required_params: [token]
            """)
        #expect(catalogue.app?.value == "EXFE")
        #expect(catalogue.schemes.map(\.name.value) == ["exfe", "black"])
        #expect(catalogue.schemes.map { $0.flavour?.value } == ["production", "beta"])
        #expect(catalogue.dispatch == .mostSpecific)
        #expect(catalogue.mandatoryBarrier?.value == "authentication")
        #expect(catalogue.component(named: "feed")?.kind == .tab)
        #expect(catalogue.component(named: "account")?.navigable == true)
        #expect(catalogue.component(named: "crosses")?.idType == .int)
        #expect(catalogue.param(named: "token")?.isCredential == true)
        #expect(catalogue.paramGroups.map { $0.map(\.value) } == [["user_id", "token", "username"]])
        #expect(catalogue.access.deniedHosts.map(\.value) == ["evil.example"])
        #expect(catalogue.associationFile?.value == ".well-known/apple-app-site-association")
        let link = try #require(catalogue.links.first)
        #expect(link.template.host == "localhost")
        #expect(link.template.components.map(\.text) == ["crosses", "{id:int}"])
        #expect(link.title?.value == "A cross")
        #expect(link.examples.map(\.value) == ["exfe://localhost/crosses/9"])
        #expect(link.deprecated)
        #expect(link.aliases.map(\.value) == ["exfe://crosses/{id:int}"])
        #expect(!link.aliasesAreFlow)
        #expect(link.ignoredRules.map(\.value) == ["integer-pairing"])
        #expect(link.requiredParams.map(\.value) == ["token"])
        #expect(catalogue.loadFindings.isEmpty)
    }

    @Test func rareLinkValuesReadAsWrittenAndEmptyWhereAbsent() throws {
        let catalogue = try load(
            "version: 1\nlinks:\n  - url: her://feed\n  - url: her://inbox\n    aliases: []\n"
                + "  - url: her://today\n    lint: { ignore: [integer-pairing] }\n")
        let links = catalogue.links
        #expect(links.map(\.index) == [0, 1, 2])
        #expect(links[0].aliases.isEmpty && links[0].aliasesRange == nil && !links[0].aliasesAreFlow)
        #expect(links[0].ignoredRules.isEmpty && links[0].requiredParams.isEmpty)
        #expect(links[1].aliases.isEmpty && links[1].aliasesAreFlow)
        let range = try #require(links[1].aliasesRange)
        #expect(links[1].file.bytes[range.lowerBound] == UInt8(ascii: "["))
        #expect(links[2].ignoredRules.map(\.value) == ["integer-pairing"])
        #expect(links[2].aliasesRange == nil && !links[2].aliasesAreFlow)
    }

    @Test func unknownKeysAreFindingsWithTheClosestKey() throws {
        let catalogue = try load("version: 1\nlinks:\n  - url: her://feed\n    titel: Feed\n")
        let finding = try #require(catalogue.loadFindings.first)
        #expect(finding.ruleID == "unknown-key")
        #expect(finding.message.text.contains("did you mean 'title'"))
        #expect(finding.location.line == 4)
        #expect(finding.location.column == 5)
        #expect(finding.fixes.first?.edits.first?.replacement == "title")
    }

    @Test func filesMergeIntoOneCatalogue() throws {
        let a = SourceFile(path: "feed.yml", text: "version: 1\nschemes: [her]\nlinks:\n  - url: her://feed\n")
        let b = SourceFile(path: "profile.yml", text: "links:\n  - url: her://myprofile\n")
        let catalogue = try CatalogueLoader().load(files: [a, b])
        #expect(catalogue.links.map(\.url.value) == ["her://feed", "her://myprofile"])
        #expect(catalogue.links.map(\.file.path) == ["feed.yml", "profile.yml"])
        #expect(catalogue.links.map(\.index) == [0, 1])
    }

    @Test func hostsDeclaredAfterTheLinksStillApply() throws {
        let catalogue = try load("links:\n  - url: app://localhost/pay\nhosts: [localhost]\n")
        #expect(catalogue.links[0].template.host == "localhost")
    }

    @Test(arguments: [
        ("links: {url: x}\n", 1, 8, "'links' must be a list"),
        ("links:\n  - url: [a, b]\n", 2, 10, "must be a URL string"),
        ("links:\n  - title: x\n", 2, 5, "has no 'url'"),
        ("version: 2\n", 1, 10, "'2' is not a valid value for 'version'"),
        ("dispatch: last\n", 1, 11, "expected one of 'first-match', 'most-specific'"),
        ("components:\n  feed: { kind: page }\n", 2, 17, "'page' is not a valid value for 'kind'"),
        ("components:\n  feed: { kind: tab, navigable: maybe }\n", 2, 33, "must be true or false"),
        ("app: a\napp: b\n", 2, 1, "duplicate key 'app'"),
        ("x: &a 1\ny: *a\n", 1, 4, "anchors and aliases are not supported"),
        ("", 1, 1, "the file is empty"),
        ("just text\n", 1, 1, "must be a mapping"),
        ("links:\n  - url: \"her://x\n", 2, 10, "unclosed quote"),
        ("links: [her://a\n", 1, 8, "unclosed '['"),
    ])
    func structuralProblemsAreLoadErrors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try load(text)
            Issue.record("expected a load error for \(text.debugDescription)")
        } catch let error as LoadError {
            #expect(error.location.line == line, "\(error)")
            #expect(error.location.column == column, "\(error)")
            #expect(error.message.text.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func duplicateKeyNotesTheFirst() {
        #expect(throws: LoadError.self) { try load("app: a\napp: b\n") }
        do {
            _ = try load("app: a\napp: b\n")
        } catch let error as LoadError {
            #expect(error.notes.first?.location?.line == 1)
        } catch {}
    }
}
