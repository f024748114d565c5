/// Renders the change between two versions of a file as a unified diff in `diff -u`'s format (a shortest diff;
/// where several exist, the lines chosen may differ from GNU diff's), so `lint --diff` output can be read by
/// people and applied by `patch` or `git apply`.
enum UnifiedDiff {
    /// The unified diff from `old` to `new`: `--- a/FILE` and `+++ b/FILE` headers, then `@@ -l,n +l,n @@` hunks
    /// with `context` unchanged lines around each change; changes closer than `2 * context` lines share a hunk.
    /// Lines keep their own line breaks (CRLF stays CRLF); a last line without one is followed by
    /// `\ No newline at end of file`. Empty when the two texts are equal.
    static func make(file: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        guard old != new else { return "" }
        let context = max(0, context)
        let oldLines = lineRanges(of: old)
        let newLines = lineRanges(of: new)
        // Lines are compared as numbers: each distinct line's, given once, so the diff's many comparisons are of
        // two integers in small arrays.
        var numbers: [HashedLine: Int32] = [:]
        numbers.reserveCapacity(max(oldLines.count, newLines.count))
        func number(_ text: [UInt8], _ range: Range<Int>) -> Int32 {
            let line = HashedLine(text: text, range: range)
            if let found = numbers[line] { return found }
            let next = Int32(numbers.count)
            numbers[line] = next
            return next
        }
        let diff = LineDiff(anchoringUniqueLines: oldLines.map { number(old, $0) }, newLines.map { number(new, $0) })
        let changes = changeBlocks(deleted: diff.deleted, inserted: diff.inserted)

        var output: [UInt8] = Array("--- a/\(file)\n+++ b/\(file)\n".utf8)
        func appendLine(_ prefix: UInt8, _ line: ArraySlice<UInt8>) {
            output.append(prefix)
            output.append(contentsOf: line)
            if line.last != UInt8(ascii: "\n") {
                output.append(contentsOf: "\n\\ No newline at end of file\n".utf8)
            }
        }

        var first = 0
        while first < changes.count {
            var last = first
            while last + 1 < changes.count, changes[last + 1].oldStart - changes[last].oldEnd <= 2 * context {
                last += 1
            }
            let oldLow = max(0, changes[first].oldStart - context)
            let oldHigh = min(oldLines.count, changes[last].oldEnd + context)
            let newLow = changes[first].newStart - (changes[first].oldStart - oldLow)
            let newHigh = changes[last].newEnd + (oldHigh - changes[last].oldEnd)
            let header = "@@ -\(hunkRange(start: oldLow, count: oldHigh - oldLow)) "
                + "+\(hunkRange(start: newLow, count: newHigh - newLow)) @@\n"
            output.append(contentsOf: header.utf8)
            var cursor = oldLow
            for change in changes[first...last] {
                for index in cursor..<change.oldStart { appendLine(UInt8(ascii: " "), old[oldLines[index]]) }
                for index in change.oldStart..<change.oldEnd { appendLine(UInt8(ascii: "-"), old[oldLines[index]]) }
                for index in change.newStart..<change.newEnd { appendLine(UInt8(ascii: "+"), new[newLines[index]]) }
                cursor = change.oldEnd
            }
            for index in cursor..<oldHigh { appendLine(UInt8(ascii: " "), old[oldLines[index]]) }
            first = last + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One line of a text as the diff numbers it: its bytes are hashed once, up front, and compared byte for byte
    /// only when the hashes agree.
    private struct HashedLine: Hashable {
        let text: [UInt8]
        let range: Range<Int>
        let bytesHash: UInt64

        init(text: [UInt8], range: Range<Int>) {
            self.text = text
            self.range = range
            // FNV-1a: cheap, and a collision only costs a byte comparison.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            text.withUnsafeBufferPointer { buffer in
                for index in range {
                    hash = (hash ^ UInt64(buffer[index])) &* 0x0000_0100_0000_01b3
                }
            }
            bytesHash = hash
        }

        func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

        static func == (lhs: HashedLine, rhs: HashedLine) -> Bool {
            guard lhs.bytesHash == rhs.bytesHash, lhs.range.count == rhs.range.count else { return false }
            return lhs.text.withUnsafeBytes { left in
                rhs.text.withUnsafeBytes { right in
                    UnsafeRawBufferPointer(rebasing: left[lhs.range]).elementsEqual(
                        UnsafeRawBufferPointer(rebasing: right[rhs.range]))
                }
            }
        }
    }

    /// A run of removed old lines and the added new lines that take their place (either run may be empty).
    private struct ChangeBlock {
        var oldStart: Int
        var oldEnd: Int
        var newStart: Int
        var newEnd: Int
    }

    /// The byte ranges of each line, its line break included; a final line without a break is a line too.
    private static func lineRanges(of bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// Groups the marked lines into blocks, walking both texts in step over the lines they share.
    private static func changeBlocks(deleted: [Bool], inserted: [Bool]) -> [ChangeBlock] {
        var blocks: [ChangeBlock] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < deleted.count || newIndex < inserted.count {
            let isDeleted = oldIndex < deleted.count && deleted[oldIndex]
            let isInserted = newIndex < inserted.count && inserted[newIndex]
            guard isDeleted || isInserted else {
                oldIndex += 1
                newIndex += 1
                continue
            }
            var block = ChangeBlock(oldStart: oldIndex, oldEnd: oldIndex, newStart: newIndex, newEnd: newIndex)
            while block.oldEnd < deleted.count, deleted[block.oldEnd] { block.oldEnd += 1 }
            while block.newEnd < inserted.count, inserted[block.newEnd] { block.newEnd += 1 }
            blocks.append(block)
            oldIndex = block.oldEnd
            newIndex = block.newEnd
        }
        return blocks
    }

    /// A hunk header's `line,count` as diff writes it: the count left out when it is 1, and an empty range named
    /// by the line before it.
    private static func hunkRange(start: Int, count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }
}
