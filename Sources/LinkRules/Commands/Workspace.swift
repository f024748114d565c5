import FoundationEssentials

/// Resolves what a command works on: the configuration (named, or the nearest `.linkrules.yml` from the
/// catalogue's folder or the working directory, like Ruff) and the catalogue paths, shown relative to the
/// working directory when they are under it.
public struct Workspace: Sendable {
    public var workingDirectory: String
    public var configuration: Configuration
    /// The catalogue paths to load, as they will be shown in diagnostics.
    public var cataloguePaths: [String]
    /// Whether the catalogues, the association files they name and the baseline, when 1 MiB or more, are mapped
    /// rather than read into memory (`SourceBytes`), so that a long catalogue is never resident whole. Reading a
    /// mapped file that another program cuts short meanwhile raises a bus error: the `linkrules` executable names
    /// the file and exits 2 (`MappedFileFaults`). A program embedding the library without such a handler, or one
    /// that keeps a catalogue while its file may change, sets this to false to read them all into memory. (The
    /// configuration file is read when the workspace is made, before this can be set; one of 1 MiB or more is
    /// mapped too, and let go once decoded.)
    public var mapsLargeFiles = true

    /// Reads the workspace's catalogues (resolving their paths against the working directory).
    public func readCatalogues() throws -> [SourceFile] {
        try cataloguePaths.map { path in
            try CatalogueLoader.read(
                path: Self.absolute(path, in: workingDirectory), displayName: path, held: !mapsLargeFiles)
        }
    }

    /// Reads the association files the catalogues name, as the catalogues are read (`mapsLargeFiles`).
    public var associationLoader: AssociationLoader {
        AssociationLoader(workingDirectory: workingDirectory, held: !mapsLargeFiles)
    }

    /// - Parameters:
    ///   - files: catalogue files named on the command line (may be empty).
    ///   - configPath: `--config`, when given.
    ///   - workingDirectory: the process's working directory, passed in by the command.
    public init(files: [String], configPath: String?, workingDirectory: String) throws {
        self.workingDirectory = workingDirectory
        let loader = ConfigurationLoader()
        let searchFrom: String
        if let first = files.first {
            let absolute = Self.absolute(first, in: workingDirectory)
            searchFrom = PathName.parent(of: absolute)
        } else {
            searchFrom = workingDirectory
        }
        if let configPath {
            configuration = try loader.load(path: Self.absolute(configPath, in: workingDirectory), displayName: configPath)
        } else if let found = ConfigurationLoader.find(from: searchFrom) {
            configuration = try loader.load(path: found, displayName: Self.display(found, in: workingDirectory))
        } else {
            configuration = Configuration(directory: workingDirectory)
        }
        if files.isEmpty {
            let configuration = configuration
            cataloguePaths = configuration.catalogues.map {
                Self.display(Self.absolute(configuration.resolve($0), in: workingDirectory), in: workingDirectory)
            }
        } else {
            cataloguePaths = files
        }
    }

    static func absolute(_ path: String, in directory: String) -> String {
        PathName.join(directory, path)
    }

    /// `path` relative to `directory` when it lies under it.
    public static func display(_ path: String, in directory: String) -> String {
        let standardized = PathName.normalized(path)
        let base = PathName.normalized(directory)
        if standardized.hasPrefix(base + "/") { return String(standardized.dropFirst(base.count + 1)) }
        return path
    }
}
