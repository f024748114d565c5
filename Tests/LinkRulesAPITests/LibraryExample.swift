// The example of README.md's "Using the library", compiled here with a plain `import LinkRules` so that the
// README's code keeps building against the public API. Keep the two the same.
import LinkRules

/// What the README's example computes for one catalogue: a lint report, the safe fixes' diff, an explanation of
/// one link and the breaking changes against an edited copy.
struct LibraryExample {
    /// Lints the catalogues (none: those of the nearest .linkrules.yml) and renders the findings as SARIF.
    static func lintReport(files: [String], in directory: String) throws -> (report: String, fails: Bool) {
        let workspace = try Workspace(files: files, configPath: nil, workingDirectory: directory)
        let result = try LintSession(workspace: workspace).run()
        let input = ReportInput(
            diagnostics: result.diagnostics, rules: RuleRegistry.descriptions, sources: result.sources,
            toolVersion: "my-tool 1.0", failOn: result.failOn.severity)
        return (OutputFormat.sarif.reporter.report(input, options: ReportOptions()), result.fails)
    }

    /// The unified diff the safe fixes would make; `FixSession.write(result)` would write the fixed files.
    static func safeFixDiff(files: [String], in directory: String) throws -> String {
        let workspace = try Workspace(files: files, configPath: nil, workingDirectory: directory)
        let result = try FixSession(lintSession: LintSession(workspace: workspace), includesUnsafe: false).run()
        return result.diff()
    }

    /// How the app would handle a link, as `linkrules explain` prints it, and the template of the entry that wins
    /// dispatch (nil when none matches).
    static func explain(_ url: String, files: [String], in directory: String) throws -> (text: String, winner: String?) {
        let workspace = try Workspace(files: files, configPath: nil, workingDirectory: directory)
        let explanation = try ExplainSession(workspace: workspace).run(url: url)
        return (explanation.formatted(as: .text), explanation.match?.entry.url)
    }

    /// The breaking changes between two versions of a catalogue, as "rule-id: message".
    static func breakingChanges(base: SourceFile, head: SourceFile) throws -> [String] {
        let diff = try CatalogueDiffSession().run(base: [base], head: [head])
        return diff.changes.filter { $0.level == .breaking }.map { "\($0.diagnostic.ruleID): \($0.message)" }
    }

    /// The rules and what each one checks.
    static func ruleList() -> [String] {
        RuleRegistry.descriptions.map { "\($0.id): \($0.summary)" }
    }
}
