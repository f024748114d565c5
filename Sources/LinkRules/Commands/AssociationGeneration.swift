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
    /// The one host whose universal links the file opens (`--host`): each domain serves its own file, so a
    /// pattern of one host in another's file opens the app for that other host's pages too.
    public var host: String?

    public init(cataloguePath: String, appIDs: [String] = [], host: String? = nil) {
        self.cataloguePath = cataloguePath
        self.appIDs = appIDs
        self.host = host
    }

    /// Loads the catalogue and returns the association file's text.
    /// - Throws: `LoadError` for an unreadable or invalid catalogue or an invalid app id.
    public func run() throws -> String {
        try generate().text
    }

    /// Loads the catalogue and returns the association file with what it lacks: without an app id the file
    /// names the placeholder `TEAMID.bundle.id`, without a universal link its `components` are empty, and a
    /// warning says so.
    public func generate() throws -> GeneratedFile {
        let catalogue = try CatalogueLoader().load(paths: [cataloguePath])
        var warnings: [String] = []
        let text = try Self.generate(catalogue, named: cataloguePath, appIDs: appIDs, host: host, warnings: &warnings)
        return GeneratedFile(text: text, warnings: warnings)
    }

    /// The app id a generated file names when neither the catalogue nor the command line gives one: it does not
    /// have the form of an app id, so `aasa-invalid` reports it until it is replaced.
    public static let placeholderAppID = "TEAMID.bundle.id"

    /// Whether `text` has the form of an app id, `TEAMID.bundle.id`.
    public static func isValidAppID(_ text: String) -> Bool { AssociationFile.isValidAppID(text) }

    /// The association file text for an already loaded catalogue (`named` is how errors name it).
    static func generate(_ catalogue: Catalogue, named name: String, appIDs given: [String] = []) throws -> String {
        var warnings: [String] = []
        return try generate(catalogue, named: name, appIDs: given, warnings: &warnings)
    }

    /// The association file text, adding to `warnings` what the file lacks (an app id, a universal link).
    static func generate(
        _ catalogue: Catalogue, named name: String, appIDs given: [String], host: String? = nil, warnings: inout [String]
    ) throws -> String {
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
        if appIDs.isEmpty {
            warnings.append(Message.noAppIDForAssociation(name).text)
            appIDs = [Self.placeholderAppID]
        }
        var entries = UniversalLinks(catalogue: catalogue).entries
        let hostOf = { (entry: UniversalLinkEntry) in entry.template.host?.lowercasedASCIIIfNeeded ?? "" }
        if let host {
            entries = entries.filter { hostOf($0) == host.lowercasedASCIIIfNeeded }
            if entries.isEmpty { throw LoadError(.noUniversalLinksOfHost(name, host: host), file: name) }
        } else {
            var hosts: [String] = []
            for entry in entries where !hosts.contains(hostOf(entry)) { hosts.append(hostOf(entry)) }
            if hosts.count > 1 { warnings.append(Message.associationForSeveralHosts(hosts).text) }
        }
        if entries.isEmpty { warnings.append(Message.noUniversalLinks(name).text) }
        return AssociationFile.generate(appIDs: appIDs, routes: entries.map(\.route))
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
        "'\(catalogue)' names no app: the file names 'TEAMID.bundle.id'; add 'app_ids: [TEAMID.bundle.id]' to the catalogue or pass --app-id TEAMID.bundle.id"
    }
    static func noUniversalLinksOfHost(_ catalogue: String, host: String) -> Message {
        "'\(catalogue)' has no universal link to '\(host)'"
    }
    static func associationForSeveralHosts(_ hosts: [String]) -> Message {
        let names = hosts.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "the file opens the universal links of \(hosts.count) hosts (\(names)), but each serves its own file: served by one, "
                + "the others' patterns open the app for its pages too; generate one file per host with --host")
    }
    static func noUniversalLinks(_ catalogue: String) -> Message {
        "'\(catalogue)' has no universal links (no https link to a host listed in 'hosts'): the file opens nothing"
    }
}

/// A generated file's text and what it lacks, for the command to print as warnings.
public struct GeneratedFile: Sendable {
    public var text: String
    public var warnings: [String]
}
