#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes baseline files for `lint --baseline` and `--write-baseline`: the file I/O the command calls.
enum BaselineFile {
    /// Reads and decodes the baseline at `path` (relative to `workingDirectory`); diagnostics about it name the
    /// path as given.
    ///
    /// - Throws: `LoadError` when the file is missing, unreadable or not a valid baseline.
    static func read(path: String, workingDirectory: String) throws -> Baseline {
        let absolute = Workspace.absolute(path, in: workingDirectory)
        let file = try CatalogueLoader.read(path: absolute)
        return try Baseline(reading: SourceFile(path: path, contents: file.bytes))
    }

    /// Writes the baseline to `path` atomically: a new file is created by renaming a temporary one, an existing
    /// one is replaced the same way (unless it already holds these bytes, then it is left alone).
    ///
    /// - Throws: `FixError` when the file cannot be written or changed while it was being replaced.
    static func write(_ baseline: Baseline, to path: String) throws {
        let bytes = Array(baseline.encoded().utf8)
        if let current = FileManager.default.contents(atPath: path) {
            let original = [UInt8](current)
            if original == bytes { return }
            try AtomicFileWriter.replace(path: path, expectedOriginal: original, with: bytes)
        } else {
            try AtomicFileWriter.create(path: path, with: bytes)
        }
    }
}
