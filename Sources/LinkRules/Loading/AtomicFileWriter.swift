#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents atomically for `lint --fix`: a reader sees either the old or the new text, never a
/// half-written file, and a file someone changed since it was linted is not overwritten.
enum AtomicFileWriter {
    /// Writes `newBytes` to a temporary file in the same folder, fsyncs it, gives it the original's permission bits
    /// (and owner, when allowed), then renames it over `path` — only if `path` still holds `expectedOriginal`.
    /// A symbolic link is followed: the file it points to is replaced and the link stays.
    ///
    /// The comparison is made before the temporary file is written and again just before the rename; a change in
    /// between those last two steps cannot be detected with POSIX calls alone.
    ///
    /// - Throws: `FixError.fileChangedOnDisk` if the file's bytes differ from `expectedOriginal` or it is gone, and
    ///   `FixError.writeFailed` if any step fails; either way the original is untouched and the temporary file
    ///   is removed.
    static func replace(path: String, expectedOriginal: [UInt8], with newBytes: [UInt8]) throws {
        try replace(path: path, expectedOriginal: expectedOriginal, with: newBytes, beforeFinalCheck: {})
    }

    /// `replace(path:expectedOriginal:with:)` with a hook run once the temporary file is written, so tests can
    /// change the file in the window the final check guards.
    static func replace(
        path: String, expectedOriginal: [UInt8], with newBytes: [UInt8], beforeFinalCheck: () -> Void
    ) throws {
        try replace(path: path, expectedOriginal: expectedOriginal, with: newBytes) { step in
            if step == .beforeRename { beforeFinalCheck() }
        }
    }

    /// The steps of a replacement, at which tests interrupt it (a crash, a full disk, a killed process) to show
    /// that the original file survives every one of them.
    enum WriteStep: CaseIterable {
        case temporaryFileCreated, contentWritten, contentFlushed, beforeRename
    }

    /// `replace(path:expectedOriginal:with:)` calling `step` as each step is reached; an error it throws stops the
    /// replacement there, as an interruption would.
    static func replace(
        path: String, expectedOriginal: [UInt8], with newBytes: [UInt8], step: (WriteStep) throws -> Void
    ) throws {
        let prepared = try prepare(path: path, expectedOriginal: expectedOriginal, with: newBytes, step: step)
        do {
            try step(.beforeRename)
            try commit(prepared)
        } catch {
            discard(prepared)
            throw error
        }
    }

    /// Replaces several files together (the files of one catalogue a fix changes): every new text is written to a
    /// temporary file first, and only when all of them are written are they renamed over their files, so a file
    /// that cannot be written (a read-only folder, a full disk) leaves every file as it was.
    ///
    /// - Throws: as `replace(path:expectedOriginal:with:)`, for the first file that fails; no file is changed then,
    ///   unless a rename itself fails after others succeeded, which POSIX cannot undo.
    static func replaceAll(_ files: [(path: String, expectedOriginal: [UInt8], newBytes: [UInt8])]) throws {
        var prepared: [Prepared] = []
        do {
            for file in files {
                prepared.append(try prepare(path: file.path, expectedOriginal: file.expectedOriginal, with: file.newBytes, step: { _ in }))
            }
        } catch {
            prepared.forEach(discard)
            guard case FixError.writeFailed(let file, let reason) = error, files.count > 1 else { throw error }
            throw FixError.writeFailed(file: file, reason: reason + "; no file was changed")
        }
        for index in prepared.indices {
            do {
                try commit(prepared[index])
            } catch {
                prepared[index...].forEach(discard)
                guard case FixError.writeFailed(let path, let reason) = error, index > 0 else { throw error }
                let replaced = prepared[..<index].map { "'\($0.path)'" }.joined(separator: ", ")
                throw FixError.writeFailed(file: path, reason: reason + "; \(replaced) had been replaced already")
            }
        }
    }

    /// A new text written to a temporary file beside the file it will replace, not yet renamed over it.
    struct Prepared {
        var path: String
        var target: String
        var folder: String
        var temporaryPath: String
        var expectedOriginal: [UInt8]
    }

    /// Writes `newBytes` to a temporary file beside `path` (flushed, with the original's permission bits and
    /// owner) once `path` is checked to hold `expectedOriginal`; on failure the temporary file is removed.
    private static func prepare(
        path: String, expectedOriginal: [UInt8], with newBytes: [UInt8], step: (WriteStep) throws -> Void
    ) throws -> Prepared {
        guard let target = resolvedPath(path) else {
            if errno == ENOENT || errno == ENOTDIR { throw FixError.fileChangedOnDisk(file: path) }
            throw failure(path, "cannot resolve the path")
        }
        try requireUnchanged(target, expectedOriginal, reportedAs: path)

        var status = stat()
        guard stat(target, &status) == 0 else { throw failure(path, "cannot read its permissions") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure(path, "not a regular file") }

        let (folder, name) = split(target)
        var template = Array("\(folder)/.\(name).linkrules-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in '\(folder)'") }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isOpen = true
        var isWritten = false
        defer {
            if isOpen { close(descriptor) }
            if !isWritten { unlink(temporaryPath) }
        }

        try step(.temporaryFileCreated)
        try writeAll(newBytes, to: descriptor, reportedAs: path)
        try step(.contentWritten)
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
            throw failure(path, "cannot set the permissions of the temporary file")
        }
        // Keeps the owner when run by a user allowed to (root fixing someone's file); otherwise the new file
        // belongs to whoever runs the fix, as with any editor that saves by renaming.
        _ = fchown(descriptor, status.st_uid, status.st_gid)
        guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush the temporary file") }
        try step(.contentFlushed)
        isOpen = false
        guard close(descriptor) == 0 else { throw failure(path, "cannot close the temporary file") }
        isWritten = true
        return Prepared(
            path: path, target: target, folder: folder, temporaryPath: temporaryPath, expectedOriginal: expectedOriginal)
    }

    /// Renames a prepared file over its target, if the target still holds what was read (the caller discards it
    /// when it cannot be).
    private static func commit(_ file: Prepared) throws {
        try requireUnchanged(file.target, file.expectedOriginal, reportedAs: file.path)
        guard rename(file.temporaryPath, file.target) == 0 else { throw failure(file.path, "cannot rename the temporary file") }
        syncFolder(file.folder)
    }

    /// Removes a prepared file's temporary file.
    private static func discard(_ file: Prepared) {
        unlink(file.temporaryPath)
    }

    /// Creates a new file atomically: writes a temporary file in the same folder (with the permissions the
    /// process's umask gives a new file), fsyncs it and renames it to `path`, so a reader never sees it half
    /// written. The folder must exist.
    ///
    /// - Throws: `FixError.fileChangedOnDisk` if `path` exists (a file appeared since the caller looked: use
    ///   `replace` for an existing file), and `FixError.writeFailed` if any step fails; the temporary file is
    ///   removed either way.
    static func create(path: String, with bytes: [UInt8]) throws {
        let (folder, name) = split(path.hasPrefix("/") ? path : "./" + path)
        var existing = stat()
        if lstat(path, &existing) == 0 { throw FixError.fileChangedOnDisk(file: path) }
        let temporaryPath = "\(folder)/.\(name).linkrules-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in '\(folder)'") }
        var isOpen = true
        var isRenamed = false
        defer {
            if isOpen { close(descriptor) }
            if !isRenamed { unlink(temporaryPath) }
        }
        try writeAll(bytes, to: descriptor, reportedAs: path)
        guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush the temporary file") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure(path, "cannot close the temporary file") }
        if lstat(path, &existing) == 0 { throw FixError.fileChangedOnDisk(file: path) }
        guard rename(temporaryPath, path) == 0 else { throw failure(path, "cannot rename the temporary file") }
        isRenamed = true
        syncFolder(folder)
    }

    /// The absolute path with symbolic links resolved, or nil with `errno` set.
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func requireUnchanged(_ target: String, _ expected: [UInt8], reportedAs path: String) throws {
        guard let current = try readAll(target, reportedAs: path), current == expected else {
            throw FixError.fileChangedOnDisk(file: path)
        }
    }

    /// The file's bytes, or nil when it no longer exists.
    private static func readAll(_ target: String, reportedAs path: String) throws -> [UInt8]? {
        let descriptor = open(target, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "cannot read it")
        }
        defer { close(descriptor) }
        guard let bytes = FileBytes.readAll(descriptor) else { throw failure(path, "cannot read it") }
        return bytes
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, reportedAs path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write the temporary file")
            }
            written += count
        }
    }

    /// Flushes the folder so the rename itself survives a crash; best effort, as some file systems refuse it.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The folder and the file name of an absolute path.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// A write failure naming the step and the system's reason (from `errno`, which the caller has just set).
    private static func failure(_ path: String, _ step: String) -> FixError {
        let reason = String(cString: strerror(errno)).lowercased()
        return FixError.writeFailed(file: path, reason: "\(step): \(reason)")
    }
}
