import PropertyBased
import Testing
@testable import LinkRules

/// Which pattern decides a URL: order, exclusions, `NOT `, wildcards, query items, case and fragments.
@Suite struct AssociationMatchingTests {
    private static let cookpad = AssociationFile(source: try! AssociationFixtures.sourceFile("aasa-cookpad.json"))
    private static let app = "7K2XQ9J4LM.com.cookpad.Cookpad"
    private static let legacyApp = "7K2XQ9J4LM.com.cookpad.CookpadLegacy"
    private static let nowhere = SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))

    private func decide(
        _ path: String, query: [(String, String?)] = [], fragment: String? = nil, appID: String? = nil
    ) -> AssociationMatch? {
        Self.cookpad.firstMatch(path: path, query: query, fragment: fragment, appID: appID)
    }

    private func pattern(
        _ path: String = "*", query: AssociationQueryPattern = .whole("*"), fragment: String = "*",
        caseSensitive: Bool = true, percentEncoded: Bool = true
    ) -> AssociationPattern {
        AssociationPattern(
            path: path, query: query, fragment: fragment, caseSensitive: caseSensitive,
            percentEncoded: percentEncoded, range: Self.nowhere)
    }

    @Test func theFirstMatchingPatternDecides() throws {
        let recipe = try #require(decide("/uk/recipes/16093743-chicken-curry"))
        #expect(recipe.opensApp)
        #expect(recipe.pattern.index == 5)
        #expect(recipe.appIDs == [Self.app, "7K2XQ9J4LM.com.cookpad.Cookpad.beta"])
        // The exclusion comes before the recipe pattern, so it wins even though both match.
        let edit = try #require(decide("/uk/recipes/16093743/edit"))
        #expect(!edit.opensApp)
        #expect(edit.pattern.index == 1)
        #expect(decide("/search/chicken")?.pattern.index == 3)
        #expect(decide("/uk/search/chicken")?.pattern.index == 4)
        #expect(decide("/accounts/password/new")?.opensApp == false)
        #expect(decide("/") == nil)
        #expect(decide("/about") == nil)
    }

    @Test func anExcludingFragmentKeepsAnyPageOnTheWeb() throws {
        let match = try #require(decide("/search/chicken", fragment: "no_universal_links"))
        #expect(match.pattern.index == 0)
        #expect(!match.opensApp)
        #expect(decide("/search/chicken", fragment: "comments")?.opensApp == true)
    }

    @Test func legacyPathsAndTheirNOTPrefix() throws {
        // `/search/` has nothing after the slash, so only the legacy app's `/search/*` takes it.
        let search = try #require(decide("/search/"))
        #expect(search.pattern.form == .legacyPath)
        #expect(search.appIDs == [Self.legacyApp])
        #expect(decide("/search/", appID: Self.app) == nil)
        // For the legacy app, the NOT pattern comes first; for the main app the recipe pattern takes it.
        let printed = try #require(decide("/uk/recipes/123/print", appID: Self.legacyApp))
        #expect(!printed.opensApp)
        #expect(printed.pattern.index == 0)
        #expect(decide("/uk/recipes/123/print")?.opensApp == true)
        #expect(decide("/uk/recipes/123", appID: Self.legacyApp)?.pattern.index == 1)
    }

    @Test func queryDictionariesNeedEveryItem() throws {
        #expect(decide("/premium", query: [("via", "newsletter")])?.pattern.index == 7)
        #expect(decide("/premium", query: [("utm", "x"), ("via", "banner")])?.pattern.index == 7)
        #expect(decide("/premium") == nil)
        #expect(decide("/premium", query: [("via", nil)]) == nil)
        #expect(decide("/premium", query: [("via", "")]) == nil)

        let both = pattern(query: .items([
            AssociationQueryItemPattern(name: "a", valuePattern: "1"),
            AssociationQueryItemPattern(name: "b", valuePattern: "?"),
        ]))
        #expect(both.matches(path: "/", query: [("b", "x"), ("a", "1")], fragment: nil))
        #expect(!both.matches(path: "/", query: [("a", "1")], fragment: nil))
        #expect(!both.matches(path: "/", query: [("a", "1"), ("b", "xy")], fragment: nil))
    }

    @Test func aQueryStringPatternMatchesTheWholeQuery() {
        let language = pattern(query: .whole("lang=*"))
        #expect(language.matches(path: "/", query: [("lang", "en")], fragment: nil))
        #expect(!language.matches(path: "/", query: [("q", "x")], fragment: nil))
        #expect(!language.matches(path: "/", query: [], fragment: nil))
        #expect(pattern(query: .whole("a=1&b")).matches(path: "/", query: [("a", "1"), ("b", nil)], fragment: nil))
        #expect(pattern().matches(path: "/", query: [], fragment: nil))
    }

    @Test func caseInsensitiveMatchingFollowsTheDefaults() {
        // The fixture sets `caseSensitive: false` for the domain; the challenges pattern turns it back on.
        #expect(decide("/SEARCH/Chicken")?.pattern.index == 3)
        #expect(decide("/uk/challenges/Spring2024")?.pattern.index == 8)
        #expect(decide("/uk/CHALLENGES/spring", appID: Self.app) == nil)
        #expect(pattern("/CAFÉ/*", caseSensitive: false).matches(path: "/café/x", query: [], fragment: nil))
        #expect(!pattern("/CAFÉ/*").matches(path: "/café/x", query: [], fragment: nil))
    }

    @Test func wildcardsMatchRunsAndSingleCharacters() {
        func matches(_ glob: String, _ path: String) -> Bool {
            pattern(glob).matches(path: path, query: [], fragment: nil)
        }
        #expect(matches("*", ""))
        #expect(matches("*", "/a/b/c"))
        #expect(matches("/a*b", "/a/x/b"))
        #expect(matches("/a*b", "/ab"))
        #expect(!matches("/a*b", "/a/x/bc"))
        #expect(matches("/a?c", "/abc"))
        #expect(!matches("/a?c", "/ac"))
        #expect(!matches("/search/?*", "/search/"))
        #expect(matches("/search/?*", "/search/x"))
        #expect(matches("/*/recipes/*", "/uk/recipes/"))
        #expect(!matches("/recipes", "/recipes/1"))
        // A pathological pattern ends quickly: matching is not exponential.
        let longText = "/" + String(repeating: "a", count: 4000)
        #expect(!matches("/" + String(repeating: "*a", count: 30) + "*b", longText))
    }

    @Test func percentEncodingIsDecodedOnBothSides() {
        let café = pattern("/caf%C3%A9")
        #expect(café.matches(path: "/caf%c3%a9", query: [], fragment: nil))
        #expect(café.matches(path: "/café", query: [], fragment: nil))
        // An escaped star is a literal star, not a wildcard.
        #expect(!pattern("/a%2A").matches(path: "/abc", query: [], fragment: nil))
        #expect(pattern("/a%2A").matches(path: "/a*", query: [], fragment: nil))
        // Without percentEncoded the pattern is plain text compared with the decoded URL.
        let plain = pattern("/a%20b", percentEncoded: false)
        #expect(!plain.matches(path: "/a%20b", query: [], fragment: nil))
        #expect(plain.matches(path: "/a%2520b", query: [], fragment: nil))
    }

    @Test func fragmentPatterns() {
        let step = pattern(fragment: "step-?")
        #expect(step.matches(path: "/", query: [], fragment: "step-2"))
        #expect(!step.matches(path: "/", query: [], fragment: "step-10"))
        #expect(!step.matches(path: "/", query: [], fragment: nil))
        #expect(pattern().matches(path: "/", query: [], fragment: nil))
    }

    @Test func theMatcherAgreesWithADirectDefinitionOfWildcards() async {
        let patternCharacters = Gen<Character?>.element(of: Array("ab/*?")).map { $0! }
        let textCharacters = Gen<Character?>.element(of: Array("ab/")).map { $0! }
        await propertyCheck(count: 400, input: patternCharacters.string(of: 0...8), textCharacters.string(of: 0...10)) {
            glob, text in
            let expected = referenceMatch(Array(glob), Array(text))
            #expect(pattern(glob).matches(path: text, query: [], fragment: nil) == expected, "\(glob) vs \(text)")
        }
    }
}

/// Wildcard matching written straight from its definition (exponential, for short test inputs only).
private func referenceMatch(_ glob: [Character], _ text: [Character]) -> Bool {
    guard let first = glob.first else { return text.isEmpty }
    let rest = Array(glob.dropFirst())
    switch first {
    case "*": return (0...text.count).contains { referenceMatch(rest, Array(text.dropFirst($0))) }
    case "?": return !text.isEmpty && referenceMatch(rest, Array(text.dropFirst()))
    default: return text.first == first && referenceMatch(rest, Array(text.dropFirst()))
    }
}

/// Generating association files for catalogue routes, and reading them back.
@Suite struct AssociationGenerationTests {
    private static let routes = [
        AssociationRoute(path: "/search/*", comment: "Search results"),
        AssociationRoute(path: "/*/recipes/*"),
        AssociationRoute(path: "/premium", queryNames: ["via", "plan"], comment: "The \"premium\" offer"),
        AssociationRoute(path: "/search/*", comment: "a repeat, dropped"),
    ]

    @Test func theGeneratedTextIsStableAndPretty() {
        let text = AssociationFile.generate(
            appID: "7K2XQ9J4LM.com.cookpad.Cookpad", routes: Array(Self.routes.prefix(1)))
        #expect(
            text == """
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": [
                          "7K2XQ9J4LM.com.cookpad.Cookpad"
                        ],
                        "components": [
                          {
                            "/": "/search/*",
                            "comment": "Search results"
                          }
                        ]
                      }
                    ]
                  }
                }

                """)
        #expect(AssociationFile.generate(appID: "7K2XQ9J4LM.com.x", routes: []).contains(#""components": []"#))
    }

    @Test func generatedFilesReadBackAndMatchTheirRoutes() throws {
        let text = AssociationFile.generate(appID: "7K2XQ9J4LM.com.cookpad.Cookpad", routes: Self.routes)
        let file = AssociationFile(source: SourceFile(path: "generated", text: text))
        #expect(file.validate() == [])
        #expect(file.appIDs == ["7K2XQ9J4LM.com.cookpad.Cookpad"])
        let patterns = file.details[0].patterns
        // Longer patterns first (a '*' matches across '/'), the rest in the order given.
        #expect(patterns.map(\.path) == ["/*/recipes/*", "/search/*", "/premium"])
        #expect(patterns[2].comment == "The \"premium\" offer")
        #expect(file.firstMatch(path: "/uk/recipes/1", query: [], fragment: nil)?.pattern.index == 0)
        #expect(
            file.firstMatch(path: "/premium", query: [("plan", "year"), ("via", "mail")], fragment: nil)?.pattern.index
                == 2)
        #expect(file.firstMatch(path: "/premium", query: [("via", "mail")], fragment: nil) == nil)
        #expect(file.firstMatch(path: "/about", query: [], fragment: nil) == nil)
    }
}
