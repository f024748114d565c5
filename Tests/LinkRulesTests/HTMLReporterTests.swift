import Foundation
import Testing
@testable import LinkRules

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct HTMLReporterTests {
    let fixture = ReportFixture()

    private func page(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) throws -> (String, XMLDocument) {
        let html = HTMLReporter().report(fixture.input(diagnostics), options: options)
        // The page is written as polyglot markup, so an XML parser reads it and checks every tag is closed.
        return (html, try XMLDocument(data: Data(html.utf8), options: []))
    }

    private func attribute(_ name: String, of node: XMLNode) -> String? {
        (node as? XMLElement)?.attribute(forName: name)?.stringValue
    }

    private let findingPath = "//div[contains(concat(' ', @class, ' '), ' finding ')]"

    @Test func isOneSelfContainedHTML5Page() throws {
        let (html, document) = try page([fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()])
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(document.rootElement()?.name == "html")
        #expect(try document.nodes(forXPath: "/html/head/meta[@charset='utf-8']").count == 1)
        #expect(try document.nodes(forXPath: "/html/head/title").first?.stringValue == "linkrules report")
        #expect(try document.nodes(forXPath: "/html/head/style").count == 1)
        #expect(try document.nodes(forXPath: "//script | //link | //img | //iframe | //*[@src]").isEmpty)
        let summary = try document.nodes(forXPath: "//p[@class='summary']").first?.stringValue
        #expect(summary?.contains("1 error") == true)
        #expect(summary?.contains("1 warning") == true)
        #expect(summary?.contains("1 info") == true)
        #expect(summary?.contains("1 fixable") == true)
        #expect(summary?.contains("1 more with --unsafe-fixes") == true)
        #expect(try document.nodes(forXPath: "//p[@class='verdict']").first?.stringValue
            == "2 findings at or above 'warning' fail the run")
        let ids = try document.nodes(forXPath: "//*[@id]").compactMap { attribute("id", of: $0) }
        #expect(Set(ids).count == ids.count)
    }

    @Test func showsEverySourceLineWithItsNumber() throws {
        let (_, document) = try page([])
        let rows = try document.nodes(forXPath: "//table[@class='source']/tbody/tr[@id]")
        #expect(rows.count == 9)
        #expect(try rows[6].nodes(forXPath: "td[@class='ln']").first?.stringValue == "7")
        #expect(try rows[6].nodes(forXPath: "td[@class='code']").first?.stringValue == "  - url: her://feed/community/9")
        #expect(try document.nodes(forXPath: "//p[@class='summary']").first?.stringValue == "no problems found")
        #expect(try document.nodes(forXPath: findingPath).isEmpty)
    }

    @Test func eachFindingSitsRightUnderItsLine() throws {
        var options = ReportOptions()
        options.ruleDocumentationBase = "https://example.com/docs/"
        let (_, document) = try page([fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()], options: options)
        let findings = try document.nodes(forXPath: findingPath)
        #expect(findings.map { attribute("data-rule", of: $0) } == ["plural-resource-nouns", "lowercase", "prefer-path-over-query"])
        #expect(findings.map { attribute("data-line", of: $0) } == ["7", "9", "9"])
        for finding in findings {
            let line = try #require(attribute("data-line", of: finding))
            let row = try #require(finding.parent?.parent)
            let previousRow = try row.nodes(forXPath: "preceding-sibling::tr[1]").first
            #expect(previousRow.flatMap { attribute("id", of: $0) } == "file-1-L\(line)")
        }
        let link = try findings[0].nodes(forXPath: ".//a[@class='rule']").first
        #expect(link.flatMap { attribute("href", of: $0) } == "https://example.com/docs/plural-resource-nouns.md")
        #expect(link?.stringValue == "plural-resource-nouns")
        #expect(try findings[0].nodes(forXPath: ".//span[@class='message']").first?.stringValue
            == fixture.pluralFinding().message.text)
        let note = try findings[0].nodes(forXPath: ".//ul[@class='notes']/li").first
        #expect(note?.stringValue?.contains("'communities' is declared here") == true)
        #expect(try note?.nodes(forXPath: "a").first.flatMap { attribute("href", of: $0) } == "#file-1-L5")
        #expect(try findings[1].nodes(forXPath: ".//span[contains(@class, 'badge')]").first?.stringValue == "error")
    }

    @Test func fixesShowTheLineBeforeAndAfter() throws {
        let (_, document) = try page([fixture.pluralFinding()])
        let fix = try #require(try document.nodes(forXPath: "//div[@class='fix']").first)
        #expect(fix.stringValue?.contains("rename 'community' to 'communities'") == true)
        let before = try fix.nodes(forXPath: ".//pre[@class='before']").first
        let after = try fix.nodes(forXPath: ".//pre[@class='after']").first
        #expect(try before?.nodes(forXPath: "del").first?.stringValue == "community")
        #expect(try after?.nodes(forXPath: "ins").first?.stringValue == "communities")
        #expect(before?.stringValue == "before  - url: her://feed/community/9")
        #expect(after?.stringValue == "after  - url: her://feed/communities/9")
    }

    @Test func aFixPreviewShowsTheWholeChangeWithTheAliasesLineTheFixerAdds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-html-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = """
            version: 1
            schemes: [her]
            components:
              communities: { kind: collection, id: int }
            links:
              - url: her://feed/community/9
                title: One community

            """
        let workspace = try Workspace(files: [], configPath: nil, workingDirectory: folder)
        let result = try LintSession(workspace: workspace).lint(files: [SourceFile(path: "links.yml", text: text)])
            .previewingKeptAliases()
        let input = ReportInput(
            diagnostics: result.diagnostics, rules: ReportFixture.rules, sources: result.sources, toolVersion: "1",
            failOn: .warning)
        let html = HTMLReporter().report(input, options: ReportOptions())
        let document = try XMLDocument(data: Data(html.utf8), options: [])
        let fix = try #require(try document.nodes(
            forXPath: "//div[@data-rule='plural-resource-nouns']//div[@class='fix']").first)
        let before = try #require(try fix.nodes(forXPath: ".//pre[@class='before']").first?.stringValue)
        let after = try #require(try fix.nodes(forXPath: ".//pre[@class='after']").first?.stringValue)
        #expect(before == "before  - url: her://feed/community/9")
        #expect(after == "after  - url: her://feed/communities/9\n    aliases: [her://feed/community/9]")
        // What --fix writes is what the preview showed.
        let fixed = try FixSession(lintSession: LintSession(workspace: workspace), includesUnsafe: true)
            .fix(files: [SourceFile(path: "links.yml", text: text)])
        let written = String(decoding: Array(try #require(fixed.fixedFiles.first).bytes), as: UTF8.self)
        #expect(written.contains("  - url: her://feed/communities/9\n    aliases: [her://feed/community/9]\n"))
    }

    @Test func marksTheRangesOfFindingsInTheSource() throws {
        let (_, document) = try page([fixture.lowercaseFinding(), fixture.queryFinding()])
        let marks = try document.nodes(forXPath: "//tr[@id='file-1-L9']/td[@class='code']/mark")
        #expect(marks.map(\.stringValue) == ["Feed", "?open=buy"])
        #expect(try document.nodes(forXPath: "//tr[@id='file-1-L9']/td[@class='code']").first?.stringValue
            == "  - url: her://Feed/boosts?open=buy")
    }

    @Test func everythingIsEscaped() throws {
        var diagnostic = fixture.lowercaseFinding()
        diagnostic.message = "<script>alert('x')</script> & \"quotes\""
        diagnostic.ruleID = "rule\"><b>x"
        let (_, document) = try page([diagnostic])
        #expect(try document.nodes(forXPath: "//script | //b").isEmpty)
        let finding = try #require(try document.nodes(forXPath: findingPath).first)
        #expect(attribute("data-rule", of: finding) == "rule\"><b>x")
        #expect(try finding.nodes(forXPath: ".//span[@class='message']").first?.stringValue == diagnostic.message.text)
    }

    @Test func findingsOfAFileWithoutSourceAreStillListed() throws {
        let input = ReportInput(
            diagnostics: [fixture.lowercaseFinding()], rules: [], sources: [:], toolVersion: "1", failOn: nil)
        let html = HTMLReporter().report(input, options: ReportOptions())
        let document = try XMLDocument(data: Data(html.utf8), options: [])
        #expect(try document.nodes(forXPath: findingPath).count == 1)
        #expect(try document.nodes(forXPath: "//p[@class='verdict']").first?.stringValue == "findings never fail the run")
    }
}
