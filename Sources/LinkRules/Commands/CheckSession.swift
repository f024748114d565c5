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
        // What the catalogue's entries (before the proposals join them) make of each concrete proposal: the parts
        // they take as values, and the rules the serving entry ignores. Proposed link i is written on line i + 1
        // of the pseudo-file.
        let explainer = files.isEmpty ? nil : LinkExplainer(catalogue: catalogue)
        var served: [Int: (values: [Range<Int>], ignored: Set<String>)] = [:]
        // A concrete link that an existing template serves is not a new route: what matters is how it is written,
        // not that the entry serving it comes first (that is `linkrules explain`'s answer).
        var concreteLines: Set<Int> = []
        var offset = 0
        for (index, url) in urls.enumerated() {
            let length = url.utf8.count
            let link = parser.parse(url)
            if link.placeholders.isEmpty {
                concreteLines.insert(index + 1)
                if let match = explainer?.explain(url).match {
                    let entry = catalogue.links[match.entry.index]
                    let template = match.viaAlias.map { parser.parse($0) } ?? entry.template
                    let values = Self.valueSpans(of: link, servedBy: template).map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
                    served[index + 1] = (values, Set(entry.ignoredRules.map(\.value)))
                }
            }
            let scalar = Scalar(value: url, tokenRange: offset..<(offset + length), style: .plain)
            catalogue.links.append(
                Link(
                    index: catalogue.links.count, file: proposed, template: link, url: scalar,
                    entryRange: offset..<(offset + length)))
            offset += length + 1
        }
        catalogue.files.append(proposed)
        // A finding inside a value the serving entry takes with a placeholder is about the data, not the design
        // (Obsidian's `open?vault=work` where the catalogue writes `vault={vault}`), and a rule the entry ignores
        // is ignored for the links it serves.
        let diagnostics = linter.lint(catalogue).filter { diagnostic in
            guard diagnostic.location.file == Self.fileName,
                !(Self.routeRules.contains(diagnostic.ruleID) && concreteLines.contains(diagnostic.location.line))
            else { return false }
            guard let serving = served[diagnostic.location.line] else { return true }
            let start = diagnostic.location.range.start.offset
            return !serving.ignored.contains(diagnostic.ruleID) && !serving.values.contains { $0.contains(start) }
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

extension CheckSession {
    /// The UTF-8 ranges of a concrete link that a template takes as values: components, query values and a host
    /// the template writes with placeholders (a query item's whole `name=value`, where findings about it land).
    static func valueSpans(of link: LinkTemplate, servedBy template: LinkTemplate) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        if let hostSpan = link.hostSpan, RouteMatcher.hostPattern(of: template) != nil { spans.append(hostSpan) }
        for (index, component) in link.components.enumerated() where !template.components.isEmpty {
            let pattern = template.components[min(index, max(0, template.components.count - 1))]
            guard index < template.components.count || pattern.placeholder?.spansSegments == true,
                pattern.placeholder != nil
            else { continue }
            spans.append(component.span)
        }
        for item in template.query where item.placeholder != nil {
            if let given = link.query.first(where: { equalsLowercased($0.name, item.name) }) { spans.append(given.span) }
        }
        return spans
    }
}

extension Message {
    static let emptyProposedLink: Message = "the link is empty: give a URL such as 'her://feed/communities/9'"
    static func proposedLinkWithoutScheme(_ text: String) -> Message {
        "'\(text)' is not a link: a URL starts with a scheme and ':', as in 'her://feed/communities/9' (RFC 3986)"
    }
}
