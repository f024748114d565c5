/// SARIF 2.1.0 for code scanning: one run whose driver lists every rule with its documentation, and one result
/// per finding with its exact region, related locations for its notes, a line-independent fingerprint and fixes.
struct SARIFReporter: Reporter {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// `tool.driver.informationUri`: the rule index (`README.md`) under an absolute `--rule-docs-base`, the
    /// documentation of what the tool checks. Nil, and the property left out, for a relative base: SARIF requires
    /// an absolute URI, and linkrules has no fixed home page to name instead.
    static func informationURI(_ options: ReportOptions) -> String? {
        options.ruleDocumentationIsAbsolute ? options.ruleIndexURL : nil
    }

    /// A rule's `helpUri`: its page under an absolute `--rule-docs-base`; nil (left out) for a relative base,
    /// which code scanning could not open. The help text and markdown are written either way.
    static func helpURI(_ ruleID: String, _ options: ReportOptions) -> String? {
        options.ruleDocumentationIsAbsolute ? options.ruleDocumentationURL(ruleID) : nil
    }
    /// The base that relative artifact paths are resolved against: the directory linkrules ran in.
    static let sourceRootBaseID = "%SRCROOT%"

    init() {}

    func write(_ input: ReportInput, options: ReportOptions, to destination: any ReportOutput) {
        let input = input.naming(options.paths)
        let files = input.reportedFiles
        let artifactIndex = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        let descriptors = ruleDescriptors(input)
        let ruleIndex = Dictionary(descriptors.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })

        var json = JSONWriter(
            reservingCapacity: input.diagnostics.count * 1_600 + input.rules.count * 1_500 + 1_024, output: destination)
        json.beginObject()
        json.field("$schema", Self.schemaURI)
        json.field("version", "2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()

        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.field("name", "linkrules")
        json.field("version", input.toolVersion)
        if let informationURI = Self.informationURI(options) { json.field("informationUri", informationURI) }
        json.key("rules")
        json.beginArray()
        for descriptor in descriptors { write(descriptor, options: options, to: &json) }
        json.endArray()
        json.endObject()
        json.endObject()

        json.field("columnKind", "unicodeCodePoints")
        json.key("artifacts")
        json.beginArray()
        for file in files {
            json.beginObject()
            json.key("location")
            writeArtifactLocation(file, index: nil, to: &json)
            if let source = input.sources[file] { json.field("length", source.bytes.count) }
            json.field("sourceLanguage", "yaml")
            json.endObject()
        }
        json.endArray()

        json.key("results")
        json.beginArray()
        writeResults(input, ruleIndex: ruleIndex, artifactIndex: artifactIndex, to: &json)
        json.endArray()

        json.endObject()
        json.endArray()
        json.endObject()
        json.finish()
    }

    /// What SARIF says about one rule; rules that diagnostics name but the registry lacks get a bare entry.
    private struct Descriptor {
        var id: String
        var rule: RuleDescription?
    }

    private func ruleDescriptors(_ input: ReportInput) -> [Descriptor] {
        var descriptors = input.rules.map { Descriptor(id: $0.id, rule: $0) }
        let registered = Set(input.rules.map(\.id))
        let unregistered = Set(input.diagnostics.lazy.map(\.ruleID)).subtracting(registered)
        descriptors += unregistered.sorted().map { Descriptor(id: $0, rule: nil) }
        return descriptors
    }

    private func write(_ descriptor: Descriptor, options: ReportOptions, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", descriptor.id)
        json.field("name", descriptor.id)
        if let rule = descriptor.rule {
            json.key("shortDescription")
            writeText(rule.summary, to: &json)
            json.key("fullDescription")
            writeText(rule.rationale, to: &json)
            json.key("help")
            json.beginObject()
            json.field("text", helpText(rule))
            json.field("markdown", helpMarkdown(rule))
            json.endObject()
            if let helpURI = Self.helpURI(rule.id, options) { json.field("helpUri", helpURI) }
            json.key("defaultConfiguration")
            json.beginObject()
            json.field("level", Self.level(rule.defaultSeverity))
            json.endObject()
            json.key("properties")
            json.beginObject()
            json.key("tags")
            json.beginArray()
            json.string(rule.scope.rawValue)
            json.endArray()
            json.endObject()
        }
        json.endObject()
    }

    private func helpText(_ rule: RuleDescription) -> String {
        var text = rule.summary + "\n\n" + rule.rationale
        if let example = rule.triggeringExamples.first { text += "\n\nexample: " + example.text }
        return text
    }

    private func helpMarkdown(_ rule: RuleDescription) -> String {
        var markdown = rule.summary + "\n\n" + rule.rationale
        if let example = rule.triggeringExamples.first {
            switch example.source {
            case .link:
                markdown += "\n\nTriggering example:\n\n```\n" + example.text + "\n```"
            case .catalogue:
                let text = example.text.hasSuffix("\n") ? example.text : example.text + "\n"
                markdown += "\n\nTriggering example:\n\n```yaml\n" + text + "```"
            }
        }
        return markdown
    }

    /// Writes the results in order, into the run's `results` array.
    func writeResults(
        _ input: ReportInput, ruleIndex: [String: Int], artifactIndex: [String: Int], to json: inout JSONWriter
    ) {
        for diagnostic in input.diagnostics {
            writeResult(
                diagnostic, ruleIndex: ruleIndex[diagnostic.ruleID], artifactIndex: artifactIndex, sources: input.sources,
                to: &json)
            json.flushIfFull()
        }
    }

    private func writeResult(
        _ diagnostic: Diagnostic, ruleIndex: Int?, artifactIndex: [String: Int], sources: [String: SourceFile],
        to json: inout JSONWriter
    ) {
        json.beginObject()
        json.field("ruleId", diagnostic.ruleID)
        if let ruleIndex { json.field("ruleIndex", ruleIndex) }
        json.field("level", Self.level(diagnostic.severity))
        json.key("message")
        writeText(diagnostic.message.text, to: &json)

        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        writePhysicalLocation(diagnostic.location, artifactIndex: artifactIndex, to: &json)
        json.endObject()
        json.endArray()

        let locatedNotes = diagnostic.notes.filter { $0.location != nil }
        if !locatedNotes.isEmpty {
            json.key("relatedLocations")
            json.beginArray()
            for (offset, note) in locatedNotes.enumerated() {
                json.beginObject()
                json.field("id", offset + 1)
                json.key("physicalLocation")
                writePhysicalLocation(note.location!, artifactIndex: artifactIndex, to: &json)
                json.key("message")
                writeText(note.message.text, to: &json)
                json.endObject()
            }
            json.endArray()
        }

        json.key("partialFingerprints")
        json.beginObject()
        json.field(FindingFingerprint.sarifKey, FindingFingerprint.of(diagnostic, sources: sources))
        json.endObject()

        if !diagnostic.fixes.isEmpty {
            json.key("fixes")
            json.beginArray()
            for fix in diagnostic.fixes { write(fix, artifactIndex: artifactIndex, to: &json) }
            json.endArray()
        }

        let unlocatedNotes = diagnostic.notes.filter { $0.location == nil }
        if !unlocatedNotes.isEmpty || diagnostic.linkKey != nil {
            json.key("properties")
            json.beginObject()
            if let linkKey = diagnostic.linkKey { json.field("linkKey", RouteKeySpelling.written(linkKey)) }
            if !unlocatedNotes.isEmpty {
                json.key("notes")
                json.beginArray()
                for note in unlocatedNotes { json.string(note.message.text) }
                json.endArray()
            }
            json.endObject()
        }
        json.endObject()
    }

    private func write(_ fix: FixIt, artifactIndex: [String: Int], to json: inout JSONWriter) {
        json.beginObject()
        json.key("description")
        writeText(fix.message.text, to: &json)
        json.key("artifactChanges")
        json.beginArray()
        var filesInOrder: [String] = []
        var editsByFile: [String: [TextEdit]] = [:]
        for edit in fix.edits {
            if editsByFile[edit.file] == nil { filesInOrder.append(edit.file) }
            editsByFile[edit.file, default: []].append(edit)
        }
        for file in filesInOrder {
            json.beginObject()
            json.key("artifactLocation")
            writeArtifactLocation(file, index: artifactIndex[file], to: &json)
            json.key("replacements")
            json.beginArray()
            for edit in editsByFile[file]! {
                json.beginObject()
                json.key("deletedRegion")
                let range = edit.location.range
                json.beginObject()
                json.field("startLine", range.start.line)
                json.field("startColumn", range.start.column)
                json.field("endLine", range.end.line)
                json.field("endColumn", range.end.column)
                json.endObject()
                json.key("insertedContent")
                json.beginObject()
                json.field("text", edit.replacement)
                json.endObject()
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.key("properties")
        json.beginObject()
        json.field("applicability", fix.applicability.rawValue)
        json.endObject()
        json.endObject()
    }

    private func writePhysicalLocation(
        _ location: SourceLocation, artifactIndex: [String: Int], to json: inout JSONWriter
    ) {
        let range = location.range
        json.beginObject()
        json.key("artifactLocation")
        writeArtifactLocation(location.file, index: artifactIndex[location.file], to: &json)
        json.key("region")
        json.beginObject()
        json.field("startLine", range.start.line)
        json.field("startColumn", range.start.column)
        json.field("endLine", range.end.line)
        json.field("endColumn", range.end.column)
        json.field("byteOffset", range.start.offset)
        json.field("byteLength", range.byteRange.count)
        json.endObject()
        json.endObject()
    }

    /// A relative path as a URI reference against `%SRCROOT%`; an absolute path as a `file://` URI.
    private func writeArtifactLocation(_ path: String, index: Int?, to json: inout JSONWriter) {
        json.beginObject()
        var uri = ReportBuffer(reservingCapacity: path.utf8.count + 8)
        if path.hasPrefix("/") {
            uri.append("file://")
            uri.appendPercentEncodedPath(path)
            json.field("uri", uri.string)
        } else {
            uri.appendPercentEncodedPath(path)
            json.field("uri", uri.string)
            json.field("uriBaseId", Self.sourceRootBaseID)
        }
        if let index { json.field("index", index) }
        json.endObject()
    }

    private func writeText(_ text: String, to json: inout JSONWriter) {
        json.beginObject()
        json.field("text", text)
        json.endObject()
    }

    /// The SARIF level of a severity: `error`, `warning`, or `note` for infos.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
