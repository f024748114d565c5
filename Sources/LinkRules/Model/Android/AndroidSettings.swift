/// The catalogue's `android:` section: the app's package, its manifests (and navigation graphs), the asset links
/// file its web server publishes and the signing certificates expected in it, each value located in the catalogue;
/// and, once a session has read them (`AndroidFilesLoader`), the files themselves.
struct AndroidSettings: Sendable {
    /// The catalogue file that declares the section; paths are relative to its folder.
    var owner: SourceFile
    /// The `android` key.
    var keyRange: Range<Int>
    var package: Scalar?
    var manifests: [Scalar] = []
    var assetLinks: Scalar?
    var fingerprints: [Scalar] = []

    /// The manifests once read, in the order `manifests:` names them.
    var loadedManifests: [AndroidFileState<AndroidManifest>] = []
    /// The asset links file once read; nil when it has not been read or none is named.
    var loadedAssetLinks: AndroidFileState<AssetLinksFile>?

    init(owner: SourceFile, keyRange: Range<Int>) {
        self.owner = owner
        self.keyRange = keyRange
    }

    /// The manifests that could be read and parsed as XML.
    var readableManifests: [AndroidManifest] {
        loadedManifests.compactMap { $0.file }.filter { $0.syntaxError == nil }
    }

    /// Whether every named manifest was read and parsed: rules that would report a link as unopened stay quiet
    /// otherwise, as the missing file may be the one that opens it.
    var allManifestsReadable: Bool {
        !loadedManifests.isEmpty && loadedManifests.allSatisfy { $0.file?.syntaxError == nil && $0.file != nil }
    }

    /// Every filter of every readable manifest, with its manifest.
    var filters: [(manifest: AndroidManifest, filter: AndroidIntentFilter)] {
        readableManifests.flatMap { manifest in manifest.filters.map { (manifest, $0) } }
    }

    /// Where a value of the section is written.
    func location(of scalar: Scalar) -> SourceLocation { owner.location(ofBytes: scalar.tokenRange) }
}

/// What became of a platform file the catalogue names: read (its problems are the file's own), or not readable.
enum AndroidFileState<File: Sendable>: Sendable {
    case loaded(File)
    /// The file could not be read; `named` is the catalogue value that names it.
    case unreadable(path: String, reason: Message, named: Scalar)

    var file: File? {
        if case .loaded(let file) = self { return file }
        return nil
    }
}
