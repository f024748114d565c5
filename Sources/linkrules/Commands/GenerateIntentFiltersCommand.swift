import ArgumentParser
import LinkRules

/// `linkrules generate intent-filters CATALOGUE`: the Android intent filters that open the catalogue's links.
struct GenerateIntentFiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intent-filters",
        abstract: "Generate the Android <intent-filter> elements that open the catalogue's links.",
        discussion: """
            One filter per scheme and host, android:autoVerify="true" for https, the narrowest path attribute for \
            each template (path for a literal path, pathPattern with '..*' for each placeholder) and a comment \
            naming each link and alias. Links of the schemes in 'schemes' and http(s) links to a host in 'hosts' \
            are included. Exit code 2 when the catalogue has none.
            """
    )

    @Argument(help: "The catalogue file.")
    var catalogue: String

    @Option(name: .shortAndLong, help: "Write the filters here instead of printing them.")
    var output: String?

    func run() throws {
        try emitGenerated(try IntentFilterGeneration(cataloguePath: catalogue).run(), output: output)
    }
}
