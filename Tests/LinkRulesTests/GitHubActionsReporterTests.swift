import PropertyBased
import Testing
@testable import LinkRules

@Suite struct GitHubActionsReporterTests {
    let fixture = ReportFixture()

    private func render(_ diagnostics: [Diagnostic]) -> [String] {
        GitHubActionsReporter().report(fixture.input(diagnostics), options: ReportOptions())
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func oneWorkflowCommandPerFindingBySeverity() {
        var plural = fixture.pluralFinding()
        plural.notes = []
        let lines = render([plural, fixture.lowercaseFinding(), fixture.queryFinding()])
        #expect(lines == [
            "::warning file=links.yml,line=7,col=21,endLine=7,endColumn=30,title=linkrules (plural-resource-nouns)::"
                + "'community' is followed by an id, so it names a collection: use the plural 'communities'",
            "::error file=links.yml,line=9,col=16,endLine=9,endColumn=20,title=linkrules (lowercase)::"
                + "links are case-insensitive: write 'Feed' as 'feed'",
            "::notice file=links.yml,line=9,col=27,endLine=9,endColumn=36,title=linkrules (prefer-path-over-query)::"
                + "'open=buy' selects a screen: make it a path component%0A"
                + "note: query parameters are for complex parameterisation (seed 000)",
            "",
        ])
    }

    @Test func messageEscapingMatchesTheActionsToolkit() {
        var diagnostic = fixture.lowercaseFinding()
        diagnostic.message = "100% sure: a, b\r\nc"
        let line = render([diagnostic])[0]
        #expect(line.hasSuffix("::100%25 sure: a, b%0D%0Ac"))
    }

    @Test func propertyEscapingAlsoCoversColonAndComma() {
        let odd = ReportFixture(path: "a,b:c%d.yml")
        let input = ReportInput(
            diagnostics: [odd.lowercaseFinding()], rules: [], sources: [odd.file.path: odd.file], toolVersion: "1",
            failOn: .warning)
        let output = GitHubActionsReporter().report(input, options: ReportOptions())
        #expect(output.hasPrefix("::error file=a%2Cb%3Ac%25d.yml,line=9,"))
    }

    @Test func rangeOverSeveralLinesHasNoColumns() {
        var diagnostic = fixture.lowercaseFinding()
        diagnostic.location.range.start = fixture.location(of: "community").range.start
        let line = render([diagnostic])[0]
        #expect(line.hasPrefix("::error file=links.yml,line=7,endLine=9,title=linkrules (lowercase)::"))
    }

    @Test func escapedMessagesDecodeToTheOriginalAndStayOnOneLine() async {
        let characters: [Character] = Array("a%:,\r\n\t ;]é日") + ["%0A", "%25"].flatMap { Array($0) }
        let texts = Gen<Character?>.element(of: characters).map { $0! }.string(of: 0...20)
        await propertyCheck(input: texts) { text in
            var dataBuffer = ReportBuffer(reservingCapacity: 64)
            dataBuffer.appendWorkflowCommandData(text)
            let data = dataBuffer.string
            var propertyBuffer = ReportBuffer(reservingCapacity: 64)
            propertyBuffer.appendWorkflowCommandProperty(text)
            let property = propertyBuffer.string
            #expect(!data.contains { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
            #expect(!property.contains { $0 == "\r" || $0 == "\n" || $0 == "\r\n" || $0 == ":" || $0 == "," })
            #expect(unescape(data) == text)
            #expect(unescape(property) == text)
        }
    }

    /// The runner's unescaping: every `%XX` back to its character, `%25` last.
    private func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
