import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules check URL…`: a designer's proposed links, checked against the catalogue's vocabulary when there is one.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check proposed links, with or without a catalogue.",
        discussion: "Without --catalogue, the catalogues of the nearest .linkrules.yml give the vocabulary, if any."
    )

    @Argument(help: "The proposed links.")
    var urls: [String]

    @Option(name: .long, help: "A catalogue whose vocabulary and links the proposals are checked against.")
    var catalogue: [String] = []

    @Option(name: .long, help: "The configuration file (default: the nearest .linkrules.yml).")
    var config: String?

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("give at least one link to check") }
    }

    func run() throws {
        let workspace = try Workspace(files: catalogue, configPath: config, workingDirectory: Output.workingDirectory)
        let result = try CheckSession(workspace: workspace).run(urls: urls, failOn: reporting.failOn?.threshold)
        let code = reporting.emit(result)
        if code != 0 { throw ExitCode(code) }
    }
}
