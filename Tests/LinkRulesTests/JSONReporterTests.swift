import Foundation
import PropertyBased
import Testing
@testable import LinkRules

@Suite struct JSONReporterTests {
    let fixture = ReportFixture()

    /// Written to an output a block at a time, the text is what one buffer holding it all reads.
    @Test func findingsHandedToTheOutputInBlocksReadAsOneBufferWroteThem() {
        let findings = (0..<400).map { index in
            [fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()][index % 3]
        }
        func written(to output: ReportCollector?) -> String {
            var json = JSONWriter(reservingCapacity: 1 << 10, output: output)
            json.beginObject()
            json.key("diagnostics")
            json.beginArray()
            JSONReporter().writeFindings(findings, to: &json)
            json.endArray()
            json.endObject()
            if let output {
                json.finish()
                return output.text
            }
            return json.finishText()
        }
        let whole = written(to: nil)
        #expect(whole.utf8.count > 2 * ReportBuffer.blockSize)
        #expect(written(to: ReportCollector()) == whole)
    }

    @Test func carriesRuleSeverityMessageRangeNotesFixesAndSummary() throws {
        let input = fixture.input([fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()])
        let json = try parseJSONObject(JSONReporter().report(input, options: ReportOptions()))
        #expect(json["version"] as? Int == 1)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["ruleId"] as? String } == ["plural-resource-nouns", "lowercase", "prefer-path-over-query"])

        let plural = diagnostics[0]
        #expect(plural["severity"] as? String == "warning")
        #expect(plural["message"] as? String == fixture.pluralFinding().message.text)
        #expect(plural["file"] as? String == "links.yml")
        #expect(plural["startLine"] as? Int == 7)
        #expect(plural["startColumn"] as? Int == 21)
        #expect(plural["endLine"] as? Int == 7)
        #expect(plural["endColumn"] as? Int == 30)
        let word = fixture.location(of: "community").range
        #expect(plural["startOffset"] as? Int == word.start.offset)
        #expect(plural["endOffset"] as? Int == word.end.offset)
        #expect(plural["notes", 0, "message"] as? String == "'communities' is declared here")
        #expect(plural["notes", 0, "file"] as? String == "links.yml")
        #expect(plural["notes", 0, "line"] as? Int == 5)
        #expect(plural["notes", 0, "column"] as? Int == 3)
        #expect(plural["fixes", 0, "message"] as? String == "rename 'community' to 'communities'")
        #expect(plural["fixes", 0, "applicability"] as? String == "unsafe")
        #expect(plural["fixes", 0, "edits", 0, "replacement"] as? String == "communities")
        #expect(plural["fixes", 0, "edits", 0, "startColumn"] as? Int == 21)
        #expect(plural["fixes", 0, "edits", 0, "startOffset"] as? Int == word.start.offset)
        #expect(plural["fixes", 0, "edits", 0, "endOffset"] as? Int == word.end.offset)

        let query = diagnostics[2]
        #expect(query["severity"] as? String == "info")
        #expect(query["notes", 0, "file"] is NSNull)
        #expect((query["fixes"] as? [Any])?.isEmpty == true)

        #expect(json["summary", "errors"] as? Int == 1)
        #expect(json["summary", "warnings"] as? Int == 1)
        #expect(json["summary", "infos"] as? Int == 1)
        #expect(json["summary", "fixable"] as? Int == 2)
        #expect(json["summary", "fixableSafely"] as? Int == 1)
        #expect(json["summary", "fixableWithUnsafeFixes"] as? Int == 1)
    }

    /// Severities and applicabilities are written as literal words: each is its raw value.
    @Test func severityAndApplicabilityWordsAreTheirRawValues() {
        for severity in Severity.allCases { #expect("\(severity.jsonWord)" == severity.rawValue) }
        for applicability in [FixApplicability.safe, .unsafe] { #expect("\(applicability.jsonWord)" == applicability.rawValue) }
    }

    /// A file path repeated from the finding before is copied as it was escaped; another path (here one that
    /// needs escaping) is escaped afresh, finding after finding and edit after edit.
    @Test func filePathsOfFindingsInTurnAreEachTheirOwn() throws {
        var findings: [Diagnostic] = []
        for (index, path) in ["links.yml", "other \"links\".yml", "other \"links\".yml", "links.yml"].enumerated() {
            var finding = [fixture.pluralFinding(), fixture.lowercaseFinding()][index % 2]
            finding.location.file = path
            for fix in finding.fixes.indices {
                for edit in finding.fixes[fix].edits.indices { finding.fixes[fix].edits[edit].location.file = path + ".edit" }
            }
            findings.append(finding)
        }
        // Written in the order given (a report orders its findings by file first).
        var writer = JSONWriter(reservingCapacity: 1 << 10)
        writer.beginObject()
        writer.key("diagnostics")
        writer.beginArray()
        JSONReporter().writeFindings(findings, to: &writer)
        writer.endArray()
        writer.endObject()
        let json = try parseJSONObject(writer.finishText())
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["file"] as? String } == findings.map(\.location.file))
        for (diagnostic, finding) in zip(diagnostics, findings) where !finding.fixes.isEmpty {
            #expect(diagnostic["fixes", 0, "edits", 0, "file"] as? String == finding.location.file + ".edit")
        }
    }

    @Test(arguments: [0, 7, 9, 10, 42, 99, 100, 101, 999, 1_000, 65_536, 1_234_567, 99_999_999, -1, -10, -100, -98_765, .max, .min])
    func numbersAreWrittenAsDecimalDigits(_ number: Int) {
        var writer = JSONWriter(reservingCapacity: 16)
        writer.beginObject()
        writer.field("n", number)
        writer.fields(("a", number), ("b", 0), ("c", number / 7), ("d", number / -3), ("e", 10), ("f", number))
        writer.endObject()
        let lines = ["n", "a"].map { "  \"\($0)\": \(number)" }
            + [("b", 0), ("c", number / 7), ("d", number / -3), ("e", 10), ("f", number)].map { "  \"\($0.0)\": \($0.1)" }
        #expect(writer.finishText() == "{\n" + lines.joined(separator: ",\n") + "\n}\n")
    }

    @Test func emptyReportIsAValidDocument() throws {
        let output = JSONReporter().report(fixture.input([]), options: ReportOptions())
        let json = try parseJSONObject(output)
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(json["summary", "errors"] as? Int == 0)
        #expect(output.hasSuffix("}\n"))
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() throws {
        var diagnostic = fixture.lowercaseFinding()
        diagnostic.message = Message("a \"quoted\" \\path\\ with\ttab,\nnewline, \r, \u{1} and \u{1F} and é 日 😀")
        let output = JSONReporter().report(fixture.input([diagnostic]), options: ReportOptions())
        #expect(output.contains("\\u0001"))
        #expect(output.contains("\\u001f"))
        let json = try parseJSONObject(output)
        #expect(json["diagnostics", 0, "message"] as? String == diagnostic.message.text)
    }

    @Test func anyMessageRoundTrips() async {
        let characters: [Character] = Array("ab\"\\/\n\r\t\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}é日😀'<&%:,") + ["\u{301}"]
        let texts = Gen<Character?>.element(of: characters).map { $0! }.string(of: 0...24)
        await propertyCheck(input: texts) { text in
            var diagnostic = fixture.lowercaseFinding()
            diagnostic.message = Message(text)
            diagnostic.fixes[0].edits[0].replacement = text
            let output = JSONReporter().report(fixture.input([diagnostic]), options: ReportOptions())
            let json = try? parseJSONObject(output)
            #expect(json?["diagnostics", 0, "message"] as? String == text)
            #expect(json?["diagnostics", 0, "fixes", 0, "edits", 0, "replacement"] as? String == text)
        }
    }

    /// A rule's finding holds its link, and the report spells the link's route key from it: the key the finding
    /// gives as `linkKey`, written as links are (a custom scheme's first component in the host position). Coded
    /// with `Codable`, a finding keeps the members `linkKey` and `line`, `column` and `offset`.
    @Test func linkKeyIsSpelledFromTheFindingsLink() throws {
        let text = """
            app: her
            schemes: [her]
            links:
              - url: her://Feed/{id:int}?Sort=new
              - url: https://her.app/Search?q={q}&page={page:int}
            """
        let folder = try FixFolder(files: ["links.yml": text])
        defer { folder.remove() }
        let session = try LintSession(workspace: Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path))
        let result = try session.lint(files: [SourceFile(path: "links.yml", text: text)])
        let findings = result.diagnostics.filter { $0.linkKey != nil }
        #expect(Set(findings.compactMap(\.linkKey)) == ["her:///feed/{int}?sort=new", "https://her.app/search?page={int}&q={}"])

        let json = try parseJSONObject(JSONReporter().report(fixture.input(result.diagnostics), options: ReportOptions()))
        for (index, finding) in result.diagnostics.enumerated() {
            #expect(json["diagnostics", index, "linkKey"] as? String == finding.linkKey.map(RouteKeySpelling.written))
        }
        #expect(findings.contains { finding in
            let index = result.diagnostics.firstIndex(of: finding)!
            return json["diagnostics", index, "linkKey"] as? String == "her://feed/{int}?sort=new"
        })

        let finding = try #require(findings.first)
        let coded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as? [String: Any])
        #expect(coded["linkKey"] as? String == finding.linkKey)
        #expect(coded["location", "range", "start", "line"] as? Int == finding.location.line)
        #expect(coded["location", "range", "start", "column"] as? Int == finding.location.column)
        #expect(coded["location", "range", "start", "offset"] as? Int == finding.location.range.start.offset)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: JSONEncoder().encode(finding)) == finding)
    }
}
