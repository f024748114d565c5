/// Loads the catalogues and explains one link against them: what `linkrules explain` computes. It prints nothing;
/// the command formats the explanation and picks the exit code (1 when no entry matches).
public struct ExplainSession: Sendable {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Explains `url` against the workspace's catalogues.
    /// - Throws: `NoCatalogueError` when there is no catalogue; `LoadError` when one cannot be read or loaded.
    public func run(url: String) throws -> LinkExplanation {
        guard !workspace.cataloguePaths.isEmpty else {
            throw NoCatalogueError(folder: workspace.workingDirectory, forExplaining: true)
        }
        return try Self.explain(url: url, files: workspace.readCatalogues())
    }

    /// Explains `url` against already-read catalogue files, loaded as one catalogue.
    public static func explain(url: String, files: [SourceFile]) throws -> LinkExplanation {
        LinkExplainer(catalogue: try CatalogueLoader().load(files: files)).explain(url)
    }
}
