/// The bytes of one loaded file and a table of where its lines start, so byte offsets, libyaml's
/// character marks and 1-based line:column positions convert into one another in O(log lines). A leading UTF-8
/// byte-order mark is invisible, as in an editor: the first character after it is at 1:1. Lines end at LF, CRLF
/// or a lone CR.
public final class SourceFile: @unchecked Sendable {
    /// The path as the user named it; diagnostics print it unchanged.
    public let path: String
    /// The file's bytes, exactly as read (a leading byte-order mark included).
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Whether each line holds only ASCII bytes, so a character column is also a byte column.
    private let asciiLines: [Bool]

    /// Bytes of the leading byte-order mark: 3 when the file starts with one, else 0.
    let byteOrderMarkLength: Int

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        byteOrderMarkLength = Self.startsWithByteOrderMark(bytes) ? 3 : 0
        var starts = [0]
        var ascii: [Bool] = []
        var lineIsASCII = true
        starts.reserveCapacity(bytes.count / 24 + 1)
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80, index >= byteOrderMarkLength { lineIsASCII = false }
            // A line ends at LF, or at a CR not followed by LF (old Mac files), as editors count lines.
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
            {
                starts.append(index + 1)
                ascii.append(lineIsASCII)
                lineIsASCII = true
            }
        }
        ascii.append(lineIsASCII)
        self.lineStarts = starts
        self.asciiLines = ascii
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of the file (invalid UTF-8 repaired with U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var lineCount: Int { lineStarts.count }

    /// Whether `bytes` begin with the UTF-8 byte-order mark EF BB BF.
    static func startsWithByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Where the text of a 0-based line starts: after the byte-order mark on the first line.
    func textStart(ofLine line: Int) -> Int { line == 0 ? byteOrderMarkLength : lineStarts[line] }

    /// The position of a byte offset (clamped to the file).
    public func position(ofByte offset: Int) -> SourcePosition {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = textStart(ofLine: low)
        guard offset >= lineStart else { return SourcePosition(line: 1, column: 1, offset: offset) }
        var column = 1
        if asciiLines[low] {
            column = offset - lineStart + 1
        } else {
            var index = lineStart
            while index < offset {
                // Count scalar starts: every byte that is not a UTF-8 continuation byte.
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
        }
        return SourcePosition(line: low + 1, column: column, offset: offset)
    }

    /// The byte offset of a 0-based line and a 0-based column counted in characters (libyaml's marks).
    public func byteOffset(line: Int, characterColumn column: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let start = textStart(ofLine: line)
        if asciiLines[line] { return min(start + column, bytes.count) }
        var index = start
        var remaining = column
        while index < bytes.count, remaining > 0 {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// The range covering the given byte offsets.
    public func range(ofBytes range: Range<Int>) -> SourceRange {
        SourceRange(start: position(ofByte: range.lowerBound), end: position(ofByte: range.upperBound))
    }

    /// A location in this file covering the given byte offsets.
    public func location(ofBytes range: Range<Int>) -> SourceLocation {
        SourceLocation(file: path, range: self.range(ofBytes: range))
    }

    /// The text of a 1-based line without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = textStart(ofLine: line - 1)
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
