import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules explain URL`: how the app would handle a link, step by step. Exits 1 when no entry matches.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show how the app handles a link: the entry that matches, the steps, the parameters, where it stops.",
        discussion: """
            Without --catalogue, the catalogues of the nearest .linkrules.yml are used, else the catalogue files \
            found under the working directory as 'linkrules lint' finds them. Exits 1 when no entry matches the \
            link, listing the closest entries.
            """
    )

    @Argument(help: "The link to explain.")
    var url: String

    @Option(name: .long, help: "The catalogue the link is resolved against (repeat for a catalogue in several files).")
    var catalogue: [String] = []

    @Option(name: .long, help: "The configuration file (default: the nearest .linkrules.yml).")
    var config: String?

    @Option(name: .long, help: "Output format.")
    var format: ExplanationFormat = .text

    @Flag(inversion: .prefixedNo, help: "Accepted as by the other commands: the explanation is written without colour either way.")
    var color: Bool?

    func run() throws {
        let workspace: Workspace
        do {
            workspace = try Workspace(
                files: catalogue, configPath: config, workingDirectory: Output.workingDirectory, discovers: true)
        } catch var error as NoCatalogueError {
            error.forExplaining = true
            throw error
        }
        let explanation = try ExplainSession(workspace: workspace).run(url: url)
        Output.standardOutput(explanation.formatted(as: format))
        if !explanation.isMatched { throw ExitCode(1) }
    }
}

extension ExplanationFormat: ExpressibleByArgument {}
