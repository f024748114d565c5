#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one loaded file and a table of where its lines start, so byte offsets, libyaml's
/// character marks and 1-based line:column positions convert into one another in O(log lines). A leading UTF-8
/// byte-order mark is invisible, as in an editor: the first character after it is at 1:1. Lines end at LF, CRLF
/// or a lone CR.
public final class SourceFile: @unchecked Sendable {
    /// The path as the user named it; diagnostics print it unchanged.
    public let path: String
    /// The path's interned name, which every location in the file holds.
    let name: FileName
    /// The file's bytes, exactly as read (a leading byte-order mark included).
    let bytes: SourceBytes
    /// Byte offset at which each line starts (the first is 0), in 32 bits: a file of 4 GiB or more is refused
    /// before it is read, and a large catalogue has hundreds of thousands of lines (see `lineStart(_:)`).
    private let lineStarts: [UInt32]
    /// Whether every byte after the byte-order mark is ASCII, so a character count is a byte count everywhere.
    let isASCII: Bool
    /// For a file that is not all ASCII, which lines hold a byte of 0x80 or more (a character column is a byte
    /// column on every other line); empty for an ASCII file.
    private let nonASCIILines: LineSet

    /// Whether the file holds a CR anywhere: without one, lines end only at LF.
    let holdsCarriageReturn: Bool

    /// Bytes of the leading byte-order mark: 3 when the file starts with one, else 0.
    let byteOrderMarkLength: Int

    /// For each block of `1 << blockShift` bytes, the 0-based line its first byte is on, and one more entry for the
    /// end: `line(containing:)` searches only the few lines between a block's entry and the next one's, not the
    /// whole table (a large catalogue has hundreds of thousands of lines, and its findings ask for several
    /// positions each).
    private let blockFirstLines: [UInt32]
    private static let blockShift = 12

    /// The most bytes a file may hold: its offsets, and the model's spans within it, are kept in 32 bits. Readers
    /// refuse a larger file with an error before making a `SourceFile` of it.
    public static let maximumByteCount = Int(UInt32.max) - 1
    /// The reason readers give when they refuse a file of more than `maximumByteCount` bytes.
    public static let tooLargeReason = "it is 4 GiB or larger"

    /// A file of `bytes` as read from `path`; `bytes` must hold at most `maximumByteCount` bytes (a
    /// precondition).
    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: SourceBytes(bytes))
    }

    /// A file of `contents` as read from `path`; at most `maximumByteCount` bytes (a precondition).
    init(path: String, contents bytes: SourceBytes) {
        precondition(bytes.count <= Self.maximumByteCount, "a file of 4 GiB or more")
        self.path = path
        name = FileName.named(path)
        self.bytes = bytes
        let byteOrderMarkLength = Self.startsWithByteOrderMark(bytes) ? 3 : 0
        self.byteOrderMarkLength = byteOrderMarkLength
        let table = LineTable(of: bytes, textStart: byteOrderMarkLength)
        lineStarts = table.lineStarts
        isASCII = table.isASCII
        nonASCIILines = table.nonASCIILines
        holdsCarriageReturn = table.holdsCarriageReturn
        firstNULByte = table.firstNULByte
        blockFirstLines = Self.blockFirstLines(of: table.lineStarts, byteCount: bytes.count)
    }

    /// The line each block of bytes starts on (see `blockFirstLines`), found in one pass over the line starts.
    private static func blockFirstLines(of lineStarts: [UInt32], byteCount: Int) -> [UInt32] {
        let blocks = byteCount >> blockShift + 1
        var firstLines = [UInt32](repeating: 0, count: blocks + 1)
        var line = 0
        for block in 0..<blocks {
            let blockStart = block << blockShift
            while line + 1 < lineStarts.count, Int(lineStarts[line + 1]) <= blockStart { line += 1 }
            firstLines[block] = UInt32(truncatingIfNeeded: line)
        }
        firstLines[blocks] = UInt32(truncatingIfNeeded: lineStarts.count - 1)
        return firstLines
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of the file (invalid UTF-8 repaired with U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    var lineCount: Int { lineStarts.count }

    /// The byte offset at which a 0-based line starts (before a byte-order mark on the first line; see
    /// `textStart(ofLine:)`).
    func lineStart(_ line: Int) -> Int { Int(lineStarts[line]) }

    /// Calls `body` with the line starts (`lineStart(_:)` of every line, in order) read through a buffer.
    func withLineStarts<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try lineStarts.withUnsafeBufferPointer(body)
    }

    /// The offset of the first NUL byte (nil when there is none), found as the line table is (`LineTable`).
    let firstNULByte: Int?

    /// Whether `bytes` begin with the UTF-8 byte-order mark EF BB BF.
    static func startsWithByteOrderMark<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Whether a 0-based line holds only ASCII bytes.
    func lineIsASCII(_ line: Int) -> Bool { isASCII || !nonASCIILines.contains(line) }

    /// Where the 0-based line after `line` starts: the end of `line` with its line break (the file's end for the
    /// last line).
    func nextLineStart(after line: Int) -> Int { line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) : bytes.count }

    /// Where the text of a 0-based line starts: after the byte-order mark on the first line.
    func textStart(ofLine line: Int) -> Int { line == 0 ? byteOrderMarkLength : Int(lineStarts[line]) }

    /// The 0-based line a byte offset is on: a binary search of the line starts between those of its block's
    /// first line and the next block's.
    func line(containing offset: Int) -> Int {
        let block = min(max(0, offset) >> Self.blockShift, blockFirstLines.count - 2)
        return line(containing: offset, among: Int(blockFirstLines[block])...Int(blockFirstLines[block + 1]))
    }

    /// The 0-based line a byte offset is on, searched from `hint`, a line at or before it, in steps that double
    /// and then by halves: the line itself or the next few cost a comparison or two (YAML marks come nearly in
    /// order). Any other hint falls back to `line(containing:)`.
    func line(containing offset: Int, from hint: Int) -> Int {
        guard hint >= 0, hint < lineStarts.count, Int(lineStarts[hint]) <= offset else { return line(containing: offset) }
        var low = hint
        var step = 1
        while low + step < lineStarts.count, Int(lineStarts[low + step]) <= offset {
            low += step
            step *= 2
        }
        return line(containing: offset, among: low...(min(low + step, lineStarts.count) - 1))
    }

    /// The last of `lines` (whose first starts at or before `offset`) that starts at or before `offset`: a binary
    /// search.
    private func line(containing offset: Int, among lines: ClosedRange<Int>) -> Int {
        var low = lines.lowerBound
        var high = lines.upperBound
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The position of a byte offset (clamped to the file).
    func position(ofByte offset: Int) -> SourcePosition {
        let offset = min(max(0, offset), bytes.count)
        return position(ofByte: offset, onLine: line(containing: offset))
    }

    /// The position of a byte offset (within the file) on the 0-based line `low`, the one it is on.
    private func position(ofByte offset: Int, onLine low: Int) -> SourcePosition {
        let lineStart = textStart(ofLine: low)
        guard offset >= lineStart else { return SourcePosition(line: 1, column: 1, offset: offset) }
        var column = 1
        if lineIsASCII(low) {
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
    func byteOffset(line: Int, characterColumn column: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let start = textStart(ofLine: line)
        if lineIsASCII(line) { return min(start + column, bytes.count) }
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
    func range(ofBytes range: Range<Int>) -> SourceRange {
        let start = position(ofByte: range.lowerBound)
        // The end is searched for from the start's line: nearly always the same one, found at the first comparison.
        let end = min(max(0, range.upperBound), bytes.count)
        guard end >= start.offset else { return SourceRange(start: start, end: position(ofByte: end)) }
        return SourceRange(start: start, end: position(ofByte: end, onLine: line(containing: end, from: start.line - 1)))
    }

    /// A location in this file covering the given byte offsets.
    func location(ofBytes range: Range<Int>) -> SourceLocation {
        SourceLocation(fileName: name, range: self.range(ofBytes: range))
    }

    /// Calls `body` with every 1-based line and its text (as `lineText(_:)` gives it), in order.
    func forEachLineText(_ body: (Int, String) throws -> Void) rethrows {
        var line = 1
        try bytes.withUnsafeBufferPointer { buffer in
            while line <= lineStarts.count, textStart(ofLine: line - 1) < buffer.count {
                let start = textStart(ofLine: line - 1)
                var end = nextLineStart(after: line - 1)
                while end > start, buffer[end - 1] == UInt8(ascii: "\n") || buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                try body(line, String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
                line += 1
            }
        }
        // The empty line after a final line break, or of an empty file.
        while line <= lineStarts.count {
            try body(line, "")
            line += 1
        }
    }

    /// The text of a 1-based line without its line break.
    func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        var text = bytes.copy(of: textStart(ofLine: line - 1)..<nextLineStart(after: line - 1))
        while let last = text.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }
}
