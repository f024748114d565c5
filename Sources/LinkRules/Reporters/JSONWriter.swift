/// Writes pretty-printed JSON (two-space indentation) straight into one string, so a report of many thousand
/// findings is streamed out instead of being built as a tree of dictionaries first.
struct JSONWriter {
    private(set) var output: ReportBuffer
    /// How many objects and arrays are open (each indents its members two more spaces).
    private var depth = 0
    /// Whether the innermost open container has a member yet. An enclosing container always has one: the
    /// container nested in it is that member, so leaving a container sets this back to true.
    private var innermostHasMembers = false
    /// Whether a key was just written, so the next value follows it on the same line.
    private var awaitingValue = false
    /// The file whose path `field(_:fileOf:)` wrote last and the bytes it wrote, written again as they are when the
    /// same file comes next.
    private var lastFile: ObjectIdentifier?
    private var lastFileEscaped: [UInt8] = []
    /// The link whose key `field(_:linkKeyOf:)` wrote last (held, so that no other link takes its identity), its
    /// identity, and the bytes it wrote (the escaped key and its closing quote), kept in one buffer that each new
    /// key overwrites.
    private var lastLinkKey: (link: Link?, identity: ObjectIdentifier?, written: [UInt8]) = (nil, nil, [])

    init(reservingCapacity capacity: Int, output destination: (any ReportOutput)? = nil) {
        output = ReportBuffer(reservingCapacity: capacity, output: destination)
    }

    /// Where a writer is inside its document: what the members written next depend on.
    struct Nesting: Sendable {
        fileprivate var depth: Int
        fileprivate var innermostHasMembers: Bool
    }

    /// Where this writer is, for writers that render members of its innermost container apart
    /// (`init(continuing:afterMembers:reservingCapacity:)`).
    var nesting: Nesting { Nesting(depth: depth, innermostHasMembers: innermostHasMembers) }

    /// A writer, without an output, for a run of members of the container open at `nesting`, rendered apart (on
    /// another core) and spliced in with `append(rendered:)`. `afterMembers`: whether other runs rendered apart
    /// come before this one (it then starts with a comma, as it does when the container had members at `nesting`).
    init(continuing nesting: Nesting, afterMembers: Bool, reservingCapacity capacity: Int) {
        output = ReportBuffer(reservingCapacity: capacity)
        depth = nesting.depth
        innermostHasMembers = nesting.innermostHasMembers || afterMembers
    }

    /// The bytes written so far, for a writer without an output, handed over whole.
    mutating func takeRenderedBytes() -> [UInt8] { output.takeBytes() }

    /// Appends members of the innermost container, rendered apart by writers continuing from this one's `nesting`.
    mutating func append(rendered bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        output.append(block: bytes)
        innermostHasMembers = true
    }

    /// Hands the text written so far to the output once it fills a block (see `ReportBuffer`).
    mutating func flushIfFull() { output.flushIfFull() }

    mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }

    mutating func endObject() { endContainer(UInt8(ascii: "}")) }

    mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }

    mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Starts an object member; the next value written is its value. Keys are literals that need no escaping.
    mutating func key(_ name: StaticString) {
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name)
        innermostHasMembers = true
        awaitingValue = true
    }

    mutating func string(_ value: String) {
        if awaitingValue {
            awaitingValue = false
            output.appendJSONString(value)
        } else if depth > 0 {
            // The opening quote goes with the line's start.
            output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, then: UInt8(ascii: "\""))
            innermostHasMembers = true
            output.appendJSONStringContents(value)
        } else {
            output.appendJSONString(value)
        }
    }

    mutating func number(_ value: Int) {
        beginValue()
        output.append(value)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        output.append(literal: value ? "true" : "false")
    }

    mutating func null() {
        beginValue()
        output.append(literal: "null")
    }

    mutating func field(_ name: StaticString, _ value: String) {
        // The key's line, the key and the opening quote are appended as one buffer.
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name, then: UInt8(ascii: "\""))
        innermostHasMembers = true
        output.appendJSONStringContents(value)
    }

    /// A string member whose value is the link key of a finding's subject, written as links are (`RouteKeySpelling`).
    /// A link's findings come one after another: the key written for the last one is copied again, not spelled
    /// afresh from the link.
    mutating func field(_ name: StaticString, linkKeyOf subject: LinkSubject) {
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name, then: UInt8(ascii: "\""))
        innermostHasMembers = true
        // Told by identity: comparing the links themselves would take a reference to each.
        let identity = subject.linkIdentity
        if identity != nil, identity == lastLinkKey.identity {
            lastLinkKey.written.withUnsafeBufferPointer { output.appendUTF8($0) }
            return
        }
        let start = output.count
        subject.withKeyBytes { key in
            output.appendJSONStringContents(utf8: key, skippingByteAt: RouteKeySpelling.droppedSlash(in: key))
        }
        guard case .link(let link) = subject else { return }
        lastLinkKey.link = link
        lastLinkKey.identity = identity
        lastLinkKey.written.removeAll(keepingCapacity: true)
        lastLinkKey.written.append(contentsOf: output.bytes[start...])
    }

    /// A string member whose value is a word that needs no escaping (an enumeration's raw value).
    mutating func field(_ name: StaticString, word: StaticString) {
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name, then: UInt8(ascii: "\""))
        innermostHasMembers = true
        output.append(literal: word)
        output.append(byte: UInt8(ascii: "\""))
    }

    /// A string member whose value is the path of a location's file, most often the file of the last one written
    /// this way (in every finding and edit): its escaped bytes are kept and copied again, not escaped afresh, and
    /// the file is told by its identity, which takes no reference to the name that every finding shares.
    mutating func field(_ name: StaticString, fileOf location: SourceLocation) {
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name)
        innermostHasMembers = true
        if location.fileIdentity == lastFile {
            lastFileEscaped.withUnsafeBufferPointer { output.appendUTF8($0) }
            return
        }
        let start = output.count
        output.appendJSONString(location.file)
        lastFile = location.fileIdentity
        lastFileEscaped = Array(output.bytes[start...])
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        if let value { field(name, value) } else { key(name); null() }
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        // The key's line, the key and the digits are appended as one buffer.
        output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, key: name, number: value)
        innermostHasMembers = true
    }

    /// Six integer members in a row (a source range's lines, columns and offsets), appended as one buffer.
    mutating func fields(
        _ first: (key: StaticString, value: Int), _ second: (key: StaticString, value: Int),
        _ third: (key: StaticString, value: Int), _ fourth: (key: StaticString, value: Int),
        _ fifth: (key: StaticString, value: Int), _ sixth: (key: StaticString, value: Int)
    ) {
        output.appendJSONNumberLines(
            comma: innermostHasMembers, indentation: 2 * depth, first, second, third, fourth, fifth, sixth)
        innermostHasMembers = true
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        if let value { field(name, value) } else { key(name); null() }
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Ends the document with a newline.
    /// Ends a document written without an output and returns it as text.
    mutating func finishText() -> String {
        output.append(byte: UInt8(ascii: "\n"))
        return output.string
    }

    /// Ends the document with a newline and hands the rest to the output.
    mutating func finish() {
        output.append(byte: UInt8(ascii: "\n"))
        output.flush()
    }

    private mutating func beginValue() {
        if awaitingValue {
            awaitingValue = false
        } else if depth > 0 {
            output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth)
            innermostHasMembers = true
        }
    }

    /// Writes an opening bracket as the next value (after its line's start, as one buffer) and enters it.
    private mutating func beginContainer(_ opener: UInt8) {
        if awaitingValue {
            awaitingValue = false
            output.append(byte: opener)
        } else if depth > 0 {
            output.appendJSONLine(comma: innermostHasMembers, indentation: 2 * depth, then: opener)
        } else {
            output.append(byte: opener)
        }
        depth += 1
        innermostHasMembers = false
    }

    private mutating func endContainer(_ closer: UInt8) {
        depth -= 1
        if innermostHasMembers {
            output.appendJSONLine(comma: false, indentation: 2 * depth, then: closer)
        } else {
            output.append(byte: closer)
        }
        innermostHasMembers = true
    }
}
