/// Writes pretty-printed JSON (two-space indentation) straight into one string, so a report of many thousand
/// findings is streamed out instead of being built as a tree of dictionaries first.
struct JSONWriter {
    private(set) var output: ReportBuffer
    /// One entry per open object or array: whether it has a member yet.
    private var openContainers: [Bool] = []
    /// Whether a key was just written, so the next value follows it on the same line.
    private var awaitingValue = false

    init(reservingCapacity capacity: Int, output destination: (any ReportOutput)? = nil) {
        output = ReportBuffer(reservingCapacity: capacity, output: destination)
    }

    /// Hands the text written so far to the output once it fills a block (see `ReportBuffer`).
    mutating func flushIfFull() { output.flushIfFull() }

    mutating func beginObject() {
        beginValue()
        output.append(byte: UInt8(ascii: "{"))
        openContainers.append(false)
    }

    mutating func endObject() { endContainer(UInt8(ascii: "}")) }

    mutating func beginArray() {
        beginValue()
        output.append(byte: UInt8(ascii: "["))
        openContainers.append(false)
    }

    mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Starts an object member; the next value written is its value. Keys are literals that need no escaping.
    mutating func key(_ name: StaticString) {
        startMember()
        output.append(byte: UInt8(ascii: "\""))
        name.withUTF8Buffer { output.appendASCII($0) }
        output.append(byte: UInt8(ascii: "\""))
        output.append(byte: UInt8(ascii: ":"))
        output.append(byte: UInt8(ascii: " "))
        awaitingValue = true
    }

    mutating func string(_ value: String) {
        beginValue()
        output.appendJSONString(value)
    }

    mutating func number(_ value: Int) {
        beginValue()
        output.append(value)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        output.append(value ? "true" : "false")
    }

    mutating func null() {
        beginValue()
        output.append("null")
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { number(value) } else { null() }
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
        } else if !openContainers.isEmpty {
            startMember()
        }
    }

    private mutating func startMember() {
        if openContainers[openContainers.count - 1] { output.append(byte: UInt8(ascii: ",")) }
        openContainers[openContainers.count - 1] = true
        newLine()
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadMembers = openContainers.removeLast()
        if hadMembers { newLine() }
        output.append(byte: closer)
    }

    private mutating func newLine() {
        output.append(byte: UInt8(ascii: "\n"))
        output.append(repeating: UInt8(ascii: " "), count: 2 * openContainers.count)
    }
}
