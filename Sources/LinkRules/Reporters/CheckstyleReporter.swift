/// Checkstyle XML, read by many CI dashboards and code-review bots: one `<file>` per catalogue with an
/// `<error line column severity message source>` per finding.
struct CheckstyleReporter: Reporter {
    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        let input = input.naming(options.paths)
        let byFile = Dictionary(grouping: input.diagnostics.indices) { input.diagnostics[$0].location.file }
        var output = ReportBuffer(reservingCapacity: input.diagnostics.count * 220 + 256, output: destination)
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
        for file in input.reportedFiles {
            let positions = byFile[file] ?? []
            if positions.isEmpty && input.sources[file] == nil { continue }
            output.append("  <file name=\"")
            output.appendXMLEscaped(file)
            guard !positions.isEmpty else {
                output.append("\"/>\n")
                continue
            }
            output.append("\">\n")
            for position in positions {
                let diagnostic = input.diagnostics[position]
                output.append("    <error line=\"")
                output.append(diagnostic.location.line)
                output.append("\" column=\"")
                output.append(diagnostic.location.column)
                output.append("\" severity=\"")
                output.append(diagnostic.severity.rawValue)
                output.append("\" message=\"")
                output.appendXMLEscaped(diagnostic.message.text)
                output.append("\" source=\"linkrules.")
                output.appendXMLEscaped(diagnostic.ruleID)
                output.append("\"/>\n")
                output.flushIfFull()
            }
            output.append("  </file>\n")
        }
        output.append("</checkstyle>\n")
        output.flush()
    }
}
