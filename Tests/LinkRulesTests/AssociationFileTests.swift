import Foundation
import Testing
@testable import LinkRules

/// Loads the test fixtures that sit next to this file.
enum AssociationFixtures {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    static func sourceFile(_ name: String) throws -> SourceFile {
        SourceFile(path: name, bytes: Array(try Data(contentsOf: url(name))))
    }
}

/// Reading and validating apple-app-site-association files: each problem kind at its line:column.
@Suite struct AssociationFileTests {
    private func problems(_ text: String) -> [AssociationProblem] {
        AssociationFile(source: SourceFile(path: "apple-app-site-association", text: text)).validate()
    }

    /// Each problem as `kind@line:column`, in source order.
    private func summary(_ problems: [AssociationProblem]) -> [String] {
        problems.map { "\($0.kind.rawValue)@\($0.range.start.line):\($0.range.start.column)" }
    }

    @Test func theCookpadFileIsValidAndFullyRead() throws {
        let file = AssociationFile(source: try AssociationFixtures.sourceFile("aasa-cookpad.json"))
        #expect(file.validate() == [])
        #expect(file.details.count == 2)
        #expect(file.details[0].form == .component)
        #expect(file.details[0].patterns.count == 9)
        #expect(file.details[1].form == .legacyPath)
        #expect(file.details[1].patterns.map(\.exclude) == [true, false, false])
        #expect(file.details[1].patterns[0].path == "/*/recipes/*/print")
        #expect(
            file.appIDs == [
                "7K2XQ9J4LM.com.cookpad.Cookpad", "7K2XQ9J4LM.com.cookpad.Cookpad.beta",
                "7K2XQ9J4LM.com.cookpad.CookpadLegacy",
            ])
        let search = file.details[0].patterns[3]
        #expect(search.path == "/search/?*")
        #expect(search.comment == "Search results: https://cookpad.com/search/chicken")
        #expect(search.range.start.line == 28)
        #expect(search.range.start.column == 11)
        #expect(search.pathRange?.start.line == 29)
        #expect(search.pathRange?.start.column == 18)
        // The domain-wide default applies unless a component overrides it.
        #expect(search.caseSensitive == false)
        #expect(file.details[0].patterns[8].caseSensitive == true)
        guard case .items(let items) = file.details[0].patterns[7].query else {
            Issue.record("the premium pattern should have a query dictionary")
            return
        }
        #expect(items.map(\.name) == ["via"])
        #expect(items.map(\.valuePattern) == ["?*"])
        #expect(items.first?.range?.start.line == 47)
        #expect(items.first?.range?.start.column == 15)
    }

    @Test func invalidJSONIsReportedWhereTheReaderStopped() throws {
        let found = problems("{\n  \"applinks\": {\n    \"details\": [\n  }\n}\n")
        #expect(summary(found) == ["invalidJSON@4:3"])
        #expect(found[0].message == "invalid JSON: unexpected character '}': expected a value")

        let unclosed = problems("{\n  \"applinks\": {\n")
        #expect(summary(unclosed) == ["invalidJSON@3:1"])
        #expect(unclosed[0].openingRange?.start.line == 2)
        #expect(unclosed[0].openingRange?.start.column == 15)
    }

    @Test func theFileMustBeAnObjectWithApplinks() {
        #expect(summary(problems("[]")) == ["wrongType@1:1"])
        let missing = problems("{\n  \"webcredentials\": { \"apps\": [] }\n}\n")
        #expect(summary(missing) == ["missingKey@1:1"])
        #expect(missing[0].message == "missing 'applinks': the file declares no universal links")
        let misspelt = problems(#"{"applink": {}}"#)
        #expect(summary(misspelt) == ["missingKey@1:1", "unknownKey@1:2"])
        #expect(misspelt[1].message == "unknown key 'applink' at the top level: did you mean 'applinks'?")
        #expect(summary(problems(#"{"applinks": []}"#)) == ["wrongType@1:14"])
        #expect(summary(problems(#"{"applinks": {"apps": []}}"#)) == ["missingKey@1:14"])
    }

    @Test func detailsMustBeAnArray() {
        let text = """
            {
              "applinks": {
                "details": {
                  "7K2XQ9J4LM.com.cookpad.Cookpad": { "paths": ["*"] }
                }
              }
            }
            """
        let found = problems(text)
        #expect(summary(found) == ["wrongType@3:16"])
        #expect(found[0].message == "'details' must be an array, found an object")
    }

    @Test func entryProblemsArePinnedToTheirCharacters() {
        let text = """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["7K2XQ9J4LM.com.cookpad.Cookpad", "cookpad.Cookpad", 42],
                    "components": [
                      { "/": "/search/*", "commentt": "typo" },
                      { "/": "recipes/*", "exclude": "yes" },
                      { "?": { "via": 1 } }
                    ],
                    "paths": ["/search/*"]
                  },
                  {
                    "appIDs": ["ABCDE12345.com.example"],
                    "appIDs": ["ABCDE12345.com.example.app"],
                    "components": []
                  },
                  {
                    "components": [{ "/": "/x" }]
                  }
                ]
              }
            }
            """
        let found = problems(text)
        #expect(
            summary(found) == [
                "invalidAppID@5:54", "wrongType@5:73", "unknownKey@7:31", "unmatchablePattern@8:18", "wrongType@8:42",
                "wrongType@9:27", "mixedForms@11:9", "duplicateKey@15:9", "missingKey@18:7",
            ], "\(found)")
        let messages = found.map(\.message)
        #expect(
            messages == [
                "'cookpad.Cookpad' is not an app id of the form 'TEAMID.bundle.id' (a team id of 10 uppercase "
                    + "letters or digits, a dot, then the bundle id)",
                "an app id in 'appIDs' must be a string, found a number",
                "unknown key 'commentt' in a component: did you mean 'comment'?",
                "the path pattern 'recipes/*' does not start with '/', so it matches no URL: write '/recipes/*'",
                "'exclude' must be true or false, found a string",
                "the pattern for query item 'via' must be a string, found a number",
                "this entry has both 'paths' and 'components': systems since iOS 13 read only 'components' "
                    + "and older ones only 'paths'",
                "duplicate key 'appIDs': only the last one counts",
                "this 'details' entry names no app: add 'appIDs'",
            ])
        // Patterns with broken values are dropped rather than guessed at; the rest are kept.
        let file = AssociationFile(source: SourceFile(path: "aasa", text: text))
        #expect(file.details[0].patterns.map(\.path) == ["/search/*"])
        // The repeated key counts once, with its last value.
        #expect(file.details[1].appIDs.map(\.value) == ["ABCDE12345.com.example.app"])
    }

    @Test func unknownKeysWithoutACloseMatchListTheKnownOnes() {
        let found = problems(#"{"applinks": {"details": [{"appIDs": [], "components": [{"query": "x"}]}]}}"#)
        #expect(
            found.map(\.message) == [
                "unknown key 'query' in a component; known keys are '/', '?', '#', 'exclude', 'comment', "
                    + "'caseSensitive', 'percentEncoded'"
            ])
    }

    @Test func defaultsAndAppIDHaveTypedValues() {
        let text = #"{"applinks": {"defaults": {"caseSensitive": "no"}, "details": [{"appID": ["X"], "components": {}}]}}"#
        #expect(summary(problems(text)) == ["wrongType@1:45", "wrongType@1:74", "wrongType@1:95"])
    }

    @Test func appIDsNeedATeamIDAndABundleID() {
        #expect(AssociationFile.isValidAppID("7K2XQ9J4LM.com.cookpad.Cookpad"))
        #expect(AssociationFile.isValidAppID("ABCDE12345.com.example-app.app2"))
        #expect(!AssociationFile.isValidAppID("abcde12345.com.example"))
        #expect(!AssociationFile.isValidAppID("ABCDE1234.com.example"))
        #expect(!AssociationFile.isValidAppID("ABCDE12345."))
        #expect(!AssociationFile.isValidAppID("ABCDE12345.com..example"))
        #expect(!AssociationFile.isValidAppID("ABCDE12345.com.example."))
        #expect(!AssociationFile.isValidAppID("ABCDE12345.com.exam ple"))
    }
}
