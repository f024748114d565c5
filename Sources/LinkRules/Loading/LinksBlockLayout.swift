/// Where each entry of a catalogue's top-level `links:` block sequence starts, found by a scan of line starts
/// without parsing, so the entries can be split into parts decoded apart. Only the plain layout is recognised:
/// a `links:` line at column 0 with nothing after the colon but blanks or a comment, then lines whose `- ` entry
/// indicators all stand at one indentation, entry lines more indented, blank and comment lines anywhere. Anything
/// else (tabs or other indentations at the start of a line, flow style, a lone CR, NEL, LS, PS or a byte-order
/// mark in the block) finds no layout, and the file is decoded in one pass.
///
/// The scan cannot see quotes or brackets spanning lines; a part cut inside one fails to parse on its own, and
/// `CatalogueFileDecoder` checks the rest, so a misread layout is only ever a slower load.
struct LinksBlockLayout {
    /// The byte offset of the `links` key.
    var keyOffset: Int
    /// The column of the entries' `-` indicators.
    var indentation: Int
    /// The byte offset of the start of each entry's first line.
    var entryStarts: [Int]
    /// Where the block ends: the start of the first line after it that belongs to the rest of the file, or the
    /// file's end. Blank and comment lines before it are in the block.
    var end: Int

    init?(of file: SourceFile) {
        guard let keyLine = Self.linksKeyLine(in: file) else { return nil }
        keyOffset = file.textStart(ofLine: keyLine)
        guard let found = file.bytes.withUnsafeBufferPointer({ bytes in
            file.withLineStarts { lineStarts in
                Self.scanEntries(of: file, bytes: bytes, lineStarts: lineStarts, after: keyLine)
            }
        }) else { return nil }
        (indentation, entryStarts, end) = found
    }

    /// The scan behind `init(of:)` over the file's bytes and line starts read through buffers (no bounds checks
    /// or retains in the per-line loop): the entries' indentation, where each entry starts and where the block
    /// ends, or nil when the block's layout is not the plain one.
    private static func scanEntries(
        of file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<UInt32>, after keyLine: Int
    ) -> (indentation: Int, entryStarts: [Int], end: Int)? {
        let checksLineEnds = file.holdsCarriageReturn
        var indentation: Int?
        var entryStarts: [Int] = []
        // Room for an entry every two lines past the key (untouched room costs no memory); it grows only past that.
        entryStarts.reserveCapacity((lineStarts.count - keyLine) / 2 + 1)
        var end = bytes.count
        var line = keyLine + 1
        // The pages read so far are let go a chunk at a time when the file is mapped (`SourceBytes`).
        var readFrom = lineStarts.count > line ? Int(lineStarts[line]) : bytes.count
        defer { file.releasePages(in: readFrom..<end) }
        while line < lineStarts.count {
            let start = Int(lineStarts[line])
            if start - readFrom >= SourceBytes.scanChunkSize {
                file.releasePages(in: readFrom..<start)
                readFrom = start
            }
            let next = line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) : bytes.count
            // Every line of the block ends at an LF (or the file's end): a lone CR breaks lines for libyaml.
            if checksLineEnds, next < bytes.count || bytes[next - 1] == UInt8(ascii: "\r") {
                guard bytes[next - 1] == UInt8(ascii: "\n") else { return nil }
            }
            if !file.lineIsASCII(line), Self.hasOtherLineBreaks(bytes, start..<next) { return nil }
            line += 1
            // A line indented more than the entries continues one: its spaces need not all be counted.
            let enough = (indentation ?? Int.max - 1) + 1
            var column = 0
            while column < enough, start + column < next, bytes[start + column] == UInt8(ascii: " ") { column += 1 }
            if column == enough { continue }
            let first = start + column < next ? bytes[start + column] : UInt8(ascii: "\n")
            switch first {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"): continue
            case UInt8(ascii: "\t"): return nil
            default: break
            }
            let isEntry = first == UInt8(ascii: "-") && Self.isBlankOrEnd(bytes, start + column + 1, next)
            if let indentation {
                if column == indentation, isEntry {
                    entryStarts.append(start)
                    continue
                }
                // Back at column 0 (a key, a document marker) the block is over; any other indentation is an error
                // the one-pass decode reports.
                guard column == 0 else { return nil }
                end = start
                break
            }
            guard isEntry else { return nil }
            indentation = column
            entryStarts.append(start)
        }
        guard let indentation, !entryStarts.isEmpty else { return nil }
        return (indentation, entryStarts, end)
    }

    /// The line of the first `links:` key at column 0 with nothing but blanks or a comment after the colon.
    private static func linksKeyLine(in file: SourceFile) -> Int? {
        let bytes = file.bytes
        let key = Array("links:".utf8)
        for line in 0..<file.lineCount {
            let start = file.textStart(ofLine: line)
            guard start + key.count <= bytes.count, bytes[start] == UInt8(ascii: "l"),
                bytes[start..<(start + key.count)].elementsEqual(key)
            else { continue }
            var index = start + key.count
            guard index == bytes.count || bytes[index] != UInt8(ascii: "#") else { continue }
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            if index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
                || (bytes[index] == UInt8(ascii: "#") && index > start + key.count)
            {
                return line
            }
        }
        return nil
    }

    /// Whether the byte at `index` (before `end`) is a space or a line break, or there is none: what makes a `-`
    /// an entry indicator.
    private static func isBlankOrEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Bool {
        index >= end || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
            || bytes[index] == UInt8(ascii: "\r")
    }

    /// Whether `range` holds a character libyaml breaks lines at that the line table does not: NEL (C2 85),
    /// LS (E2 80 A8) or PS (E2 80 A9); or a byte-order mark (EF BB BF), which libyaml skips at a line's start.
    private static func hasOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            let next = bytes[index + 1]
            let third = index + 2 < range.upperBound ? bytes[index + 2] : 0
            switch bytes[index] {
            case 0xC2 where next == 0x85: return true
            case 0xE2 where next == 0x80 && (third == 0xA8 || third == 0xA9): return true
            case 0xEF where next == 0xBB && third == 0xBF: return true
            default: index += 1
            }
        }
        return false
    }
}
