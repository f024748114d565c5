#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What became of the apple-app-site-association file a catalogue names with `aasa:`: read and parsed (its
/// problems included), or not readable at all. The `aasa-invalid` and `aasa-coverage` rules look at it.
enum AssociationFileState: Sendable {
    case loaded(AssociationFile)
    /// The file could not be read; `path` is where it was looked for, `reason` why it failed.
    case unreadable(path: String, reason: Message)

    /// The parsed file, when it could be read.
    var file: AssociationFile? {
        if case .loaded(let file) = self { return file }
        return nil
    }
}

/// Reads the association file named by a catalogue's `aasa:` (relative to the catalogue file that names it)
/// into the catalogue, so rules can check it without reading files. Sessions call it after loading the
/// catalogue and before linting; a missing file becomes a finding, never an error.
struct AssociationLoader: Sendable {
    /// Reads a file by the path shown in diagnostics; throws a `LoadError` when it cannot.
    var read: @Sendable (String) throws -> SourceFile

    /// A loader that reads files from disk, resolving relative paths against `workingDirectory` (the paths shown
    /// in diagnostics stay as the catalogue's were shown).
    init(workingDirectory: String) {
        self.read = { path in
            let absolute = PathName.join(workingDirectory, path)
            let file = try CatalogueLoader.read(path: absolute)
            return SourceFile(path: path, contents: file.bytes)
        }
    }

    /// A loader over any reader (tests and rule examples give the file's text directly).
    init(read: @escaping @Sendable (String) throws -> SourceFile) {
        self.read = read
    }

    /// The path of the association file a catalogue names: its `aasa:` value relative to the folder of the
    /// catalogue file that names it (an absolute value stays as it is). Nil when the catalogue names none.
    static func path(of catalogue: Catalogue) -> String? {
        guard var named = catalogue.associationFile?.value, !named.isEmpty else { return nil }
        if named.hasPrefix("/") { return named }
        while named.hasPrefix("./") { named.removeFirst(2) }
        let folder = catalogue.associationFileOwner.map { PathName.parent(of: $0.path) } ?? ""
        return PathName.join(folder, named)
    }

    /// Reads the association file the catalogue names, if any, into `catalogue.association`.
    func load(into catalogue: inout Catalogue) {
        guard let path = Self.path(of: catalogue) else { return }
        do {
            catalogue.association = .loaded(AssociationFile(source: try read(path)))
        } catch let error as LoadError {
            catalogue.association = .unreadable(path: path, reason: error.message)
        } catch {
            catalogue.association = .unreadable(path: path, reason: Message("\(error)"))
        }
    }
}
