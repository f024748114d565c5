import Foundation
import Testing
@testable import LinkRules

/// A catalogue file is read whole into memory once (`FileBytes`, `SourceBytes`): read from disk it has exactly
/// the bytes, lines and positions of the same text held; a NUL byte deep in a large file is found where it is;
/// the file cut short or edited on disk after it was read changes nothing in the lint of what was read, and
/// `--fix` refuses to write over a file edited meanwhile.
@Suite struct CatalogueFileReadingTests {
    /// Writes `bytes` to `name` in `folder`; returns its path.
    static func write(_ bytes: [UInt8], in folder: TemporaryFolder, name: String = "links.yml") throws -> String {
        let path = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bytes of many lines (CRLF, a lone CR, non-ASCII, a comment marker) filling `size` or more.
    static func text(size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var line = 0
        while bytes.count < size {
            switch line % 5 {
            case 0: bytes += Array("  - url: her://feed/communities/\(line)\r\n".utf8)
            case 1: bytes += Array("    title: Café ☕ \(line)\n".utf8)
            case 2: bytes += Array("    # linkrules:ignore lowercase\rx\n".utf8)
            default: bytes += Array("    description: line \(line)\n".utf8)
            }
            line += 1
        }
        return bytes
    }

    @Test func aLargeFileReadFromDiskHasTheBytesLinesAndPositionsOfTheSameTextHeld() throws {
        let folder = try TemporaryFolder()
        // Larger than two line table parts (2 MiB each), so the table is found in parts and joined.
        let bytes = Self.text(size: 5 << 20)
        let path = try Self.write(bytes, in: folder)
        let read = try CatalogueLoader.read(path: path)
        let held = SourceFile(path: path, bytes: bytes)
        #expect(Array(read.bytes) == bytes)
        #expect(read.lineCount == held.lineCount)
        #expect(!read.isASCII && read.holdsCarriageReturn && read.firstNULByte == nil)
        for offset in stride(from: 0, to: bytes.count, by: 99_991) {
            #expect(read.position(ofByte: offset) == held.position(ofByte: offset))
        }
        for line in stride(from: 1, through: held.lineCount, by: 9_973) {
            #expect(read.lineText(line) == held.lineText(line))
        }
        #expect(SuppressionFilter.markerOffsets(in: read.bytes) == SuppressionFilter.markerOffsets(in: held.bytes))
        var lines: [String] = []
        read.forEachLineText { line, text in
            #expect(line == lines.count + 1)
            lines.append(text)
        }
        #expect(lines == (1...held.lineCount).map(held.lineText))
    }

    @Test(arguments: ["", "a", "a\n", "\u{FEFF}a\r\nb\rc\n\n", "x\r", "\n\n", "é\nü"])
    func everyLineReadInOrderIsTheLineLookedUpAlone(_ text: String) {
        let file = SourceFile(path: "links.yml", text: text)
        var lines: [String] = []
        file.forEachLineText { _, line in lines.append(line) }
        #expect(lines == (1...file.lineCount).map(file.lineText))
    }

    /// A NUL byte far into a large catalogue on disk is refused with its line and column, as in a small one.
    @Test func aNULByteDeepInALargeFileIsRefusedWhereItIs() throws {
        let folder = try TemporaryFolder()
        var text = GeneratedCatalogues.text(links: 5_000, seed: 3)
        let lineCount = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        text += "  - url: app://feed/\u{0}x\n"
        let path = try Self.write(Array(text.utf8), in: folder)
        let error = try #require(throws: LoadError.self) {
            try CatalogueLoader().load(files: [try CatalogueLoader.read(path: path, displayName: "links.yml")])
        }
        #expect(error.description.hasPrefix("links.yml:\(lineCount):21: error: the file contains a NUL byte"))
    }

    /// The file is read once: cut short or rewritten on disk after it was read, the lint of what was read is
    /// the lint of the whole text, not a crash or a mix of old and new.
    @Test func aFileCutShortAfterItWasReadIsLintedAsItWasRead() throws {
        let folder = try TemporaryFolder()
        let text = GeneratedCatalogues.text(links: 5_000, seed: 5)
        let path = try Self.write(Array(text.utf8), in: folder)
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path)
        let session = try LintSession(workspace: workspace)
        let files = try workspace.readCatalogues()
        #expect(truncate(path, off_t(text.utf8.count / 2)) == 0)
        let linted = try session.lint(files: files)
        let whole = try session.lint(files: [SourceFile(path: "links.yml", text: text)])
        #expect(Array(linted.diagnostics) == Array(whole.diagnostics))
        #expect(whole.diagnostics.count > 100)
        // Read again now, the file cut in the middle of an entry is bad input with its place, or a shorter
        // catalogue: never a crash.
        let again = Result { try session.run() }
        if case .failure(let error) = again { #expect(error is LoadError) }
    }

    /// `--fix` compares the file on disk with what it read before writing: an edit made in place meanwhile (the
    /// same size) is found before anything is written, and kept.
    @Test func aCatalogueEditedWhileItIsFixedIsNotOverwritten() throws {
        var text = GeneratedCatalogues.text(links: 40, seed: 11)
        text += String(repeating: "# " + String(repeating: "-", count: 77) + "\n", count: 1_000)
        let folder = try TemporaryFolder()
        let path = try Self.write(Array(text.utf8), in: folder)
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path)
        let result = try FixSession(lintSession: try LintSession(workspace: workspace), includesUnsafe: true).run()
        #expect(!result.changes.isEmpty)
        var edited = Array(text.utf8)
        edited[edited.count - 2] = edited[edited.count - 2] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(edited))
        try handle.close()
        #expect(throws: FixError.fileChangedOnDisk(file: "links.yml")) { try FixSession.write(result) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == edited)
    }
}
