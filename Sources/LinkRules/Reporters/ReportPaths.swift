#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the reports CI reads (SARIF, GitHub annotations, JUnit, checkstyle) name files: relative to the
/// repository root rather than to the working directory, so a monorepo job run in `ios/` still lands its
/// annotations on `ios/links.yml`. Paths outside the base are left as they are.
public struct ReportPaths: Hashable, Sendable {
    /// The absolute folder the diagnostics' relative paths are relative to.
    public var workingDirectory: String
    /// The absolute folder reported paths are made relative to (`--path-base`, or the repository root).
    public var base: String

    /// Names that are not paths on disk and are reported as written (`diff --against`'s `origin/main:ios/links.yml`).
    public var keptAsWritten: Set<String> = []

    public init(workingDirectory: String, base: String) {
        self.workingDirectory = PathName.normalized(workingDirectory)
        self.base = PathName.normalized(PathName.join(workingDirectory, base))
    }

    /// `path` (as a diagnostic names it) relative to `base` when it lies under it; otherwise unchanged.
    public func name(_ path: String) -> String {
        guard !keptAsWritten.contains(path), workingDirectory != base || PathName.isAbsolute(path) else { return path }
        let absolute = PathName.normalized(PathName.join(workingDirectory, path))
        if absolute.hasPrefix(base + "/") { return String(absolute.dropFirst(base.count + 1)) }
        return path
    }

    /// The git top level holding `directory`: the nearest folder, from it upwards, with a `.git` (a folder, or
    /// the file of a worktree or submodule). `nil` outside a repository.
    public static func repositoryRoot(containing directory: String) -> String? {
        var current = PathName.normalized(directory)
        while true {
            if FileManager.default.fileExists(atPath: PathName.join(current, ".git")) { return current }
            let parent = PathName.parent(of: current)
            if parent.isEmpty || parent == current { return nil }
            current = parent
        }
    }
}

extension ReportInput {
    /// The same findings with every file named by `paths` (locations, notes, edits, the sources' keys). Each file
    /// is named once, and the findings are copied only when a name changes.
    func naming(_ paths: ReportPaths?) -> ReportInput {
        guard let paths else { return self }
        var names: [String: String] = [:]
        for file in reportedFiles {
            let name = paths.name(file)
            if name != file { names[file] = name }
        }
        var input = self
        input.sources = Dictionary(sources.map { (names[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard !names.isEmpty else { return input }
        func renamed(_ location: SourceLocation) -> SourceLocation {
            var location = location
            if let name = names[location.file] { location.file = name }
            return location
        }
        input.diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.location = renamed(diagnostic.location)
            for index in diagnostic.notes.indices {
                diagnostic.notes[index].location = diagnostic.notes[index].location.map(renamed)
            }
            for fix in diagnostic.fixes.indices {
                for edit in diagnostic.fixes[fix].edits.indices {
                    diagnostic.fixes[fix].edits[edit].location = renamed(diagnostic.fixes[fix].edits[edit].location)
                }
            }
            return diagnostic
        }
        return input
    }
}
