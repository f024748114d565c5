/// GitHub Actions workflow commands, one per finding, which the runner turns into annotations on the pull
/// request: `::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=linkrules (rule-id)::message`.
/// Values are escaped exactly as `@actions/core` escapes them; a note becomes an extra line of the message.
struct GitHubActionsReporter: Reporter {
    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        let input = input.naming(options.paths)
        var output = ReportBuffer(reservingCapacity: input.diagnostics.count * 200, output: destination)
        for diagnostic in input.diagnostics {
            let range = diagnostic.location.range
            output.append("::")
            output.append(Self.command(diagnostic.severity))
            output.append(" file=")
            output.appendWorkflowCommandProperty(diagnostic.location.file)
            output.append(",line=")
            output.append(range.start.line)
            // Columns are only allowed on an annotation that starts and ends on one line.
            if range.end.line == range.start.line {
                output.append(",col=")
                output.append(range.start.column)
            }
            output.append(",endLine=")
            output.append(range.end.line)
            if range.end.line == range.start.line {
                output.append(",endColumn=")
                output.append(range.end.column)
            }
            output.append(",title=")
            output.append("linkrules (")
            output.appendWorkflowCommandProperty(diagnostic.ruleID)
            output.append(")::")
            output.appendWorkflowCommandData(diagnostic.message.text)
            for note in diagnostic.notes { appendNote(note, to: &output) }
            output.append("\n")
            output.flushIfFull()
        }
        output.flush()
    }

    /// A note as a further line of the message (an escaped line feed, then `file:line:col: note: text`).
    private func appendNote(_ note: Note, to output: inout ReportBuffer) {
        output.appendWorkflowCommandData("\n")
        if let location = note.location {
            output.appendWorkflowCommandData(location.file)
            output.append(":")
            output.append(location.line)
            output.append(":")
            output.append(location.column)
            output.append(": ")
        }
        output.append("note: ")
        output.appendWorkflowCommandData(note.message.text)
    }

    /// The workflow command of a severity: `error`, `warning`, or `notice` for infos.
    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }
}
