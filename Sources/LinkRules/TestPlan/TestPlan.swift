/// What QA runs on a device for a catalogue (`linkrules test-plan`): for every link and alias, concrete test URLs
/// (the entry's examples, a plain value for each placeholder, then the values apps get wrong), what the app should
/// do with each (the steps `explain` gives) and the commands that open it on an iOS simulator and an Android device.
public struct TestPlan: Sendable {
    /// The catalogue's `app:` name.
    public var app: String?
    /// The catalogue files the plan is made from, as named.
    public var files: [String]
    /// The Android application id the adb commands start the URL in; nil lets Android pick by intent filters.
    public var androidPackage: String?
    /// One route per link, then per alias of it, in catalogue order.
    public var routes: [Route]

    /// A link's URL template or one of its aliases, with its test URLs.
    public struct Route: Sendable {
        /// The template as written.
        public var template: String
        /// The link's URL when this route is one of its aliases.
        public var aliasOf: String?
        public var title: String?
        /// Where the template is written.
        public var location: SourceLocation
        /// Whether it is an https link, which iOS opens as a universal link.
        public var isUniversalLink: Bool
        /// The link's place in the catalogue.
        var linkIndex: Int
        public var cases: [Case]
    }

    /// One URL to open, why it is in the plan, and what the app should do with it.
    public struct Case: Sendable {
        /// The URL exactly as the commands pass it to the app.
        public var url: String
        /// Where the URL comes from: `example`, `plain values`, or the hard value it carries (`id: the largest int`).
        public var label: String
        /// How the catalogue says the app handles the URL.
        var expectation: LinkExplanation
        /// Whether dispatch hands the URL to the route's own link (false: another entry wins, or none matches).
        public var reachesItsLink: Bool
        /// For a hard value, the placeholder (or parameter) and the value the app must get once the URL is
        /// decoded; an empty value for an optional parameter given empty.
        public var received: (placeholder: String, value: String)?
    }

    /// Every test URL of the plan, in order.
    public var urls: [String] { routes.flatMap { $0.cases.map(\.url) } }
}

/// Builds a `TestPlan` from a loaded catalogue: generates the URLs of each route and explains each with
/// `LinkExplainer`, the same model `linkrules explain` uses.
struct TestPlanBuilder {
    let catalogue: Catalogue
    private let parser: LinkTemplateParser
    private let explainer: LinkExplainer
    /// Every route of the catalogue, to find the links that match a test URL without trying them all.
    private let routes: RouteTrie

    init(catalogue: Catalogue) {
        self.catalogue = catalogue
        parser = LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
        explainer = LinkExplainer(catalogue: catalogue)
        routes = RouteTrie(links: catalogue.links, parser: parser)
    }

    /// How the app handles `url`: the links whose routes match it are found in the route index and explained
    /// among; a URL no indexed route matches (an opaque one, one no link opens) is explained against every link.
    private func explain(_ url: String) -> LinkExplanation {
        if let shape = RouteShape(parser.parse(url.lowercasedASCIIIfNeeded)) {
            var visited = 0
            let links = Set(routes.routes(subsuming: shape, visited: &visited).map(\.link)).sorted()
            if !links.isEmpty {
                let explanation = explainer.explain(url, among: links)
                if explanation.isMatched { return explanation }
            }
        }
        return explainer.explain(url)
    }

    func plan(files: [String], androidPackage: String?) -> TestPlan {
        var routes: [TestPlan.Route] = []
        for link in catalogue.links {
            var urls = link.examples.map { GeneratedURL(url: $0.value, label: "example") }
            urls += generatedURLs(link.template, hasExamples: !link.examples.isEmpty)
            routes.append(route(link.url.value, aliasOf: nil, location: link.urlLocation, link: link, urls: urls))
            for alias in link.aliases {
                let template = parser.parse(alias.value)
                routes.append(
                    route(
                        alias.value, aliasOf: link.url.value, location: link.file.location(ofBytes: alias.tokenRange),
                        link: link, urls: generatedURLs(template, hasExamples: false)))
            }
        }
        return TestPlan(app: catalogue.app?.value, files: files, androidPackage: androidPackage, routes: routes)
    }

    private func route(
        _ template: String, aliasOf: String?, location: SourceLocation, link: Link, urls: [GeneratedURL]
    ) -> TestPlan.Route {
        var seen = Set<String>()
        let cases = urls.filter { seen.insert($0.url).inserted }.map { generated in
            let explanation = explain(generated.url)
            return TestPlan.Case(
                url: generated.url, label: generated.label, expectation: explanation,
                reachesItsLink: explanation.match?.entry.index == link.index, received: generated.received)
        }
        let parsed = parser.parse(template)
        return TestPlan.Route(
            template: template, aliasOf: aliasOf, title: link.title?.value, location: location,
            isUniversalLink: parsed.isWebLink && parsed.scheme?.lowercasedASCIIIfNeeded == "https", linkIndex: link.index,
            cases: cases)
    }

    /// A test URL and why it is in the plan.
    private struct GeneratedURL {
        var url: String
        var label: String
        var received: (placeholder: String, value: String)? = nil
    }

    /// A placeholder of a template and where it stands.
    private struct Slot {
        var placeholder: PlaceholderSpan
        var position: TestValues.Position { placeholder.isInQuery ? .query : .path }
    }

    /// The URLs made from a template: plain values in every placeholder (unless the entry has examples and no
    /// placeholder), then each hard value of each placeholder with the others plain, then each optional
    /// parameter the path's components accept given empty.
    private func generatedURLs(_ template: LinkTemplate, hasExamples: Bool) -> [GeneratedURL] {
        // Every placeholder, each of a component that holds several (`v{major}.{minor}`) too.
        let slots = template.placeholderSpans.map { Slot(placeholder: $0) }
        let plainValues = slots.map { TestValues.plain($0.placeholder.type) }
        let plain = substitute(plainValues, into: template, slots: slots)
        var urls: [GeneratedURL] = []
        if !slots.isEmpty || !hasExamples {
            urls.append(GeneratedURL(url: plain, label: slots.isEmpty ? "the link as written" : "plain values"))
        }
        for (index, slot) in slots.enumerated() {
            for value in TestValues.hard(slot.placeholder.type) {
                var values = plainValues
                values[index] = value.raw
                urls.append(
                    GeneratedURL(
                        url: substitute(values, into: template, slots: slots),
                        label: "\(slot.placeholder.name): \(value.label ?? "")",
                        received: TestValues.encoded(value.raw, for: slot.position) == value.raw
                            ? nil : (slot.placeholder.name, value.raw)))
            }
        }
        for name in optionalParams(of: template) {
            urls.append(
                GeneratedURL(
                    url: withEmptyParam(name, in: plain, hasQuery: !template.query.isEmpty),
                    label: "an empty optional '\(name)'", received: (name, "")))
        }
        return urls
    }

    /// The template's text with each slot's placeholder replaced by its value, percent-encoded for its position.
    private func substitute(_ values: [String], into template: LinkTemplate, slots: [Slot]) -> String {
        let bytes = Array(template.text.utf8)
        var result: [UInt8] = []
        var at = 0
        for (slot, value) in zip(slots, values) {
            let span = slot.placeholder.span
            guard span.lowerBound >= at, span.upperBound <= bytes.count else { continue }
            result += bytes[at..<span.lowerBound]
            result += Array(TestValues.encoded(value, for: slot.position).utf8)
            at = span.upperBound
        }
        result += bytes[at...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The query parameters the components on the template's path accept (`params:` in the vocabulary) that the
    /// template does not already carry, in path order.
    private func optionalParams(of template: LinkTemplate) -> [String] {
        var given = Set(template.query.map { $0.name.lowercasedASCIIIfNeeded })
        var names: [String] = []
        for component in template.components where component.isLiteral {
            for param in catalogue.component(named: component.name)?.params ?? [] where given.insert(param.value.lowercasedASCIIIfNeeded).inserted {
                names.append(param.value)
            }
        }
        return names
    }

    /// `url` with `name=` added to its query, before its fragment.
    private func withEmptyParam(_ name: String, in url: String, hasQuery: Bool) -> String {
        let item = (hasQuery ? "&" : "?") + TestValues.encoded(name, for: .query) + "="
        guard let hash = url.firstIndex(of: "#") else { return url + item }
        return String(url[..<hash]) + item + String(url[hash...])
    }
}
