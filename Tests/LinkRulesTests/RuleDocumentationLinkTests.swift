import Foundation
import Testing
@testable import LinkRules

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `--rule-docs-base`: rule pages linked from SARIF (`helpUri`, `informationUri`, which SARIF requires to be
/// absolute URIs) and from the HTML report.
@Suite struct RuleDocumentationLinkTests {
    let fixture = ReportFixture()

    private func driver(_ base: String) throws -> [String: Any] {
        var options = ReportOptions()
        options.ruleDocumentationBase = base
        let log = try parseJSONObject(SARIFReporter().report(fixture.input([fixture.pluralFinding()]), options: options))
        return try #require(log["runs", 0, "tool", "driver"] as? [String: Any])
    }

    @Test func anAbsoluteBaseGivesAbsoluteHelpAndInformationURIs() throws {
        let driver = try driver("https://github.com/acme/linkrules/blob/main/rules")
        #expect(driver["informationUri"] as? String == "https://github.com/acme/linkrules/blob/main/rules/README.md")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules[0]["helpUri"] as? String == "https://github.com/acme/linkrules/blob/main/rules/plural-resource-nouns.md")
        for rule in rules {
            let uri = try #require(rule["helpUri"] as? String)
            #expect(URL(string: uri)?.scheme == "https")
        }
    }

    @Test func theDefaultRelativeBaseLeavesTheURIsOutButKeepsTheHelpText() throws {
        let driver = try driver("rules/")
        #expect(driver["informationUri"] == nil)
        #expect(driver["name"] as? String == "linkrules")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.allSatisfy { $0["helpUri"] == nil })
        #expect(rules.allSatisfy { ($0["help", "text"] as? String)?.isEmpty == false })
    }

    @Test func theHTMLReportLinksRulesToTheirEmbeddedHelpOrAnAbsoluteBase() throws {
        var options = ReportOptions()
        let input = fixture.input([fixture.pluralFinding()])
        // A relative base would lead nowhere from a report kept as an artifact or mailed: the help is on the page.
        for base in ["rules/", "../docs/rules"] {
            options.ruleDocumentationBase = base
            let html = HTMLReporter().report(input, options: options)
            #expect(!html.contains(".md\""))
            #expect(html.contains("<a class=\"rule\" href=\"#rule-plural-resource-nouns\">"))
            let document = try XMLDocument(data: Data(html.utf8), options: [])
            let help = try #require(try document.nodes(forXPath: "//details[@id='rule-plural-resource-nouns']").first)
            let rule = try #require(ReportFixture.rules.first { $0.id == "plural-resource-nouns" })
            #expect(try help.nodes(forXPath: "summary").first?.stringValue?.contains(rule.summary) == true)
            #expect(help.stringValue?.contains(rule.rationale) == true)
            #expect(help.stringValue?.contains("her://feed/↓community/9") == true)
        }
        options.ruleDocumentationBase = "https://example.com/rules/"
        let linked = HTMLReporter().report(input, options: options)
        #expect(linked.contains("<a class=\"rule\" href=\"https://example.com/rules/plural-resource-nouns.md\">"))
        #expect(!linked.contains("<details"))
    }

    @Test(arguments: [
        ("https://example.com/rules/", true), ("file:///srv/rules/", true), ("git+ssh://host/x", true),
        ("rules/", false), ("", false), ("C:/docs/rules/", false), ("./a:b/", false), ("1http://x", false),
    ])
    func absoluteURIsHaveAScheme(base: String, isAbsolute: Bool) {
        var options = ReportOptions()
        options.ruleDocumentationBase = base
        #expect(options.ruleDocumentationIsAbsolute == isAbsolute)
    }
}
