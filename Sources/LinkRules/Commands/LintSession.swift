/// The result of linting: the diagnostics in source order, the files they point into (for reporters), and
/// whether the run fails under the configured threshold.
public struct LintResult: Sendable {
    /// A long catalogue's findings are held encoded, and decoded as they are read (`DiagnosticList`).
    public var diagnostics: DiagnosticList
    public var sources: [String: SourceFile]
    public var failOn: FailThreshold
    /// The catalogue linted. A catalogue linted in parts (`LintStreaming`) has its declarations and load findings
    /// but no links.
    public var catalogue: Catalogue

    /// Whether any diagnostic is at or above the failing severity.
    public var fails: Bool { diagnostics.indices.contains { failOn.fails(diagnostics.severity(at: $0)) } }

    public init(diagnostics: DiagnosticList, sources: [String: SourceFile], failOn: FailThreshold, catalogue: Catalogue) {
        self.diagnostics = diagnostics
        self.sources = sources
        self.failOn = failOn
        self.catalogue = catalogue
    }

    public init(diagnostics: [Diagnostic], sources: [String: SourceFile], failOn: FailThreshold, catalogue: Catalogue) {
        self.init(diagnostics: DiagnosticList(diagnostics), sources: sources, failOn: failOn, catalogue: catalogue)
    }
}

/// Whether `LintSession.run` lints a long catalogue of one file in parts, letting each part's links go once the
/// rules have seen them (`Linter.lint(parts:)`), rather than loading it whole. The findings are the same either
/// way, in the same order; streaming keeps the memory a lint holds to a small part of the links' size.
public enum LintStreaming: Sendable, Hashable {
    /// In parts when the catalogue is one file of at least `minimumEntries` links whose `links:` block has the
    /// plain layout and which names no association file (`aasa:`).
    case automatic
    /// Always load the catalogue whole.
    case never
    /// In parts of at most this many entries whenever the catalogue could be read in parts at all, for tests.
    case partsOf(entries: Int)

    /// The most links in a part when streaming.
    static let entriesPerPart = 1024
    /// The fewest links `automatic` streams: below, a catalogue's links take little memory.
    static let minimumEntries = 4 * entriesPerPart
}

/// Loads catalogues and lints them as one; the commands print and exit, this only computes.
public struct LintSession: Sendable {
    public let workspace: Workspace
    public let linter: Linter
    /// Whether `run` streams a long catalogue; `lint(files:failOn:)`, whose result `--fix` edits, never does.
    public var streaming = LintStreaming.automatic

    public init(workspace: Workspace) throws {
        self.workspace = workspace
        self.linter = try Linter(configuration: workspace.configuration)
    }

    /// Lints the workspace's catalogues. `failOn` overrides the configuration's `fail_on`.
    public func run(failOn: FailThreshold? = nil) throws -> LintResult {
        guard !workspace.cataloguePaths.isEmpty else {
            throw LoadError(
                "no catalogue to lint: name one (linkrules lint links.yml) or list them under 'catalogues:' in \(Configuration.fileName)",
                file: workspace.configuration.file?.path ?? workspace.workingDirectory)
        }
        let files = try workspace.readCatalogues()
        let result = try lintInParts(files, failOn: failOn) ?? lint(files: files, failOn: failOn)
        // A large file is mapped and read as the lint goes (`SourceBytes`): one written to meanwhile may have been
        // read half old and half new.
        if let changed = files.first(where: \.bytes.fileChanged) {
            throw LoadError("the file changed while it was being linted: lint it again", file: changed.path)
        }
        return result
    }

    /// The result of linting `files` in parts (`streaming`), or nil when they are to be loaded whole. The result's
    /// catalogue holds the declarations and load findings but no links.
    private func lintInParts(_ files: [SourceFile], failOn: FailThreshold?) throws -> LintResult? {
        guard files.count == 1 else { return nil }
        let entriesPerPart: Int
        let minimumEntries: Int
        switch streaming {
        case .never: return nil
        case .automatic: (entriesPerPart, minimumEntries) = (LintStreaming.entriesPerPart, LintStreaming.minimumEntries)
        case .partsOf(let entries): (entriesPerPart, minimumEntries) = (max(entries, 1), 1)
        }
        guard let parts = try CatalogueFileParts(file: files[0], entriesPerPart: entriesPerPart, minimumEntries: minimumEntries),
            parts.declarations.associationFile == nil,
            let (diagnostics, catalogue) = linter.lint(parts: parts)
        else { return nil }
        return LintResult(
            diagnostics: diagnostics, sources: [files[0].path: files[0]], failOn: failOn ?? workspace.configuration.failOn,
            catalogue: catalogue)
    }

    /// Lints already-read files (used by `--fix` to re-lint edited text).
    public func lint(files: [SourceFile], failOn: FailThreshold? = nil) throws -> LintResult {
        var catalogue = try CatalogueLoader().load(files: files)
        workspace.associationLoader.load(into: &catalogue)
        let diagnostics = linter.lint(catalogue)
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.path] = file }
        if let association = catalogue.association?.file { sources[association.source.path] = association.source }
        return LintResult(
            diagnostics: diagnostics, sources: sources, failOn: failOn ?? workspace.configuration.failOn,
            catalogue: catalogue)
    }
}
