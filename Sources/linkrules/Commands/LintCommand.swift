import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules lint [FILES…]`: lints catalogues as one and reports the findings.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint deep-link catalogues.",
        discussion: """
            With no files, lints the catalogues listed under 'catalogues:' in the nearest .linkrules.yml. \
            Exit codes: 0 nothing at or above the failing severity, 1 findings at or above it, 2 bad input or usage. \
            --fix applies the safe fixes and --fix --unsafe-fixes all of them, keeping every changed URL in the \
            entry's aliases, then reports what remains; --diff prints what they would change and writes nothing \
            (exit 1 when there is something to change). --unsafe-fixes alone fixes nothing, as in Ruff.
            """
    )

    @Argument(help: "Catalogue files; several are linted as one app.")
    var files: [String] = []

    @Option(name: .long, help: "The configuration file (default: the nearest .linkrules.yml).")
    var config: String?

    @OptionGroup var reporting: ReportingOptions

    @Flag(name: .long, help: "Apply the safe fixes (meaning unchanged), then report what remains.")
    var fix = false

    @Flag(name: .customLong("unsafe-fixes"), help: "With --fix or --diff, also apply the fixes that change a public URL (the old URL is kept as an alias).")
    var unsafeFixes = false

    @Flag(name: .long, help: "Print a unified diff of what the fixes would change and write nothing; exit 1 when there are changes.")
    var diff = false

    @Flag(name: .customLong("exit-non-zero-on-fix"), help: "With --fix, exit 1 when a file was changed, even if no finding remains.")
    var exitNonZeroOnFix = false

    @OptionGroup(title: "Baseline") var baseline: BaselineOptions

    @Option(name: .long, help: "The day to lint on, YYYY-MM-DD (default: today by the clock, in UTC), for link-sunset.")
    var today: String?


    func run() throws {
        let workspace = try Workspace(
            files: files, configPath: config, workingDirectory: Output.workingDirectory, discovers: true)
        let session = try LintSession(workspace: workspace, today: try CalendarDate.parsingOption(today))
        // Notes for people, in the text format only: a machine format's reader (the SwiftPM plugin passes stderr on
        // with stdout) gets nothing but the report.
        if reporting.format == .text, !reporting.quiet, !workspace.unlistedCatalogues.isEmpty {
            let configurationName = workspace.configurationPath ?? ".linkrules.yml"
            let unlisted = workspace.unlistedCatalogues
            for path in unlisted.prefix(3) {
                let what =
                    files.isEmpty
                    ? "is named like a catalogue, but \(configurationName)'s 'catalogues:' does not list it: it was not linted"
                    : workspace.unlistedCataloguesJoinTheApp
                        ? "is not in \(configurationName)'s 'catalogues:': named with the app's files, it is linted as part of the app"
                        : "is not in \(configurationName)'s 'catalogues:': it is linted alone, without the app's other files"
                Output.standardError("note: '\(path)' \(what)\n")
            }
            if unlisted.count > 3 { Output.standardError("note: and \(unlisted.count - 3) more catalogue files not listed\n") }
        }
        guard fix || diff else {
            let linted = try baseline.apply(
                to: try session.run(failOn: reporting.failOn?.threshold), workspace: workspace, quiet: reporting.quiet)
            let code = reporting.emit(linted)
            // The run is over: exit with the model still alive, as compilers do, rather than spend the time of
            // freeing every link of a large catalogue one object at a time.
            withExtendedLifetime(linted) { exitProcess(code) }
        }
        let result = try FixSession(lintSession: session, includesUnsafe: unsafeFixes).run(failOn: reporting.failOn?.threshold)
        for rolledBack in result.rolledBack {
            Output.standardError("error: \(rolledBack); it was rolled back: please report this bug of the rule\n")
        }
        if diff {
            Output.standardOutput(result.diff())
            Output.standardError(result.summary(written: false) + "\n")
            let code = result.exitCode(written: false)
            if code != 0 { throw ExitCode(code) }
            return
        }
        try FixSession.write(result)
        let remaining = try baseline.apply(to: result.remaining, workspace: workspace, quiet: reporting.quiet)
        _ = reporting.emit(remaining)
        if !reporting.quiet {
            let summary = result.summary(written: true) + "\n"
            if reporting.format == .text { Output.standardOutput(summary) } else { Output.standardError(summary) }
        }
        let code: Int32 = remaining.fails || (exitNonZeroOnFix && !result.changedFiles.isEmpty) ? 1 : 0
        if code != 0 { throw ExitCode(code) }
    }
}

extension CalendarDate {
    /// The day a `--today` option names, or the clock's day in UTC when it is not given.
    static func parsingOption(_ text: String?) throws -> CalendarDate {
        guard let text else { return today() }
        guard let date = CalendarDate(text) else { throw ValidationError("--today '\(text)' is not a date: write YYYY-MM-DD") }
        return date
    }

    /// The clock's day in UTC: read here, in the executable, since the library never reads the clock.
    static func today() -> CalendarDate {
        let days = Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return CalendarDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
