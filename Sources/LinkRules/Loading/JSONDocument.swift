/// A JSON value read from source text, each value keeping the byte range it was read from so a validator can
/// point at the exact characters. Numbers keep their literal text; object members keep their order and any
/// duplicate keys.
indirect enum JSONValue: Hashable, Sendable {
    case object([JSONMember], range: Range<Int>)
    case array([JSONValue], range: Range<Int>)
    case string(String, range: Range<Int>)
    /// A number as written (`-1.5e3`), so no precision is lost and messages can quote it.
    case number(String, range: Range<Int>)
    case bool(Bool, range: Range<Int>)
    case null(range: Range<Int>)

    /// The bytes the value spans, from its first character to just after its last.
    var range: Range<Int> {
        switch self {
        case .object(_, let range), .array(_, let range), .string(_, let range), .number(_, let range),
            .bool(_, let range):
            return range
        case .null(let range):
            return range
        }
    }

    /// The kind of value with its article, for messages such as "found a string".
    var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The members of an object in source order, duplicates included; nil for any other value.
    var members: [JSONMember]? {
        if case .object(let members, _) = self { return members }
        return nil
    }

    /// The elements of an array; nil for any other value.
    var elements: [JSONValue]? {
        if case .array(let elements, _) = self { return elements }
        return nil
    }

    var stringValue: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value, _) = self { return value }
        return nil
    }

    /// The literal text of a number; nil for any other value.
    var numberText: String? {
        if case .number(let text, _) = self { return text }
        return nil
    }

    /// The member of an object with the given key. When a key appears twice the last one wins, as in most JSON
    /// readers (Foundation's included); validators report the duplicate separately.
    func member(_ key: String) -> JSONMember? {
        members?.last { $0.key == key }
    }

    /// The value of the member with the given key (the last one when the key is repeated).
    subscript(key: String) -> JSONValue? {
        member(key)?.value
    }
}

/// One `"key": value` pair of a JSON object, with the byte range of the quoted key.
struct JSONMember: Hashable, Sendable {
    var key: String
    /// The bytes of the key including its quotes.
    var keyRange: Range<Int>
    var value: JSONValue

    init(key: String, keyRange: Range<Int>, value: JSONValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

/// Why a text is not valid JSON: a message, the byte offset where the problem was found and, for an unclosed
/// string, object or array, the byte offset where that construct starts.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    var message: String
    var byteOffset: Int
    /// Where the broken construct starts (the opening quote or bracket), when that differs from `byteOffset`.
    var openingOffset: Int?

    init(message: String, byteOffset: Int, openingOffset: Int? = nil) {
        self.message = message
        self.byteOffset = byteOffset
        self.openingOffset = openingOffset
    }

    var description: String { "\(message) (at byte \(byteOffset))" }
}

/// A strict RFC 8259 JSON reader over bytes that keeps every value's byte range. It accepts exactly one value
/// with optional surrounding whitespace (and ignores a leading UTF-8 byte-order mark); comments, single
/// quotes, trailing commas, lone surrogates, invalid UTF-8 and unescaped control characters are errors.
enum JSONDocument {
    /// How deeply objects and arrays may nest before the reader gives up, bounding its recursion.
    static let defaultMaximumDepth = 512

    static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(input: buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError)
        -> JSONValue
    {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The recursive-descent reader behind `JSONDocument`; one instance reads one document.
private struct JSONParser {
    let input: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var depth = 0

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < input.count else {
            throw JSONSyntaxError(message: "empty document: expected a JSON value", byteOffset: index)
        }
        let value = try parseValue()
        skipWhitespace()
        if index < input.count {
            throw JSONSyntaxError(
                message: "unexpected \(describeCharacter(at: index)) after the JSON value", byteOffset: index)
        }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < input.count else {
            throw JSONSyntaxError(message: "unexpected end of input: expected a value", byteOffset: index)
        }
        switch input[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let start = index
            let string = try parseString()
            return .string(string, range: start..<index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return try parseLiteral()
        case UInt8(ascii: "'"):
            throw JSONSyntaxError(message: "strings must be in double quotes, found '\\''", byteOffset: index)
        case UInt8(ascii: "/"):
            throw JSONSyntaxError(message: "comments are not allowed in JSON", byteOffset: index)
        default:
            throw JSONSyntaxError(
                message: "unexpected \(describeCharacter(at: index)): expected a value", byteOffset: index)
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < input.count, input[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members, range: start..<index)
        }
        while true {
            skipWhitespace()
            guard index < input.count, input[index] == UInt8(ascii: "\"") else {
                throw keyError(objectStart: start, afterComma: !members.isEmpty)
            }
            let keyStart = index
            let key = try parseString()
            let keyRange = keyStart..<index
            skipWhitespace()
            guard index < input.count, input[index] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(
                    message: "expected ':' after the key '\(key)'", byteOffset: index, openingOffset: start)
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyRange: keyRange, value: value))
            skipWhitespace()
            guard index < input.count else {
                throw JSONSyntaxError(
                    message: "expected ',' or '}' after an object member", byteOffset: index, openingOffset: start)
            }
            if input[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if input[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members, range: start..<index)
            }
            throw JSONSyntaxError(
                message: "expected ',' or '}' after an object member", byteOffset: index, openingOffset: start)
        }
    }

    func keyError(objectStart: Int, afterComma: Bool) -> JSONSyntaxError {
        guard index < input.count else {
            return JSONSyntaxError(
                message: "unexpected end of input: expected a key in double quotes", byteOffset: index,
                openingOffset: objectStart)
        }
        if afterComma, input[index] == UInt8(ascii: "}") {
            return JSONSyntaxError(message: "trailing comma before '}'", byteOffset: index)
        }
        if input[index] == UInt8(ascii: "'") {
            return JSONSyntaxError(message: "keys must be in double quotes, found '\\''", byteOffset: index)
        }
        if input[index] == UInt8(ascii: "/") {
            return JSONSyntaxError(message: "comments are not allowed in JSON", byteOffset: index)
        }
        return JSONSyntaxError(
            message: "expected a key in double quotes, found \(describeCharacter(at: index))", byteOffset: index)
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < input.count, input[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements, range: start..<index)
        }
        while true {
            skipWhitespace()
            if !elements.isEmpty, index < input.count, input[index] == UInt8(ascii: "]") {
                throw JSONSyntaxError(message: "trailing comma before ']'", byteOffset: index)
            }
            if index >= input.count {
                throw JSONSyntaxError(
                    message: "unexpected end of input: expected a value", byteOffset: index, openingOffset: start)
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard index < input.count else {
                throw JSONSyntaxError(
                    message: "expected ',' or ']' after an array element", byteOffset: index, openingOffset: start)
            }
            if input[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if input[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements, range: start..<index)
            }
            throw JSONSyntaxError(
                message: "expected ',' or ']' after an array element", byteOffset: index, openingOffset: start)
        }
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError(message: "nesting deeper than \(maximumDepth) levels", byteOffset: index)
        }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote and leaves `index` just after the closing quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var result = ""
        var segmentStart = index
        while true {
            guard index < input.count else {
                throw JSONSyntaxError(message: "unterminated string", byteOffset: index, openingOffset: start)
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                try appendSegment(segmentStart..<index, to: &result)
                index += 1
                return result
            }
            if byte == UInt8(ascii: "\\") {
                try appendSegment(segmentStart..<index, to: &result)
                try parseEscape(into: &result)
                segmentStart = index
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw JSONSyntaxError(
                    message: "unterminated string: a line break inside a string must be written '\\n'",
                    byteOffset: index, openingOffset: start)
            }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    message: "unescaped control character \(unicodeName(UInt32(byte))) in a string",
                    byteOffset: index)
            }
            index += 1
        }
    }

    func appendSegment(_ range: Range<Int>, to result: inout String) throws(JSONSyntaxError) {
        guard !range.isEmpty else { return }
        let slice = UnsafeBufferPointer(rebasing: input[range])
        if let text = String(validating: slice, as: UTF8.self) {
            result += text
            return
        }
        let invalid = JSONDocument.firstInvalidUTF8Offset(in: slice) ?? 0
        throw JSONSyntaxError(message: "invalid UTF-8 in a string", byteOffset: range.lowerBound + invalid)
    }

    mutating func parseEscape(into result: inout String) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < input.count else {
            throw JSONSyntaxError(message: "unterminated string", byteOffset: index)
        }
        let byte = input[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): result.append("\"")
        case UInt8(ascii: "\\"): result.append("\\")
        case UInt8(ascii: "/"): result.append("/")
        case UInt8(ascii: "b"): result.append("\u{08}")
        case UInt8(ascii: "f"): result.append("\u{0C}")
        case UInt8(ascii: "n"): result.append("\n")
        case UInt8(ascii: "r"): result.append("\r")
        case UInt8(ascii: "t"): result.append("\t")
        case UInt8(ascii: "u"):
            let first = try parseHexQuad(escapeStart: escapeStart)
            if (0xDC00...0xDFFF).contains(first) {
                throw JSONSyntaxError(
                    message: "unpaired surrogate '\\u\(hex4(first))' in a string", byteOffset: escapeStart)
            }
            if (0xD800...0xDBFF).contains(first) {
                let lowStart = index
                guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"),
                    input[index + 1] == UInt8(ascii: "u")
                else {
                    throw JSONSyntaxError(
                        message: "unpaired surrogate '\\u\(hex4(first))' in a string", byteOffset: escapeStart)
                }
                index += 2
                let second = try parseHexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw JSONSyntaxError(
                        message: "unpaired surrogate '\\u\(hex4(first))' in a string", byteOffset: escapeStart)
                }
                let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                result.unicodeScalars.append(Unicode.Scalar(scalar)!)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(first)!)
            }
        default:
            throw JSONSyntaxError(
                message: "invalid escape '\\\(describeByte(byte))' in a string", byteOffset: escapeStart)
        }
    }

    /// Reads the four hex digits after `\u`.
    mutating func parseHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard index + offset < input.count, let digit = hexValue(input[index + offset]) else {
                let end = min(index + 4, input.count)
                let written = String(decoding: UnsafeBufferPointer(rebasing: input[index..<end]), as: UTF8.self)
                    .prefix { $0 != "\"" }
                throw JSONSyntaxError(
                    message: "invalid unicode escape '\\u\(written)': expected four hex digits",
                    byteOffset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    // MARK: Numbers and literals

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if input[index] == UInt8(ascii: "-") { index += 1 }
        guard index < input.count, isDigit(input[index]) else {
            throw numberError(start: start, "expected a digit after '-'")
        }
        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input[index]) {
                throw numberError(start: start, "leading zeros are not allowed")
            }
        } else {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] == UInt8(ascii: ".") {
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                throw numberError(start: start, "expected a digit after '.'")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E") {
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < input.count, isDigit(input[index]) else {
                throw numberError(start: start, "expected a digit in the exponent")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
        return .number(text, range: start..<index)
    }

    func numberError(start: Int, _ reason: String) -> JSONSyntaxError {
        var end = index
        while end < input.count, isNumberCharacter(input[end]) { end += 1 }
        let written = String(decoding: UnsafeBufferPointer(rebasing: input[start..<max(end, start)]), as: UTF8.self)
        return JSONSyntaxError(message: "invalid number '\(written)': \(reason)", byteOffset: start)
    }

    mutating func parseLiteral() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var end = index
        while end < input.count, isASCIILetter(input[end]) { end += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
        index = end
        switch word {
        case "true": return .bool(true, range: start..<end)
        case "false": return .bool(false, range: start..<end)
        case "null": return .null(range: start..<end)
        default:
            let expected = word.hasPrefix("t") ? "true" : word.hasPrefix("f") ? "false" : "null"
            throw JSONSyntaxError(message: "invalid literal '\(word)': expected '\(expected)'", byteOffset: start)
        }
    }

    // MARK: Characters

    mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Names the character at an offset for a message: `'x'`, `'U+00A0'` or `end of input`.
    func describeCharacter(at offset: Int) -> String {
        guard offset < input.count else { return "end of input" }
        let byte = input[offset]
        if byte >= 0x20, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character \(unicodeName(UInt32(byte)))" }
        let end = min(offset + 4, input.count)
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: input[offset..<end]), as: UTF8.self)
            .unicodeScalars.first
        guard let scalar, scalar != "\u{FFFD}" else { return "byte 0x\(String(byte, radix: 16, uppercase: true))" }
        return "character \(unicodeName(scalar.value))"
    }

    func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
        return unicodeName(UInt32(byte))
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

private func isNumberCharacter(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

private func unicodeName(_ value: UInt32) -> String { "U+\(hex4(value))" }

extension JSONDocument {
    /// Where a byte sequence stops being well-formed UTF-8 (overlong forms, surrogates and values above
    /// U+10FFFF count as malformed), for messages that point at the offending byte; nil when it is all valid.
    static func firstInvalidUTF8Offset<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let shape: (length: Int, minimum: UInt32, bits: UInt32)
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: shape = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: shape = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: shape = (4, 0x10000, UInt32(lead & 0x07))
            default: return index - bytes.startIndex
            }
            let length = shape.length
            var scalar = shape.bits
            guard index + length <= bytes.endIndex else { return index - bytes.startIndex }
            for offset in 1..<length {
                let continuation = bytes[index + offset]
                guard continuation & 0xC0 == 0x80 else { return index - bytes.startIndex }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            if scalar < shape.minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return index - bytes.startIndex
            }
            index += length
        }
        return nil
    }
}
