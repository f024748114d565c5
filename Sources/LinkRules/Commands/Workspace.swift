#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Resolves what a command works on: the configuration (named, or the nearest `.linkrules.yml` from the
/// catalogue's folder or the working directory, like Ruff) and the catalogue paths, shown relative to the
/// working directory when they are under it.
public struct Workspace: Sendable {
    public var workingDirectory: String
    var configuration: Configuration
    /// The catalogue paths to load, as they will be shown in diagnostics.
    public var cataloguePaths: [String]
    /// Catalogue files (by `CatalogueDiscovery`'s names) that the configuration's `catalogues:` does not list: a
    /// lint with no file named skips those under the configuration's folder, a file named on its own is linted
    /// without the app's declarations, and a file named beside a listed one is linted as part of the app
    /// (`unlistedCataloguesJoinTheApp`). Commands say so, as a note.
    public var unlistedCatalogues: [String] = []
    /// Whether the unlisted files were named beside a listed one, and are linted with the app's files.
    public var unlistedCataloguesJoinTheApp = false
    /// The configuration file in use, as shown in messages; nil when none was found.
    public var configurationPath: String? { configuration.file?.path }

    /// Reads the workspace's catalogues (resolving their paths against the working directory).
    public func readCatalogues() throws -> [SourceFile] {
        try cataloguePaths.map { path in
            try CatalogueLoader.read(
                path: Self.absolute(path, in: workingDirectory), displayName: path)
        }
    }

    /// Reads the association files the catalogues name.
    var associationLoader: AssociationLoader {
        AssociationLoader(workingDirectory: workingDirectory)
    }

    /// Reads the Android files (manifests, asset links) the catalogues name.
    var androidFilesLoader: AndroidFilesLoader {
        AndroidFilesLoader(workingDirectory: workingDirectory)
    }

    /// Reads the Info.plist and entitlements the catalogues name.
    var iosFilesLoader: IOSFilesLoader {
        IOSFilesLoader(workingDirectory: workingDirectory)
    }

    /// - Parameters:
    ///   - files: catalogue files named on the command line (may be empty).
    ///   - configPath: `--config`, when given.
    ///   - workingDirectory: the process's working directory, passed in by the command.
    ///   - discovers: with no file named and no `catalogues:` listed, find the catalogues under the working
    ///     directory by `CatalogueDiscovery`'s convention (what `linkrules lint` does), throwing
    ///     `NoCatalogueError` when there is none.
    public init(files: [String], configPath: String?, workingDirectory: String, discovers: Bool = false) throws {
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
        let configuration = configuration
        let appPaths = configuration.catalogues.map {
            Self.display(Self.absolute(configuration.resolve($0), in: workingDirectory), in: workingDirectory)
        }
        var named = files
        if discovers, files.isEmpty, appPaths.isEmpty {
            let found = CatalogueDiscovery.catalogues(in: workingDirectory)
            guard !found.isEmpty else { throw NoCatalogueError(folder: workingDirectory) }
            named = found
        }
        cataloguePaths = Self.catalogues(named: named, app: appPaths, workingDirectory: workingDirectory)
        guard discovers, !appPaths.isEmpty else { return }
        let key = { (path: String) in PathName.normalized(Self.absolute(path, in: workingDirectory)) }
        let listed = Set(appPaths.map(key))
        if files.isEmpty {
            unlistedCatalogues = CatalogueDiscovery.catalogues(in: configuration.directory)
                .map { Self.display(PathName.join(configuration.directory, $0), in: workingDirectory) }
                .filter { !listed.contains(key($0)) }
        } else if !files.contains(where: { listed.contains(key($0)) }) {
            unlistedCatalogues = files.filter { CatalogueDiscovery.isCatalogueName(PathName.lastComponent(of: $0)) }
        } else {
            unlistedCatalogues = files.filter { !listed.contains(key($0)) }
            unlistedCataloguesJoinTheApp = true
        }
    }

    /// What a lint of `files` covers. The app is the unit: a file that the configuration's `catalogues:` lists is
    /// linted with the whole app it belongs to (a pre-commit hook passes only the staged file, whose barriers and
    /// components may be declared in another), followed by any named file the list lacks. Files no configuration
    /// lists are linted as named; no file names the whole app.
    static func catalogues(named files: [String], app: [String], workingDirectory: String) -> [String] {
        guard !files.isEmpty else { return app }
        let key = { (path: String) in PathName.normalized(absolute(path, in: workingDirectory)) }
        let appKeys = Set(app.map(key))
        guard files.contains(where: { appKeys.contains(key($0)) }) else { return files }
        var seen = appKeys
        return app + files.filter { seen.insert(key($0)).inserted }
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

/// There was nothing to lint or explain a link against: no catalogue named, none listed by a configuration, none
/// found by name. Says where linkrules looked and what for, rather than pointing at a line of a folder.
public struct NoCatalogueError: Error, CustomStringConvertible, Sendable {
    /// The folder searched: the working directory.
    public var folder: String
    /// Whether the catalogue was wanted to explain a link against (`linkrules explain`) rather than to lint.
    public var forExplaining: Bool

    public init(folder: String, forExplaining: Bool = false) {
        self.folder = folder
        self.forExplaining = forExplaining
    }

    public var description: String {
        let purpose = forExplaining ? "explain the link against" : "lint"
        let example = forExplaining ? "linkrules explain URL --catalogue links.yml" : "linkrules lint links.yml"
        return "error: no catalogue to \(purpose) in '\(folder)': no \(Configuration.fileName) listing 'catalogues:' there or "
            + "above, and no file named \(CatalogueDiscovery.convention)"
            + "; name one (\(example)) or list them under 'catalogues:' in \(Configuration.fileName)"
    }
}
