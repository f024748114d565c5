/// Reads the Android files a catalogue's `android:` section names (manifests, navigation graphs, the asset links
/// file), relative to the catalogue file that names them, so the Android rules can check them without reading
/// files. Sessions call it after loading the catalogue; a missing file becomes a finding, never an error.
struct AndroidFilesLoader: Sendable {
    /// Reads a file by the path shown in diagnostics; throws a `LoadError` when it cannot.
    var read: @Sendable (String) throws -> SourceFile

    /// A loader that reads files from disk, resolving relative paths against `workingDirectory`.
    init(workingDirectory: String) {
        self.read = { path in
            let file = try CatalogueLoader.read(path: PathName.join(workingDirectory, path))
            return SourceFile(path: path, contents: file.bytes)
        }
    }

    /// A loader over any reader (tests and rule examples give the files' text directly).
    init(read: @escaping @Sendable (String) throws -> SourceFile) {
        self.read = read
    }

    /// The path of a file named in the catalogue `owner`: relative to its folder (an absolute path stays).
    static func path(_ named: String, in owner: SourceFile) -> String {
        if named.hasPrefix("/") { return named }
        var named = named
        while named.hasPrefix("./") { named.removeFirst(2) }
        return PathName.join(PathName.parent(of: owner.path), named)
    }

    /// Reads the files the catalogue's `android:` section names into it.
    func load(into catalogue: inout Catalogue) {
        guard var android = catalogue.android else { return }
        android.loadedManifests = android.manifests.map { named in
            load(named, in: android.owner) { AndroidManifest(source: $0) }
        }
        if let named = android.assetLinks {
            android.loadedAssetLinks = load(named, in: android.owner) { AssetLinksFile(source: $0) }
        }
        catalogue.android = android
    }

    private func load<File>(_ named: Scalar, in owner: SourceFile, parse: (SourceFile) -> File) -> AndroidFileState<File> {
        let path = Self.path(named.value, in: owner)
        do {
            return .loaded(parse(try read(path)))
        } catch let error as LoadError {
            return .unreadable(path: path, reason: error.message, named: named)
        } catch {
            return .unreadable(path: path, reason: Message("\(error)"), named: named)
        }
    }
}
