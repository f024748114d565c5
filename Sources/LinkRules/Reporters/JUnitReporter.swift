/// JUnit XML for CI test dashboards: per catalogue file a `<testsuite name="linkrules" file=…>` in which every
/// finding is a test case, failing (`<failure type="severity">`) when its severity fails the run and passing with
/// the finding in `<system-out>` when it is below that; a file without findings has one passing case.
struct JUnitReporter: Reporter {
    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        let input = input.naming(options.paths)
        let byFile = Dictionary(grouping: input.diagnostics.indices) { input.diagnostics[$0].location.file }
        let files = input.reportedFiles.filter { byFile[$0] != nil || input.sources[$0] != nil }
        let summaries = Dictionary(input.rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
        let testCount = files.reduce(0) { $0 + max(1, byFile[$1]?.count ?? 0) }
        let failOn = input.failOn
        func fails(_ position: Int) -> Bool { failOn.map { input.diagnostics[position].severity >= $0 } ?? false }
        let failureCount = input.diagnostics.indices.reduce(0) { $0 + (fails($1) ? 1 : 0) }

        var output = ReportBuffer(reservingCapacity: input.diagnostics.count * 600 + files.count * 200 + 256, output: destination)
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.append("<testsuites name=\"linkrules\" tests=\"\(testCount)\" failures=\"\(failureCount)\"")
        output.append(" errors=\"0\">\n")
        for file in files {
            let positions = byFile[file] ?? []
            output.append("  <testsuite name=\"linkrules\" file=\"")
            output.appendXMLEscaped(file)
            output.append("\" tests=\"\(max(1, positions.count))\" failures=\"\(positions.filter(fails).count)\"")
            output.append(" errors=\"0\" skipped=\"0\">\n")
            if positions.isEmpty {
                output.append("    <testcase name=\"no findings\" classname=\"")
                output.appendXMLEscaped(file)
                output.append("\"/>\n")
            }
            for position in positions {
                let diagnostic = input.diagnostics[position]
                appendTestCase(diagnostic, failing: fails(position), ruleSummary: summaries[diagnostic.ruleID], to: &output)
                output.flushIfFull()
            }
            output.append("  </testsuite>\n")
        }
        output.append("</testsuites>\n")
        output.flush()
    }

    private func appendTestCase(_ diagnostic: Diagnostic, failing: Bool, ruleSummary: String?, to output: inout ReportBuffer) {
        let location = diagnostic.location
        output.append("    <testcase name=\"")
        output.appendXMLEscaped(diagnostic.ruleID)
        output.append(" at ")
        output.append(location.line)
        output.append(":")
        output.append(location.column)
        output.append("\" classname=\"")
        output.appendXMLEscaped(location.file)
        if failing {
            output.append("\">\n      <failure message=\"")
            output.appendXMLEscaped(diagnostic.message.text)
            output.append("\" type=\"")
            output.append(diagnostic.severity.rawValue)
            output.append("\">")
        } else {
            output.append("\">\n      <system-out>")
        }
        appendPosition(location, to: &output)
        output.append(diagnostic.severity.compilerWord)
        output.append(": ")
        output.appendXMLEscaped(diagnostic.message.text, inAttribute: false)
        output.append(" [")
        output.appendXMLEscaped(diagnostic.ruleID, inAttribute: false)
        output.append("]")
        for note in diagnostic.notes {
            output.append("\n")
            if let noteLocation = note.location { appendPosition(noteLocation, to: &output) }
            output.append("note: ")
            output.appendXMLEscaped(note.message.text, inAttribute: false)
        }
        for fix in diagnostic.fixes {
            output.append("\nfix (")
            output.append(fix.applicability.rawValue)
            output.append("): ")
            output.appendXMLEscaped(fix.message.text, inAttribute: false)
        }
        if let ruleSummary {
            output.append("\nrule: ")
            output.appendXMLEscaped(ruleSummary, inAttribute: false)
        }
        output.append(failing ? "</failure>\n    </testcase>\n" : "</system-out>\n    </testcase>\n")
    }

    /// `file:line:col: ` in element text.
    private func appendPosition(_ location: SourceLocation, to output: inout ReportBuffer) {
        output.appendXMLEscaped(location.file, inAttribute: false)
        output.append(":")
        output.append(location.line)
        output.append(":")
        output.append(location.column)
        output.append(": ")
    }
}
