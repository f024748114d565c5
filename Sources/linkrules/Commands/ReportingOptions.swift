import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// Options shared by the commands that report findings: format, failing severity, presentation.
struct ReportingOptions: ParsableArguments {
    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .customLong("fail-on"), help: "Fail (exit 1) on findings at or above this severity.")
    var failOn: FailOnArgument?

    @Flag(name: [.short, .long], help: "Only the diagnostic lines: no source excerpts, no summary.")
    var quiet = false

    @Flag(name: .long, help: "Append a count of findings per rule.")
    var statistics = false

    @Flag(inversion: .prefixedNo, help: "Colour the text output (default: when writing to a terminal).")
    var color: Bool?

    @Option(
        name: .customLong("rule-docs-base"),
        help: ArgumentHelp(
            "Folder or URL of the rule pages, linked from HTML and SARIF.",
            discussion: "Used only when it is an absolute URL, e.g. https://github.com/OWNER/linkrules/blob/main/rules/: SARIF then gets 'helpUri', and HTML links rule names to the pages; otherwise the HTML report embeds each rule's help.",
            valueName: "url"))
    var ruleDocsBase = "rules/"

    @OptionGroup var pathBase: PathBaseOption

    func reportOptions() -> ReportOptions {
        var options = ReportOptions()
        options.paths = pathBase.reportPaths()
        options.quiet = quiet
        options.statistics = statistics
        options.color = format == .text && (color ?? Output.isTerminal)
        options.ruleDocumentationBase = ruleDocsBase
        return options
    }

    /// Prints the result in the chosen format and returns the exit code: 1 when findings reach the failing severity.
    func emit(_ result: LintResult) -> Int32 {
        // The HTML report previews each fix whole, the old URL the fixer keeps in 'aliases' included.
        let result = format == .html ? result.previewingKeptAliases() : result
        let input = ReportInput(
            diagnostics: result.diagnostics, rules: RuleRegistry.descriptions, sources: result.sources,
            toolVersion: LinkRulesCommand.version, failOn: result.failOn.severity)
        format.reporter.write(input, options: reportOptions(), to: Output.reportStream)
        return result.fails ? 1 : 0
    }
}

/// `--path-base`, shared by the commands whose reports CI reads: the folder reports name files relative to.
struct PathBaseOption: ParsableArguments {
    @Option(
        name: .customLong("path-base"),
        help: ArgumentHelp(
            "Folder that SARIF, GitHub annotations, JUnit and checkstyle name files relative to.",
            discussion: "Default: the repository root (the nearest folder upwards with a .git), else the working directory.",
            valueName: "folder"))
    var folder: String?

    /// How reports name files: relative to the folder given, else to the repository root holding the working
    /// directory; nil outside a repository with no folder given.
    func reportPaths() -> ReportPaths? {
        let workingDirectory = Output.workingDirectory
        guard let base = folder ?? ReportPaths.repositoryRoot(containing: workingDirectory) else { return nil }
        return ReportPaths(workingDirectory: workingDirectory, base: base)
    }
}
