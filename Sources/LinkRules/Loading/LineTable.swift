#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the lines of a file start, found with `memchr` rather than byte by byte, and which lines are ASCII and
/// where the first NUL byte is, both read eight bytes at a time in the same pass. A line ends at LF, or at a CR not
/// followed by LF (old Mac files), as editors count lines.
struct LineTable {
    /// Byte offset at which each line starts; the first is 0. In 32 bits: the text is under 4 GiB (`SourceFile`).
    var lineStarts: [UInt32]
    /// Whether every byte from the text start on is ASCII.
    var isASCII: Bool
    /// The lines that are not ASCII; empty when the text is all ASCII.
    var nonASCIILines: LineSet
    /// Whether the text holds a CR anywhere.
    var holdsCarriageReturn: Bool
    /// The offset of the first NUL byte, which no text file holds; nil when there is none.
    var firstNULByte: Int?

    /// `textStart` is where the text begins after a byte-order mark, whose bytes do not make the first line
    /// non-ASCII. A large text is read in parts on the cores (`minimumPartSize`), each part ending after a line
    /// feed, so that every part's lines are whole and found as they would be in one pass.
    init(of contents: SourceBytes, textStart: Int) {
        self = contents.withUnsafeBufferPointer { bytes in
            let cores = bytes.count >= 2 * Self.minimumPartSize
                ? ConcurrentJobs.chunkCount(of: bytes.count, minimum: Self.minimumPartSize) : 1
            return LineTable(of: bytes, textStart: textStart, partCount: cores)
        }
    }

    /// The table of `bytes`, read in `partCount` parts (concurrently when more than one).
    private init(
        of bytes: UnsafeBufferPointer<UInt8>, textStart: Int, partCount: Int
    ) {
        // Room for a line every 16 bytes is reserved up front (room never written is never touched, so it costs no
        // memory), and the array grows past it only for a file of shorter lines. The first part's starts are
        // found straight into it; the other parts' are appended.
        let byteCount = bytes.count
        @Sendable func tableStarts() -> [UInt32] {
            var starts: [UInt32] = []
            starts.reserveCapacity(byteCount / 16 + 1)
            starts.append(0)
            return starts
        }
        var starts: [UInt32]
        var scans: [PartScan] = []
        if partCount > 1 {
            let bounds = Self.partBounds(of: bytes, count: partCount)
            let source = SharedAcrossJobs(value: bytes)
            var parts = ConcurrentJobs.flatMap(count: bounds.count - 1, concurrently: true) { part in
                var partStarts: [UInt32]
                if part == 0 {
                    partStarts = tableStarts()
                } else {
                    partStarts = []
                    partStarts.reserveCapacity((bounds[part + 1] - bounds[part]) / 16 + 1)
                }
                let scan = Self.scan(source.value, bounds[part]..<bounds[part + 1], textStart: textStart, into: &partStarts)
                return [(scan: scan, starts: partStarts)]
            }
            // The joined parts hold the only reference to each part's starts: the first part's array is taken as
            // the table and grown in place.
            starts = parts[0].starts
            parts[0].starts = []
            for part in parts.indices {
                if part > 0 { starts.append(contentsOf: parts[part].starts) }
                scans.append(parts[part].scan)
            }
        } else {
            starts = tableStarts()
            scans = [Self.scan(bytes, 0..<bytes.count, textStart: textStart, into: &starts)]
        }
        lineStarts = starts
        holdsCarriageReturn = scans.contains { $0.holdsCarriageReturn }
        firstNULByte = scans.lazy.compactMap(\.firstNULByte).first
        // Each part's lines are numbered from its first line, the line after those of the parts before it.
        var lines = LineSet()
        var firstLine = 0
        for scan in scans {
            for line in scan.nonASCIILines { lines.insert(firstLine + line) }
            firstLine += scan.lineStartCount
        }
        isASCII = lines.isEmpty
        nonASCIILines = lines
    }

    /// Bytes below which a part of the text is not worth a core of its own.
    static let minimumPartSize = 1 << 21

    /// What scanning one part of the text found: how many line starts it appended, the lines (numbered from the
    /// part's first line) that hold a byte of 0x80 or more, whether it holds a CR, and its first NUL byte's offset.
    private struct PartScan: Sendable {
        var lineStartCount: Int
        var nonASCIILines: [Int]
        var holdsCarriageReturn: Bool
        var firstNULByte: Int?
    }

    /// Finds the line starts after the line breaks in `range` of `bytes` (appended to `starts`) and its lines that
    /// are not ASCII from `textStart` on. `range` starts a line (the text's start, or after a line feed), so its
    /// breaks and lines are those a scan of the whole text finds there.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, textStart: Int, into starts: inout [UInt32]
    ) -> PartScan {
        let part = UnsafeBufferPointer(rebasing: bytes[range])
        let base = range.lowerBound
        let breaksLoneCR = part.baseAddress.map { memchr($0, 0x0D, part.count) != nil } ?? false
        let firstStart = starts.count
        Self.forEachLineStart(in: part, breaksLoneCR: breaksLoneCR) { starts.append(UInt32(truncatingIfNeeded: base + $0)) }
        var nonASCIILines: [Int] = []
        var line = 0
        let lineStartCount = starts.count - firstStart
        // A byte-order mark holds no NUL byte: the scan from the text's start finds the first NUL of the part.
        let firstNUL = Self.forEachNonASCIIByte(in: part, from: max(0, textStart - base)) { offset in
            // The part's line `line` ends where the start `firstStart + line` of `starts` is.
            while line < lineStartCount, Int(starts[firstStart + line]) <= base + offset { line += 1 }
            if nonASCIILines.last != line { nonASCIILines.append(line) }
        }
        return PartScan(
            lineStartCount: lineStartCount, nonASCIILines: nonASCIILines, holdsCarriageReturn: breaksLoneCR,
            firstNULByte: firstNUL.map { base + $0 })
    }

    /// Where `count` parts of about the same size begin and end: 0, the offset after the first line feed at or
    /// after each even cut, and the text's end (fewer parts when line feeds are far apart).
    private static func partBounds(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Int] {
        var bounds = [0]
        guard let base = bytes.baseAddress else { return [0, 0] }
        for part in 1..<count {
            let cut = max(bytes.count * part / count, bounds[bounds.count - 1])
            guard cut < bytes.count, let lineFeed = memchr(base + cut, 0x0A, bytes.count - cut) else { break }
            let next = UnsafeRawPointer(lineFeed) - UnsafeRawPointer(base) + 1
            if next < bytes.count, next > bounds[bounds.count - 1] { bounds.append(next) }
        }
        bounds.append(bytes.count)
        return bounds
    }

    /// Calls `body` with the offset of each byte of 0x80 or more from `start` on, in order, and gives the offset of
    /// the first NUL byte from `start` on (nil for none). 32 bytes (four words, tested together) that are ASCII and
    /// hold no NUL are passed over at once, then a word of eight.
    private static func forEachNonASCIIByte(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (Int) -> Void
    ) -> Int? {
        let raw = UnsafeRawBufferPointer(bytes)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let lowBits: UInt64 = 0x0101_0101_0101_0101
        func word(at offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        // A high bit on the first zero byte of the word and maybe on bytes above it (a borrow), none below: the
        // lowest mark is the first NUL. A byte of 0x80 or more is never marked itself.
        func zeroMarks(_ word: UInt64) -> UInt64 { (word &- lowBits) & ~word & highBits }
        var firstNUL: Int?
        func report(_ word: UInt64, at offset: Int) {
            var marks = word & highBits
            while marks != 0 {
                body(offset + marks.trailingZeroBitCount / 8)
                marks &= marks - 1
            }
            if firstNUL == nil {
                let zeros = zeroMarks(word)
                if zeros != 0 { firstNUL = offset + zeros.trailingZeroBitCount / 8 }
            }
        }
        var index = start
        while index + 32 <= bytes.count {
            let first = word(at: index), second = word(at: index + 8), third = word(at: index + 16), fourth = word(at: index + 24)
            if (first | second | third | fourth) & highBits != 0
                || (zeroMarks(first) | zeroMarks(second) | zeroMarks(third) | zeroMarks(fourth)) != 0
            {
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
            if bytes[index] == 0, firstNUL == nil { firstNUL = index }
            index += 1
        }
        return firstNUL
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

/// A set of 0-based line numbers, one bit per line up to the last one in it: for what only some lines are (not
/// ASCII), asked of any line. Empty, it holds no storage at all, which is what an ASCII file keeps.
struct LineSet: Sendable {
    /// Bit `line % 64` of word `line / 64` is set for each line in the set; the last word holds at least one.
    private var words: [UInt64] = []

    var isEmpty: Bool { words.isEmpty }

    /// Adds a line (0 or more), growing the words to reach it.
    mutating func insert(_ line: Int) {
        let word = line >> 6
        if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
        words[word] |= 1 << UInt64(line & 63)
    }

    /// Whether `line` is in the set; false for any line past the last one in it.
    func contains(_ line: Int) -> Bool {
        line >= 0 && line >> 6 < words.count && words[line >> 6] & (1 << UInt64(line & 63)) != 0
    }
}
