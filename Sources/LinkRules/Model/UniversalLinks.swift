/// The universal links of a catalogue (Cookpad's universal links): its `https` links, and their `aliases`, whose host is one of
/// the catalogue's `hosts`. For each one it builds a concrete sample URL to match against an association file,
/// and the association route that opens it.
struct UniversalLinks: Sendable {
    /// The catalogue's hosts, lowercased.
    let hosts: Set<String>
    /// Every universal link and alias, in catalogue order (a link before its aliases).
    let entries: [UniversalLinkEntry]

    init(catalogue: Catalogue) {
        let hosts = Set(catalogue.hosts.map { $0.value.lowercasedASCIIIfNeeded })
        self.hosts = hosts
        var entries: [UniversalLinkEntry] = []
        guard !hosts.isEmpty else {
            self.entries = []
            return
        }
        var aliasParser: LinkTemplateParser?
        for link in catalogue.links {
            if Self.isUniversal(link.template, hosts: hosts) {
                entries.append(UniversalLinkEntry(link: link, template: link.template, scalar: link.url, isAlias: false))
            }
            for alias in link.aliases where Self.mayBeWebLink(alias.value) {
                if aliasParser == nil { aliasParser = LinkTemplateParser(hosts: hosts) }
                let template = aliasParser!.parse(alias.value)
                if Self.isUniversal(template, hosts: hosts) {
                    entries.append(UniversalLinkEntry(link: link, template: template, scalar: alias, isAlias: true))
                }
            }
        }
        self.entries = entries
    }

    /// Whether a template is an `https` link to one of `hosts` (lowercased).
    static func isUniversal(_ template: LinkTemplate, hosts: Set<String>) -> Bool {
        guard let scheme = template.scheme, scheme.utf8.count == 5, scheme.lowercasedASCIIIfNeeded == "https",
            let host = template.host
        else { return false }
        return hosts.contains(host.lowercasedASCIIIfNeeded)
    }

    /// A cheap test before parsing an alias: only texts starting with `https:` can be universal links.
    private static func mayBeWebLink(_ text: String) -> Bool {
        text.utf8.count > 8 && text.prefix(6).lowercasedASCIIIfNeeded == "https:"
    }

    /// The association routes that open every universal link and alias, in catalogue order.
    var routes: [AssociationRoute] {
        entries.map(\.route)
    }
}

/// One universal link (or one alias of a link) of a catalogue, with the sample URL and route built from it.
struct UniversalLinkEntry: Sendable {
    var link: Link
    /// The parsed link or alias.
    var template: LinkTemplate
    /// The `url:` scalar, or the alias scalar, in the link's file.
    var scalar: Scalar
    var isAlias: Bool

    init(link: Link, template: LinkTemplate, scalar: Scalar, isAlias: Bool) {
        self.link = link
        self.template = template
        self.scalar = scalar
        self.isAlias = isAlias
    }

    /// A concrete path for the template, each placeholder replaced by a sample value of its type
    /// (`/recipes/{id:int}` → `/recipes/1234`), as written in a URL.
    var samplePath: String {
        var path = ""
        for component in template.components {
            path += "/"
            if let placeholder = component.placeholder {
                path += component.prefix + UniversalLinkSample.value(for: placeholder.type)
            } else {
                path += component.text
            }
        }
        if path.isEmpty || template.hasTrailingSlash { path += "/" }
        return path
    }

    /// The template's query items with placeholders replaced by sample values.
    var sampleQuery: [(String, String?)] {
        template.query.map { item in
            (item.name, item.placeholder.map { UniversalLinkSample.value(for: $0.type) } ?? item.value)
        }
    }

    /// The concrete sample URL: `https://host` + the sample path and query.
    var sampleURL: String {
        var url = "https://\(template.host ?? "")\(samplePath)"
        let query = sampleQuery
        if !query.isEmpty { url += "?" + query.map { name, value in value.map { "\(name)=\($0)" } ?? name }.joined(separator: "&") }
        if let fragment = template.fragment { url += "#" + fragment }
        return url
    }

    /// The UTF-8 range of the path in the link or alias text (the host when the path is empty).
    var pathSpan: Range<Int> {
        if let first = template.components.first, let last = template.components.last {
            return first.span.lowerBound..<last.span.upperBound
        }
        return template.hostSpan ?? 0..<template.text.utf8.count
    }

    /// Where a UTF-8 range of the link or alias text is in the catalogue file.
    func location(of span: Range<Int>) -> SourceLocation {
        link.file.location(ofBytes: scalar.sourceRange(ofValue: span, in: link.file))
    }

    /// The association route that opens this link: each placeholder becomes `?*` (one character or more), a
    /// literal `*` or `?` is percent-encoded so it is not a wildcard, and the query items it names must be present.
    var route: AssociationRoute {
        var path = ""
        for component in template.components {
            path += "/"
            if component.placeholder != nil {
                path += UniversalLinkSample.escapedLiteral(component.prefix) + "?*"
            } else {
                path += UniversalLinkSample.escapedLiteral(component.text)
            }
        }
        if path.isEmpty || template.hasTrailingSlash { path += "/" }
        let comment = link.title?.value ?? template.text
        return AssociationRoute(
            path: path, queryNames: template.query.map(\.name),
            comment: isAlias ? "\(comment) (older form \(template.text))" : comment)
    }
}

/// Sample values of placeholder types, and literal text made safe for association patterns.
enum UniversalLinkSample {
    /// A value a placeholder of the type accepts, used to build a concrete URL from a template.
    static func value(for type: PlaceholderType?) -> String {
        switch type {
        case .int: "1234"
        case .uuid: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        case .slug: "sample-slug"
        case .base64json: "e30"
        case .string, nil: "sample"
        }
    }

    /// Literal path text with the pattern wildcards `*` and `?` percent-encoded.
    static func escapedLiteral(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }) else { return text }
        return text.replacingAll("*", with: "%2A").replacingAll("?", with: "%3F")
    }
}
