/// Draws the marker line under a quoted source line in compiler-style output: padding up to the start column,
/// then `^` and a `~` for each further column of the range. Columns are Unicode scalars, as in `SourcePosition`;
/// the padding copies tabs so it lines up whatever the tab width, gives a wide (East Asian, emoji) character two
/// cells and a combining mark none, so the caret lands under the right character in a terminal.
enum CaretLine {
    /// Appends the padding that puts the next character under `column` (1-based) of `line`.
    static func appendPadding(to output: inout ReportBuffer, before column: Int, in line: String) {
        // A line of ASCII without tabs (nearly every catalogue line) takes one cell per column.
        if isPlainASCII(line) {
            output.append(repeating: UInt8(ascii: " "), count: column - 1)
            return
        }
        var current = 1
        for scalar in line.unicodeScalars {
            guard current < column else { break }
            if scalar == "\t" {
                output.append("\t")
            } else {
                let width = cellWidth(of: scalar)
                if width > 0 { output.append(width == 1 ? " " : "  ") }
            }
            current += 1
        }
        if current < column { output.append(repeating: UInt8(ascii: " "), count: column - current) }
    }

    /// Appends the padding, `^` and `~`s marking columns `start..<end` of `line` (to the end of the line when
    /// `end` is nil, as for a range that continues on later lines). An empty range gets a lone `^`.
    static func appendMarker(to output: inout ReportBuffer, line: String, start: Int, end: Int?) {
        appendPadding(to: &output, before: start, in: line)
        var cells = 0
        var lineLength = 0
        if isPlainASCII(line) {
            // One cell for each column of the range on the line.
            lineLength = line.utf8.count
            cells = max(0, min(lineLength, (end ?? Int.max) - 1) - max(1, start) + 1)
        } else {
            var current = 1
            for scalar in line.unicodeScalars {
                lineLength += 1
                if current >= start, end.map({ current < $0 }) ?? true { cells += cellWidth(of: scalar) }
                current += 1
            }
        }
        if let end, end > max(start, lineLength + 1) {
            // Columns past the line's text (a range taking in the line break) count one cell each.
            cells += end - max(start, lineLength + 1)
        }
        output.append("^")
        if cells > 1 { output.append(repeating: UInt8(ascii: "~"), count: cells - 1) }
    }

    /// Whether every character of `line` is ASCII other than a tab: one column, one cell.
    private static func isPlainASCII(_ line: String) -> Bool {
        // Read from the string's contiguous bytes: through `String.UTF8View` one byte at a time, this test cost
        // a fifth of a long text report.
        var line = line
        return line.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\t") } }
    }

    /// How many terminal cells a scalar takes: 0 for combining marks and invisible format characters,
    /// 2 for East Asian wide and full-width characters and emoji, 1 otherwise.
    static func cellWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
