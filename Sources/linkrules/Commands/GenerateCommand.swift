import ArgumentParser
import LinkRules

/// `linkrules generate KIND CATALOGUE`: writes a platform file the catalogue implies. Each kind is a subcommand
/// in a file of its own; they are registered here, in one place.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate what a catalogue implies for the app and its web server.",
        subcommands: [GenerateIntentFiltersCommand.self, GenerateAssetLinksCommand.self]
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
