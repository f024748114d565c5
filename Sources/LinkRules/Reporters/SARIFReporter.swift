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
        let artifacts = Artifacts(files, likeliest: input.diagnostics.first?.location.file)
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
            writeArtifactLocation(file, artifacts: artifacts, indexed: false, to: &json)
            if let source = input.sources[file] { json.field("length", source.bytes.count) }
            json.field("sourceLanguage", "yaml")
            json.endObject()
        }
        json.endArray()

        json.key("results")
        json.beginArray()
        writeResults(input, ruleIndex: ruleIndex, artifacts: artifacts, to: &json)
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
        // Read in the array's storage (a lazy map would copy each finding), and only a rule id that differs from the
        // one before it is looked up.
        var unregistered = Set<String>()
        var last: String?
        input.diagnostics.withUnsafeBufferPointer { findings in
            for index in findings.indices where findings[index].ruleID != last {
                last = findings[index].ruleID
                if !registered.contains(findings[index].ruleID) { unregistered.insert(findings[index].ruleID) }
            }
        }
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

    /// Writes the results in order, into the run's `results` array, many of them on all the cores
    /// (`ConcurrentRendering`).
    func writeResults(
        _ input: ReportInput, ruleIndex: [String: Int], artifacts: Artifacts, to json: inout JSONWriter,
        concurrently: Bool = true
    ) {
        let nesting = json.nesting
        ConcurrentRendering.write(findings: input.diagnostics.count, concurrently: concurrently, to: &json) { chunk in
            JSONWriter(continuing: nesting, afterMembers: chunk.lowerBound > 0, reservingCapacity: chunk.count * 2_048)
        } _: { findings, json in
            writeResults(input, in: findings, ruleIndex: ruleIndex, artifacts: artifacts, to: &json)
        }
    }

    /// Writes the results of the findings at `positions`, in order, without handing anything to the output.
    private func writeResults(
        _ input: ReportInput, in positions: Range<Int>, ruleIndex: [String: Int], artifacts: Artifacts,
        to json: inout JSONWriter
    ) {
        // Through the array's storage: each finding is written where it is (see `ConcurrentRendering.findingsPerBlock`).
        input.diagnostics.withUnsafeBufferPointer { findings in
            for index in positions {
                writeResult(
                    findings[index], ruleIndex: ruleIndex[findings[index].ruleID], artifacts: artifacts,
                    sources: input.sources, to: &json)
            }
        }
    }

    private func writeResult(
        _ diagnostic: borrowing Diagnostic, ruleIndex: Int?, artifacts: Artifacts, sources: [String: SourceFile],
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
        writePhysicalLocation(diagnostic.location, artifacts: artifacts, to: &json)
        json.endObject()
        json.endArray()

        // The notes are read where the finding holds them, not filtered into arrays of their own.
        if diagnostic.notes.contains(where: { $0.location != nil }) {
            json.key("relatedLocations")
            json.beginArray()
            var id = 0
            for note in diagnostic.notes {
                guard let location = note.location else { continue }
                id += 1
                json.beginObject()
                json.field("id", id)
                json.key("physicalLocation")
                writePhysicalLocation(location, artifacts: artifacts, to: &json)
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
            for fix in diagnostic.fixes { write(fix, artifacts: artifacts, to: &json) }
            json.endArray()
        }

        let hasUnlocatedNotes = diagnostic.notes.contains { $0.location == nil }
        if hasUnlocatedNotes || diagnostic.subject != nil {
            json.key("properties")
            json.beginObject()
            if let subject = diagnostic.subject { json.field("linkKey", linkKeyOf: subject) }
            if hasUnlocatedNotes {
                json.key("notes")
                json.beginArray()
                for note in diagnostic.notes where note.location == nil { json.string(note.message.text) }
                json.endArray()
            }
            json.endObject()
        }
        json.endObject()
    }

    private func write(_ fix: FixIt, artifacts: Artifacts, to json: inout JSONWriter) {
        json.beginObject()
        json.key("description")
        writeText(fix.message.text, to: &json)
        json.key("artifactChanges")
        json.beginArray()
        // The edits by file, files in the order they first appear. Nearly every fix edits one file: its edits are
        // written as they are, without grouping them.
        let firstFile = fix.edits.first?.file
        if fix.edits.allSatisfy({ $0.file == firstFile }) {
            if let firstFile { write(fix.edits, in: firstFile, artifacts: artifacts, to: &json) }
        } else {
            var filesInOrder: [String] = []
            var editsByFile: [String: [TextEdit]] = [:]
            for edit in fix.edits {
                if editsByFile[edit.file] == nil { filesInOrder.append(edit.file) }
                editsByFile[edit.file, default: []].append(edit)
            }
            for file in filesInOrder { write(editsByFile[file]!, in: file, artifacts: artifacts, to: &json) }
        }
        json.endArray()
        json.key("properties")
        json.beginObject()
        json.field("applicability", fix.applicability.rawValue)
        json.endObject()
        json.endObject()
    }

    /// One `artifactChange`: the edits of a fix in one file.
    private func write(_ edits: [TextEdit], in file: String, artifacts: Artifacts, to json: inout JSONWriter) {
        json.beginObject()
        json.key("artifactLocation")
        writeArtifactLocation(file, artifacts: artifacts, to: &json)
        json.key("replacements")
        json.beginArray()
        for edit in edits {
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

    private func writePhysicalLocation(
        _ location: SourceLocation, artifacts: Artifacts, to json: inout JSONWriter
    ) {
        let range = location.range
        json.beginObject()
        json.key("artifactLocation")
        writeArtifactLocation(location.file, artifacts: artifacts, to: &json)
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

    /// The files a report names: each one's place in the run's `artifacts` and its URI, worked out once rather than
    /// at each location.
    struct Artifacts: Sendable {
        /// Where a file is listed, its URI, and whether its path is relative (resolved against `%SRCROOT%`).
        typealias Place = (index: Int?, uri: String, isRelative: Bool)

        private var places: [String: Place] = [:]
        /// The file most locations are expected in (the first finding's), with its place: compared (equal strings
        /// that share their storage compare at once) before the table is asked, so that file is not hashed each time.
        private var likeliest: (file: String, place: Place)?

        init(_ files: [String], likeliest: String? = nil) {
            for (index, file) in files.enumerated() { places[file] = Self.place(of: file, index: index) }
            if let likeliest, let place = places[likeliest] { self.likeliest = (likeliest, place) }
        }

        /// The place and URI of a file (a file the report does not list gets no place).
        func place(of file: String) -> Place {
            if let likeliest, likeliest.file == file { return likeliest.place }
            return places[file] ?? Self.place(of: file, index: nil)
        }

        private static func place(of file: String, index: Int?) -> Place {
            (index, SARIFReporter.uri(of: file), !file.hasPrefix("/"))
        }
    }

    /// A relative path as a URI reference against `%SRCROOT%`; an absolute path as a `file://` URI.
    static func uri(of path: String) -> String {
        var uri = ReportBuffer(reservingCapacity: path.utf8.count + 8)
        if path.hasPrefix("/") { uri.append("file://") }
        uri.appendPercentEncodedPath(path)
        return uri.string
    }

    /// An artifact location: the file's URI (against `%SRCROOT%` when relative) and, when `indexed`, its place in
    /// the run's `artifacts`.
    private func writeArtifactLocation(_ path: String, artifacts: Artifacts, indexed: Bool = true, to json: inout JSONWriter) {
        let place = artifacts.place(of: path)
        json.beginObject()
        json.field("uri", place.uri)
        if place.isRelative { json.field("uriBaseId", Self.sourceRootBaseID) }
        if indexed, let index = place.index { json.field("index", index) }
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
