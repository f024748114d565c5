import Testing
@testable import LinkRules

@Suite struct TextReporterTests {
    let fixture = ReportFixture()

    private func render(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) -> String {
        TextReporter().report(fixture.input(diagnostics), options: options)
    }

    @Test func printsCompilerStyleHeaderExcerptReplacementNoteAndSummary() {
        let output = render([fixture.pluralFinding()])
        #expect(output == """
            links.yml:7:21: warning: 'community' is followed by an id, so it names a collection: \
            use the plural 'communities' [plural-resource-nouns]
              - url: her://feed/community/9
                                ^~~~~~~~~
                                communities
            links.yml:5:3: note: 'communities' is declared here
            1 warning, 1 fixable with --unsafe-fixes

            """)
    }

    @Test func noteWithoutLocationIsIndentedAndInfoIsANote() {
        let output = render([fixture.queryFinding()])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "links.yml:9:27: note: 'open=buy' selects a screen: make it a path component "
            + "[prefer-path-over-query]")
        #expect(lines[1] == "  - url: her://Feed/boosts?open=buy")
        #expect(lines[2] == String(repeating: " ", count: 26) + "^~~~~~~~~")
        #expect(lines[3] == "  note: query parameters are for complex parameterisation (seed 000)")
        #expect(lines[4] == "1 info")
    }

    @Test func caretKeepsTabsAndTildesMatchRangeLength() {
        let text = "links:\n\t- url:\ther://feed/community/9\n"
        let file = ReportFixture(text: text)
        let diagnostic = Diagnostic(
            ruleID: "plural-resource-nouns", severity: .warning, message: "use the plural",
            location: file.location(of: "community"),
            fixes: [
                FixIt(
                    message: "rename", edits: [TextEdit(location: file.location(of: "community"), replacement: "communities")],
                    applicability: .unsafe)
            ])
        let lines = TextReporter().report(file.input([diagnostic]), options: ReportOptions())
            .split(separator: "\n").map(String.init)
        #expect(lines[1] == "\t- url:\ther://feed/community/9")
        #expect(lines[2] == "\t      \t           ^~~~~~~~~")
        #expect(lines[3] == "\t      \t           communities")
    }

    @Test func nonASCIIBeforeTheRangeCountsCharactersNotBytes() {
        // 'é' is one character (two bytes); the caret must still land under 'community'.
        let file = ReportFixture(text: "  - url: her://café/community/9\n")
        let location = file.location(of: "community")
        #expect(location.column == 21)
        let diagnostic = Diagnostic(ruleID: "r", severity: .error, message: "m", location: location)
        let lines = TextReporter().report(file.input([diagnostic]), options: ReportOptions())
            .split(separator: "\n").map(String.init)
        #expect(lines[2] == String(repeating: " ", count: 20) + "^~~~~~~~~")
    }

    @Test func wideCharactersTakeTwoCellsAndCombiningMarksNone() {
        // '日本' are wide (two cells each); 'e' + U+0301 is one visible cell made of two scalars.
        let file = ReportFixture(text: "title: 日本 e\u{301} community\n")
        let diagnostic = Diagnostic(ruleID: "r", severity: .error, message: "m", location: file.location(of: "community"))
        let lines = TextReporter().report(file.input([diagnostic]), options: ReportOptions())
            .split(separator: "\n").map(String.init)
        #expect(lines[2] == String(repeating: " ", count: 7 + 4 + 1 + 1 + 1) + "^~~~~~~~~")
    }

    @Test func rangeRunningOntoLaterLinesIsMarkedToTheEndOfItsFirstLine() {
        let fixture = ReportFixture()
        let start = fixture.location(of: "her://feed/community/9").range.start
        let end = fixture.location(of: "title").range.end
        let location = SourceLocation(file: "links.yml", range: SourceRange(start: start, end: end))
        let diagnostic = Diagnostic(ruleID: "r", severity: .warning, message: "m", location: location)
        let lines = TextReporter().report(fixture.input([diagnostic]), options: ReportOptions())
            .split(separator: "\n").map(String.init)
        #expect(lines[2] == String(repeating: " ", count: 9) + "^" + String(repeating: "~", count: 21))
    }

    @Test func emptyRangeGetsALoneCaret() {
        let position = fixture.location(of: "?open").range.start
        let location = SourceLocation(file: "links.yml", range: SourceRange(at: position))
        let diagnostic = Diagnostic(ruleID: "r", severity: .warning, message: "m", location: location)
        let lines = render([diagnostic]).split(separator: "\n").map(String.init)
        #expect(lines[2] == String(repeating: " ", count: 26) + "^")
    }

    @Test func replacementIsAlignedUnderItsOwnEditNotTheDiagnostic() {
        // The finding marks the whole URL; its fix only replaces 'Feed'.
        let url = fixture.location(of: "her://Feed/boosts?open=buy")
        let diagnostic = Diagnostic(
            ruleID: "lowercase", severity: .error, message: "m", location: url,
            fixes: [FixIt(message: "f", edits: [TextEdit(location: fixture.location(of: "Feed"), replacement: "feed")], applicability: .safe)])
        let lines = render([diagnostic]).split(separator: "\n").map(String.init)
        #expect(lines[2] == String(repeating: " ", count: 9) + "^" + String(repeating: "~", count: 25))
        #expect(lines[3] == String(repeating: " ", count: 15) + "feed")
    }

    @Test func noExcerptWithoutTheSourceText() {
        let input = ReportInput(
            diagnostics: [fixture.lowercaseFinding()], rules: [], sources: [:], toolVersion: "1", failOn: .warning)
        let output = TextReporter().report(input, options: ReportOptions())
        #expect(output == "links.yml:9:16: error: links are case-insensitive: write 'Feed' as 'feed' [lowercase]\n"
            + "1 error, 1 fixable\n")
    }

    @Test(arguments: [
        ([Severity](), 0, "no problems found"),
        ([.error], 0, "1 error"),
        ([.error, .error, .warning], 1, "2 errors, 1 warning, 1 fixable with --unsafe-fixes"),
        ([.warning, .warning, .info], 3, "2 warnings, 1 info, 3 fixable with --unsafe-fixes"),
        ([.error, .warning, .info, .info], 0, "1 error, 1 warning, 2 infos"),
    ])
    func summaryWording(severities: [Severity], fixable: Int, expected: String) {
        let diagnostics = severities.enumerated().map { index, severity in
            var diagnostic = fixture.pluralFinding(severity: severity)
            if index >= fixable { diagnostic.fixes = [] }
            return diagnostic
        }
        let output = render(diagnostics)
        #expect(output.split(separator: "\n").last.map(String.init) == expected)
    }

    @Test func summarySeparatesWhatFixFixesFromWhatNeedsUnsafeFixes() {
        // A finding with a safe fix is fixed by --fix even when it also offers an unsafe one.
        var both = fixture.pluralFinding()
        both.fixes.append(FixIt(message: "safe too", edits: both.fixes[0].edits, applicability: .safe))
        let diagnostics = [fixture.lowercaseFinding(), both, fixture.pluralFinding(), fixture.pluralFinding(severity: .info)]
        #expect(render(diagnostics).split(separator: "\n").last.map(String.init)
            == "1 error, 2 warnings, 1 info, 2 fixable, 2 more with --unsafe-fixes")
        #expect(render([fixture.lowercaseFinding()]).split(separator: "\n").last.map(String.init) == "1 error, 1 fixable")
    }

    @Test func quietPrintsOnlyHeaderLines() {
        var options = ReportOptions()
        options.quiet = true
        let output = render([fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()], options: options)
        #expect(output == """
            links.yml:7:21: warning: 'community' is followed by an id, so it names a collection: \
            use the plural 'communities' [plural-resource-nouns]
            links.yml:9:16: error: links are case-insensitive: write 'Feed' as 'feed' [lowercase]
            links.yml:9:27: note: 'open=buy' selects a screen: make it a path component [prefer-path-over-query]

            """)
        #expect(render([], options: options) == "")
    }

    @Test func statisticsCountPerRuleMostFrequentFirstThenById() {
        var options = ReportOptions()
        options.quiet = true
        options.statistics = true
        let query = fixture.queryFinding()
        var second = fixture.pluralFinding()
        second.fixes = []
        let diagnostics = [fixture.lowercaseFinding(), query, query, fixture.pluralFinding(), second]
        let output = render(diagnostics, options: options)
        let table = output.split(separator: "\n").suffix(4).map(String.init)
        #expect(table == [
            "count  rule",
            "    2  plural-resource-nouns   1 fixable",
            "    2  prefer-path-over-query",
            "    1  lowercase               1 fixable",
        ])
    }

    @Test func controlCharactersFromTheCatalogueCannotBreakLinesOrReachTheTerminal() {
        let file = ReportFixture(text: "  - url: her://a\u{1B}[2J/community/9\n")
        var diagnostic = Diagnostic(
            ruleID: "r", severity: .warning, message: "found 'a\u{1B}[2J' here\r\nand there",
            location: file.location(of: "community"))
        diagnostic.notes = [Note(message: "a\nnote")]
        let output = TextReporter().report(file.input([diagnostic]), options: ReportOptions())
        #expect(!output.contains("\u{1B}"))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "links.yml:1:22: warning: found 'a\u{FFFD}[2J' here and there [r]")
        #expect(lines[1] == "  - url: her://a\u{FFFD}[2J/community/9")
        #expect(lines[2] == String(repeating: " ", count: 21) + "^~~~~~~~~")
        #expect(lines[3] == "  note: a note")
    }

    @Test func colourWrapsPositionSeverityAndReplacementOnlyWhenAsked() {
        var options = ReportOptions()
        options.color = true
        let coloured = render([fixture.pluralFinding(), fixture.lowercaseFinding()], options: options)
        #expect(coloured.contains("\u{1B}[1mlinks.yml:7:21:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;36mnote:\u{1B}[0m 'communities' is declared here"))
        #expect(coloured.contains("\u{1B}[32mcommunities\u{1B}[0m"))
        #expect(!render([fixture.pluralFinding()]).contains("\u{1B}"))
    }
}
