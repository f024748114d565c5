/// One JSON document (`"version": 1`) with every finding's rule, severity, message, exact range, notes and fix
/// edits, and the summary counts: the format for scripts and editor integrations.
struct JSONReporter: Reporter {
    /// The version of this document's layout; bumped on incompatible changes.
    static let formatVersion = 1

    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        var json = JSONWriter(reservingCapacity: input.diagnostics.count * 900 + 256, output: destination)
        json.beginObject()
        json.field("version", Self.formatVersion)
        json.key("diagnostics")
        json.beginArray()
        let summary = writeFindings(input.diagnostics, to: &json)
        json.endArray()
        json.key("summary")
        json.beginObject()
        json.field("errors", summary.errors)
        json.field("warnings", summary.warnings)
        json.field("infos", summary.infos)
        json.field("fixable", summary.fixable)
        json.field("fixableSafely", summary.safelyFixable)
        json.field("fixableWithUnsafeFixes", summary.fixableWithUnsafeFixes)
        json.field("failOn", input.failOn?.rawValue)
        json.endObject()
        json.endObject()
        json.finish()
    }

    /// Writes the findings in order, into the `diagnostics` array, many of them on all the cores
    /// (`ConcurrentRendering`), and counts them as it goes (each chunk while its findings are at hand).
    @discardableResult
    func writeFindings(_ diagnostics: [Diagnostic], to json: inout JSONWriter, concurrently: Bool = true) -> ReportSummary {
        let nesting = json.nesting
        var summary = ReportSummary()
        ConcurrentRendering.write(findings: diagnostics.count, concurrently: concurrently, to: &json) { chunk in
            JSONWriter(continuing: nesting, afterMembers: chunk.lowerBound > 0, reservingCapacity: chunk.count * 1_024)
        } _: { findings, json in
            writeFindings(diagnostics, in: findings, to: &json)
            return ReportSummary(diagnostics, positions: findings)
        } gather: {
            summary.add($0)
        }
        return summary
    }

    /// Writes the findings at `positions`, in order, without handing anything to the output.
    private func writeFindings(_ diagnostics: [Diagnostic], in positions: Range<Int>, to json: inout JSONWriter) {
        // Through the array's storage: each finding is written where it is, each of its parts read in place.
        // (`Array`'s subscript, or a finding passed as an argument, hands the whole finding over as a copy: a
        // retain and a release of every string and array in it.)
        diagnostics.withUnsafeBufferPointer { findings in
            for index in positions { write(findings, at: index, to: &json) }
        }
    }

    private func write(_ findings: UnsafeBufferPointer<Diagnostic>, at index: Int, to json: inout JSONWriter) {
        json.beginObject()
        json.field("ruleId", findings[index].ruleID)
        json.field("severity", word: findings[index].severity.jsonWord)
        json.field("message", findings[index].message.text)
        writeRange(of: findings[index].location, to: &json)
        if let subject = findings[index].subject {
            // Spelled into the report from the link: no string is made for it.
            json.field("linkKey", linkKeyOf: subject)
        } else {
            json.field("linkKey", nil as String?)
        }
        json.key("notes")
        json.beginArray()
        // Each note, fix and edit is read where it is stored too: `for note in notes` would copy each one out.
        findings[index].notes.withUnsafeBufferPointer { notes in
            for note in notes.indices {
                json.beginObject()
                json.field("message", notes[note].message.text)
                if let location = notes[note].location {
                    json.field("file", fileOf: location)
                } else {
                    json.field("file", nil as String?)
                }
                json.field("line", notes[note].location?.line)
                json.field("column", notes[note].location?.column)
                json.endObject()
            }
        }
        json.endArray()
        json.key("fixes")
        json.beginArray()
        findings[index].fixes.withUnsafeBufferPointer { fixes in
            for fix in fixes.indices {
                json.beginObject()
                json.field("message", fixes[fix].message.text)
                json.field("applicability", word: fixes[fix].applicability.jsonWord)
                json.key("edits")
                json.beginArray()
                fixes[fix].edits.withUnsafeBufferPointer { edits in
                    for edit in edits.indices {
                        json.beginObject()
                        writeRange(of: edits[edit].location, to: &json)
                        json.field("replacement", edits[edit].replacement)
                        json.endObject()
                    }
                }
                json.endArray()
                json.endObject()
            }
        }
        json.endArray()
        json.endObject()
    }

    private func writeRange(of location: SourceLocation, to json: inout JSONWriter) {
        let range = location.range
        json.field("file", fileOf: location)
        json.fields(
            ("startLine", range.start.line), ("startColumn", range.start.column), ("endLine", range.end.line),
            ("endColumn", range.end.column), ("startOffset", range.start.offset), ("endOffset", range.end.offset))
    }
}

extension Severity {
    /// The raw value, as a literal the JSON writer copies without escaping.
    var jsonWord: StaticString {
        switch self {
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

extension FixApplicability {
    /// The raw value, as a literal the JSON writer copies without escaping.
    var jsonWord: StaticString {
        switch self {
        case .safe: "safe"
        case .unsafe: "unsafe"
        }
    }
}
