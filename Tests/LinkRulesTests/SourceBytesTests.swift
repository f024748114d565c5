import Foundation
import Testing
@testable import LinkRules

/// A large file is mapped rather than read (`SourceBytes`): it reads exactly as the same bytes held in memory,
/// before and after its pages are let go, in chunks as in one piece; a file, its line table and its lint are the
/// same mapped or held; and a file written to while mapped is noticed.
@Suite struct SourceBytesTests {
    /// Writes `bytes` to a new file in `folder` and reads it back as the loader does.
    static func written(_ bytes: [UInt8], in folder: TemporaryFolder, name: String = "links.yml") throws -> (path: String, contents: SourceBytes) {
        let path = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, try FileBytes.contents(ofFile: path).get())
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

    @Test func aMappedFileReadsAsTheSameBytesBeforeAndAfterItsPagesGo() throws {
        let folder = try TemporaryFolder()
        let bytes = Self.text(size: SourceBytes.minimumMappedSize + 12_345)
        let (_, mapped) = try Self.written(bytes, in: folder)
        #expect(mapped.isMapped)
        #expect(Array(mapped) == bytes)
        mapped.releasePages(in: 0..<mapped.count)
        mapped.releasePages(around: 700_000)
        #expect(Array(mapped) == bytes)
        #expect(mapped == SourceBytes(bytes))
        // Read with pread, without the mapping: the same bytes, at the file's start, middle and end.
        for range in [0..<10, 500_000..<500_300, (bytes.count - 7)..<bytes.count, 5..<5] {
            #expect(mapped.copy(of: range) == Array(bytes[range]))
            #expect(SourceBytes(bytes).copy(of: range) == Array(bytes[range]))
        }
        // A small file is read into memory.
        #expect(!(try Self.written(Array(bytes.prefix(1000)), in: folder, name: "small.yml").contents.isMapped))
    }

    @Test(arguments: [1, 7, 4096])
    func aScanInChunksVisitsEveryByteOnceInOrder(chunkSize: Int) throws {
        let bytes = SourceBytes((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        var chunks: [Range<Int>] = []
        var seen: [UInt8] = []
        bytes.scanInChunks(3..<9_999, chunkSize: chunkSize) { chunk, buffer in
            chunks.append(chunk)
            seen += buffer[chunk]
        }
        #expect(chunks.first?.lowerBound == 3 && chunks.last?.upperBound == 9_999)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && $0.count == chunkSize })
        #expect(seen == Array(bytes[3..<9_999]))
    }

    @Test func aMappedFileHasTheLinesAndPositionsOfTheSameFileHeld() throws {
        let folder = try TemporaryFolder()
        // Larger than the scans' chunks, so lines and markers fall across their edges.
        let bytes = Self.text(size: 2 * SourceBytes.scanChunkSize + 999)
        let (path, contents) = try Self.written(bytes, in: folder)
        let mapped = SourceFile(path: path, contents: contents)
        let held = SourceFile(path: path, bytes: bytes)
        #expect(mapped.bytes.isMapped && !held.bytes.isMapped)
        #expect(mapped.lineCount == held.lineCount)
        #expect(mapped.isASCII == held.isASCII && mapped.holdsCarriageReturn == held.holdsCarriageReturn)
        for offset in stride(from: 0, to: bytes.count, by: 9_973) {
            #expect(mapped.position(ofByte: offset) == held.position(ofByte: offset))
        }
        for line in stride(from: 1, through: held.lineCount, by: 997) {
            #expect(mapped.lineText(line) == held.lineText(line))
        }
        #expect(SuppressionFilter.markerOffsets(in: mapped.bytes) == SuppressionFilter.markerOffsets(in: held.bytes))
        // Every line read in order, across the chunks, is the line looked up alone.
        var lines: [String] = []
        mapped.forEachLineText { line, text in
            #expect(line == lines.count + 1)
            lines.append(text)
        }
        #expect(lines == (1...held.lineCount).map(held.lineText))
        #expect(mapped.firstNULByte == nil)
    }

    /// A marker whose `#` ends one chunk of the search and whose words start the next is found.
    @Test func aSuppressionMarkerAcrossTwoChunksIsFound() throws {
        let folder = try TemporaryFolder()
        let hash = SourceBytes.scanChunkSize - 1
        var bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: 2 * SourceBytes.scanChunkSize)
        bytes.replaceSubrange(hash..<(hash + 20), with: Array("# linkrules:ignore x".utf8))
        let (_, mapped) = try Self.written(bytes, in: folder)
        #expect(mapped.isMapped)
        #expect(SuppressionFilter.markerOffsets(in: mapped) == [hash + 2])
    }

    @Test func aMappedFileWrittenToIsNoticedAndOneReplacedIsNot() throws {
        let folder = try TemporaryFolder()
        let bytes = Self.text(size: SourceBytes.minimumMappedSize)
        let (path, mapped) = try Self.written(bytes, in: folder)
        #expect(!mapped.fileChanged)
        // Replaced by another file, as an editor saves: the mapped one is unchanged.
        try Data(bytes.reversed()).write(to: URL(fileURLWithPath: path + ".new"))
        #expect(rename(path + ".new", path) == 0)
        #expect(!mapped.fileChanged)
        #expect(Array(mapped) == bytes)
        // Written to in place: noticed.
        let (_, again) = try Self.written(bytes, in: folder, name: "other.yml")
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/other.yml"))
        handle.seekToEndOfFile()
        handle.write(Data("x".utf8))
        try handle.close()
        #expect(again.fileChanged)
        #expect(!SourceBytes(bytes).fileChanged)
    }

    /// `--fix` holds what it read, even of a large file, so an edit made in place meanwhile (same size) is found
    /// before anything is written, and kept.
    @Test func aLargeCatalogueFixedIsHeldSoAnEditMeanwhileIsKept() throws {
        // A few links with fixes, and comment lines enough to make the file one that would be mapped.
        var text = GeneratedCatalogues.text(links: 40, seed: 11)
        let padding = "# " + String(repeating: "-", count: 77) + "\n"
        text += String(repeating: padding, count: SourceBytes.minimumMappedSize / padding.utf8.count + 1)
        let folder = try TemporaryFolder()
        let path = folder.path + "/links.yml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path)
        let result = try FixSession(lintSession: try LintSession(workspace: workspace), includesUnsafe: true).run()
        #expect(!result.changes.isEmpty)
        #expect(result.changes.allSatisfy { !$0.original.bytes.isMapped })
        // Someone saves the file in place, the same size, before the fixes are written.
        var edited = Array(text.utf8)
        edited[edited.count - 2] = edited[edited.count - 2] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(edited))
        try handle.close()
        #expect(throws: FixError.fileChangedOnDisk(file: "links.yml")) { try FixSession.write(result) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == edited)
    }

    /// A bus error in a mapped file's pages (the file cut short) is named by the file, while it is mapped; any other
    /// address is not.
    @Test func aFaultInAMappedFileNamesTheFileWhileItIsMapped() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/links.yml"
        try Data(Self.text(size: SourceBytes.minimumMappedSize)).write(to: URL(fileURLWithPath: path))
        var file: SourceFile? = try CatalogueLoader.read(path: path, displayName: "shown.yml")
        let base = try #require(file!.bytes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) })
        let count = file!.bytes.count
        let found = try #require(MappedFileFaults.message(forFaultAt: base + count - 1))
        let message = String(decoding: UnsafeRawBufferPointer(start: found.0, count: found.1), as: UTF8.self)
        #expect(message == "shown.yml: error: the file was cut short while it was being read: read it again\n")
        #expect(MappedFileFaults.message(forFaultAt: base + count) == nil)
        #expect(MappedFileFaults.message(forFaultAt: nil) == nil)
        file = nil
        #expect(MappedFileFaults.message(forFaultAt: base) == nil)
    }

    @Test(arguments: ["", "a", "a\n", "\u{FEFF}a\r\nb\rc\n\n", "x\r", "\n\n", "é\nü"])
    func everyLineReadInOrderIsTheLineLookedUpAlone(_ text: String) {
        let file = SourceFile(path: "links.yml", text: text)
        var lines: [String] = []
        file.forEachLineText { _, line in lines.append(line) }
        #expect(lines == (1...file.lineCount).map(file.lineText))
    }

    /// A NUL in a later chunk of a mapped file is found where it is, and a scan in chunks of a mapped file, which
    /// lets each chunk's pages go, reads every byte as it is.
    @Test func aMappedFileIsScannedInChunksAsItIs() throws {
        let folder = try TemporaryFolder()
        var bytes = Self.text(size: 2 * SourceBytes.scanChunkSize + 100)
        let nul = SourceBytes.scanChunkSize + 77
        bytes[nul] = 0
        let (path, contents) = try Self.written(bytes, in: folder)
        #expect(contents.isMapped)
        #expect(SourceFile(path: path, contents: contents).firstNULByte == nul)
        var seen: [UInt8] = []
        contents.scanInChunks(0..<contents.count) { chunk, buffer in seen += buffer[chunk] }
        #expect(seen == bytes)
    }

    /// A mapped file rewritten in place at the same size is noticed by its modification time.
    @Test func aMappedFileRewrittenAtTheSameSizeIsNoticed() throws {
        let folder = try TemporaryFolder()
        let bytes = Self.text(size: SourceBytes.minimumMappedSize)
        let (path, mapped) = try Self.written(bytes, in: folder)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(bytes.reversed()))
        try handle.close()
        // Set apart from the mapping's time whatever the clock's tick.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: path)
        #expect(mapped.count == bytes.count)
        #expect(mapped.fileChanged)
    }
}
