import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a YAML scalar was written; quoting decides how positions inside its value map to the source.
enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One event of libyaml's stream, with its byte range in the source file.
struct YAMLEvent {
    /// The libyaml event types the decoder distinguishes.
    enum Kind { case streamStart, streamEnd, documentStart, documentEnd, mappingStart, mappingEnd, sequenceStart, sequenceEnd, scalar, alias }

    var kind: Kind
    /// Byte offsets of the event's first and one-past-last characters.
    var start: Int
    var end: Int
    /// The decoded value of a scalar; empty for other events.
    var value: String = ""
    var style: ScalarStyle = .plain
    /// Whether a mapping or sequence is written in flow style (`{…}`, `[…]`).
    var isFlow = false
    var hasAnchor = false
    /// Whether an explicit tag (`!!str`) was written.
    var hasTag = false

    /// The scalar this event is, its value moved into it rather than copied.
    consuming func scalar() -> Scalar {
        Scalar(value: value, tokenRange: start..<end, style: style)
    }

    var kindName: String {
        switch kind {
        case .mappingStart: "a mapping"
        case .sequenceStart: "a list"
        case .scalar: "a scalar"
        case .alias: "an alias"
        default: "the end of a block"
        }
    }
}

/// Reads libyaml's event stream for one file, or for some byte ranges of it read one after another (a part of a
/// catalogue decoded on its own), converting character marks to byte offsets in the file and libyaml's errors to
/// `LoadError`s. Anchors and aliases are refused, nesting is bounded.
final class YAMLEventReader {
    static let maximumDepth = 256

    let file: SourceFile
    /// The parser, behind a pointer of its own: a C struct that every event mutates needs no exclusivity check.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The event libyaml fills, made once: `yaml_parser_parse` clears it itself, so a fresh one zeroed for each
    /// of a large catalogue's million events would be cleared twice.
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// Whether every byte after the byte-order mark is ASCII (the file's flag, read once for every mark).
    private let isASCII: Bool
    /// libyaml pulls the text through this cursor in chunks, so the bytes are never copied whole.
    private let input: InputCursor
    /// The byte ranges of the file that libyaml reads, in order: marks count characters through them.
    private let segments: [Range<Int>]
    // The reader's state changes with every event: its exclusivity is left unchecked, as only the reader's own
    // methods touch it and none of them calls another while it holds an access.
    @exclusivity(unchecked) private var peeked: YAMLEvent?
    @exclusivity(unchecked) private var depth: Int
    @exclusivity(unchecked) private var finished = false
    /// The flow collections open at this point, innermost last: where each starts and whether it is a list, so an
    /// error at the end of the file can name the bracket left open. Block collections are not kept (a link entry's
    /// mapping would cost a push and a pop for nothing): nothing inside a flow collection can be one, so an end
    /// event closes the innermost kept collection exactly when one is open.
    @exclusivity(unchecked) private var openCollections: [(start: Int, isSequence: Bool)] = []
    /// A character index of the text and where it is in the file.
    private struct Cursor {
        var character: Int
        var segment: Int
        var byte: Int
        /// The line `byte` is on as of the last walk: a mark reached by adding may have moved past it, so a walk
        /// searches on from it (`SourceFile.line(containing:from:)`).
        var line: Int
        /// Where the ASCII text the cursor is in ends (the start of the next line that is not ASCII, or the end of
        /// its segment), or `byte` when its line is not ASCII: a mark before it is reached by adding, with no walk.
        var asciiEnd: Int
    }

    /// The last search for a line that is not ASCII: lines `from..<found` are ASCII and `found` is not (or is the
    /// line count). Marks come nearly in order, so each search goes on from where the last one stopped.
    @exclusivity(unchecked) private var nonASCIILineSearch = (from: Int.max, found: Int.max)

    /// The last character index converted to a byte offset, where the next conversion starts walking.
    @exclusivity(unchecked) private var cursor: Cursor

    /// Reads the whole file.
    convenience init(file: SourceFile) {
        self.init(file: file, segments: [file.byteOrderMarkLength..<file.bytes.count], depth: 0)
    }

    /// Reads the given ranges of `file` as one text; `depth` is how deeply that text is nested in the file
    /// (the nesting limit counts from the file's top).
    init(file: SourceFile, segments: [Range<Int>], depth: Int) {
        self.file = file
        // libyaml is given the text after a byte-order mark: with the encoding fixed to UTF-8 it would read the
        // mark as a character and shift the first line. Its marks then count from the mark's end, as SourceFile does.
        precondition(!segments.isEmpty)
        self.segments = segments
        self.depth = depth
        cursor = Cursor(
            character: 0, segment: 0, byte: segments[0].lowerBound, line: file.line(containing: segments[0].lowerBound),
            asciiEnd: segments[0].lowerBound)
        input = InputCursor(bytes: file.bytes, segments: segments)
        isASCII = file.isASCII
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input(parser, { context, buffer, size, sizeRead in
            guard let context, let buffer, let sizeRead else { return 0 }
            let cursor = Unmanaged<InputCursor>.fromOpaque(context).takeUnretainedValue()
            sizeRead.pointee = cursor.read(into: buffer, capacity: size)
            return 1
        }, Unmanaged.passUnretained(input).toOpaque())
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }

    func location(of event: YAMLEvent) -> SourceLocation { location(event.start..<event.end) }

    func peek() throws -> YAMLEvent {
        try readAhead()
        return peeked!
    }

    /// The next event's kind, read without copying the event.
    func peekKind() throws -> YAMLEvent.Kind {
        try readAhead()
        return peeked!.kind
    }

    /// Whether the next event starts a flow collection, read without copying the event.
    func peekIsFlow() throws -> Bool {
        try readAhead()
        return peeked!.isFlow
    }

    /// Reads the next event into `peeked` unless it is there already.
    private func readAhead() throws {
        if peeked == nil { peeked = try read() }
    }

    func next() throws -> YAMLEvent {
        if peeked != nil { return peeked.take()! }
        return try read()
    }

    /// Converts a libyaml mark to a byte offset through its character index, not its line and column: libyaml
    /// also breaks lines at NEL, LS and PS, which SourceFile (like editors' `file:line:col`) does not, so its
    /// line numbers can disagree with the file's. Marks come nearly in order, so a cursor that moves
    /// from the last one costs little: across a run of ASCII lines it jumps by adding, only other lines are walked
    /// character by character; an ASCII file needs no walk at all. A position where one segment ends and the next begins is
    /// the next one's start: the next token is there.
    @inline(__always)
    private func offset(_ mark: yaml_mark_t) -> Int {
        let target = Int(mark.index)
        // Every byte after the byte-order mark is ASCII: a character index is a byte count.
        if isASCII { return fileOffset(ofTextByte: target) }
        let distance = target - cursor.character
        if distance >= 0, distance < cursor.asciiEnd - cursor.byte {
            cursor.character = target
            cursor.byte += distance
            return cursor.byte
        }
        return walk(toCharacter: target)
    }

    /// The byte offset of a mark where something ends. Where one segment ends and the next begins, that is the end
    /// of the earlier one: read in one pass, the text that follows is the file's own (a block scalar ends where
    /// the next line starts), not the later segment's.
    private func endOffset(_ mark: yaml_mark_t) -> Int {
        let offset = offset(mark)
        guard segments.count > 1 else { return offset }
        for segment in 1..<segments.count where segments[segment].lowerBound == offset {
            return segments[segment - 1].upperBound
        }
        return offset
    }

    /// `offset` for a mark the cursor cannot reach by adding: a walk across lines and segments, kept out of line
    /// so that the common case, inlined into `read`, stays small.
    @inline(never)
    private func walk(toCharacter target: Int) -> Int {
        var position = cursor
        // The cursor's line is where its last walk left it, at or before its byte: most walks are on that same line.
        position.line = file.line(containing: position.byte, from: position.line)
        if target < position.character { position = walkBack(from: position, to: target) }
        file.bytes.withUnsafeBufferPointer { bytes in
            while position.character < target {
                let segmentEnd = segments[position.segment].upperBound
                if position.byte >= segmentEnd {
                    guard position.segment + 1 < segments.count else { break }
                    enterNextSegment(&position)
                    continue
                }
                let nextLine = file.nextLineStart(after: position.line)
                if position.byte >= nextLine {
                    position.line += 1
                    continue
                }
                let end = min(nextLine, segmentEnd)
                if file.lineIsASCII(position.line) {
                    let step = min(target - position.character, end - position.byte)
                    position.byte += step
                    position.character += step
                } else {
                    // Character by character to the target or the end of the line (or segment), in one loop: the
                    // line and segment are looked up again only once it is left.
                    while position.character < target, position.byte < end {
                        position.byte += 1
                        while position.byte < end, bytes[position.byte] & 0xC0 == 0x80 { position.byte += 1 }
                        position.character += 1
                    }
                }
            }
        }
        while position.byte == segments[position.segment].upperBound, position.segment + 1 < segments.count {
            enterNextSegment(&position)
        }
        position.asciiEnd = file.lineIsASCII(position.line)
            ? min(startOfNextNonASCIILine(after: position.line), segments[position.segment].upperBound) : position.byte
        cursor = position
        return position.byte
    }

    /// The byte offset where the first line after `line` that is not ASCII starts, or the file's end when there is
    /// none.
    private func startOfNextNonASCIILine(after line: Int) -> Int {
        let first = line + 1
        if !(nonASCIILineSearch.from <= first && first <= nonASCIILineSearch.found) {
            var candidate = first
            while candidate < file.lineCount, file.lineIsASCII(candidate) { candidate += 1 }
            nonASCIILineSearch = (first, candidate)
        }
        let found = nonASCIILineSearch.found
        return found < file.lineCount ? file.lineStart(found) : file.bytes.count
    }

    /// Moves a cursor that stands at its segment's end to the start of the next segment.
    private func enterNextSegment(_ position: inout Cursor) {
        position.segment += 1
        position.byte = segments[position.segment].lowerBound
        position.line = file.line(containing: position.byte)
    }

    /// The cursor moved back to an earlier character (an error's context mark): a walk byte by byte.
    private func walkBack(from start: Cursor, to target: Int) -> Cursor {
        var position = start
        let bytes = file.bytes
        while position.character > target {
            let segmentStart = segments[position.segment].lowerBound
            if position.byte <= segmentStart {
                guard position.segment > 0 else { break }
                position.segment -= 1
                position.byte = segments[position.segment].upperBound
                continue
            }
            position.byte -= 1
            while position.byte > segmentStart, bytes[position.byte] & 0xC0 == 0x80 { position.byte -= 1 }
            position.character -= 1
        }
        position.line = file.line(containing: position.byte)
        return position
    }

    /// The file offset of the byte at `index` in the text libyaml reads (the segments one after another).
    private func fileOffset(ofTextByte index: Int) -> Int {
        var remaining = index
        for segment in segments {
            if remaining < segment.count { return segment.lowerBound + remaining }
            remaining -= segment.count
        }
        return segments[segments.count - 1].upperBound
    }

    /// Reads libyaml's next event. The event's fields are worked out first and the event is made once, at the
    /// end, so that it is returned without a copy.
    private func read() throws -> YAMLEvent {
        if finished { return YAMLEvent(kind: .streamEnd, start: file.bytes.count, end: file.bytes.count) }
        guard yaml_parser_parse(parser, event) == 1 else { throw parserError() }
        defer { yaml_event_delete(event) }
        let start = offset(event.pointee.start_mark)
        let end = max(start, endOffset(event.pointee.end_mark))
        let kind: YAMLEvent.Kind
        var value = ""
        var style = ScalarStyle.plain
        var isFlow = false
        var hasAnchor = false
        var hasTag = false
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT:
            finished = true
            kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT:
            throw LoadError(.aliasesRefused, at: location(start..<end))
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            kind = .scalar
            if let bytes = scalar.value { value = Self.scalarValue(bytes, count: scalar.length) }
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            hasAnchor = scalar.anchor != nil
            hasTag = scalar.tag != nil
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            isFlow = event.pointee.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            hasAnchor = event.pointee.data.sequence_start.anchor != nil
            depth += 1
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
            depth -= 1
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            isFlow = event.pointee.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            hasAnchor = event.pointee.data.mapping_start.anchor != nil
            depth += 1
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
            depth -= 1
        default:
            kind = .streamEnd
        }
        switch kind {
        case .sequenceStart, .mappingStart:
            if isFlow, depth <= Self.maximumDepth {
                openCollections.append((start, kind == .sequenceStart))
            }
        case .sequenceEnd, .mappingEnd:
            if !openCollections.isEmpty { openCollections.removeLast() }
        default: break
        }
        if hasAnchor { throw LoadError(.aliasesRefused, at: location(start..<end)) }
        if depth > Self.maximumDepth { throw LoadError(.tooDeep(Self.maximumDepth), at: location(start..<end)) }
        return YAMLEvent(
            kind: kind, start: start, end: end, value: value, style: style, isFlow: isFlow, hasAnchor: hasAnchor,
            hasTag: hasTag)
    }

    /// The value of a scalar of `count` bytes: a key of a link entry, which every link repeats, is made from its
    /// string literal, compared byte for byte, with no decoding; any other scalar is decoded.
    private static func scalarValue(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        func spells(_ literal: StaticString) -> Bool { memcmp(bytes, literal.utf8Start, count) == 0 }
        switch count {
        case 3 where spells("url"): return "url"
        case 4 where spells("lint"): return "lint"
        case 5 where spells("title"): return "title"
        case 6 where spells("ignore"): return "ignore"
        case 7 where spells("barrier"): return "barrier"
        case 7 where spells("aliases"): return "aliases"
        case 8 where spells("examples"): return "examples"
        case 10 where spells("deprecated"): return "deprecated"
        case 11 where spells("description"): return "description"
        case 15 where spells("required_params"): return "required_params"
        default: return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// Whether only blanks and line breaks follow `offset`.
    private func isAtEnd(_ offset: Int) -> Bool {
        var index = offset
        while index < file.bytes.count {
            switch file.bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    /// libyaml's error as a `LoadError` that points where the broken construct starts (an unclosed quote or
    /// bracket) with a note where the problem was found.
    private func parserError() -> LoadError {
        var error = describeParserError()
        error.isSyntaxError = true
        return error
    }

    private func describeParserError() -> LoadError {
        let parser = self.parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let problemOffset = offset(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            var at = fileOffset(ofTextByte: Int(parser.problem_offset))
            guard problem.contains("UTF-8") || problem.contains("Unicode") else {
                return LoadError(.invalidYAML(problem), at: location(at..<min(at + 1, file.bytes.count)))
            }
            // libyaml names the offending byte; point at the start of the character it breaks.
            if problem == "invalid trailing UTF-8 octet" {
                var lead = at
                while lead > 0, at - lead < 3, file.bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
                if lead > 0, file.bytes[lead - 1] >= 0xC0 { at = lead - 1 }
            }
            return LoadError(.notUTF8(problem), at: location(at..<min(at + 1, file.bytes.count)))
        }
        let problemLocation = location(problemOffset..<problemOffset)
        if problem == "mapping values are not allowed in this context" {
            return LoadError(
                .invalidYAML("':' followed by a space cannot appear in a plain value: quote the value"),
                at: location(problemOffset..<min(problemOffset + 1, file.bytes.count)))
        }
        if problem == "found character that cannot start any token", problemOffset < file.bytes.count,
            file.bytes[problemOffset] == UInt8(ascii: "\t")
        {
            return LoadError(
                .invalidYAML("a tab cannot indent or start a YAML value: use spaces"),
                at: location(problemOffset..<(problemOffset + 1)))
        }
        guard let contextPointer = parser.context else {
            return LoadError(.invalidYAML(problem), at: problemLocation)
        }
        let context = String(cString: contextPointer)
        if let open = openCollections.last, isAtEnd(problemOffset),
            context != "while scanning a quoted scalar"
        {
            let (bracket, kind) = open.isSequence ? ("[", "list") : ("{", "mapping")
            return LoadError(
                .invalidYAML("unclosed '\(bracket)': the \(kind) that starts here is not closed"),
                at: location(open.start..<(open.start + 1)),
                notes: [Note(message: "the file ends here: \(problem)", location: problemLocation)])
        }
        let contextOffset = offset(parser.context_mark)
        let contextLocation = location(contextOffset..<contextOffset)
        let summary: String
        switch (context, problem) {
        case ("while scanning a quoted scalar", "found unexpected end of stream"):
            summary = "unclosed quote: the quoted string that starts here is never closed"
        case ("while parsing a flow sequence", _):
            summary = "unclosed '[': the list that starts here is not closed (\(problem))"
        case ("while parsing a flow mapping", _):
            summary = "unclosed '{': the mapping that starts here is not closed (\(problem))"
        case ("while parsing a block mapping", "did not find expected key"):
            summary = "bad indentation: a line of the mapping that starts here is not aligned with its keys"
        case ("while parsing a block collection", "did not find expected '-' indicator"):
            summary = "bad indentation: a line of the list that starts here is not aligned with its items"
        default:
            summary = "\(problem) \(context)"
        }
        if contextOffset == problemOffset { return LoadError(.invalidYAML(summary), at: contextLocation) }
        return LoadError(
            .invalidYAML(summary), at: contextLocation,
            notes: [Note(message: "the problem was found here: \(problem)", location: problemLocation)])
    }
}

/// The read position of libyaml's input callback in a file's bytes, through the segments it reads in order.
private final class InputCursor {
    let bytes: SourceBytes
    let segments: [Range<Int>]
    var segment = 0
    var offset: Int

    init(bytes: SourceBytes, segments: [Range<Int>]) {
        self.bytes = bytes
        self.segments = segments
        offset = segments[0].lowerBound
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        var written = 0
        bytes.withUnsafeBufferPointer { source in
            while written < capacity, segment < segments.count {
                let count = min(capacity - written, segments[segment].upperBound - offset)
                if count > 0 {
                    (buffer + written).update(from: source.baseAddress! + offset, count: count)
                    offset += count
                    written += count
                }
                if offset == segments[segment].upperBound {
                    segment += 1
                    if segment < segments.count { offset = segments[segment].lowerBound }
                }
            }
        }
        return written
    }
}
