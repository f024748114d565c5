/// The result of linting: the diagnostics in source order, the files they point into (for reporters), and
/// whether the run fails under the configured threshold.
public struct LintResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var sources: [String: SourceFile]
    public var failOn: FailThreshold
    /// The catalogue linted.
    var catalogue: Catalogue

    /// Whether any diagnostic is at or above the failing severity.
    public var fails: Bool { diagnostics.contains { failOn.fails($0.severity) } }

    init(diagnostics: [Diagnostic], sources: [String: SourceFile], failOn: FailThreshold, catalogue: Catalogue) {
        self.diagnostics = diagnostics
        self.sources = sources
        self.failOn = failOn
        self.catalogue = catalogue
    }
}

/// Loads catalogues and lints them as one; the commands print and exit, this only computes.
public struct LintSession: Sendable {
    public let workspace: Workspace
    let linter: Linter

    /// A session over `workspace`'s catalogues, linted on `today` (`lint --today` or the clock, which the command
    /// reads; nil leaves out the checks that compare dates).
    public init(workspace: Workspace, today: CalendarDate? = nil) throws {
        self.workspace = workspace
        var linter = try Linter(configuration: workspace.configuration)
        linter.today = today
        self.linter = linter
    }

    /// Lints the workspace's catalogues. `failOn` overrides the configuration's `fail_on`.
    public func run(failOn: FailThreshold? = nil) throws -> LintResult {
        guard !workspace.cataloguePaths.isEmpty else {
            throw LoadError(
                "no catalogue to lint: name one (linkrules lint links.yml) or list them under 'catalogues:' in \(Configuration.fileName)",
                file: workspace.configuration.file?.path ?? workspace.workingDirectory)
        }
        let files = try workspace.readCatalogues()
        return try lint(files: files, failOn: failOn)
    }

    /// Lints already-read files (used by `--fix` to re-lint edited text).
    public func lint(files: [SourceFile], failOn: FailThreshold? = nil) throws -> LintResult {
        var catalogue = try CatalogueLoader().load(files: files)
        workspace.associationLoader.load(into: &catalogue)
        workspace.androidFilesLoader.load(into: &catalogue)
        workspace.iosFilesLoader.load(into: &catalogue)
        let diagnostics = linter.lint(catalogue)
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.path] = file }
        if let association = catalogue.association?.file { sources[association.source.path] = association.source }
        for manifest in catalogue.android?.loadedManifests ?? [] {
            if let source = manifest.file?.source { sources[source.path] = source }
        }
        if let source = catalogue.android?.loadedAssetLinks?.file?.source { sources[source.path] = source }
        for state in [catalogue.iosFiles.infoPlistContents, catalogue.iosFiles.entitlementsContents] {
            if let source = state?.propertyList?.source { sources[source.path] = source }
        }
        return LintResult(
            diagnostics: diagnostics, sources: sources, failOn: failOn ?? workspace.configuration.failOn,
            catalogue: catalogue)
    }
}
