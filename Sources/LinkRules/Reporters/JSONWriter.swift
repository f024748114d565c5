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

    /// A writer of the members of a container nested `depth` containers deep, writing them exactly as the writer
    /// of the whole document would there (`afterMember`: the container already has a member). Several fragments
    /// can be written at once and then joined in order with `append(fragment:)`.
    init(fragmentAtDepth depth: Int, afterMember: Bool, reservingCapacity capacity: Int) {
        output = ReportBuffer(reservingCapacity: capacity)
        openContainers = Array(repeating: true, count: depth - 1) + [afterMember]
    }

    /// The text a fragment writer has written.
    var fragment: [UInt8] { output.bytes }

    /// Appends members written by a fragment writer for the innermost open container (empty: none).
    mutating func append(fragment: [UInt8]) {
        guard !fragment.isEmpty else { return }
        output.append(bytes: fragment)
        openContainers[openContainers.count - 1] = true
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
