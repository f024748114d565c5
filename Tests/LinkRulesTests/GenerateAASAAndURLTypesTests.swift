import Foundation
import Testing

@testable import LinkRules

/// `linkrules generate aasa|url-types`: what each generator writes for the example catalogues, and the command
/// line (the `generate` subcommands, `aasa` as a synonym, exit codes).
@Suite struct GenerateAASAAndURLTypesTests {
    static let examples = LinkRulesExecutable.packageRoot.appendingPathComponent("examples")

    static func example(_ name: String) -> String {
        examples.appendingPathComponent(name).appendingPathComponent("links.yml").path
    }

    @Test func urlTypesRegistersTheHERScheme() throws {
        let text = try URLTypesGeneration(cataloguePath: Self.example("her")).run()
        #expect(
            text == """
                <key>CFBundleURLTypes</key>
                <array>
                \t<dict>
                \t\t<key>CFBundleURLName</key>
                \t\t<string>HER</string>
                \t\t<key>CFBundleURLSchemes</key>
                \t\t<array>
                \t\t\t<string>her</string>
                \t\t</array>
                \t</dict>
                </array>

                """)
    }

    @Test func urlTypesListsEveryFlavourOfEXFEWithItsName() throws {
        let text = try URLTypesGeneration(cataloguePath: Self.example("exfe")).run()
        #expect(text.contains("\t\t\t<string>exfe</string> <!-- production -->\n"))
        #expect(text.contains("\t\t\t<string>black</string> <!-- beta -->\n"))
        #expect(text.contains("\t\t\t<string>panda</string> <!-- pilot -->\n"))
    }

    @Test func urlTypesNamesTheBundleIDOfTheFirstAppID() throws {
        let file = SourceFile(
            path: "a.yml", text: "version: 1\napp: A\napp_ids: [ABCDE12345.com.example.a]\nlinks:\n  - url: Alpha://x\n")
        let text = try URLTypesGeneration.generate(try CatalogueLoader().load(files: [file]), named: "a.yml")
        #expect(text.contains("<string>com.example.a</string>"))
        #expect(text.contains("<string>alpha</string>"), "a link's own scheme, lowercased")
    }

    @Test func urlTypesWithoutACustomSchemeIsAnError() throws {
        let file = SourceFile(path: "web.yml", text: "version: 1\nhosts: [a.example]\nlinks:\n  - url: https://a.example/x\n")
        let error = try #require(throws: LoadError.self) {
            try URLTypesGeneration.generate(try CatalogueLoader().load(files: [file]), named: "web.yml")
        }
        #expect(error.description.contains("'web.yml' has no custom scheme"))
    }

    // MARK: the executable

    @Test(.enabled(if: LinkRulesExecutable.exists))
    func generateAASAPrintsTheApplinksSectionAndAASAIsItsSynonym() throws {
        let root = LinkRulesExecutable.packageRoot
        let generated = try LinkRulesExecutable.run(["generate", "aasa", "examples/cookpad/links.yml"], in: root)
        #expect(generated.status == 0)
        #expect(generated.output.contains("\"applinks\""))
        #expect(generated.output.contains("7K2XQ9J4LM.com.cookpad.Cookpad"))
        let synonym = try LinkRulesExecutable.run(["aasa", "examples/cookpad/links.yml"], in: root)
        #expect(synonym.status == 0)
        #expect(synonym.output == generated.output)
    }

    @Test(.enabled(if: LinkRulesExecutable.exists))
    func generateAASAWithoutAppOrUniversalLinkWarnsAndStillWritesTheSection() throws {
        let result = try LinkRulesExecutable.run(["generate", "aasa", "examples/her/links.yml"], in: LinkRulesExecutable.packageRoot)
        #expect(result.status == 0)
        #expect(result.output.contains("\"applinks\""))
        #expect(result.output.contains("\"TEAMID.bundle.id\""))
        #expect(result.output.contains("\"components\": []"))
        #expect(result.error.contains("warning: 'examples/her/links.yml' names no app"))
        #expect(result.error.contains("warning: 'examples/her/links.yml' has no universal links"))
    }

    @Test(.enabled(if: LinkRulesExecutable.exists))
    func generateURLTypesPrintsTheSnippetAndFailsWithExit2OnABadCatalogue() throws {
        let root = LinkRulesExecutable.packageRoot
        let result = try LinkRulesExecutable.run(["generate", "url-types", "examples/her/links.yml"], in: root)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("<key>CFBundleURLTypes</key>\n"))
        let missing = try LinkRulesExecutable.run(["generate", "url-types", "examples/no-such.yml"], in: root)
        #expect(missing.status == 2)
        let unknown = try LinkRulesExecutable.run(["generate", "no-such-generator", "examples/her/links.yml"], in: root)
        #expect(unknown.status != 0)
    }
}
