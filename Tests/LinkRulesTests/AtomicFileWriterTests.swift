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

/// A fresh folder holding one catalogue file, removed afterwards.
private struct Workspace {
    let folder: String
    let file: String

    init(contents: String, mode: mode_t = 0o644) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        file = folder + "/links.yml"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        #expect(chmod(file, mode) == 0)
    }

    func contents(of path: String? = nil) throws -> String {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: path ?? file)), as: UTF8.self)
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func status(of path: String? = nil) -> stat {
        var status = stat()
        #expect(lstat(path ?? file, &status) == 0)
        return status
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite struct AtomicFileWriterTests {
    private let original = "version: 1\nlinks:\n  - url: her://Feed\n"
    private let fixed = "version: 1\nlinks:\n  - url: her://feed\n"

    @Test func replacesTheFileByRenameKeepingItsMode() throws {
        let workspace = try Workspace(contents: original, mode: 0o640)
        defer { workspace.remove() }
        let before = workspace.status()
        try AtomicFileWriter.replace(path: workspace.file, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8))
        #expect(try workspace.contents() == fixed)
        let after = workspace.status()
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_ino != before.st_ino)  // a new file renamed into place, not the old one rewritten
        #expect(try workspace.entries() == ["links.yml"])
    }

    @Test func aReadOnlyFileStaysReadOnly() throws {
        let workspace = try Workspace(contents: original, mode: 0o444)
        defer { workspace.remove() }
        try AtomicFileWriter.replace(path: workspace.file, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8))
        #expect(try workspace.contents() == fixed)
        #expect(workspace.status().st_mode & 0o7777 == 0o444)
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let workspace = try Workspace(contents: original)
        defer { workspace.remove() }
        let linted = "version: 1\nlinks: []\n"  // what was read before someone else saved the file
        #expect(throws: FixError.fileChangedOnDisk(file: workspace.file)) {
            try AtomicFileWriter.replace(path: workspace.file, expectedOriginal: Array(linted.utf8), with: Array(fixed.utf8))
        }
        #expect(try workspace.contents() == original)
        #expect(try workspace.entries() == ["links.yml"])
    }

    /// Several files are replaced together or not at all: when one cannot be (here, it changed on disk), none is,
    /// and no temporary file is left.
    @Test func severalFilesAreReplacedAllOrNone() throws {
        let workspace = try Workspace(contents: original)
        defer { workspace.remove() }
        let second = workspace.folder + "/more.links.yml"
        try Data(original.utf8).write(to: URL(fileURLWithPath: second))
        #expect(throws: FixError.fileChangedOnDisk(file: second)) {
            try AtomicFileWriter.replaceAll([
                (workspace.file, Array(original.utf8), Array(fixed.utf8)),
                (second, Array("version: 1\nlinks: []\n".utf8), Array(fixed.utf8)),
            ])
        }
        #expect(try workspace.contents() == original)
        #expect(try workspace.entries() == ["links.yml", "more.links.yml"])

        try AtomicFileWriter.replaceAll([
            (workspace.file, Array(original.utf8), Array(fixed.utf8)), (second, Array(original.utf8), Array(fixed.utf8)),
        ])
        #expect(try workspace.contents() == fixed && workspace.contents(of: second) == fixed)
        #expect(try workspace.entries() == ["links.yml", "more.links.yml"])
    }

    @Test func aChangeWhileTheNewTextIsWrittenIsNotOverwritten() throws {
        let workspace = try Workspace(contents: original)
        defer { workspace.remove() }
        let theirs = "version: 1\nlinks: []\n"
        var temporaryFiles: [String] = []
        #expect(throws: FixError.fileChangedOnDisk(file: workspace.file)) {
            try AtomicFileWriter.replace(
                path: workspace.file, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8)
            ) {
                temporaryFiles = (try? workspace.entries().filter { $0 != "links.yml" }) ?? []
                try? Data(theirs.utf8).write(to: URL(fileURLWithPath: workspace.file))
            }
        }
        #expect(temporaryFiles.count == 1)  // the new text was written beside the file…
        #expect(try workspace.contents() == theirs)
        #expect(try workspace.entries() == ["links.yml"])  // …and removed when the check failed
    }

    @Test func aFileRemovedMeanwhileIsNotCreatedAgain() throws {
        let workspace = try Workspace(contents: original)
        defer { workspace.remove() }
        try FileManager.default.removeItem(atPath: workspace.file)
        #expect(throws: FixError.fileChangedOnDisk(file: workspace.file)) {
            try AtomicFileWriter.replace(path: workspace.file, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8))
        }
        #expect(try workspace.entries().isEmpty)
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let workspace = try Workspace(contents: original)
        defer { workspace.remove() }
        let link = workspace.folder + "/catalogue.yml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "links.yml")
        try AtomicFileWriter.replace(path: link, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8))
        #expect(workspace.status(of: link).st_mode & S_IFMT == S_IFLNK)
        #expect(try workspace.contents() == fixed)
        #expect(try workspace.entries() == ["catalogue.yml", "links.yml"])
    }

    @Test func aFileInAReadOnlyFolderFailsWithoutDamage() throws {
        let workspace = try Workspace(contents: original, mode: 0o644)
        defer {
            _ = runChattr("-i", workspace.folder)
            chmod(workspace.folder, 0o755)
            workspace.remove()
        }
        #expect(chmod(workspace.folder, 0o555) == 0)
        if geteuid() == 0 {
            // Root ignores permission bits; an immutable folder refuses new entries even to root.
            #expect(runChattr("+i", workspace.folder))
        }
        try #require(!canCreateFile(in: workspace.folder), "the folder could not be made read-only")

        let error = #expect(throws: FixError.self) {
            try AtomicFileWriter.replace(path: workspace.file, expectedOriginal: Array(original.utf8), with: Array(fixed.utf8))
        }
        guard case let .writeFailed(file, reason)? = error else {
            Issue.record("expected a write failure, got \(String(describing: error))")
            return
        }
        #expect(file == workspace.file)
        #expect(reason.hasPrefix("cannot create a temporary file in '"))
        #expect(try workspace.contents() == original)
        #expect(try workspace.entries() == ["links.yml"])
    }

    @Test func errorsDescribeThemselvesInTheHouseStyle() {
        #expect(FixError.fileChangedOnDisk(file: "links.yml").description
                == "'links.yml' changed on disk after it was read; it was not overwritten")
        #expect(FixError.didNotConverge(file: "links.yml", passes: 10).description
                == "fixes to 'links.yml' still changed it after 10 passes; it was not written")
        #expect(FixError.writeFailed(file: "links.yml", reason: "no space left on device").description
                == "cannot write 'links.yml': no space left on device")
    }
}

private func canCreateFile(in folder: String) -> Bool {
    let probe = folder + "/.probe"
    let descriptor = open(probe, O_CREAT | O_WRONLY, 0o600)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    unlink(probe)
    return true
}

/// Sets or clears the immutable attribute with `chattr`; false when it is missing or refuses.
private func runChattr(_ flag: String, _ path: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}
