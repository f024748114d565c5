/// Swift-compiler-style text, so Xcode and editors pick the findings up: `file:line:col: severity: message
/// [rule-id]`, the source line with a caret marker and the suggested replacement, the notes, then a summary.
/// Control characters from the catalogue are neutralised, so each finding stays on its line and no escape
/// sequence reaches the terminal.
struct TextReporter: Reporter {
    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        var output = ReportBuffer(
            reservingCapacity: input.diagnostics.count * (options.quiet ? 120 : 320) + 256, output: destination)
        writeFindings(input, options: options, to: &output)
        if options.statistics { appendStatistics(input.diagnostics, to: &output) }
        if !options.quiet {
            output.append(ReportSummary(input.diagnostics).line)
            output.append("\n")
        }
        output.flush()
    }

    /// Writes the findings in order, many of them on all the cores (`ConcurrentRendering`).
    func writeFindings(
        _ input: ReportInput, options: ReportOptions, to output: inout ReportBuffer, concurrently: Bool = true
    ) {
        ConcurrentRendering.write(findings: input.diagnostics.count, concurrently: concurrently, to: &output) { chunk in
            ReportBuffer(reservingCapacity: chunk.count * (options.quiet ? 160 : 480))
        } _: { findings, output in
            writeFindings(input, in: findings, options: options, to: &output)
        }
    }

    /// Writes the findings at `positions`, in order, without handing anything to the output.
    private func writeFindings(
        _ input: ReportInput, in positions: Range<Int>, options: ReportOptions, to output: inout ReportBuffer
    ) {
        let style = TerminalStyle(enabled: options.color)
        // Through the array's storage: each finding is written where it is (see `ConcurrentRendering.findingsPerBlock`).
        input.diagnostics.withUnsafeBufferPointer { findings in
            for index in positions {
                appendFinding(findings[index], sources: input.sources, options: options, style: style, to: &output)
            }
        }
    }

    /// One finding: its header line and, unless quiet, its source excerpt and its notes.
    private func appendFinding(
        _ diagnostic: borrowing Diagnostic, sources: [String: SourceFile], options: ReportOptions, style: TerminalStyle,
        to output: inout ReportBuffer
    ) {
        appendHeader(diagnostic, style: style, to: &output)
        guard !options.quiet else { return }
        appendExcerpt(diagnostic, source: sources[diagnostic.location.file], style: style, to: &output)
        for note in diagnostic.notes {
            if let location = note.location {
                appendPosition(location, style: style, to: &output)
                output.append(" ")
            } else {
                output.append("  ")
            }
            style.appendSeverity(.info, to: &output)
            output.append(" ")
            output.appendTerminalSafe(note.message.text)
            output.append("\n")
        }
    }

    private func appendHeader(_ diagnostic: Diagnostic, style: TerminalStyle, to output: inout ReportBuffer) {
        appendPosition(diagnostic.location, style: style, to: &output)
        output.append(" ")
        style.appendSeverity(diagnostic.severity, to: &output)
        output.append(" ")
        output.appendTerminalSafe(diagnostic.message.text)
        output.append(" [")
        output.appendTerminalSafe(diagnostic.ruleID)
        output.append("]\n")
    }

    private func appendPosition(_ location: SourceLocation, style: TerminalStyle, to output: inout ReportBuffer) {
        output.append(style.boldOn)
        output.appendTerminalSafe(location.file)
        output.append(":")
        output.append(location.line)
        output.append(":")
        output.append(location.column)
        output.append(":")
        output.append(style.reset)
    }

    /// The source line, the caret marker under the range and, when the first fix replaces text on that line,
    /// its replacement aligned under where it goes.
    private func appendExcerpt(
        _ diagnostic: Diagnostic, source: SourceFile?, style: TerminalStyle, to output: inout ReportBuffer
    ) {
        let range = diagnostic.location.range
        guard let source, range.start.line >= 1, range.start.line <= source.lineCount else { return }
        let line = source.lineText(range.start.line)
        output.appendTerminalSafe(line)
        output.append("\n")
        output.append(style.caretOn)
        CaretLine.appendMarker(
            to: &output, line: line, start: range.start.column,
            end: range.end.line == range.start.line ? range.end.column : nil)
        output.append(style.reset)
        output.append("\n")
        guard let replacement = diagnostic.suggestedReplacement, !replacement.isEmpty,
            !replacement.contains(where: \.isNewline),
            let edit = diagnostic.fixes.first?.edits.first,
            edit.file == diagnostic.location.file, edit.location.line == range.start.line
        else { return }
        CaretLine.appendPadding(to: &output, before: edit.location.column, in: line)
        output.append(style.replacementOn)
        output.appendTerminalSafe(replacement)
        output.append(style.reset)
        output.append("\n")
    }

    /// A table of finding counts per rule, most frequent first.
    private func appendStatistics(_ diagnostics: [Diagnostic], to output: inout ReportBuffer) {
        var counts: [String: (total: Int, fixable: Int)] = [:]
        for position in diagnostics.indices {
            let ruleID = diagnostics[position].ruleID
            counts[ruleID, default: (0, 0)].total += 1
            if !diagnostics[position].fixes.isEmpty { counts[ruleID, default: (0, 0)].fixable += 1 }
        }
        guard !counts.isEmpty else { return }
        let rows = counts.sorted { lhs, rhs in
            lhs.value.total != rhs.value.total ? lhs.value.total > rhs.value.total : lhs.key < rhs.key
        }
        let countWidth = max(5, String(rows[0].value.total).count)
        let idWidth = rows.map(\.key.count).max() ?? 0
        output.append(repeating: UInt8(ascii: " "), count: countWidth - 5)
        output.append("count  rule\n")
        for row in rows {
            let count = String(row.value.total)
            output.append(repeating: UInt8(ascii: " "), count: countWidth - count.count)
            output.append(count)
            output.append("  ")
            output.appendTerminalSafe(row.key)
            if row.value.fixable > 0 {
                output.append(repeating: UInt8(ascii: " "), count: idWidth - row.key.count)
                output.append("  ")
                output.append(row.value.fixable)
                output.append(" fixable")
            }
            output.append("\n")
        }
    }
}

/// ANSI escape sequences for coloured text output, or empty strings when colour is off.
struct TerminalStyle {
    let boldOn: String
    let caretOn: String
    let replacementOn: String
    let reset: String
    private let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
        boldOn = enabled ? "\u{1B}[1m" : ""
        caretOn = enabled ? "\u{1B}[1;32m" : ""
        replacementOn = enabled ? "\u{1B}[32m" : ""
        reset = enabled ? "\u{1B}[0m" : ""
    }

    /// Appends the severity's compiler word and a colon, in its colour: red error, yellow warning, cyan note.
    func appendSeverity(_ severity: Severity, to output: inout ReportBuffer) {
        if enabled {
            let colour: String = switch severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .info: "\u{1B}[1;36m"
            }
            output.append(colour)
        }
        output.append(severity.compilerWord)
        output.append(":")
        output.append(reset)
    }
}
