import ArgumentParser
import Foundation
import LinkRules

/// `linkrules lint [FILES…]`: lints catalogues as one and reports the findings.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint deep-link catalogues.",
        discussion: """
            With no files, lints the catalogues listed under 'catalogues:' in the nearest .linkrules.yml. \
            Exit codes: 0 nothing at or above the failing severity, 1 findings at or above it, 2 bad input or usage.
            """
    )

    @Argument(help: "Catalogue files; several are linted as one app.")
    var files: [String] = []

    @Option(name: .long, help: "The configuration file (default: the nearest .linkrules.yml).")
    var config: String?

    @OptionGroup var reporting: ReportingOptions

    @OptionGroup(title: "Baseline") var baseline: BaselineOptions

    func run() throws {
        let workspace = try Workspace(files: files, configPath: config, workingDirectory: Output.workingDirectory)
        let linted = try LintSession(workspace: workspace).run(failOn: reporting.failOn?.threshold)
        let result = try baseline.apply(to: linted, workspace: workspace, quiet: reporting.quiet)
        let code = reporting.emit(result)
        if code != 0 { throw ExitCode(code) }
    }
}
