import ArgumentParser
import LinkRules

/// `linkrules generate assetlinks CATALOGUE`: the Digital Asset Links file for the catalogue's Android app.
struct GenerateAssetLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Generate /.well-known/assetlinks.json from 'android.package' and 'android.fingerprints'.",
        discussion: """
            One statement with the relation delegate_permission/common.handle_all_urls for the package and every \
            fingerprint (list Google Play's app signing key as well as the upload key). Exit code 2 when the \
            package or fingerprints are missing or a fingerprint is not 32 upper-case hexadecimal bytes.
            """
    )

    @Argument(help: "The catalogue file.")
    var catalogue: String

    @Option(name: .shortAndLong, help: "Write the file here instead of printing it.")
    var output: String?

    func run() throws {
        try emitGenerated(try AssetLinksGeneration(cataloguePath: catalogue).run(), output: output)
    }
}
