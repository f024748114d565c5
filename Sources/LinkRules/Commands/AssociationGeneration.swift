#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `linkrules aasa CATALOGUE` computes: the `applinks` section of an apple-app-site-association file that
/// opens every universal link of the catalogue (Cookpad's universal links), for the apps named by `--app-id` or `app_ids:`.
public struct AssociationGeneration: Sendable {
    public var cataloguePath: String
    /// App ids given on the command line; they replace the catalogue's `app_ids`.
    public var appIDs: [String]

    public init(cataloguePath: String, appIDs: [String] = []) {
        self.cataloguePath = cataloguePath
        self.appIDs = appIDs
    }

    /// Loads the catalogue and returns the association file's text.
    /// - Throws: `LoadError` for an unreadable or invalid catalogue, no app id, an invalid app id, or no
    ///   universal link to open.
    public func run() throws -> String {
        let catalogue = try CatalogueLoader().load(paths: [cataloguePath])
        return try Self.generate(catalogue, named: cataloguePath, appIDs: appIDs)
    }

    /// Whether `text` has the form of an app id, `TEAMID.bundle.id`.
    public static func isValidAppID(_ text: String) -> Bool { AssociationFile.isValidAppID(text) }

    /// The association file text for an already loaded catalogue (`named` is how errors name it).
    static func generate(_ catalogue: Catalogue, named name: String, appIDs given: [String] = []) throws -> String {
        var appIDs: [String] = []
        if given.isEmpty {
            for scalar in catalogue.appIDs {
                guard AssociationFile.isValidAppID(scalar.value) else {
                    let file = catalogue.file(declaring: scalar)
                    let message = Message.invalidGeneratedAppID(scalar.value)
                    if let file { throw LoadError(message, at: file.location(ofBytes: scalar.tokenRange)) }
                    throw LoadError(message, file: name)
                }
                if !appIDs.contains(scalar.value) { appIDs.append(scalar.value) }
            }
        } else {
            for appID in given {
                guard AssociationFile.isValidAppID(appID) else { throw LoadError(.invalidGeneratedAppID(appID), file: name) }
                if !appIDs.contains(appID) { appIDs.append(appID) }
            }
        }
        guard !appIDs.isEmpty else { throw LoadError(.noAppIDForAssociation(name), file: name) }
        let routes = UniversalLinks(catalogue: catalogue).routes
        guard !routes.isEmpty else { throw LoadError(.noUniversalLinks(name), file: name) }
        return AssociationFile.generate(appIDs: appIDs, routes: routes)
    }

    /// Writes the generated text to `path`: an existing file is replaced atomically (keeping its permissions),
    /// a new one is written whole or not at all.
    public static func write(_ text: String, to path: String) throws {
        let bytes = Array(text.utf8)
        if let existing = FileManager.default.contents(atPath: path) {
            try AtomicFileWriter.replace(path: path, expectedOriginal: [UInt8](existing), with: bytes)
            return
        }
        try AtomicFileWriter.create(path: path, with: bytes)
    }
}

extension Message {
    static func invalidGeneratedAppID(_ appID: String) -> Message {
        "'\(appID)' is not an app id of the form 'TEAMID.bundle.id' (a team id of 10 uppercase letters or digits, a dot, then the bundle id)"
    }
    static func noAppIDForAssociation(_ catalogue: String) -> Message {
        "'\(catalogue)' names no app: add 'app_ids: [TEAMID.bundle.id]' to it or pass --app-id TEAMID.bundle.id"
    }
    static func noUniversalLinks(_ catalogue: String) -> Message {
        "'\(catalogue)' has no universal links: no https link to a host listed in 'hosts'"
    }
}
