/// JUnit XML for CI test dashboards: per catalogue file a `<testsuite name="linkrules" file=…>` in which every
/// finding is a failing test case (`<failure type="severity">`) and a file without findings has one passing case.
public struct JUnitReporter: Reporter {
    public init() {}

    public func report(_ input: ReportInput, options: ReportOptions) -> String {
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in input.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        let files = input.reportedFiles.filter { byFile[$0] != nil || input.sources[$0] != nil }
        let summaries = Dictionary(input.rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
        let testCount = files.reduce(0) { $0 + max(1, byFile[$1]?.count ?? 0) }

        var output = ReportBuffer(reservingCapacity: input.diagnostics.count * 600 + files.count * 200 + 256)
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.append("<testsuites name=\"linkrules\" tests=\"\(testCount)\" failures=\"\(input.diagnostics.count)\"")
        output.append(" errors=\"0\">\n")
        for file in files {
            let diagnostics = byFile[file] ?? []
            output.append("  <testsuite name=\"linkrules\" file=\"")
            output.appendXMLEscaped(file)
            output.append("\" tests=\"\(max(1, diagnostics.count))\" failures=\"\(diagnostics.count)\"")
            output.append(" errors=\"0\" skipped=\"0\">\n")
            if diagnostics.isEmpty {
                output.append("    <testcase name=\"no findings\" classname=\"")
                output.appendXMLEscaped(file)
                output.append("\"/>\n")
            }
            for diagnostic in diagnostics {
                appendTestCase(diagnostic, ruleSummary: summaries[diagnostic.ruleID], to: &output)
            }
            output.append("  </testsuite>\n")
        }
        output.append("</testsuites>\n")
        return output.string
    }

    private func appendTestCase(_ diagnostic: Diagnostic, ruleSummary: String?, to output: inout ReportBuffer) {
        let location = diagnostic.location
        output.append("    <testcase name=\"")
        output.appendXMLEscaped("\(diagnostic.ruleID) at \(location.line):\(location.column)")
        output.append("\" classname=\"")
        output.appendXMLEscaped(location.file)
        output.append("\">\n      <failure message=\"")
        output.appendXMLEscaped(diagnostic.message.text)
        output.append("\" type=\"")
        output.append(diagnostic.severity.rawValue)
        output.append("\">")
        var details = "\(location.file):\(location.line):\(location.column): \(diagnostic.severity.compilerWord): "
        details += "\(diagnostic.message.text) [\(diagnostic.ruleID)]"
        for note in diagnostic.notes {
            details += "\n"
            if let noteLocation = note.location {
                details += "\(noteLocation.file):\(noteLocation.line):\(noteLocation.column): "
            }
            details += "note: \(note.message.text)"
        }
        for fix in diagnostic.fixes { details += "\nfix (\(fix.applicability.rawValue)): \(fix.message.text)" }
        if let ruleSummary { details += "\nrule: \(ruleSummary)" }
        output.appendXMLEscaped(details, inAttribute: false)
        output.append("</failure>\n    </testcase>\n")
    }
}
