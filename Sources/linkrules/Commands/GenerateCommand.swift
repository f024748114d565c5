import ArgumentParser
import LinkRules

/// `linkrules generate KIND CATALOGUE`: writes a platform file (or the part of one) that the catalogue implies.
/// Each kind is a subcommand in a file of its own; they are registered here, in one place.
struct GenerateCommand: ParsableCommand {
    /// The generators, in the order `linkrules generate --help` lists them; a new generator is added here.
    static let generators: [any ParsableCommand.Type] = [
        AASACommand.self,
        URLTypesCommand.self,
        GenerateIntentFiltersCommand.self,
        GenerateAssetLinksCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate what a catalogue implies for the app and its web server.",
        subcommands: generators
    )
}

/// Prints generated text, or writes it to `--output` (an existing file replaced atomically).
func emitGenerated(_ text: String, output: String?) throws {
    if let output {
        try AssociationGeneration.write(text, to: output)
    } else {
        Output.standardOutput(text)
    }
}

/// `linkrules generate url-types CATALOGUE`: prints (or writes) the Info.plist `CFBundleURLTypes` entry that
/// registers the catalogue's custom schemes.
struct URLTypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url-types",
        abstract: "Generate the Info.plist 'CFBundleURLTypes' entry for a catalogue's custom schemes.",
        discussion: """
            The schemes are the catalogue's 'schemes', then any other non-web scheme its links use. Paste the \
            output inside the top-level <dict> of the app's Info.plist. Exit code 2 when there is no custom scheme.
            """
    )

    @Argument(help: "The catalogue file.")
    var catalogue: String

    @Option(name: .shortAndLong, help: "Write the snippet here instead of printing it.")
    var output: String?

    func run() throws {
        try emitGenerated(try URLTypesGeneration(cataloguePath: catalogue).run(), output: output)
    }
}
