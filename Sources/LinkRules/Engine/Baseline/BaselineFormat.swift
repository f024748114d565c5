/// The baseline's JSON file: `{"version": 1, "findings": [{"rule", "link" or "file", "message", "count"}]}`,
/// entries sorted by rule, link, file and message, so the file is the same for the same findings and diffs well.
extension Baseline {
    static let entryKeys = ["rule", "link", "file", "message", "count"]

    /// The file's text, pretty-printed with two-space indentation and ending with a newline.
    func encoded() -> String {
        var json = JSONWriter(reservingCapacity: entries.count * 256 + 64)
        json.beginObject()
        json.field("version", Self.formatVersion)
        json.key("findings")
        json.beginArray()
        for entry in entries {
            json.beginObject()
            json.field("rule", entry.key.rule)
            if let link = entry.key.link { json.field("link", link) }
            if let file = entry.key.file { json.field("file", file) }
            json.field("message", entry.key.message)
            json.field("count", entry.count)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.finishText()
    }

    /// Reads a baseline file. Entries with the same key (two baselines merged by hand) add up; each entry keeps
    /// its location so a stale one can be pointed at.
    ///
    /// - Throws: `LoadError` at the offending value for invalid JSON, an unknown version, a missing or mistyped
    ///   field, or an unknown key.
    init(reading file: SourceFile) throws {
        let root: JSONValue
        do {
            root = try JSONDocument.parse(Array(file.bytes))
        } catch {
            let offset = min(error.byteOffset, file.bytes.count)
            throw LoadError(.invalidBaselineJSON(error.message), at: file.location(ofBytes: offset..<offset))
        }
        func fail(_ message: Message, _ value: JSONValue) -> LoadError {
            LoadError(message, at: file.location(ofBytes: value.range))
        }
        guard root.members != nil else { throw fail(.baselineNotAnObject(root), root) }
        guard let version = root["version"] else { throw fail(.baselineMissing("version", in: "the baseline"), root) }
        guard version.numberText == String(Self.formatVersion) else {
            throw fail(.unsupportedBaselineVersion(version.numberText ?? version.kindDescription), version)
        }
        guard let findings = root["findings"] else { throw fail(.baselineMissing("findings", in: "the baseline"), root) }
        guard let elements = findings.elements else {
            throw fail(.baselineWrongType("findings", "an array", findings), findings)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let name = "findings[\(index)]"
            guard let members = element.members else { throw fail(.baselineWrongType(name, "an object", element), element) }
            for member in members where !Self.entryKeys.contains(member.key) {
                throw LoadError(.unknownBaselineKey(member.key, in: name), at: file.location(ofBytes: member.keyRange))
            }
            func string(_ key: String, required: Bool) throws -> String? {
                guard let value = element[key], value != .null(range: value.range) else {
                    if required { throw fail(.baselineMissing(key, in: "'\(name)'"), element) }
                    return nil
                }
                guard let text = value.stringValue else {
                    throw fail(.baselineWrongType("\(name).\(key)", "a string", value), value)
                }
                return text
            }
            var count = 1
            if let value = element["count"] {
                guard let text = value.numberText, let number = Int(text), number > 0 else {
                    throw fail(.baselineWrongType("\(name).count", "a positive integer", value), value)
                }
                count = number
            }
            let key = Key(
                rule: try string("rule", required: true)!, link: try string("link", required: false),
                file: try string("file", required: false), message: try string("message", required: true)!)
            entries.append(Entry(key: key, count: count, location: file.location(ofBytes: element.range)))
        }
        self.init(entries: entries)
    }
}

extension Message {
    static func invalidBaselineJSON(_ problem: String) -> Message { "the baseline is not valid JSON: \(problem)" }
    static func unsupportedBaselineVersion(_ version: String) -> Message {
        "unsupported baseline version '\(version)': expected \(Baseline.formatVersion); rewrite it with --write-baseline"
    }
    static func baselineNotAnObject(_ value: JSONValue) -> Message {
        "the baseline must be a JSON object, found \(value.kindDescription)"
    }
    static func baselineMissing(_ key: String, in container: String) -> Message { "\(container) has no '\(key)'" }
    static func baselineWrongType(_ key: String, _ expected: String, _ value: JSONValue) -> Message {
        "'\(key)' must be \(expected), found \(value.kindDescription)"
    }
    static func unknownBaselineKey(_ key: String, in container: String) -> Message {
        "unknown key '\(key)' in '\(container)'"
    }
}
