/// Reads the Info.plist and entitlements a catalogue names with `ios:` into the catalogue, so rules can check them
/// without reading files. Sessions call it after loading the catalogue and before linting; a missing or malformed
/// file becomes a finding, never an error.
struct IOSFilesLoader: Sendable {
    /// Reads a file by the path shown in diagnostics; throws a `LoadError` when it cannot.
    var read: @Sendable (String) throws -> SourceFile

    /// A loader that reads files from disk, resolving relative paths against `workingDirectory`.
    init(workingDirectory: String) {
        self.read = AssociationLoader(workingDirectory: workingDirectory).read
    }

    /// A loader over any reader (tests and rule examples give the files' text directly).
    init(read: @escaping @Sendable (String) throws -> SourceFile) {
        self.read = read
    }

    /// The path a value of `ios:` names, relative to the folder of the catalogue file that names it.
    static func path(of named: Scalar, owner: SourceFile?) -> String? {
        var path = named.value
        guard !path.isEmpty else { return nil }
        if path.hasPrefix("/") { return path }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return PathName.join(owner.map { PathName.parent(of: $0.path) } ?? "", path)
    }

    /// Reads the files named by `ios:`, if any, into `catalogue.iosFiles`.
    func load(into catalogue: inout Catalogue) {
        let owner = catalogue.iosFiles.owner
        if let named = catalogue.iosFiles.infoPlist, let path = Self.path(of: named, owner: owner) {
            catalogue.iosFiles.infoPlistContents = state(of: path)
        }
        if let named = catalogue.iosFiles.entitlements, let path = Self.path(of: named, owner: owner) {
            catalogue.iosFiles.entitlementsContents = state(of: path)
        }
    }

    private func state(of path: String) -> PlatformFileState {
        let source: SourceFile
        do {
            source = try read(path)
        } catch let error as LoadError {
            return .unreadable(path: path, reason: error.message)
        } catch {
            return .unreadable(path: path, reason: Message("\(error)"))
        }
        do {
            return .loaded(try PropertyList(source: source))
        } catch {
            let offset = min(error.byteOffset, source.bytes.count)
            let end = min(offset + 1, source.bytes.count)
            return .malformed(source.location(ofBytes: offset..<end), Message(error.message))
        }
    }
}
