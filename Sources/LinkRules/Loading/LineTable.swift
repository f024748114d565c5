#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the lines of a file start, found with `memchr` rather than byte by byte, and which lines are ASCII,
/// read eight bytes at a time. A line ends at LF, or at a CR not followed by LF (old Mac files), as editors count
/// lines.
struct LineTable {
    /// Byte offset at which each line starts; the first is 0.
    var lineStarts: [Int]
    /// Whether every byte from the text start on is ASCII.
    var isASCII: Bool
    /// When the text is not all ASCII, whether each line is; empty otherwise.
    var asciiLines: [Bool]
    /// Whether the text holds a CR anywhere.
    var holdsCarriageReturn: Bool

    /// `textStart` is where the text begins after a byte-order mark, whose bytes do not make the first line
    /// non-ASCII.
    init(of bytes: UnsafeBufferPointer<UInt8>, textStart: Int) {
        let breaksLoneCR = bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
        holdsCarriageReturn = breaksLoneCR
        // One pass: room for a line every 16 bytes is reserved up front (room never written is never touched, so
        // it costs no memory), and the array grows past it only for a file of shorter lines.
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count / 16 + 1)
        starts.append(0)
        Self.forEachLineStart(in: bytes, breaksLoneCR: breaksLoneCR) { starts.append($0) }
        lineStarts = starts
        var lines: [Bool] = []
        var line = 0
        Self.forEachNonASCIIByte(in: bytes, from: textStart) { offset in
            if lines.isEmpty { lines = [Bool](repeating: true, count: starts.count) }
            while line + 1 < starts.count, starts[line + 1] <= offset { line += 1 }
            lines[line] = false
        }
        isASCII = lines.isEmpty
        asciiLines = lines
    }

    /// Calls `body` with the offset of each byte of 0x80 or more from `start` on, in order; 32 ASCII bytes (four
    /// words, tested together) are passed over at once, then an ASCII word of eight.
    private static func forEachNonASCIIByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (Int) -> Void) {
        let raw = UnsafeRawBufferPointer(bytes)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func word(at offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func report(_ word: UInt64, at offset: Int) {
            var marks = word & highBits
            while marks != 0 {
                body(offset + marks.trailingZeroBitCount / 8)
                marks &= marks - 1
            }
        }
        var index = start
        while index + 32 <= bytes.count {
            let first = word(at: index), second = word(at: index + 8), third = word(at: index + 16), fourth = word(at: index + 24)
            if (first | second | third | fourth) & highBits != 0 {
                report(first, at: index)
                report(second, at: index + 8)
                report(third, at: index + 16)
                report(fourth, at: index + 24)
            }
            index += 32
        }
        while index + 8 <= bytes.count {
            report(word(at: index), at: index)
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { body(index) }
            index += 1
        }
    }

    /// Calls `body` with the offset after each line break, in order: each LF `memchr` finds, and, when
    /// `breaksLoneCR` (the text holds a CR at all), each CR not followed by an LF.
    private static func forEachLineStart(
        in bytes: UnsafeBufferPointer<UInt8>, breaksLoneCR: Bool, _ body: (Int) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var position = 0
        while position < count {
            let lineFeed = memchr(base + position, 0x0A, count - position).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
            var cursor = position
            while breaksLoneCR, cursor < lineFeed, let found = memchr(base + cursor, 0x0D, lineFeed - cursor) {
                let carriageReturn = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                // A CR right before the LF is half of a CRLF; any other CR breaks the line on its own.
                if carriageReturn + 1 < lineFeed || lineFeed == count { body(carriageReturn + 1) }
                cursor = carriageReturn + 1
            }
            if lineFeed < count { body(lineFeed + 1) }
            position = lineFeed + 1
        }
    }
}
