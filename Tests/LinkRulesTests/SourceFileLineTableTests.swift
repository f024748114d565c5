import Testing
@testable import LinkRules

/// The line table found with `memchr` agrees with reading the bytes one by one: lines break at LF, CRLF and a
/// lone CR, a byte-order mark does not make the first line non-ASCII, and columns count characters.
@Suite struct SourceFileLineTableTests {
    /// The table as the loader built it before `memchr`: one byte at a time.
    static func referenceTable(_ bytes: [UInt8]) -> (starts: [Int], ascii: [Bool]) {
        let markLength = SourceFile.startsWithByteOrderMark(bytes) ? 3 : 0
        var starts = [0]
        var ascii: [Bool] = []
        var lineIsASCII = true
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80, index >= markLength { lineIsASCII = false }
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
                ascii.append(lineIsASCII)
                lineIsASCII = true
            }
        }
        ascii.append(lineIsASCII)
        return (starts, ascii)
    }

    static func expectSameTable(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let file = SourceFile(path: "a.yml", bytes: bytes)
        let reference = referenceTable(bytes)
        #expect((0..<file.lineCount).map(file.lineStart) == reference.starts, sourceLocation: sourceLocation)
        #expect((0..<file.lineCount).map(file.lineIsASCII) == reference.ascii, sourceLocation: sourceLocation)
        #expect(file.isASCII == reference.ascii.allSatisfy { $0 }, sourceLocation: sourceLocation)
        #expect(file.holdsCarriageReturn == bytes.contains(0x0D), sourceLocation: sourceLocation)
    }

    /// Lines that are not ASCII are kept one bit each: lines on either side of a 64-line word's edge, the first and
    /// the last line are told apart from their ASCII neighbours, and columns on them count characters.
    @Test func nonASCIILinesAcrossWordEdges() {
        let marked: Set<Int> = [0, 62, 63, 64, 65, 127, 128, 199]
        let lines = (0..<200).map { marked.contains($0) ? "é \($0)" : "a \($0)" }
        Self.expectSameTable(Array(lines.joined(separator: "\n").utf8))
        let file = SourceFile(path: "a.yml", text: lines.joined(separator: "\n"))
        #expect(file.position(ofByte: file.lineStart(64) + 3) == SourcePosition(line: 65, column: 3, offset: file.lineStart(64) + 3))
        #expect(file.position(ofByte: file.lineStart(66) + 3) == SourcePosition(line: 67, column: 4, offset: file.lineStart(66) + 3))
        #expect(!file.lineIsASCII(199) && file.lineIsASCII(198))
    }

    @Test(arguments: [
        "", "a", "\n", "\n\n", "a\nb", "a\nb\n", "a\r\nb\r\n", "a\rb\rc", "a\r", "\r", "\r\n", "\r\r\n\n",
        "é\nx\n", "x\ny é\r\nz", "\u{FEFF}a\nb", "\u{FEFF}é", "a\r\r\nb\rc\n", "long line with no break at all, é",
    ])
    func theTableMatchesAByteByByteScan(_ text: String) {
        Self.expectSameTable(Array(text.utf8))
    }

    @Test func randomBytesGiveTheSameTable() {
        var state: UInt64 = 42
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x20, 0x61, 0x62, 0xC3, 0xA9, 0xEF, 0xBB, 0xBF, 0x80]
        for length in [1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 500] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ -> UInt8 in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                }
                Self.expectSameTable(bytes)
            }
        }
    }

    /// A text large enough to be scanned in parts on several cores gives the table of one scan: random line breaks
    /// of every kind (one of them a CRLF across the middle, where a part may end) and non-ASCII bytes, after a
    /// byte-order mark.
    @Test func aTextScannedInPartsGivesTheSameTable() {
        var state: UInt64 = 7
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x20, 0x61, 0x62, 0x63, 0x64, 0xC3, 0xA9, 0x0A, 0x61]
        let count = 2 * LineTable.minimumPartSize + 12_345
        var bytes = [UInt8](repeating: 0x61, count: count)
        for index in 3..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Mostly letters; a break or a non-ASCII byte now and then.
            let draw = Int(state >> 33)
            bytes[index] = draw % 7 == 0 ? alphabet[draw % alphabet.count] : 0x61 + UInt8(draw % 26)
        }
        bytes[0] = 0xEF
        bytes[1] = 0xBB
        bytes[2] = 0xBF
        bytes[count / 2 - 1] = 0x0D
        bytes[count / 2] = 0x0A
        Self.expectSameTable(bytes)
        // One long line across every part's cut, and nothing but line feeds.
        Self.expectSameTable([UInt8](repeating: 0x61, count: count) + [0x0A])
        Self.expectSameTable([UInt8](repeating: 0x0A, count: count))
    }

    @Test func positionsCountCharactersAfterAByteOrderMark() {
        let file = SourceFile(path: "a.yml", text: "\u{FEFF}ab\r\nçd\rx")
        #expect(file.position(ofByte: 3) == SourcePosition(line: 1, column: 1, offset: 3))
        // ç is two bytes: d is the second character of line 2, at byte 9; x starts line 3 after a lone CR.
        #expect(file.position(ofByte: 9) == SourcePosition(line: 2, column: 2, offset: 9))
        #expect(file.position(ofByte: 11) == SourcePosition(line: 3, column: 1, offset: 11))
        #expect(file.byteOffset(line: 1, characterColumn: 1) == 9)
    }

    /// The line lookup narrows its search to the lines of one 4 KB block: over several blocks, with lines that
    /// cross block boundaries, end on them or span whole blocks, every offset (and one past the end) is on the
    /// line a scan from the start finds.
    @Test func everyOffsetIsOnTheLineAScanFinds() {
        var text = ""
        for length in [0, 1, 4094, 4095, 4096, 4097, 9000, 3, 70, 12_288, 2, 500] {
            text += String(repeating: "a", count: length) + "\n"
        }
        text += String(repeating: "é", count: 3000)
        let file = SourceFile(path: "a.yml", text: text)
        var expected = 0
        for offset in 0...file.bytes.count {
            while expected + 1 < file.lineCount, file.lineStart(expected + 1) <= offset { expected += 1 }
            if file.line(containing: offset) != expected {
                Issue.record("offset \(offset): line \(file.line(containing: offset)), expected \(expected)")
                return
            }
            // From a hint at or before the line, or after it (then searched from the block), the same line.
            for hint in [0, max(0, expected - 1), expected, expected + 1, file.lineCount - 1, file.lineCount, -1]
            where file.line(containing: offset, from: hint) != expected {
                Issue.record("offset \(offset) from line \(hint): line \(file.line(containing: offset, from: hint)), expected \(expected)")
                return
            }
        }
        #expect(file.line(containing: file.bytes.count + 10_000) == file.lineCount - 1)
        #expect(SourceFile(path: "b.yml", text: "").line(containing: 0) == 0)
    }

    @Test func theFirstNULByteIsFound() {
        #expect(SourceFile(path: "a", text: "abc").firstNULByte == nil)
        #expect(SourceFile(path: "a", bytes: [0x61, 0x00, 0x62, 0x00]).firstNULByte == 1)
    }

    /// The first NUL is found in the same pass as the non-ASCII lines, eight bytes at a time: wherever it falls in
    /// or across words, after bytes of 0x80 or more (whose borrows must not hide or fake it), after a byte-order
    /// mark, and in a text scanned in parts on several cores, as a byte-by-byte search finds it.
    @Test func theFirstNULByteIsWhereAByteByByteSearchFindsIt() {
        var state: UInt64 = 3
        let alphabet: [UInt8] = [0x00, 0x01, 0x0A, 0x61, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x00]
        for length in [1, 7, 8, 9, 31, 32, 33, 40, 64, 100] {
            for _ in 0..<40 {
                var bytes = (0..<length).map { _ -> UInt8 in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let draw = Int(state >> 33)
                    return draw % 5 == 0 ? alphabet[(draw / 5) % alphabet.count] : 0x61
                }
                #expect(SourceFile(path: "a", bytes: bytes).firstNULByte == bytes.firstIndex(of: 0))
                bytes = [0xEF, 0xBB, 0xBF] + bytes
                #expect(SourceFile(path: "a", bytes: bytes).firstNULByte == bytes.firstIndex(of: 0))
            }
        }
        // In one of several parts, and the first of NULs in two parts.
        var large = [UInt8](repeating: 0x61, count: 2 * LineTable.minimumPartSize + 999)
        for index in stride(from: 100, to: large.count, by: 80) { large[index] = 0x0A }
        large[large.count - 5] = 0
        #expect(SourceFile(path: "a", bytes: large).firstNULByte == large.count - 5)
        large[LineTable.minimumPartSize + 17] = 0
        large[LineTable.minimumPartSize + 18] = 0xC3
        #expect(SourceFile(path: "a", bytes: large).firstNULByte == LineTable.minimumPartSize + 17)
    }
}
