import Foundation
import Testing
@testable import LinkRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `AtomicFileWriter.create`: a new file appears whole, with the permissions a new file gets, or not at all.
@Suite struct AtomicFileCreateTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-create-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func createsTheFileWithTheUmaskPermissionsAndNoLeftovers() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mask = umask(0o022)
        defer { umask(mask) }
        try AtomicFileWriter.create(path: folder + "/baseline.json", with: Array("{}\n".utf8))
        #expect(contents("baseline.json") == "{}\n")
        var status = stat()
        #expect(stat(folder + "/baseline.json", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["baseline.json"])
    }

    @Test func refusesAnExistingFileAndLeavesItAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/baseline.json"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FixError.fileChangedOnDisk(file: path)) {
            try AtomicFileWriter.create(path: path, with: Array("{}\n".utf8))
        }
        #expect(contents("baseline.json") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["baseline.json"])
    }

    @Test func aMissingFolderIsAWriteFailure() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/baseline.json"
        let error = try #require(throws: FixError.self) { try AtomicFileWriter.create(path: path, with: []) }
        guard case .writeFailed(let file, let reason) = error else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(file == path)
        #expect(reason.contains("cannot create a temporary file"))
    }
}
