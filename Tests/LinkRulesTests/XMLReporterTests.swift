import Foundation
import PropertyBased
import Testing
@testable import LinkRules

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct XMLReporterTests {
    let fixture = ReportFixture()
    let clean = ReportFixture(path: "clean.yml", text: "version: 1\nlinks: []\n")

    /// Two files: `links.yml` with three findings and `clean.yml` with none.
    private var twoFiles: ReportInput {
        ReportInput(
            diagnostics: [fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()],
            rules: ReportFixture.rules, sources: [fixture.file.path: fixture.file, clean.file.path: clean.file],
            toolVersion: "0.1.0", failOn: .warning)
    }

    private func parse(_ text: String) throws -> XMLDocument {
        try XMLDocument(data: Data(text.utf8), options: [])
    }

    private func attribute(_ name: String, of node: XMLNode) -> String? {
        (node as? XMLElement)?.attribute(forName: name)?.stringValue
    }

    @Test func junitHasOneSuitePerFileAndACasePerFindingFailingAtTheFailingSeverity() throws {
        let document = try parse(JUnitReporter().report(twoFiles, options: ReportOptions()))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(attribute("tests", of: root) == "4")
        #expect(attribute("failures", of: root) == "2")  // the info is below fail_on: warning
        #expect(attribute("errors", of: root) == "0")

        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.map { attribute("file", of: $0) } == ["clean.yml", "links.yml"])
        #expect(suites.map { attribute("name", of: $0) } == ["linkrules", "linkrules"])
        #expect(suites.map { attribute("tests", of: $0) } == ["1", "3"])
        #expect(suites.map { attribute("failures", of: $0) } == ["0", "2"])

        let passing = try document.nodes(forXPath: "/testsuites/testsuite[@file='clean.yml']/testcase")
        #expect(passing.count == 1)
        #expect(try passing[0].nodes(forXPath: "failure").isEmpty)

        let cases = try document.nodes(forXPath: "/testsuites/testsuite[@file='links.yml']/testcase")
        #expect(cases.map { attribute("name", of: $0) }
            == ["plural-resource-nouns at 7:21", "lowercase at 9:16", "prefer-path-over-query at 9:27"])
        #expect(cases.allSatisfy { attribute("classname", of: $0) == "links.yml" })
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.map { attribute("type", of: $0) } == ["warning", "error"])
        let below = try #require(try cases[2].nodes(forXPath: "system-out").first?.stringValue)
        #expect(below.hasPrefix("links.yml:9:27: note:"))
        #expect(try cases[2].nodes(forXPath: "failure").isEmpty)
        #expect(attribute("message", of: failures[0]) == fixture.pluralFinding().message.text)
        let details = try #require(failures[0].stringValue)
        #expect(details.contains("links.yml:7:21: warning:"))
        #expect(details.contains("links.yml:5:3: note: 'communities' is declared here"))
        #expect(details.contains("fix (unsafe): rename 'community' to 'communities'"))
    }

    @Test func checkstyleListsEveryFileAndAnErrorPerFinding() throws {
        let output = CheckstyleReporter().report(twoFiles, options: ReportOptions())
        #expect(output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">"))
        let document = try parse(output)
        let files = try document.nodes(forXPath: "/checkstyle/file")
        #expect(files.map { attribute("name", of: $0) } == ["clean.yml", "links.yml"])
        #expect(try files[0].nodes(forXPath: "error").isEmpty)
        let errors = try files[1].nodes(forXPath: "error")
        #expect(errors.map { attribute("line", of: $0) } == ["7", "9", "9"])
        #expect(errors.map { attribute("column", of: $0) } == ["21", "16", "27"])
        #expect(errors.map { attribute("severity", of: $0) } == ["warning", "error", "info"])
        #expect(errors.map { attribute("source", of: $0) }
            == ["linkrules.plural-resource-nouns", "linkrules.lowercase", "linkrules.prefer-path-over-query"])
        #expect(attribute("message", of: errors[1]) == fixture.lowercaseFinding().message.text)
    }

    @Test func markupAndControlCharactersAreEscapedOrDropped() throws {
        var diagnostic = fixture.lowercaseFinding()
        diagnostic.message = "<a href=\"x\">'&'</a>\u{1}\u{8}\ttab\nline\u{FFFF}"
        let input = fixture.input([diagnostic])
        let expected = "<a href=\"x\">'&'</a>\ttab\nline"
        let checkstyle = try parse(CheckstyleReporter().report(input, options: ReportOptions()))
        #expect(attribute("message", of: try checkstyle.nodes(forXPath: "//error")[0]) == expected)
        let junit = try parse(JUnitReporter().report(input, options: ReportOptions()))
        let failure = try junit.nodes(forXPath: "//failure")[0]
        #expect(attribute("message", of: failure) == expected)
        #expect(failure.stringValue?.contains(expected) == true)
    }

    @Test func anyMessageSurvivesXMLParsing() async {
        let characters: [Character] = Array("a<>&\"' \t\n%é日😀]]>") + ["\u{301}", "\r"]
        let texts = Gen<Character?>.element(of: characters).map { $0! }.string(of: 0...24)
        await propertyCheck(input: texts) { text in
            var diagnostic = fixture.lowercaseFinding()
            diagnostic.message = Message(text)
            let output = CheckstyleReporter().report(fixture.input([diagnostic]), options: ReportOptions())
            let document = try? parse(output)
            let error = try? document?.nodes(forXPath: "//error").first
            #expect(error.flatMap { attribute("message", of: $0) } == text)
        }
    }

    @Test func emptyRunIsStillADocument() throws {
        let input = ReportInput(diagnostics: [], rules: [], sources: [:], toolVersion: "1", failOn: nil)
        let junit = try parse(JUnitReporter().report(input, options: ReportOptions()))
        #expect(junit.rootElement()?.attribute(forName: "tests")?.stringValue == "0")
        let checkstyle = try parse(CheckstyleReporter().report(input, options: ReportOptions()))
        #expect(checkstyle.rootElement()?.name == "checkstyle")
        #expect(try checkstyle.nodes(forXPath: "//file").isEmpty)
    }

    @Test func ciFormatsNameFilesFromThePathBase() throws {
        var options = ReportOptions()
        options.paths = ReportPaths(workingDirectory: "/repo/ios", base: "/repo")
        let junit = try parse(JUnitReporter().report(twoFiles, options: options))
        #expect(try junit.nodes(forXPath: "/testsuites/testsuite").map { attribute("file", of: $0) }
            == ["ios/clean.yml", "ios/links.yml"])
        let checkstyle = try parse(CheckstyleReporter().report(twoFiles, options: options))
        #expect(try checkstyle.nodes(forXPath: "/checkstyle/file").map { attribute("name", of: $0) }
            == ["ios/clean.yml", "ios/links.yml"])
        let github = GitHubActionsReporter().report(twoFiles, options: options)
        #expect(github.hasPrefix("::warning file=ios/links.yml,line=7,"))
        let sarif = SARIFReporter().report(twoFiles, options: options)
        #expect(sarif.contains("\"uri\": \"ios/links.yml\"") || sarif.contains("\"uri\":\"ios/links.yml\""))
        #expect(!sarif.contains("\"links.yml\""))
        // Text keeps the working directory's view, as a terminal needs.
        #expect(TextReporter().report(twoFiles, options: options).hasPrefix("links.yml:7:21:"))

        #expect(ReportPaths(workingDirectory: "/repo/ios", base: "..").name("../android/links.yml") == "android/links.yml")
        #expect(ReportPaths(workingDirectory: "/repo/ios", base: "/repo").name("/elsewhere/links.yml") == "/elsewhere/links.yml")
        #expect(ReportPaths(workingDirectory: "/repo", base: "/repo").name("links.yml") == "links.yml")
    }
}
