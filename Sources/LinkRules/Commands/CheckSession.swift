/// Lints proposed links as if they were added to a catalogue (or to an empty one), for designers:
/// `linkrules check 'her://feed/community/9'`. Only findings about the proposed links are returned.
public struct CheckSession: Sendable {
    /// The pseudo-file name proposed links are reported in.
    public static let fileName = "<proposed link>"

    /// Rules about a route shadowing or repeating another, which do not apply to a concrete proposed link.
    static let routeRules: Set<String> = ["unreachable-route", "duplicate-link"]

    public let workspace: Workspace
    let linter: Linter

    public init(workspace: Workspace) throws {
        self.workspace = workspace
        self.linter = try Linter(configuration: workspace.configuration)
    }

    public func run(urls: [String], failOn: FailThreshold? = nil) throws -> LintResult {
        let text = urls.joined(separator: "\n") + "\n"
        let proposed = SourceFile(path: Self.fileName, text: text)
        try Self.refuseWhatIsNotALink(urls, in: proposed)
        let files = try workspace.readCatalogues()
        var catalogue = files.isEmpty ? Catalogue(files: []) : try CatalogueLoader().load(files: files)
        workspace.associationLoader.load(into: &catalogue)
        workspace.androidFilesLoader.load(into: &catalogue)
        workspace.iosFilesLoader.load(into: &catalogue)
        let parser = LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
        var offset = 0
        for url in urls {
            let length = url.utf8.count
            let scalar = Scalar(value: url, tokenRange: offset..<(offset + length), style: .plain)
            catalogue.links.append(
                Link(
                    index: catalogue.links.count, file: proposed, template: parser.parse(url), url: scalar,
                    entryRange: offset..<(offset + length)))
            offset += length + 1
        }
        catalogue.files.append(proposed)
        // A concrete link that an existing template serves is not a new route: what matters is how it is written,
        // not that the entry serving it comes first (that is `linkrules explain`'s answer).
        // Proposed link i is written on line i + 1 of the pseudo-file.
        let concreteLines = Set(urls.indices.filter { parser.parse(urls[$0]).placeholders.isEmpty }.map { $0 + 1 })
        let diagnostics = linter.lint(catalogue).filter { diagnostic in
            diagnostic.location.file == Self.fileName
                && !(Self.routeRules.contains(diagnostic.ruleID) && concreteLines.contains(diagnostic.location.line))
        }
        var sources: [String: SourceFile] = [Self.fileName: proposed]
        for file in files { sources[file.path] = file }
        if let association = catalogue.association?.file { sources[association.source.path] = association.source }
        return LintResult(
            diagnostics: diagnostics, sources: sources, failOn: failOn ?? workspace.configuration.failOn,
            catalogue: catalogue)
    }

    /// Stops at the first argument that is not a link at all (empty, or text with no `scheme:`), with its location
    /// in the pseudo-file: there is nothing to check in it. A link that has a scheme but breaks the URI syntax is
    /// checked, and `url-invalid` says where.
    static func refuseWhatIsNotALink(_ urls: [String], in proposed: SourceFile) throws {
        var offset = 0
        for url in urls {
            let length = url.utf8.count
            if url.isEmpty || !URLSyntax.hasSchemeShape(url) {
                let message: Message = url.isEmpty ? .emptyProposedLink : .proposedLinkWithoutScheme(url)
                throw LoadError(message, at: proposed.location(ofBytes: offset..<(offset + length)))
            }
            offset += length + 1
        }
    }
}

extension Message {
    static let emptyProposedLink: Message = "the link is empty: give a URL such as 'her://feed/communities/9'"
    static func proposedLinkWithoutScheme(_ text: String) -> Message {
        "'\(text)' is not a link: a URL starts with a scheme and ':', as in 'her://feed/communities/9' (RFC 3986)"
    }
}
