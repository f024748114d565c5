import Testing
@testable import LinkRules

/// A report long enough to be rendered in chunks on the cores reads byte for byte as one rendered in one pass.
@Suite struct ConcurrentRenderingTests {
    let fixture = ReportFixture()

    /// More findings than `ConcurrentRendering` renders in a round, in a mix that ends within a chunk.
    var findings: [Diagnostic] {
        let count = ConcurrentJobs.coreCount * ConcurrentRendering.chunksPerCore * ConcurrentRendering.findingsPerChunk + 77
        return (0..<count).map { index in
            [fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()][index % 3]
        }
    }

    @Test func jsonFindingsRenderedInChunksReadAsOnePassWroteThem() {
        let findings = findings
        #expect(ConcurrentRendering.pays(for: findings.count))
        func written(concurrently: Bool) -> (text: String, summary: ReportSummary) {
            var json = JSONWriter(reservingCapacity: 1 << 10)
            json.beginObject()
            json.field("version", 1)
            json.key("diagnostics")
            json.beginArray()
            let summary = JSONReporter().writeFindings(findings, to: &json, concurrently: concurrently)
            json.endArray()
            json.endObject()
            return (json.finishText(), summary)
        }
        let onePass = written(concurrently: false)
        let chunked = written(concurrently: true)
        #expect(chunked.text == onePass.text)
        #expect(chunked.summary.warnings == ReportSummary(findings).warnings)
        #expect(chunked.summary.fixable == ReportSummary(findings).fixable)
    }

    @Test func sarifResultsRenderedInChunksReadAsOnePassWroteThem() {
        let input = fixture.input(findings)
        func written(concurrently: Bool) -> String {
            var json = JSONWriter(reservingCapacity: 1 << 10)
            json.beginArray()
            SARIFReporter().writeResults(
                input, ruleIndex: ["lowercase": 3], artifacts: SARIFReporter.Artifacts(input.reportedFiles), to: &json,
                concurrently: concurrently)
            json.endArray()
            return json.finishText()
        }
        #expect(written(concurrently: true) == written(concurrently: false))
    }

    @Test func textFindingsRenderedInChunksReadAsOnePassWroteThem() {
        let input = fixture.input(findings)
        func written(concurrently: Bool) -> String {
            var output = ReportBuffer(reservingCapacity: 1 << 10)
            TextReporter().writeFindings(input, options: ReportOptions(), to: &output, concurrently: concurrently)
            return output.string
        }
        #expect(written(concurrently: true) == written(concurrently: false))
    }
}
