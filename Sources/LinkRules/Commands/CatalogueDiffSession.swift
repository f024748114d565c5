/// The result of `linkrules diff`: the changes (approvals applied) in source order, the files they point into,
/// and whether the run fails at the chosen level.
public struct CatalogueDiffResult: Sendable {
    public var changes: [CatalogueChange]
    /// The base, head and approved-changes files by the path their locations name.
    public var sources: [String: SourceFile]
    public var failOn: FailThreshold

    /// The changes as diagnostics under `diff/<kind>` rule ids, for the lint reporters.
    public var diagnostics: [Diagnostic] { changes.map(\.diagnostic) }

    /// Whether any change is at or above the failing level.
    public var fails: Bool { changes.contains { failOn.fails($0.level.severity) } }

    /// What a reporter needs to print the changes; the `diff/…` kinds are documented as rules.
    public func reportInput(toolVersion: String) -> ReportInput {
        ReportInput(
            diagnostics: diagnostics, rules: CatalogueChangeKind.ruleDescriptions, sources: sources,
            toolVersion: toolVersion, failOn: failOn.severity)
    }
}

/// Loads a base and a head catalogue, diffs them and applies the approved changes: what `linkrules diff`
/// computes. The command reads the files (from disk, or the base from git with `--against`) and passes them in.
public struct CatalogueDiffSession: Sendable {
    public init() {}

    /// - Parameters:
    ///   - base: the base catalogue's files (for `--against REF`, read from git and named `REF:path`).
    ///   - head: the head catalogue's files.
    ///   - approved: the approved-changes file, when there is one.
    ///   - failOn: the level at which the run fails (default: breaking changes).
    ///   - today: the day of the diff (`--today` or the clock, read by the command): a deprecated link removed after
    ///     its sunset is not breaking; nil counts every removal as breaking.
    /// - Throws: `LoadError` when a catalogue or the approved-changes file cannot be loaded.
    public func run(
        base: [SourceFile], head: [SourceFile], approved: SourceFile? = nil,
        failOn: FailThreshold = ChangeLevel.breaking.failThreshold, today: CalendarDate? = nil
    ) throws -> CatalogueDiffResult {
        let loader = CatalogueLoader()
        let baseCatalogue = try loader.load(files: base)
        let headCatalogue = try loader.load(files: head)
        var changes = CatalogueDiffer(today: today).changes(from: baseCatalogue, to: headCatalogue)
        var sources: [String: SourceFile] = [:]
        for file in base + head { sources[file.path] = file }
        if let approved {
            changes = try ApprovedChanges(file: approved).apply(to: changes).sorted(by: CatalogueDiffer.sourceOrder)
            sources[approved.path] = approved
        }
        return CatalogueDiffResult(changes: changes, sources: sources, failOn: failOn)
    }
}
