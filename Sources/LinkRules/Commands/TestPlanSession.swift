/// Loads the catalogues and makes their test plan: what `linkrules test-plan` computes. It prints nothing.
public struct TestPlanSession: Sendable {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The test plan of the workspace's catalogues; `androidPackage` names the app the adb commands start (by
    /// default the catalogue's `android.package`).
    /// - Throws: `LoadError` when there is no catalogue or one cannot be read or loaded.
    public func run(androidPackage: String?) throws -> TestPlan {
        guard !workspace.cataloguePaths.isEmpty else {
            throw LoadError(
                "no catalogue to make a test plan of: name one or list them under 'catalogues:' in \(Configuration.fileName)",
                file: workspace.configuration.file?.path ?? workspace.workingDirectory)
        }
        let files = try workspace.readCatalogues()
        return try Self.plan(files: files, androidPackage: androidPackage)
    }

    /// The test plan of already-read catalogue files, loaded as one catalogue; `androidPackage` overrides the
    /// catalogue's `android.package`.
    public static func plan(files: [SourceFile], androidPackage: String?) throws -> TestPlan {
        let catalogue = try CatalogueLoader().load(files: files)
        return TestPlanBuilder(catalogue: catalogue).plan(
            files: files.map(\.path), androidPackage: androidPackage ?? catalogue.android?.package?.value)
    }
}
