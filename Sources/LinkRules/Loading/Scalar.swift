#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A YAML scalar with where it was written: its decoded value, the byte range of the whole token (quotes
/// included) and its style. Positions inside the value map back to the source through `sourceOffsets`.
///
/// Every link keeps several scalars for the whole run, so the range is stored as two 32-bit offsets (a scalar is
/// 25 bytes rather than 33): the loader refuses files of 4 GiB or more.
struct Scalar: Sendable, Hashable {
    var value: String
    private var tokenStart: UInt32
    private var tokenEnd: UInt32
    var style: ScalarStyle

    init(value: String, tokenRange: Range<Int>, style: ScalarStyle) {
        self.value = value
        (tokenStart, tokenEnd) = Self.offsets(tokenRange)
        self.style = style
    }

    /// The byte range of the token in its file, quotes included.
    var tokenRange: Range<Int> {
        get { Int(tokenStart)..<Int(tokenEnd) }
        set { (tokenStart, tokenEnd) = Self.offsets(newValue) }
    }

    private static func offsets(_ range: Range<Int>) -> (UInt32, UInt32) {
        precondition(range.lowerBound >= 0 && range.upperBound <= UInt32.max, "a scalar past 4 GiB of its file")
        return (UInt32(range.lowerBound), UInt32(range.upperBound))
    }

    /// Whether the scalar is YAML's null (`~`, `null`, or nothing at all, unquoted).
    var isNull: Bool {
        // Most values are longer than any spelling of null: their length rules them out without a comparison.
        guard style == .plain, value.utf8.count <= 4 else { return false }
        return value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL"
    }

    /// The plain scalar read as a YAML boolean, if it is one.
    var boolValue: Bool? {
        guard style == .plain, value.utf8.count <= 5 else { return nil }
        switch value {
        case "true", "True", "TRUE", "yes", "Yes", "on": return true
        case "false", "False", "FALSE", "no", "No", "off": return false
        default: return nil
        }
    }

    /// The byte offset in the file where the value's first character is written: after the opening quote, or
    /// for a block scalar (`|`, `>`) at the first non-blank character after its header line.
    func contentStart(in file: SourceFile) -> Int {
        switch style {
        case .singleQuoted, .doubleQuoted: return tokenRange.lowerBound + 1
        case .plain: return tokenRange.lowerBound
        case .literal, .folded:
            let bytes = file.bytes
            var index = tokenRange.lowerBound
            while index < tokenRange.upperBound, bytes[index] != 0x0A { index += 1 }
            while index < tokenRange.upperBound, bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x20 {
                index += 1
            }
            return index
        }
    }

    /// Maps a UTF-8 range of `value` to the byte range in `file` that spells it. Exact for plain and quoted
    /// scalars on one line (escapes and `''` included); folded multi-line values map as closely as the folding
    /// allows. The common case, a value written byte for byte, costs one comparison.
    func sourceRange(ofValue span: Range<Int>, in file: SourceFile) -> Range<Int> {
        let start = contentStart(in: file)
        if isWrittenVerbatim(at: start, in: file) {
            return (start + span.lowerBound)..<(start + span.upperBound)
        }
        let offsets = sourceOffsets(in: file)
        func map(_ index: Int) -> Int { index < offsets.count ? offsets[index] : (offsets.last.map { $0 + 1 } ?? start) }
        let lower = map(span.lowerBound)
        let upper = span.isEmpty ? lower : map(span.upperBound - 1) + 1
        return lower..<max(lower, upper)
    }

    /// Whether the file spells `value` byte for byte from `start`, compared with `memcmp`: a generic comparison
    /// of an array slice with a string's UTF-8 view costs thousands of instructions for one URL.
    private func isWrittenVerbatim(at start: Int, in file: SourceFile) -> Bool {
        var value = value
        return value.withUTF8 { valueBytes in
            file.bytes.withUnsafeBufferPointer { fileBytes in
                guard start >= 0, start + valueBytes.count <= fileBytes.count else { return false }
                guard let valueBase = valueBytes.baseAddress, let fileBase = fileBytes.baseAddress else { return true }
                return memcmp(fileBase + start, valueBase, valueBytes.count) == 0
            }
        }
    }

    /// For each UTF-8 byte of `value`, the file offset of the source byte it was decoded from, plus one entry for
    /// the end. Escapes map all their decoded bytes to the backslash.
    func sourceOffsets(in file: SourceFile) -> [Int] {
        let source = file.bytes
        let valueBytes = Array(value.utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(valueBytes.count + 1)
        var s = contentStart(in: file)
        var v = 0
        let limit = style == .plain ? tokenRange.upperBound : max(tokenRange.upperBound - 1, s)
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while v < valueBytes.count {
            guard s < limit else {
                offsets.append(limit)
                v += 1
                continue
            }
            let byte = source[s]
            if style == .singleQuoted, byte == UInt8(ascii: "'"), s + 1 < limit, source[s + 1] == UInt8(ascii: "'") {
                offsets.append(s)
                s += 2
                v += 1
            } else if style == .doubleQuoted, byte == UInt8(ascii: "\\"), s + 1 < limit {
                let kind = source[s + 1]
                var escapeLength = 2
                switch kind {
                case UInt8(ascii: "x"): escapeLength = 4
                case UInt8(ascii: "u"): escapeLength = 6
                case UInt8(ascii: "U"): escapeLength = 10
                case 0x0A, 0x0D:
                    // A line continuation produces nothing: skip it and the next line's indentation.
                    s += 2
                    while s < limit, isBlank(source[s]) { s += 1 }
                    continue
                default: break
                }
                let lead = valueBytes[v]
                let scalarLength = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                for _ in 0..<min(scalarLength, valueBytes.count - v) { offsets.append(s) }
                v += scalarLength
                s += escapeLength
            } else if byte == valueBytes[v] {
                offsets.append(s)
                s += 1
                v += 1
            } else if isBlank(byte) {
                // Line folding: a run of blanks with line breaks becomes one space or newlines in the value.
                let runStart = s
                while s < limit, isBlank(source[s]) { s += 1 }
                while v < valueBytes.count, valueBytes[v] == 0x20 || valueBytes[v] == 0x0A {
                    offsets.append(runStart)
                    v += 1
                }
            } else {
                offsets.append(s)
                s += 1
                v += 1
            }
        }
        offsets.append(s)
        return offsets
    }
}

/// A small located YAML value for the parts of a file read as a whole (rule options, unknown values):
/// catalogues' links are decoded straight from the event stream instead.
indirect enum YAMLValue: Sendable, Hashable {
    case scalar(Scalar)
    case sequence([YAMLValue], range: Range<Int>)
    case mapping([(key: Scalar, value: YAMLValue)], range: Range<Int>)

    static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.sequence(let a, let r1), .sequence(let b, let r2)): a == b && r1 == r2
        case (.mapping(let a, let r1), .mapping(let b, let r2)):
            r1 == r2 && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(range) }

    var range: Range<Int> {
        switch self {
        case .scalar(let scalar): scalar.tokenRange
        case .sequence(_, let range), .mapping(_, let range): range
        }
    }

    var scalar: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// A short name of the value's kind for messages (`a list`, `a mapping`, `a string`).
    var kindName: String {
        switch self {
        case .scalar: "a string"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
