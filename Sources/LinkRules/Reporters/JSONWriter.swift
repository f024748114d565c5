/// Writes pretty-printed JSON (two-space indentation) straight into one string, so a report of many thousand
/// findings is streamed out instead of being built as a tree of dictionaries first.
struct JSONWriter {
    private(set) var output: String
    /// One entry per open object or array: whether it has a member yet.
    private var openContainers: [Bool] = []
    /// Whether a key was just written, so the next value follows it on the same line.
    private var awaitingValue = false

    init(reservingCapacity capacity: Int) {
        output = ""
        output.reserveCapacity(capacity)
    }

    mutating func beginObject() {
        beginValue()
        output.append("{")
        openContainers.append(false)
    }

    mutating func endObject() { endContainer("}") }

    mutating func beginArray() {
        beginValue()
        output.append("[")
        openContainers.append(false)
    }

    mutating func endArray() { endContainer("]") }

    /// Starts an object member; the next value written is its value.
    mutating func key(_ name: String) {
        startMember()
        output.appendJSONString(name)
        output.append(": ")
        awaitingValue = true
    }

    mutating func string(_ value: String) {
        beginValue()
        output.appendJSONString(value)
    }

    mutating func number(_ value: Int) {
        beginValue()
        output.append(String(value))
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        output.append(value ? "true" : "false")
    }

    mutating func null() {
        beginValue()
        output.append("null")
    }

    mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    mutating func field(_ name: String, _ value: Int?) {
        key(name)
        if let value { number(value) } else { null() }
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Ends the document with a newline.
    mutating func finish() -> String {
        output.append("\n")
        return output
    }

    private mutating func beginValue() {
        if awaitingValue {
            awaitingValue = false
        } else if !openContainers.isEmpty {
            startMember()
        }
    }

    private mutating func startMember() {
        if openContainers[openContainers.count - 1] { output.append(",") }
        openContainers[openContainers.count - 1] = true
        newLine()
    }

    private mutating func endContainer(_ closer: String) {
        let hadMembers = openContainers.removeLast()
        if hadMembers { newLine() }
        output.append(closer)
    }

    private mutating func newLine() {
        output.append("\n")
        let depth = openContainers.count
        if depth < JSONWriter.indentations.count {
            output.append(JSONWriter.indentations[depth])
        } else {
            output.append(String(repeating: "  ", count: depth))
        }
    }

    private static let indentations: [String] = (0..<16).map { String(repeating: "  ", count: $0) }
}
