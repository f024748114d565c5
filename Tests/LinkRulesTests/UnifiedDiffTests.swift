import Foundation
import PropertyBased
import Testing
@testable import LinkRules

/// The hunks `/usr/bin/diff -u` prints for two texts, without its two header lines (they carry timestamps).
private func systemDiffBody(old: [UInt8], new: [UInt8]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let oldURL = folder.appendingPathComponent("old")
    let newURL = folder.appendingPathComponent("new")
    try Data(old).write(to: oldURL)
    try Data(new).write(to: newURL)
    return bodyAfterHeaders(try runCommand("/usr/bin/diff", ["-u", oldURL.path, newURL.path]).output)
}

private func bodyAfterHeaders(_ diff: String) -> String {
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeFirst(min(2, lines.count))
    return lines.joined(separator: "\n")
}

/// Our diff's body, checked against `diff -u` and with our own headers checked.
private func expectSameAsSystemDiff(_ old: String, _ new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let ours = UnifiedDiff.make(file: "links.yml", old: Array(old.utf8), new: Array(new.utf8))
    #expect(ours.hasPrefix("--- a/links.yml\n+++ b/links.yml\n@@ "), sourceLocation: sourceLocation)
    let theirs = try systemDiffBody(old: Array(old.utf8), new: Array(new.utf8))
    #expect(bodyAfterHeaders(ours) == theirs, sourceLocation: sourceLocation)
}

private func numberedLines(_ range: ClosedRange<Int>) -> [String] { range.map { "line \($0)\n" } }

@Suite struct UnifiedDiffTests {
    @Test func aSingleChangedLine() throws {
        var new = numberedLines(1...20)
        new[9] = "line ten\n"
        try expectSameAsSystemDiff(numberedLines(1...20).joined(), new.joined())
        let diff = UnifiedDiff.make(file: "links.yml", old: Array(numberedLines(1...20).joined().utf8), new: Array(new.joined().utf8))
        #expect(diff == """
            --- a/links.yml
            +++ b/links.yml
            @@ -7,7 +7,7 @@
             line 7
             line 8
             line 9
            -line 10
            +line ten
             line 11
             line 12
             line 13

            """)
    }

    @Test func changesWithinTwiceTheContextShareAHunk() throws {
        let old = numberedLines(1...40)
        var merged = old
        merged[4] = "five\n"
        merged[11] = "twelve\n"  // 6 unchanged lines between: one hunk
        try expectSameAsSystemDiff(old.joined(), merged.joined())
        var apart = old
        apart[4] = "five\n"
        apart[12] = "thirteen\n"  // 7 unchanged lines between: two hunks
        try expectSameAsSystemDiff(old.joined(), apart.joined())
        let diff = UnifiedDiff.make(file: "links.yml", old: Array(old.joined().utf8), new: Array(apart.joined().utf8))
        #expect(diff.components(separatedBy: "\n@@ ").count == 3)
    }

    @Test func insertionsAndDeletionsAtTheEdges() throws {
        let old = numberedLines(1...10).joined()
        try expectSameAsSystemDiff(old, "version: 1\n" + old)
        try expectSameAsSystemDiff(old, old + "extra: true\n")
        try expectSameAsSystemDiff(old, numberedLines(3...10).joined())
        try expectSameAsSystemDiff(old, numberedLines(1...8).joined())
        try expectSameAsSystemDiff("", old)
        try expectSameAsSystemDiff(old, "")
    }

    @Test func aMissingFinalNewlineIsMarked() throws {
        try expectSameAsSystemDiff("a\nb\nc", "a\nb\nd")
        try expectSameAsSystemDiff("a\nb\nc", "a\nb\nc\n")
        try expectSameAsSystemDiff("a\nb\nc\n", "a\nb\nc")
        try expectSameAsSystemDiff("a\nb\nc\nd\ne\nf\ng\nh", "a\nB\nc\nd\ne\nf\ng\nh")  // context line without newline
        let diff = UnifiedDiff.make(file: "links.yml", old: Array("a\nb".utf8), new: Array("a\nc".utf8))
        #expect(diff.hasSuffix("-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"))
    }

    @Test func crlfLinesKeepTheirBreaks() throws {
        let old = "version: 1\r\nlinks:\r\n  - url: her://Feed\r\n    title: Feed\r\n"
        let new = "version: 1\r\nlinks:\r\n  - url: her://feed\r\n    title: Feed\r\n"
        try expectSameAsSystemDiff(old, new)
        let diff = UnifiedDiff.make(file: "links.yml", old: Array(old.utf8), new: Array(new.utf8))
        #expect(diff.contains("\n-  - url: her://Feed\r\n+  - url: her://feed\r\n"))
    }

    @Test func aLineEndingChangeIsAChange() throws {
        try expectSameAsSystemDiff("a\nb\nc\n", "a\nb\r\nc\n")
    }

    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.make(file: "links.yml", old: Array("a\n".utf8), new: Array("a\n".utf8)) == "")
        #expect(UnifiedDiff.make(file: "links.yml", old: [], new: []) == "")
    }

    @Test func zeroContextLinesNamesEmptyRangesByTheLineBefore() throws {
        let diff = UnifiedDiff.make(file: "f", old: Array("a\nb\nc\n".utf8), new: Array("a\nx\nb\nc\n".utf8), context: 0)
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,0 +2 @@\n+x\n")
    }

    @Test func aFileWithEditsAtBothEndsAndTheMiddleMatchesDiff() throws {
        var old = (1...2_000).map { "  - url: her://feed/items/\($0)\n" }
        var new = old
        new[2] = "  - url: her://feed/Items/3\n"
        new.insert("  - url: her://feed/new\n", at: 1_000)
        new.removeLast(2)
        old[old.count - 10] = "changed\n"
        try expectSameAsSystemDiff(old.joined(), new.joined())
    }

    @Test func applyingTheHunksToTheOldTextGivesTheNewText() async {
        let choices = ["a\n", "b\n", "c\n", "url: x\n", "\n"]
        let line = Gen.int(in: 0...4).map { choices[$0] }
        let lines = line.array(of: 0...25)
        let edit = zip(Gen.int(in: 0...30), Gen.int(in: 0...3), line.array(of: 0...3))
        await propertyCheck(count: 300, input: lines, edit.array(of: 0...5), Gen.bool, Gen.int(in: 0...4)) {
            oldLines, edits, dropFinalNewline, context in
            var newLines = oldLines
            for (position, removed, inserted) in edits {
                let start = min(position, newLines.count)
                newLines.replaceSubrange(start..<min(start + removed, newLines.count), with: inserted)
            }
            var old = oldLines.joined()
            var new = newLines.joined()
            if dropFinalNewline {
                if old.hasSuffix("\n") { old.removeLast() }
                if new.hasSuffix("\n") && newLines.count % 2 == 0 { new.removeLast() }
            }
            let diff = UnifiedDiff.make(file: "f", old: Array(old.utf8), new: Array(new.utf8), context: context)
            #expect(diff.isEmpty == (old == new))
            #expect(applyUnifiedDiff(diff, to: old) == new, "\(diff)")
        }
    }

    /// Anchored on the lines once in each, the script is still an edit script: the kept lines are equal, in order.
    @Test func theAnchoredLineDiffIsAnEditScript() async {
        let sequence = Gen.int(in: 0...12).array(of: 0...40)
        await propertyCheck(count: 500, input: sequence, sequence) { old, new in
            let diff = LineDiff(anchoringUniqueLines: old, new)
            let kept = zip(old.indices.filter { !diff.deleted[$0] }, new.indices.filter { !diff.inserted[$0] })
            #expect(kept.allSatisfy { old[$0] == new[$1] })
            #expect(old.count - diff.deleted.filter { $0 }.count == new.count - diff.inserted.filter { $0 }.count)
            #expect(old != new || (diff.deleted + diff.inserted).allSatisfy { !$0 })
        }
    }

    @Test func theLineDiffIsAShortestEditScript() async {
        let sequence = Gen.int(in: 0...3).array(of: 0...40)
        await propertyCheck(count: 500, input: sequence, sequence) { old, new in
            let diff = LineDiff(old: old, new: new)
            let kept = zip(old.indices.filter { !diff.deleted[$0] }, new.indices.filter { !diff.inserted[$0] })
            #expect(kept.allSatisfy { old[$0] == new[$1] })
            #expect(old.count - diff.deleted.filter { $0 }.count == new.count - diff.inserted.filter { $0 }.count)
            #expect(diff.deleted.filter { $0 }.count + diff.inserted.filter { $0 }.count
                    == old.count + new.count - 2 * longestCommonSubsequenceLength(old, new))
        }
    }
}

/// A tiny `patch`: applies a unified diff's hunks to `text`, checking every context and removed line;
/// nil when a hunk does not fit.
private func applyUnifiedDiff(_ diff: String, to text: String) -> String? {
    guard !diff.isEmpty else { return text }
    var oldLines: [String] = []
    var lineStart = text.startIndex
    while lineStart < text.endIndex {
        let end = text[lineStart...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
        oldLines.append(String(text[lineStart..<end]))
        lineStart = end
    }
    let marker = "\\ No newline at end of file"
    var body = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard body.count >= 3, body.removeLast().isEmpty, body[0] == "--- a/f", body[1] == "+++ b/f" else { return nil }
    var output: [String] = []
    var cursor = 0
    var index = 2
    while index < body.count {
        let line = body[index]
        if line.hasPrefix("@@ -") {
            let oldRange = line.dropFirst(4).prefix { $0 != " " }.split(separator: ",")
            guard let start = Int(oldRange[0]) else { return nil }
            let count = oldRange.count > 1 ? Int(oldRange[1]) : 1
            let hunkStart = count == 0 ? start : start - 1
            guard hunkStart >= cursor, hunkStart <= oldLines.count else { return nil }
            output += oldLines[cursor..<hunkStart]
            cursor = hunkStart
            index += 1
            continue
        }
        let hasNewline = !(index + 1 < body.count && body[index + 1] == marker)
        let content = String(line.dropFirst()) + (hasNewline ? "\n" : "")
        switch line.first {
        case " ", "-":
            guard cursor < oldLines.count, oldLines[cursor] == content else { return nil }
            if line.first == " " { output.append(content) }
            cursor += 1
        case "+":
            output.append(content)
        default:
            return nil
        }
        index += hasNewline ? 1 : 2
    }
    output += oldLines[cursor...]
    return output.joined()
}

private func longestCommonSubsequenceLength(_ a: [Int], _ b: [Int]) -> Int {
    var previous = Array(repeating: 0, count: b.count + 1)
    for x in a {
        var current = Array(repeating: 0, count: b.count + 1)
        for (j, y) in b.enumerated() {
            current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
        }
        previous = current
    }
    return previous[b.count]
}
