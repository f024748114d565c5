import Testing
@testable import LinkRules

/// The marker under a quoted line: an ASCII line is measured by its length, any other character by character;
/// both draw the same marker for the same columns.
@Suite struct CaretLineTests {
    func marker(_ line: String, start: Int, end: Int?) -> String {
        var output = ReportBuffer(reservingCapacity: 64)
        CaretLine.appendMarker(to: &output, line: line, start: start, end: end)
        return output.string
    }

    @Test func asciiAndNonASCIILinesOfOneCellPerColumnDrawTheSameMarker() {
        // 'é' takes one cell, like the 'e' it stands in for.
        for start in 1...9 {
            for end in [nil] + (start...12).map(Optional.some) {
                #expect(marker("abcdefe", start: start, end: end) == marker("abcdefé", start: start, end: end))
            }
        }
    }

    @Test func rangeRunningPastTheLineCountsACellForEachColumnPastIt() {
        #expect(marker("abcdef", start: 3, end: 10) == "  ^~~~~~~")
        #expect(marker("abcdef", start: 3, end: nil) == "  ^~~~")
        #expect(marker("abcdef", start: 4, end: 4) == "   ^")
    }
}
