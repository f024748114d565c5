import ArgumentParser
import LinkRules

/// `lint --baseline F` and `--write-baseline F`: accept the findings recorded in a baseline file, or record them.
struct BaselineOptions: ParsableArguments {
    @Option(name: .long, help: "Report only findings not recorded in this baseline file (default: 'baseline:' in .linkrules.yml).")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Record every current finding in this baseline file, then report against it.")
    var writeBaseline: String?

    /// Applies the baseline to the result and prints to stderr what was written and which entries are stale
    /// (unless `quiet`).
    func apply(to result: LintResult, workspace: Workspace, quiet: Bool) throws -> LintResult {
        let outcome = try BaselineSession(workspace: workspace).apply(to: result, reading: baseline, writing: writeBaseline)
        if !quiet {
            if let written = outcome.writtenCount, let path = outcome.baselinePath {
                Output.standardError("wrote \(written) finding\(written == 1 ? "" : "s") to the baseline '\(path)'\n")
            }
            Output.standardError(outcome.staleReport)
        }
        return outcome.result
    }
}
