/// Findings held encoded, about a third of their size as `Diagnostic` values: per finding a fixed header with what
/// filtering and ordering read (rule, file, start offset, severity), and the rest packed as varints and UTF-8
/// (`CompactWriter`) in byte segments, which stores are joined by moving. Decoding a finding gives back exactly the
/// `Diagnostic` appended.
struct DiagnosticStore: Sendable {
    /// What is read of a finding without decoding it, and where the rest is.
    struct Header: Sendable {
        var offset: Int
        var segment: UInt32
        var start: UInt32
        /// The file's number in its segment's `files`.
        var file: UInt32
        /// The rule's number in its segment's `rules`.
        var rule: UInt16
        var severity: Severity
        var hasFixes: Bool
    }

    /// Encoded findings and the file paths and rule ids they name by number.
    struct Segment: Sendable {
        var bytes: [UInt8] = []
        var files: [String] = []
        var rules: [String] = []
        private var fileNumbers: [String: UInt32] = [:]

        mutating func number(ofFile file: String) -> UInt32 {
            // Findings come in runs of one file: the last one is checked before hashing.
            if let last = files.last, last == file { return UInt32(files.count - 1) }
            if let number = fileNumbers[file] { return number }
            let number = UInt32(files.count)
            fileNumbers[file] = number
            files.append(file)
            return number
        }

        /// Rules are few (a registry's worth), so they are found by comparing ids, lengths first, with no table
        /// kept per segment.
        mutating func number(ofRule rule: String) -> UInt16 {
            let length = rule.utf8.count
            if let number = rules.firstIndex(where: { $0.utf8.count == length && $0 == rule }) { return UInt16(number) }
            precondition(rules.count < Int(UInt16.max), "too many rule ids in one segment of findings")
            rules.append(rule)
            return UInt16(rules.count - 1)
        }
    }

    private(set) var headers: [Header] = []
    private var segments: [Segment] = []

    init() {}

    /// A store of the given findings, in order.
    init(_ diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    var count: Int { headers.count }

    /// The bytes the encoded findings take besides their headers.
    var encodedByteCount: Int { segments.reduce(0) { $0 + $1.bytes.count } }

    /// Appends a finding, encoded, to the last segment.
    mutating func append(_ diagnostic: Diagnostic) {
        if segments.isEmpty { segments.append(Segment()) }
        let last = segments.count - 1
        let start = segments[last].bytes.count
        precondition(start < Int(UInt32.max), "a segment of findings holds at most 4 GiB")
        let location = diagnostic.location
        let header = Header(
            offset: location.range.start.offset, segment: UInt32(last), start: UInt32(start),
            file: segments[last].number(ofFile: location.file), rule: segments[last].number(ofRule: diagnostic.ruleID),
            severity: diagnostic.severity, hasFixes: !diagnostic.fixes.isEmpty)
        Self.encode(diagnostic, into: &segments[last])
        headers.append(header)
    }

    /// Appends every finding of `other`, in order, moving its segments (findings appended later go to the last).
    mutating func append(contentsOf other: consuming DiagnosticStore) {
        let base = UInt32(segments.count)
        var other = other
        for header in other.headers {
            var moved = header
            moved.segment += base
            headers.append(moved)
        }
        other.headers = []
        segments.append(contentsOf: other.segments)
        other.segments = []
    }

    /// Lets go the room the segments' bytes grew into and did not fill (up to half of them: they grow by
    /// doubling), for a store that is complete and kept, such as a part's findings in a streamed lint.
    mutating func shrinkToFit() {
        for index in segments.indices where segments[index].bytes.capacity > segments[index].bytes.count {
            segments[index].bytes = segments[index].bytes.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// Room for `count` findings' headers in all (their bytes grow by segment).
    mutating func reserveCapacity(_ count: Int) { headers.reserveCapacity(count) }

    subscript(index: Int) -> Diagnostic { decode(headers[index]) }

    func ruleID(at index: Int) -> String {
        let header = headers[index]
        return segments[Int(header.segment)].rules[Int(header.rule)]
    }

    func file(at index: Int) -> String {
        let header = headers[index]
        return segments[Int(header.segment)].files[Int(header.file)]
    }

    func startOffset(at index: Int) -> Int { headers[index].offset }

    func severity(at index: Int) -> Severity { headers[index].severity }

    func hasFixes(at index: Int) -> Bool { headers[index].hasFixes }

    mutating func setSeverity(_ severity: Severity, at index: Int) { headers[index].severity = severity }

    // MARK: Encoding

    /// The layout after the header: the location's other numbers (`encode(_:from:into:)`), the message, the link
    /// key, the notes (message, then 0 or file number + 1 and the location) and the fixes (message,
    /// applicability, edits: file number, location, replacement).
    private static func encode(_ diagnostic: Diagnostic, into segment: inout Segment) {
        let base = diagnostic.location.range.start.offset
        var writer = CompactWriter(appendingTo: take(&segment.bytes))
        defer { segment.bytes = writer.bytes }
        let start = diagnostic.location.range.start
        writer.append(start.line)
        writer.append(start.column)
        encodeEnd(of: diagnostic.location.range, into: &writer)
        writer.append(diagnostic.message.text)
        writer.append(optional: diagnostic.linkKey)
        writer.append(diagnostic.notes.count)
        for note in diagnostic.notes {
            writer.append(note.message.text)
            if let location = note.location {
                writer.append(Int(segment.number(ofFile: location.file)) + 1)
                encode(location.range, from: base, into: &writer)
            } else {
                writer.append(0)
            }
        }
        writer.append(diagnostic.fixes.count)
        for fix in diagnostic.fixes {
            writer.append(fix.message.text)
            writer.append(fix.applicability == .safe ? 0 : 1)
            writer.append(fix.edits.count)
            for edit in fix.edits {
                writer.append(Int(segment.number(ofFile: edit.file)))
                encode(edit.location.range, from: base, into: &writer)
                writer.append(edit.replacement)
            }
        }
    }

    /// A range's start (its offset relative to `base`, the finding's) and end.
    private static func encode(_ range: SourceRange, from base: Int, into writer: inout CompactWriter) {
        writer.append(range.start.line)
        writer.append(range.start.column)
        writer.append(range.start.offset &- base)
        encodeEnd(of: range, into: &writer)
    }

    /// A range's end, relative to its start.
    private static func encodeEnd(of range: SourceRange, into writer: inout CompactWriter) {
        writer.append(range.end.line &- range.start.line)
        writer.append(range.end.column)
        writer.append(range.end.offset &- range.start.offset)
    }

    private static func take(_ bytes: inout [UInt8]) -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    // MARK: Decoding

    private func decode(_ header: Header) -> Diagnostic {
        let segment = segments[Int(header.segment)]
        return segment.bytes.withUnsafeBufferPointer { bytes in
            var reader = CompactReader(bytes, at: Int(header.start))
            let base = header.offset
            let startLine = reader.int()
            let startColumn = reader.int()
            let range = Self.decodeEnd(from: SourcePosition(line: startLine, column: startColumn, offset: base), &reader)
            let location = SourceLocation(file: segment.files[Int(header.file)], range: range)
            let message = Message(reader.string())
            let linkKey = reader.optionalString()
            var notes: [Note] = []
            let noteCount = reader.int()
            notes.reserveCapacity(noteCount)
            for _ in 0..<noteCount {
                let message = Message(reader.string())
                let file = reader.int()
                let location = file == 0
                    ? nil : SourceLocation(file: segment.files[file - 1], range: Self.decodeRange(from: base, &reader))
                notes.append(Note(message: message, location: location))
            }
            var fixes: [FixIt] = []
            let fixCount = reader.int()
            fixes.reserveCapacity(fixCount)
            for _ in 0..<fixCount {
                let message = Message(reader.string())
                let applicability: FixApplicability = reader.int() == 0 ? .safe : .unsafe
                var edits: [TextEdit] = []
                let editCount = reader.int()
                edits.reserveCapacity(editCount)
                for _ in 0..<editCount {
                    let file = segment.files[reader.int()]
                    let range = Self.decodeRange(from: base, &reader)
                    edits.append(TextEdit(location: SourceLocation(file: file, range: range), replacement: reader.string()))
                }
                fixes.append(FixIt(message: message, edits: edits, applicability: applicability))
            }
            return Diagnostic(
                ruleID: segment.rules[Int(header.rule)], severity: header.severity, message: message, location: location,
                notes: notes, fixes: fixes, linkKey: linkKey)
        }
    }

    private static func decodeRange(from base: Int, _ reader: inout CompactReader) -> SourceRange {
        let line = reader.int()
        let column = reader.int()
        let offset = reader.int() &+ base
        return decodeEnd(from: SourcePosition(line: line, column: column, offset: offset), &reader)
    }

    private static func decodeEnd(from start: SourcePosition, _ reader: inout CompactReader) -> SourceRange {
        let line = reader.int() &+ start.line
        let column = reader.int()
        let offset = reader.int() &+ start.offset
        return SourceRange(start: start, end: SourcePosition(line: line, column: column, offset: offset))
    }
}
