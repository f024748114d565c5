import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules generate aasa CATALOGUE` (and its synonym `linkrules aasa`): prints (or writes) the apple-app-site-association file for the catalogue's
/// universal links.
struct AASACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Generate the apple-app-site-association 'applinks' section for a catalogue's universal links.",
        discussion: """
            Universal links are the catalogue's https links to a host in 'hosts'. The apps are the --app-id \
            options, or else the catalogue's 'app_ids'; when neither names an app the file names the placeholder \
            'TEAMID.bundle.id' and a warning says so. Each domain serves its own file: with universal links to \
            several hosts, generate one per host with --host (a warning says so). 'linkrules aasa' is a synonym of \
            'linkrules generate aasa'.
            """
    )

    @Argument(help: "The catalogue file.")
    var catalogue: String

    @Option(name: .customLong("app-id"), help: "An app id TEAMID.bundle.id (repeatable); replaces the catalogue's app_ids.")
    var appIDs: [String] = []

    @Option(name: .long, help: "Only the universal links of this host: each domain serves its own file.")
    var host: String?

    @Option(name: .shortAndLong, help: "Write the file here instead of printing it.")
    var output: String?

    func validate() throws {
        for appID in appIDs where !AssociationGeneration.isValidAppID(appID) {
            throw ValidationError("'\(appID)' is not an app id of the form 'TEAMID.bundle.id'")
        }
    }

    func run() throws {
        let generated = try AssociationGeneration(cataloguePath: catalogue, appIDs: appIDs, host: host).generate()
        for warning in generated.warnings { Output.standardError("warning: \(warning)\n") }
        let text = generated.text
        if let output {
            try AssociationGeneration.write(text, to: output)
        } else {
            Output.standardOutput(text)
        }
    }
}
