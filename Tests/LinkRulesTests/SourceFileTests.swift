import Testing
@testable import LinkRules

@Suite struct SourceFileTests {
    @Test func positionsCountCharactersNotBytes() {
        let file = SourceFile(path: "a.yml", text: "ab\né x\n")
        let position = file.position(ofByte: 6)  // 'x' after 'é' (2 bytes) and a space
        #expect(position.line == 2)
        #expect(position.column == 3)
        #expect(file.byteOffset(line: 1, characterColumn: 2) == 6)
    }

    @Test func lineTextDropsLineBreaks() {
        let file = SourceFile(path: "a.yml", text: "one\r\ntwo\n")
        #expect(file.lineText(1) == "one")
        #expect(file.lineText(2) == "two")
    }
}
