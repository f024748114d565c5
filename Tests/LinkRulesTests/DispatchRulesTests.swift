import Testing
@testable import LinkRules

/// The dispatch rules of NoMoreDeepLinkHandler beyond their documented examples: the route trie agrees with the
/// plain definition of shadowing, findings about two links are reported once and across files, the matcher's
/// mismatch explanation agrees with matching, and the catalogue searches stay linear.
@Suite struct DispatchRulesTests {
    static func catalogue(_ files: [(String, String)]) throws -> Catalogue {
        try CatalogueLoader().load(files: files.map { SourceFile(path: $0.0, text: $0.1) })
    }

    static func catalogue(_ text: String) throws -> Catalogue { try catalogue([("links.yml", text)]) }

    static func run<R: CatalogueRule>(_ rule: R, _ catalogue: Catalogue) -> [Diagnostic] {
        rule.check(catalogue, in: LintContext(catalogue: catalogue))
    }

    /// A catalogue text over `app://localhost` with the given links, in order.
    static func catalogueText(_ urls: [String], dispatch: String = "first-match") -> String {
        "version: 1\nschemes: [app]\nhosts: [localhost]\ndispatch: \(dispatch)\nlinks:\n"
            + urls.map { "  - url: '\($0)'\n" }.joined()
    }

    // MARK: The trie against the definition

    /// A small deterministic generator (SplitMix64), so a failure is reproducible.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476C_E5E9_B85B
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let componentPool = [
        "pay", "Pay", "transaction", "latest", "7", "42", "!9", "{id}", "{id:int}", "{id:string}", "{code:slug}",
        "{u:uuid}", "!{id:int}", "!{x}", ":name", "%CROSS_ID%", "{p:base64json}", "123e4567-e89b-12d3-a456-426614174000",
    ]
    static let queryPool = ["", "?order_id={o}", "?order_id={o:int}", "?order_id=5", "?open=buy", "?open=buy&order_id={o:int}"]

    static func randomURL(_ generator: inout SeededGenerator, maxDepth: Int = 3) -> String {
        let count = Int.random(in: 1...maxDepth, using: &generator)
        let path = (0..<count).map { _ in componentPool.randomElement(using: &generator)! }.joined(separator: "/")
        return "app://localhost/" + path + queryPool.randomElement(using: &generator)!
    }

    @Test(arguments: 1...40)
    func trieFindsTheEarliestLinkThatMatchesEverythingALaterOneMatches(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        try Self.expectTrieAgreesWithTheDefinition((0..<40).map { _ in Self.randomURL(&generator) })
    }

    @Test(arguments: 1...20)
    func trieAgreesWithTheDefinitionOnDeepPaths(seed: UInt64) throws {
        // Paths of up to six components, most of them new below their first new node: the trie makes those
        // nodes without a look-up, and a later link must still find them and the links ending there.
        var generator = SeededGenerator(state: seed &+ 1000)
        try Self.expectTrieAgreesWithTheDefinition((0..<80).map { _ in Self.randomURL(&generator, maxDepth: 6) })
    }

    /// Inserts the links of `urls` into a trie in order and expects each one's winner to be the earliest link that
    /// `RouteShape.isSubsumed(by:)` says matches everything it matches.
    static func expectTrieAgreesWithTheDefinition(_ urls: [String]) throws {
        let catalogue = try Self.catalogue(Self.catalogueText(urls))
        let shapes = catalogue.links.map { RouteShape($0)! }
        var expected: [Int: Int] = [:]
        for later in catalogue.links.indices {
            for earlier in 0..<later where shapes[later].isSubsumed(by: shapes[earlier]) {
                expected[later] = earlier
                break
            }
        }
        var trie = RouteTrie()
        var found: [Int: Int] = [:]
        var visited = 0
        for link in catalogue.links {
            if let winner = trie.earliestRoute(subsuming: shapes[link.index], visited: &visited) { found[link.index] = winner.link }
            trie.insert(shapes[link.index], link: link.index)
        }
        #expect(found == expected, "\(urls)")
    }

    @Test(arguments: 1...10)
    func declaringTheWordsChangesNoFinding(seed: UInt64) throws {
        // Declared words take their ids from the vocabulary, the others from the check's own table: a word must
        // compare the same either way, whatever its case.
        var generator = SeededGenerator(state: seed)
        let urls = (0..<60).map { _ in Self.randomURL(&generator) }
        let plain = try Self.catalogue(Self.catalogueText(urls))
        let vocabulary = "components:\n  pay: { kind: screen }\n  latest: { kind: screen }\n  transaction: { kind: collection }\n"
        let declared = try Self.catalogue(Self.catalogueText(urls).replacing("links:\n", with: vocabulary + "links:\n"))
        #expect(declared.components.count == 3)
        func findings(_ catalogue: Catalogue) -> [String] {
            // The vocabulary's four lines moved the links down.
            let shift = catalogue.components.isEmpty ? 0 : 4
            return Self.run(UnreachableRouteRule(), catalogue).map { "\($0.location.line - shift): \($0.message.text)" }
        }
        #expect(findings(declared) == findings(plain), "\(urls)")
    }

    @Test func numbersAreComparedAsWritten() throws {
        // '7' and '07' are two literals, though an int placeholder accepts both.
        let catalogue = try Self.catalogue(
            Self.catalogueText([
                "app://localhost/items/{id:int}",
                "app://localhost/items/07",  // shadowed: an int placeholder accepts it
                "app://localhost/parts/7",
                "app://localhost/parts/07",  // reachable: '7' is another route
                "app://localhost/parts/7/{n:uuid}",
                "app://localhost/parts/7/42",  // reachable: 42 is not a UUID
            ]))
        #expect(Self.run(UnreachableRouteRule(), catalogue).map(\.location.line) == [7])
    }

    @Test func subsumptionFollowsTheMatcher() throws {
        // Every concrete URL an earlier template is said to cover must be matched by it.
        let catalogue = try Self.catalogue(
            Self.catalogueText([
                "app://localhost/orders/{id:int}", "app://localhost/orders/42", "app://localhost/orders/{n:int}",
                "app://localhost/!{x}", "app://localhost/!9", "app://localhost/{s:slug}", "app://localhost/{n:int}",
                "app://localhost/{u:uuid}", "app://localhost/{b:base64json}",
            ]))
        let shapes = catalogue.links.map { RouteShape($0)! }
        func subsumed(_ later: Int, by earlier: Int) -> Bool { shapes[later].isSubsumed(by: shapes[earlier]) }
        #expect(subsumed(1, by: 0))
        #expect(subsumed(2, by: 0))
        #expect(!subsumed(0, by: 1))
        #expect(subsumed(4, by: 3))
        #expect(subsumed(6, by: 5))  // digits are a slug
        #expect(subsumed(7, by: 5))  // so is a UUID
        #expect(!subsumed(5, by: 6))
        #expect(!subsumed(7, by: 6))
        #expect(subsumed(5, by: 8))
    }

    // MARK: unreachable-route and duplicate-link

    @Test func aDuplicateIsNotAlsoReportedAsUnreachable() throws {
        let catalogue = try Self.catalogue(
            Self.catalogueText([
                "app://localhost/transaction/{transaction_id}",
                "app://localhost/Transaction/{id}",  // duplicate of the first only
                "app://localhost/transaction/latest",  // shadowed by the first
            ]))
        let unreachable = Self.run(UnreachableRouteRule(), catalogue)
        let duplicates = Self.run(DuplicateLinkRule(), catalogue)
        #expect(unreachable.map(\.location.line) == [8])
        #expect(duplicates.map(\.location.line) == [7])
        #expect(unreachable.first?.notes.first?.location?.line == 6)
        #expect(duplicates.first?.notes.first?.location?.line == 6)
    }

    @Test func aTiesURLCarriesTheQueryItemsBothLinksRequire() throws {
        // Both links need `token` (`required_params:`), which neither template spells: a URL without it opens neither.
        let catalogue = try Self.catalogue(
            """
            version: 1
            schemes: [app]
            hosts: [localhost]
            dispatch: most-specific
            links:
              - url: 'app://localhost/orders/{id:int}?open=buy'
                required_params: [token]
              - url: 'app://localhost/orders/{code:slug}?open=buy'
                required_params: [token]
            """)
        let ties = Self.run(UnreachableRouteRule(), catalogue)
        #expect(ties.count == 1)
        let url = try #require(ties.first?.message.text.firstMatch(of: /both match '([^']*)'/)?.1)
        #expect(url == "app://localhost/orders/1?open=buy&token=1")
        let match = LinkExplainer(catalogue: catalogue).explain(String(url)).match
        #expect(match?.entry.index == 0)
        #expect(match?.ambiguousWith.map(\.index) == [1])
    }

    @Test func underMostSpecificALinkCompetesWithItsMostSpecificMatchingRoute() throws {
        // The alias asks a fixed value where the URL asks any int: at 'o=5' the alias ties with the second link.
        let catalogue = try Self.catalogue(
            """
            version: 1
            schemes: [app]
            hosts: [localhost]
            dispatch: most-specific
            links:
              - url: 'app://localhost/{n:int}?o={o:int}'
                aliases: ['app://localhost/{n:int}?o=5']
              - url: 'app://localhost/{s:slug}?o=5'
            """)
        let ties = Self.run(UnreachableRouteRule(), catalogue)
        #expect(ties.map(\.message.text) == [
            "'app://localhost/{s:slug}?o=5' is as specific as 'app://localhost/{n:int}?o=5' and both match "
                + "'app://localhost/1?o=5': the app cannot choose between them"
        ])
        let match = LinkExplainer(catalogue: catalogue).explain("app://localhost/1?o=5").match
        #expect(match?.entry.index == 0)
        #expect(match?.ambiguousWith.map(\.index) == [1])
    }

    @Test func aDuplicateOfTheWinnerIsOnlyADuplicate() throws {
        // '{slug}' also matches everything the last link does, but the first link wins those URLs.
        let catalogue = try Self.catalogue(
            Self.catalogueText([
                "app://localhost/items/{id:int}", "app://localhost/items/{code:slug}", "app://localhost/Items/{n:int}",
            ]))
        #expect(Self.run(UnreachableRouteRule(), catalogue).isEmpty)
        #expect(Self.run(DuplicateLinkRule(), catalogue).map(\.location.line) == [8])
    }

    @Test func aShadowedDuplicateNamesTheEarliestRealWinner() throws {
        let catalogue = try Self.catalogue(
            Self.catalogueText(["app://localhost/{page}", "app://localhost/pay", "app://localhost/PAY"]))
        let unreachable = Self.run(UnreachableRouteRule(), catalogue)
        #expect(unreachable.map(\.location.line) == [7, 8])
        #expect(unreachable.allSatisfy { $0.notes.first?.location?.line == 6 })
    }

    @Test func duplicatesAreFoundAcrossTheFilesOfOneCatalogue() throws {
        let payments = """
            version: 1
            schemes: [app]
            hosts: [localhost]
            links:
              - url: app://localhost/pay?order_id={order_id:int}
            """
        let orders = """
            version: 1
            links:
              - url: app://localhost/orders/{id:int}
              - url: APP://LOCALHOST/pay?order_id={id:int}
              - url: app://localhost/orders/7
            """
        let catalogue = try Self.catalogue([("payments/links.yml", payments), ("orders/links.yml", orders)])
        let duplicates = Self.run(DuplicateLinkRule(), catalogue)
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.location.file == "orders/links.yml")
        #expect(duplicates.first?.location.line == 4)
        #expect(duplicates.first?.notes.first?.location?.file == "payments/links.yml")
        let unreachable = Self.run(UnreachableRouteRule(), catalogue)
        #expect(unreachable.map { "\($0.location.file):\($0.location.line)" } == ["orders/links.yml:5"])
    }

    @Test func aDuplicateIsFoundAmongTheLinksOfItsGroupWhateverTheirOrder() throws {
        // The first link of a group is compared as it is when a second joins it; from then on each link's route
        // key tag is kept, and a duplicate of any member, first or later, is still found.
        let catalogue = try Self.catalogue(
            Self.catalogueText(
                [
                    "app://localhost/orders/{id:int}",
                    "app://localhost/orders/{id:uuid}",  // never an int: no tie
                    "app://localhost/orders/{n:int}",  // duplicate of the first
                    "app://localhost/Orders/{x:uuid}",  // duplicate of the second
                    "app://localhost/orders/{code:slug}",  // tie with the first
                    "app://localhost/orders/{c:slug}",  // duplicate of the fifth
                ], dispatch: "most-specific"))
        let ties = Self.run(UnreachableRouteRule(), catalogue)
        #expect(ties.map(\.location.line) == [10])
        #expect(ties.first?.notes.first?.location?.line == 6)
        #expect(Self.run(DuplicateLinkRule(), catalogue).map(\.location.line) == [8, 9, 11])
    }

    @Test func mostSpecificDispatchReportsOnlyOverlappingTies() throws {
        let catalogue = try Self.catalogue(
            Self.catalogueText(
                [
                    "app://localhost/orders/{id:int}",
                    "app://localhost/orders/latest",  // a literal is more specific: no tie
                    "app://localhost/orders/{id:uuid}",  // never an int: no tie
                    "app://localhost/orders/{code:slug}",  // '1' is both an int and a slug: tie
                    "app://localhost/{section}/{id:int}",  // less specific at the first component: no tie
                    "app://localhost/pay?order_id={o}",
                    "app://localhost/pay?order_id={order:string}",  // duplicate, not a tie
                ], dispatch: "most-specific"))
        let ties = Self.run(UnreachableRouteRule(), catalogue)
        #expect(ties.map(\.location.line) == [9])
        #expect(ties.first?.message.text.contains("'app://localhost/orders/1'") == true)
        #expect(ties.first?.notes.first?.location?.line == 6)
    }

    @Test func aliasesDuplicateOtherLinksButNotTheirOwn() throws {
        let catalogue = try Self.catalogue(
            """
            version: 1
            schemes: [her]
            links:
              - url: her://boosts/purchase
                aliases: [her://Boosts/Purchase, her://boosts?open=buy]
              - url: her://boosts?open=buy
              - url: her://boosts?open=sell
            """)
        let duplicates = Self.run(DuplicateLinkRule(), catalogue)
        #expect(duplicates.map(\.location.line) == [6])
        #expect(duplicates.first?.notes.first?.location?.line == 5)
        #expect(duplicates.first?.notes.first?.location?.column == 38)
    }

    // MARK: example-mismatch through the matcher

    @Test(arguments: 1...20)
    func mismatchIsFoundExactlyWhenMatchingFails(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let parser = LinkTemplateParser(hosts: ["localhost"])
        let concrete = [
            "app://localhost/pay", "app://localhost/pay?order_id=12", "app://localhost/pay?order_id=x",
            "app://localhost/transaction/789", "app://localhost/transaction/latest", "app://localhost/!9",
            "APP://LOCALHOST/PAY?ORDER_ID=5", "app://other/pay", "her://pay", "app://localhost/42/7/abc",
        ]
        for _ in 0..<50 {
            let template = parser.parse(Self.randomURL(&generator))
            let link = parser.parse(concrete.randomElement(using: &generator)!)
            let matched = RouteMatcher().match(link, against: template) != nil
            let mismatch = RouteMatcher().firstMismatch(link, against: template)
            #expect(matched == (mismatch == nil), "\(link.text) against \(template.text)")
        }
    }

    @Test func exampleMismatchPointsAtTheRefusedPartInsideAQuotedExample() throws {
        let catalogue = try Self.catalogue(
            """
            version: 1
            schemes: [app]
            hosts: [localhost]
            links:
              - url: app://localhost/transaction/{transaction_id:int}
                examples: ["app://localhost/transaction/\\x41bc"]
            """)
        let diagnostics = ExampleMismatchRule().check(catalogue.links[0], in: LintContext(catalogue: catalogue))
        #expect(diagnostics.count == 1)
        // `\x41bc` decodes to `Abc`, written from column 45 to 51.
        #expect(diagnostics.first?.location.column == 45)
        #expect(diagnostics.first?.location.range.end.column == 51)
        #expect(diagnostics.first?.message.text.contains("'Abc' is not a value of '{transaction_id:int}'") == true)
    }

    // MARK: unknown-barrier on the catalogue's mandatory barrier

    @Test func mandatoryBarrierIsCheckedOnceInTheFileThatSetsIt() throws {
        let shared = "version: 1\nbarriers: [authentication]\n"
        let feature = "version: 1\nmandatory_barrier: authenticaton\nlinks:\n  - url: app://pay\n  - url: app://wallet\n"
        let catalogue = try Self.catalogue([("shared.yml", shared), ("feature.yml", feature)])
        let rule = UnknownBarrierRule()
        let context = LintContext(catalogue: catalogue)
        #expect(catalogue.links.flatMap { rule.check($0, in: context) }.isEmpty)
        let diagnostics = rule.check(catalogue, in: context)
        #expect(diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["feature.yml:2:20"])
        #expect(diagnostics.first?.notes.first?.location?.file == "shared.yml")
        #expect(diagnostics.first?.fixes.first?.edits.first?.replacement == "authentication")
    }

    // MARK: placeholder-style

    @Test func placeholderStyleFixesAreSafeAndKeepPercentNamesLowercase() throws {
        let catalogue = try Self.catalogue(
            """
            version: 1
            schemes: [exfe]
            links:
              - url: exfe:///!{cross_id:int}
              - url: exfe:///!%CROSS_ID%/conversation
              - url: exfe:///users/<int:userId>
            """)
        let diagnostics = Self.run(PlaceholderStyleRule(), catalogue)
        #expect(diagnostics.map { $0.fixes.first?.edits.first?.replacement } == ["{cross_id}", "{userId:int}"])
        #expect(diagnostics.allSatisfy { $0.fixes.first?.applicability == .safe })
        #expect(diagnostics.allSatisfy { $0.notes.first?.location?.line == 4 })
    }

    // MARK: many sections

    /// Links in four shapes per section: an int id route, a literal of another shape after it (reachable), a
    /// literal id after it (shadowed) or an unrelated route, and a case-and-name duplicate or a deeper route.
    static func sectionedCatalogueText(sections: Int) -> String {
        var text = "version: 1\nschemes: [app]\nhosts: [localhost]\nlinks:\n"
        for i in 0..<sections {
            text += "  - url: app://localhost/section\(i)/items/{id:int}\n"
            text += "  - url: app://localhost/section\(i)/items/latest\n"
            switch i % 4 {
            case 0: text += "  - url: app://localhost/section\(i)/items/7\n"  // shadowed by {id:int}
            case 2: text += "  - url: app://localhost/section\(i)/items/{code:slug}\n"  // a most-specific tie
            default: text += "  - url: 'app://localhost/section\(i)/tags/{tag}?ref={ref}'\n"
            }
            if i % 5 == 0 {
                text += "  - url: app://localhost/Section\(i)/Items/{item:int}\n"  // duplicate
            } else {
                text += "  - url: app://localhost/section\(i)/items/{id:int}/reviews\n"
            }
        }
        return text
    }

    /// Each section's shadowed route, tie and duplicate is found, and only in its own section.
    @Test func catalogueRulesFindEachSectionsOwnShadowsTiesAndDuplicates() throws {
        let sections = 200
        var catalogue = try Self.catalogue(Self.sectionedCatalogueText(sections: sections))
        #expect(catalogue.links.count == 4 * sections)
        let unreachable = Self.run(UnreachableRouteRule(), catalogue)
        let duplicates = Self.run(DuplicateLinkRule(), catalogue)
        #expect(unreachable.count == sections / 4)
        #expect(duplicates.count == sections / 5)
        catalogue.dispatch = .mostSpecific
        let ties = Self.run(UnreachableRouteRule(), catalogue)
        #expect(ties.count == sections / 4)
    }

    @Test func theSearchesGrowLinearlyWithTheLinks() throws {
        // The work of the trie searches (nodes reached), not the time: 8 times the links cost at most about 8 times
        // the work, where comparing every pair would cost 64 times. The findings grow with the links too.
        func work(sections: Int, dispatch: DispatchMode) throws -> (visited: Int, findings: Int) {
            let catalogue = try Self.catalogue(Self.sectionedCatalogueText(sections: sections))
            var search = DispatchSearch(links: catalogue.links, parser: LinkTemplateParser(hosts: ["localhost"]))
            let findings = dispatch == .firstMatch ? search.shadowedLinks().count : search.tiedLinks().count
            return (search.visited, findings)
        }
        for dispatch in DispatchMode.allCases {
            let small = try work(sections: 256, dispatch: dispatch)
            let large = try work(sections: 2_048, dispatch: dispatch)
            #expect(small.findings == 256 / 4 && large.findings == 2_048 / 4, "\(dispatch)")
            #expect(large.visited <= small.visited * 9, "\(dispatch): \(small.visited) then \(large.visited) nodes")
        }
    }
}
