/// Reads catalogue files into one `Catalogue`: each file read whole, its YAML events decoded once into located
/// values, each link's template parsed once against the merged `hosts`.
public struct CatalogueLoader: Sendable {
    static let topLevelKeys = [
        "version", "app", "schemes", "hosts", "dispatch", "barriers", "mandatory_barrier", "components", "params",
        "param_groups", "links", "aasa", "app_ids", "allow", "deny", "android", "ios",
    ]
    static let androidKeys = ["package", "manifests", "assetlinks", "fingerprints"]
    static let linkKeys = [
        "url", "title", "description", "examples", "barrier", "deprecated", "aliases", "lint", "required_params",
    ]
    static let componentKeys = ["kind", "id", "params", "navigable", "title", "description"]
    static let paramKeys = ["role", "type", "description"]
    static let accessKeys = ["schemes", "hosts"]
    static let lintKeys = ["ignore"]
    static let deprecationKeys = ["replaced_by", "sunset", "reason"]
    static let iosKeys = ["info_plist", "entitlements"]

    /// When a file's link list is decoded in runs on the cores (`LinkListSplit`).
    let runs: RunPolicy

    /// A loader that decodes a file's link list in runs as `runs` says (tests make runs of small files).
    init(runs: RunPolicy = RunPolicy()) {
        self.runs = runs
    }

    /// Reads and loads files from disk.
    func load(paths: [String]) throws -> Catalogue {
        try load(files: paths.map(Self.read))
    }

    /// Reads a file's bytes, refusing directories and unreadable files with a `LoadError`.
    public static func read(path: String) throws -> SourceFile { try read(path: path, displayName: path) }

    /// Reads the file at `path` whole and names it `displayName` in diagnostics (a path relative to the working
    /// directory).
    public static func read(path: String, displayName: String) throws -> SourceFile {
        switch FileBytes.contents(ofFile: path) {
        case .success(let bytes): return SourceFile(path: displayName, contents: bytes)
        case .failure(.missing): throw LoadError(.unreadableFile("no such file"), file: displayName)
        case .failure(.directory): throw LoadError(.notAFile(), file: displayName)
        case .failure(.unreadable):
            throw LoadError(.unreadableFile("permission denied or not a regular file"), file: displayName)
        case .failure(.tooLarge): throw LoadError(.unreadableFile(SourceFile.tooLargeReason), file: displayName)
        }
    }

    /// Loads already-read files as one catalogue.
    func load(files: [SourceFile]) throws -> Catalogue {
        var catalogue = Catalogue(files: files)
        var components: [ComponentSpec] = []
        var params: [ParamSpec] = []
        var links = LinkAssembly()
        for file in files {
            try checkText(file)
            for entries in try decode(file, into: &catalogue, components: &components, params: &params) {
                links.append(entries: entries, of: file)
            }
        }
        catalogue.components = components
        catalogue.params = params
        // Templates are parsed with the merged `hosts` (a later file may declare them).
        catalogue.links = (consume links).links(parsedWith: LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value))))
        return catalogue
    }

    /// Refuses binary content and UTF-16 before libyaml sees them, naming the first bad byte.
    func checkText(_ file: SourceFile) throws {
        let bytes = file.bytes
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw LoadError(.utf16, at: file.location(ofBytes: 0..<2))
        }
        if let nul = file.firstNULByte {
            throw LoadError(.nulByte(), at: file.location(ofBytes: nul..<(nul + 1)))
        }
    }
}

extension Message {
    static func unknownKey(_ key: String, in container: String) -> Message { "unknown key '\(key)' in \(container)" }
    static func unknownKey(_ key: String, in container: String, suggestion: String) -> Message {
        "unknown key '\(key)' in \(container): did you mean '\(suggestion)'?"
    }
    static func renameKey(to key: String) -> Message { "rename the key to '\(key)'" }
    static func renameWouldRepeatKey(_ key: String) -> Message {
        "no fix is offered: '\(key)' is set here already, and the rename would repeat it"
    }
}
