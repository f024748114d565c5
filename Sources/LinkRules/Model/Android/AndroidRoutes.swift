/// The catalogue's links (and aliases) as Android sees them: for each, the concrete URLs that stand for it (its
/// template with each placeholder given a value of its type, and its examples) and a matcher of concrete URLs,
/// so the Android rules can ask "does a filter open this link?" and "does a link describe this URL?".
struct AndroidRoutes: Sendable {
    /// One link or alias of the catalogue.
    struct Route: Sendable {
        var link: Link
        /// The alias scalar when the route is an alias, nil for the link's own URL.
        var alias: Scalar?
        var scheme: String
        var host: String?
        /// Concrete URLs standing for the route: the sample first, then the examples (for the link's own URL).
        var samples: [AndroidURI]
        /// The path's segments, nil where a placeholder stands.
        var pathSegments: [String?]?

        /// Where the route is written in the catalogue.
        var location: SourceLocation { link.file.location(ofBytes: (alias ?? link.url).tokenRange) }
        var text: String { (alias ?? link.url).value }

        /// Whether the route describes a concrete URL (scheme and host ignoring case, path segment by segment).
        func describes(_ uri: AndroidURI) -> Bool {
            guard uri.scheme.lowercased() == scheme, uri.host?.lowercased() == host else { return false }
            guard let pathSegments else { return uri.path == nil }
            let segments = Self.segments(uri.path ?? "")
            guard segments.count == pathSegments.count else { return false }
            return zip(segments, pathSegments).allSatisfy { segment, expected in
                expected.map { $0 == segment.lowercased() } ?? !segment.isEmpty
            }
        }

        static func segments(_ path: String) -> [String] {
            path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        }
    }

    private(set) var routes: [Route] = []
    /// The routes by "scheme host" (lowercased), for the rules' lookups.
    private var byAuthority: [String: [Int]] = [:]
    /// The lowercased hosts of the routes of each scheme ("" for none).
    private(set) var hostsByScheme: [String: Set<String>] = [:]

    /// The routes Android is asked to open: https and http links to a host of `hosts`, and links of a custom
    /// scheme of `schemes` (with their aliases).
    init(catalogue: Catalogue) {
        let hosts = Set(catalogue.hosts.map { $0.value.lowercased() })
        let schemes = catalogue.schemeNames
        let parser = LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
        for link in catalogue.links {
            let templates = [(link.template, nil as Scalar?)] + link.aliases.map { (parser.parse($0.value), $0) }
            for (template, alias) in templates {
                guard let sample = AndroidURI.sample(of: template) else { continue }
                let scheme = sample.scheme.lowercased()
                let isWeb = scheme == "https" || scheme == "http"
                guard isWeb ? hosts.contains(sample.host?.lowercased() ?? "") : schemes.contains(scheme) else { continue }
                var samples = [sample]
                if alias == nil { samples += link.examples.compactMap { AndroidURI($0.value) } }
                let route = Route(
                    link: link, alias: alias, scheme: scheme, host: sample.host?.lowercased(), samples: samples,
                    pathSegments: Self.pathSegments(of: template))
                byAuthority[Self.key(scheme, route.host), default: []].append(routes.count)
                hostsByScheme[scheme, default: []].insert(route.host ?? "")
                routes.append(route)
            }
        }
    }

    private static func key(_ scheme: String, _ host: String?) -> String { scheme + " " + (host ?? "") }

    /// The routes with a scheme and host (lowercase).
    func routes(scheme: String, host: String?) -> [Route] {
        (byAuthority[Self.key(scheme, host)] ?? []).map { routes[$0] }
    }

    /// Whether some route has the scheme and host.
    func hasRoutes(scheme: String, host: String?) -> Bool { byAuthority[Self.key(scheme, host)] != nil }

    /// Whether some route describes a concrete URL.
    func describes(_ uri: AndroidURI) -> Bool {
        routes(scheme: uri.scheme.lowercased(), host: uri.host?.lowercased()).contains { $0.describes(uri) }
    }

    /// The template's path segments (lowercased), nil for each segment holding a placeholder.
    private static func pathSegments(of template: LinkTemplate) -> [String?]? {
        let marker = "\u{1}"
        guard let uri = AndroidURI(template.text(replacingPlaceholders: { _ in marker })), let path = uri.path else { return nil }
        return Route.segments(path).map { $0.contains(marker) ? nil : $0.lowercased() }
    }
}
