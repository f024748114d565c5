/// Turns what the sources of `linkrules init` gave into a commented catalogue: links grouped by route (URLs that
/// differ only in their ids are one template, with the originals as examples; their queries as `QueryInference`
/// decides), the schemes and hosts they use,
/// components with kinds inferred (a word followed by ids is a collection), the query parameters with the values
/// seen, and a comment wherever two sources disagree. Every step is a dictionary look-up: linear in the URLs.
struct CatalogueInference {
    /// How many original URLs a link keeps as examples.
    static let examplesKept = 3

    /// One route being built: its template, examples, title and where it came from.
    private struct Route {
        var template: String
        var examples: [String] = []
        var seen = 0
        var title: String?
        var sources: [String] = []
        var conflicts: [String] = []
        var queryNames: [String] = []
        /// The concrete URLs of the route with their queries (from URL lists), for `QueryInference`.
        var observations: [QueryInference.Observation] = []
        /// Notes by their text, each with the first place that gave it.
        var notes: [(text: String, at: String)] = []
    }

    private var routes: [Route] = []
    /// Routes by template with placeholder types erased (`{}`): sources that type a placeholder differently
    /// meet here.
    private var routeIndex: [String: Int] = [:]
    private var paramValues: [String: [String]] = [:]
    private var paramOrder: [String] = []
    private var excluded: [(pattern: AssociationPattern, source: String)] = []
    private(set) var urlCount = 0
    private var androidFiles: [InitAndroidFile] = []
    private var androidFilters: [AndroidIntentFilter] = []
    /// The dispatch orders the catalogue sources declare, in the order read.
    private var dispatchOrders: [(mode: DispatchMode, at: String)] = []

    init() {}

    mutating func add(_ reading: InitSourceReading) {
        for link in reading.links { add(link) }
        excluded += reading.excludedPaths
        if let android = reading.android { androidFiles.append(android) }
        androidFilters += reading.androidFilters
        if let dispatch = reading.dispatch { dispatchOrders.append(dispatch) }
    }

    private mutating func add(_ link: ObservedLink) {
        let template = Self.namingPlaceholders(link.template)
        let key = Self.erasingTypes(template).lowercasedASCIIIfNeeded
        urlCount += link.examples.count
        let position: Int
        if let known = routeIndex[key] {
            position = known
            let existing = routes[known].template
            let merged = Self.widening(existing, template)
            if Self.isConflict(existing, template) {
                routes[known].conflicts.append(
                    "\(link.source):\(link.line) gives '\(template)', \(routes[known].sources.first ?? "another source") gives '\(existing)': kept '\(merged)', which accepts both")
            }
            routes[known].template = merged
        } else {
            position = routes.count
            routeIndex[key] = position
            routes.append(Route(template: template))
        }
        if !routes[position].sources.contains(link.source) { routes[position].sources.append(link.source) }
        routes[position].seen += link.examples.count
        for example in link.examples where routes[position].examples.count < Self.examplesKept && !routes[position].examples.contains(example) {
            routes[position].examples.append(example)
        }
        if let url = link.seenAs { routes[position].observations.append(.init(url: url, query: link.queryValues)) }
        if routes[position].title == nil { routes[position].title = link.title }
        if let note = link.note, !routes[position].notes.contains(where: { $0.text == note }) {
            routes[position].notes.append((note, "\(link.source):\(link.line)"))
        }
        for (name, value) in link.queryValues {
            if !routes[position].queryNames.contains(name) { routes[position].queryNames.append(name) }
            if paramValues[name] == nil { paramOrder.append(name) }
            var values = paramValues[name, default: []]
            // A credential's values are never written, not even in a comment.
            if let value, values.count < 5, !values.contains(value), !QueryInference.isCredential(name) { values.append(value) }
            paramValues[name] = values
        }
    }

    /// `{id:int}` placeholders named: `id` when the template has one, else after the word before each
    /// (`{community_id:int}`), so no two share a name.
    static func namingPlaceholders(_ template: String) -> String {
        let generated = ["{id:int}", "{id:uuid}", "{value}"]
        let count = generated.reduce(0) { $0 + template.components(separatedBy: $1).count - 1 }
        guard count > 1 else { return template }
        var result = ""
        var used = Set<String>()
        var segments = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices where generated.contains(segments[index]) {
            let type = segments[index].dropFirst(3).dropLast().split(separator: ":").last.map(String.init)
            let word = index > 0 ? Inflector().singularize(segments[index - 1]).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "_" } : ""
            var name = word.isEmpty || word.hasPrefix("{") ? "id" : word + "_id"
            var suffix = 2
            while used.contains(name) { name = (word.isEmpty ? "id" : word + "_id") + "\(suffix)"; suffix += 1 }
            used.insert(name)
            let isValue = segments[index] == "{value}"
            segments[index] = isValue ? "{\(name)}" : "{\(name):\(type ?? "int")}"
        }
        result = segments.joined(separator: "/")
        return result
    }

    /// The template with every placeholder written `{}`.
    static func erasingTypes(_ template: String) -> String {
        var result = ""
        var depth = 0
        for character in template {
            if character == "{" {
                if depth == 0 { result += "{}" }
                depth += 1
            } else if character == "}" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// Two templates of one route merged: where one placeholder is untyped (an association file's wildcard) the
    /// typed one is kept; where both are typed and differ, the placeholder loses its type, accepting both.
    static func widening(_ a: String, _ b: String) -> String {
        let left = placeholders(of: a)
        let right = placeholders(of: b)
        guard left.count == right.count else { return a }
        func type(_ placeholder: String) -> Substring? {
            let parts = placeholder.dropFirst().dropLast().split(separator: ":", maxSplits: 1)
            return parts.count == 2 ? parts[1] : nil
        }
        var result = a
        for (x, y) in zip(left, right).reversed() where type(x.text) != type(y.text) {
            if type(x.text) == nil {
                result.replaceSubrange(x.range, with: y.text)
            } else if type(y.text) != nil {
                let name = x.text.dropFirst().dropLast().split(separator: ":").first.map(String.init) ?? "value"
                result.replaceSubrange(x.range, with: "{\(name)}")
            }
        }
        return result
    }

    /// Whether two templates of one route type a placeholder differently: a disagreement worth a comment.
    static func isConflict(_ a: String, _ b: String) -> Bool {
        func type(_ placeholder: String) -> Substring? {
            let parts = placeholder.dropFirst().dropLast().split(separator: ":", maxSplits: 1)
            return parts.count == 2 ? parts[1] : nil
        }
        return zip(placeholders(of: a), placeholders(of: b)).contains { x, y in
            type(x.text) != nil && type(y.text) != nil && type(x.text) != type(y.text)
        }
    }

    private static func placeholders(of text: String) -> [(text: String, range: Range<String.Index>)] {
        var found: [(String, Range<String.Index>)] = []
        var start: String.Index?
        for index in text.indices {
            if text[index] == "{" { start = index }
            if text[index] == "}", let open = start {
                let range = open..<text.index(after: index)
                found.append((String(text[range]), range))
                start = nil
            }
        }
        return found
    }

    // MARK: - Writing

    /// The catalogue as YAML, with comments saying where each part comes from.
    /// - Parameter manifestPaths: the Android files read, as the catalogue names them (relative to its folder).
    func catalogueText(sources: [String], manifestPaths: [String: String] = [:]) -> String {
        let parser = LinkTemplateParser(hosts: [])
        var schemes: [String] = []
        var hosts: [String] = []
        var components: [String: (kind: ComponentKind, idType: PlaceholderType?, params: [String])] = [:]
        var componentOrder: [String] = []
        for route in routes {
            let template = parser.parse(route.template)
            let scheme = template.scheme?.lowercasedASCIIIfNeeded ?? ""
            if template.isWebLink {
                // The host without the user information of a URL that had a password (`{user}:{password}@`).
                let host = template.authority.map { String(template.substring($0.hostSpan)).lowercasedASCIIIfNeeded } ?? ""
                if !host.isEmpty, !hosts.contains(host) { hosts.append(host) }
            } else if !scheme.isEmpty, !schemes.contains(scheme) {
                schemes.append(scheme)
            }
            guard !template.isOpaque else { continue }
            var lastWord: String?
            for (index, component) in template.components.enumerated() where component.isLiteral {
                let name = component.name
                guard !name.isEmpty else { continue }
                if components[name] == nil {
                    components[name] = (.screen, nil, [])
                    componentOrder.append(name)
                }
                if index + 1 < template.components.count, let placeholder = template.components[index + 1].placeholder,
                    placeholder.isIdentifier || placeholder.type != nil
                {
                    components[name]!.kind = .collection
                    if components[name]!.idType == nil { components[name]!.idType = placeholder.type }
                }
                lastWord = name
            }
            if let lastWord {
                for name in route.queryNames where !components[lastWord]!.params.contains(name) && !QueryInference.isTracking(name) {
                    components[lastWord]!.params.append(name)
                }
            }
        }

        var lines = [
            "# Written by `linkrules init` from \(sources.joined(separator: ", ")): \(routes.count) link\(routes.count == 1 ? "" : "s") (\(urlCount) URL\(urlCount == 1 ? "" : "s") and examples read).",
            "# The kinds and names below are guesses from the URLs: check them, then run `linkrules lint` on this file.",
            "version: 1",
        ]
        if !schemes.isEmpty { lines.append("schemes: [\(schemes.map(Self.quotedKey).joined(separator: ", "))]") }
        if !hosts.isEmpty { lines.append("hosts: [\(hosts.map(Self.quotedKey).joined(separator: ", "))]") }
        if let (mode, at) = dispatchOrders.first {
            for other in dispatchOrders.dropFirst() where other.mode != mode {
                lines.append("# conflict: \(other.at) declares 'dispatch: \(other.mode.rawValue)', \(at) '\(mode.rawValue)': kept the first")
            }
            lines.append("dispatch: \(mode.rawValue)   # as \(at) declares")
        } else {
            lines.append("# dispatch: first-match (the default): the app tries the links in the order below; write 'dispatch: most-specific' if its router picks the most specific")
        }
        lines += androidSection(manifestPaths: manifestPaths)
        if !componentOrder.isEmpty {
            lines += ["", "# Path components: a word followed by ids is a collection; the others are screens until you say otherwise.", "components:"]
            for name in componentOrder {
                let spec = components[name]!
                var fields = ["kind: \(spec.kind.rawValue)"]
                if let type = spec.idType { fields.append("id: \(type.rawValue)") }
                if !spec.params.isEmpty { fields.append("params: [\(spec.params.map(Self.quotedKey).joined(separator: ", "))]") }
                lines.append("  \(Self.quotedKey(name)): { \(fields.joined(separator: ", ")) }")
            }
        }
        if !paramOrder.isEmpty {
            lines += ["", "# Query parameters, with values seen; roles guessed from the names.", "params:"]
            for name in paramOrder {
                let values = paramValues[name] ?? []
                let seen = values.isEmpty ? "" : "   # seen: " + values.map { Self.comment($0) }.joined(separator: ", ")
                let role = QueryInference.isCredential(name) ? "{ role: credential }"
                    : QueryInference.isOrigin(name) ? "{ role: tracking-origin }" : "{}"
                lines.append("  \(Self.quotedKey(name)): \(role)" + seen)
            }
        }
        lines += ["", routes.isEmpty ? "links: []" : "links:"]
        for route in routes {
            for conflict in route.conflicts { lines.append("  # conflict: " + Self.comment(conflict)) }
            if let unopened = unopenedOnAndroid(route) {
                lines.append("  # conflict: no link filter of the Android files read opens '\(Self.comment(unopened))' (android-link-unhandled reports it)")
            }
            for note in route.notes { lines.append("  # \(note.at): " + Self.comment(note.text)) }
            if let exclusion = excluded.first(where: { Self.isExcluded(route.template, by: $0.pattern, parser: parser) }) {
                lines.append(
                    "  # conflict: \(exclusion.source):\(exclusion.pattern.range.start.line) excludes '\(Self.comment(exclusion.pattern.path))' from the app, so iOS opens this link's https form in the browser")
            }
            // URLs with a query become one link per option they pick, the rest of their query as placeholders.
            let variants = route.observations.contains { !$0.query.isEmpty }
                ? QueryInference.variants(of: route.observations, examplesKept: Self.examplesKept)
                : [QueryInference.Variant(query: "", examples: route.examples, seen: route.seen, remarks: [])]
            for variant in variants {
                for remark in variant.remarks { lines.append("  # " + Self.comment(remark)) }
                lines.append("  - url: " + Self.quoted(route.template + variant.query))
                if let title = route.title { lines.append("    title: " + Self.quoted(title)) }
                if !variant.examples.isEmpty {
                    let more = variant.seen > variant.examples.count ? "   # \(variant.seen) URLs seen" : ""
                    lines.append("    examples: [\(variant.examples.map(Self.quoted).joined(separator: ", "))]" + more)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `android:` section: the package the manifests name (a comment when they disagree or name none) and
    /// the files read.
    private func androidSection(manifestPaths: [String: String]) -> [String] {
        guard !androidFiles.isEmpty else { return [] }
        var lines = ["", "# Android: the files linkrules init read; the Android rules check the links against them.", "android:"]
        let packages = androidFiles.compactMap { file in file.package.map { (file.path, $0) } }
        if let (path, package) = packages.first {
            for (other, otherPackage) in packages.dropFirst() where otherPackage != package {
                lines.append("  # conflict: \(other) names the package '\(Self.comment(otherPackage))', \(path) '\(Self.comment(package))': kept the first")
            }
            lines.append("  package: " + Self.quotedKey(package))
        } else {
            lines.append("  # package: the manifests name none (Gradle's applicationId sets it): add it for assetlinks and test plans")
        }
        let named = androidFiles.map { manifestPaths[$0.path] ?? $0.path }
        lines.append("  manifests: [\(named.map(Self.quotedKey).joined(separator: ", "))]")
        return lines
    }

    /// An example of a route from another source that no link filter of the Android files opens, when one of
    /// those filters names its scheme (so the link is meant for the app); nil otherwise.
    private func unopenedOnAndroid(_ route: Route) -> String? {
        guard !androidFilters.isEmpty else { return nil }
        for example in route.examples {
            guard let uri = AndroidURI(example) else { continue }
            let scheme = uri.scheme.lowercased()
            guard androidFilters.contains(where: { $0.schemes.contains { $0.lowercased == scheme } }) else { continue }
            if !androidFilters.contains(where: { $0.opens(uri) }) { return example }
        }
        return nil
    }

    /// Whether an excluding association pattern matches the route's examples or, without examples, its template.
    private static func isExcluded(_ template: String, by pattern: AssociationPattern, parser: LinkTemplateParser) -> Bool {
        let parsed = parser.parse(template)
        guard parsed.isWebLink else { return false }
        var path = ""
        for component in parsed.components { path += "/" + (component.placeholder == nil ? component.text : "1") }
        return pattern.matches(path: path.isEmpty ? "/" : path, query: [], fragment: nil)
    }

    /// A YAML scalar in single quotes (each `'` doubled): safe for any URL or title.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''").replacingAll("\n", with: " ") + "'"
    }

    /// A name as a YAML key or list item: plain when it is a simple word, else quoted.
    static func quotedKey(_ name: String) -> String {
        let isPlain = !name.isEmpty && name.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(name.lowercased())
        return isPlain ? name : quoted(name)
    }

    /// Text for a comment: on one line.
    static func comment(_ text: String) -> String { text.replacingAll("\n", with: " ") }
}
