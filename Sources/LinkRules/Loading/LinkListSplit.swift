/// Where a large catalogue file's block list under a top-level `links:` key can be cut into runs of whole
/// entries that libyaml can read on their own, so that the runs are decoded on several cores. It is found from
/// the lines alone (an entry starts at a line `- ` at the list's indentation); decoding checks every run against
/// libyaml's events and falls back to one pass over the file when anything disagrees.
struct LinkListSplit: Equatable {
    /// A run of whole entries: its bytes, from the start of its first entry's line to the start of the line after
    /// its last, and how many entries it holds.
    struct Run: Equatable {
        var bytes: Range<Int>
        var entryCount: Int
    }

    /// The byte offset of the `links` key.
    var keyOffset: Int
    /// The runs in file order; the first is decoded with the rest of the file.
    var runs: [Run]
    /// Where the list ends: the start of the first line after it, or the end of the file.
    var listEnd: Int

    /// Files smaller than this are decoded in one pass: a catalogue of a few thousand links takes a few
    /// milliseconds, less than starting threads costs.
    static let minimumFileSize = 1 << 20

    /// The split of `file` into `runCount` runs of about the same size, or nil when the file is small, has no
    /// block list under a `links:` key at the first column, or has too few entries to share.
    static func find(in file: SourceFile, runCount: Int, minimumFileSize: Int = Self.minimumFileSize) -> LinkListSplit? {
        guard runCount > 1, file.bytes.count >= minimumFileSize else { return nil }
        let bytes = file.bytes
        let lineCount = file.lineCount
        var line = 0
        while line < lineCount, !isLinksKey(line: line, of: file) { line += 1 }
        guard line < lineCount else { return nil }
        let keyOffset = file.textStart(ofLine: line)
        line += 1
        // The list's indentation: that of its first entry.
        var indentation = -1
        // Where each entry's line starts, in 32 bits (a file of 4 GiB or more is refused): one for every entry of a
        // large list, in room reserved for every line left, so that it is not regrown and copied as it fills.
        var entryStarts: [UInt32] = []
        entryStarts.reserveCapacity(lineCount - line)
        var listEnd = bytes.count
        while line < lineCount {
            let start = file.lineStart(line)
            let end = file.nextLineStart(after: line)
            var first = start
            while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
            let spaces = first - start
            if first == end || isLineBreak(bytes[first]) || bytes[first] == UInt8(ascii: "#") {
                line += 1
                continue
            }
            if bytes[first] == UInt8(ascii: "\t") { return nil }
            let startsEntry = bytes[first] == UInt8(ascii: "-")
                && (first + 1 == end || bytes[first + 1] == UInt8(ascii: " ") || isLineBreak(bytes[first + 1]))
            if indentation < 0 {
                guard startsEntry else { return nil }
                indentation = spaces
            }
            if spaces == indentation, startsEntry {
                entryStarts.append(UInt32(start))
            } else if spaces < indentation || (spaces == indentation && indentation == 0) {
                listEnd = start
                break
            } else if spaces == indentation {
                return nil
            }
            line += 1
        }
        guard entryStarts.count >= 2 * runCount else { return nil }
        // Each run but the last ends at the first entry that starts past its share of the list's bytes.
        var boundaries = [0]
        let listStart = Int(entryStarts[0])
        for run in 1..<runCount {
            let target = listStart + (listEnd - listStart) * run / runCount
            let boundary = Swift.max(boundaries[boundaries.count - 1] + 1, entryStarts.partitioningIndex { Int($0) >= target })
            guard boundary < entryStarts.count else { break }
            boundaries.append(boundary)
        }
        boundaries.append(entryStarts.count)
        let runs = (1..<boundaries.count).map { run in
            let (first, next) = (boundaries[run - 1], boundaries[run])
            return Run(bytes: Int(entryStarts[first])..<(next < entryStarts.count ? Int(entryStarts[next]) : listEnd), entryCount: next - first)
        }
        guard runs.count > 1 else { return nil }
        return LinkListSplit(keyOffset: keyOffset, runs: runs, listEnd: listEnd)
    }

    /// Whether `line` is `links:` at the first column, followed by nothing but blanks or a comment.
    private static func isLinksKey(line: Int, of file: SourceFile) -> Bool {
        let bytes = file.bytes
        let start = file.textStart(ofLine: line)
        let end = file.nextLineStart(after: line)
        let key = linksKey
        guard end - start >= key.count else { return false }
        for (offset, byte) in key.enumerated() where bytes[start + offset] != byte { return false }
        var index = start + key.count
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < end, !isLineBreak(bytes[index]) else { return true }
        return bytes[index] == UInt8(ascii: "#") && index > start + key.count
    }

    private static let linksKey = Array("links:".utf8)

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}

extension Array where Element == UInt32 {
    /// The index of the first element for which `belongs` is true, in an array where those elements come last.
    fileprivate func partitioningIndex(where belongs: (UInt32) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
