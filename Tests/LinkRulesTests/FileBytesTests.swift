import Foundation
import Testing
@testable import LinkRules

/// Catalogues are read straight into bytes: exactly the file's bytes whatever their size, and a pipe or a
/// device is refused as before, not read until it ends.
@Suite struct FileBytesTests {
    @Test(arguments: [0, 1, 4095, 4096, 4097, 200_000, 5 << 20])
    func aRegularFileIsReadWhole(size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/links.yml"
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let contents = try FileBytes.contents(ofFile: path).get()
        #expect(Array(contents) == bytes)
        #expect(Array(try CatalogueLoader.read(path: path).bytes) == bytes)
    }

    /// From a descriptor already partly read, what is left is read, and the offset is left at the end.
    @Test func aDescriptorIsReadFromWhereItIsToItsEnd() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/links.yml"
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(lseek(descriptor, 100, SEEK_SET) == 100)
        #expect(FileBytes.readAll(descriptor) == Array(bytes[100...]))
        #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(bytes.count))
    }

    @Test func aPipeIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/fifo.yml"
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: LoadError.self) { try CatalogueLoader.read(path: path) }
        #expect(error.description == "\(path):1:1: error: cannot read the file: permission denied or not a regular file")
        #expect(FileBytes.contents(ofFile: "/dev/null") == .failure(.unreadable))
    }

    @Test func aFileOf4GiBIsRefusedBeforeItIsRead() throws {
        // A sparse file: its size is set, no byte is written. Offsets in the model are 32 bits wide.
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.yml"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(UInt32.max)) == 0)
        let error = try #require(throws: LoadError.self) { try CatalogueLoader.read(path: path) }
        #expect(error.description == "\(path):1:1: error: cannot read the file: it is 4 GiB or larger")
    }
}
