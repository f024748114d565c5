#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the lines of a file start, found with `memchr` rather than byte by byte, and which lines are ASCII.
/// A line ends at LF, or at a CR not followed by LF (old Mac files), as editors count lines.
struct LineTable {
    /// Byte offset at which each line starts; the first is 0.
    var lineStarts: [Int]
    /// Whether every byte from the text start on is ASCII.
    var isASCII: Bool
    /// When the text is not all ASCII, whether each line is; empty otherwise.
    var asciiLines: [Bool]

    /// `textStart` is where the text begins after a byte-order mark, whose bytes do not make the first line
    /// non-ASCII.
    init(of bytes: UnsafeBufferPointer<UInt8>, textStart: Int) {
        var starts: [Int] = []
        let breaksLoneCR = bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
        var lineCount = 1
        Self.forEachLineStart(in: bytes, breaksLoneCR: breaksLoneCR) { _ in lineCount += 1 }
        starts.reserveCapacity(lineCount)
        starts.append(0)
        Self.forEachLineStart(in: bytes, breaksLoneCR: breaksLoneCR) { starts.append($0) }
        lineStarts = starts
        isASCII = Self.isASCII(bytes, textStart..<max(textStart, bytes.count))
        if isASCII {
            asciiLines = []
        } else {
            var lines: [Bool] = []
            lines.reserveCapacity(starts.count)
            for (line, start) in starts.enumerated() {
                let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
                lines.append(Self.isASCII(bytes, max(start, textStart)..<max(end, textStart)))
            }
            asciiLines = lines
        }
    }

    /// Calls `body` with the offset after each line break, in order. `breaksLoneCR` is whether the bytes hold a CR
    /// at all: without one, the breaks are exactly the LFs `memchr` finds.
    private static func forEachLineStart(
        in bytes: UnsafeBufferPointer<UInt8>, breaksLoneCR: Bool, _ body: (Int) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var position = 0
        while position < count {
            let lineFeed = memchr(base + position, 0x0A, count - position).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
            if breaksLoneCR {
                var cursor = position
                while cursor < lineFeed, let found = memchr(base + cursor, 0x0D, lineFeed - cursor) {
                    let carriageReturn = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    // A CR right before the LF is half of a CRLF; any other CR breaks the line on its own.
                    if carriageReturn + 1 < lineFeed || lineFeed == count { body(carriageReturn + 1) }
                    cursor = carriageReturn + 1
                }
            }
            if lineFeed < count { body(lineFeed + 1) }
            position = lineFeed + 1
        }
    }

    /// Whether the bytes in `range` are all below 0x80, read eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return true }
        var index = range.lowerBound
        var highBits: UInt64 = 0
        while index + 8 <= range.upperBound {
            highBits |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < range.upperBound {
            highBits |= UInt64(base[index])
            index += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }
}
