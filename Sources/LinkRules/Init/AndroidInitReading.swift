/// Reads an Android manifest or navigation graph for `linkrules init`, through the model the Android rules use
/// (`AndroidManifest`): every link filter (VIEW and BROWSABLE, a scheme, no MIME type) becomes links, one per
/// scheme × host × path attribute. What a route template cannot say exactly is approximated with a note on the
/// link saying so (a `pathPrefix` becomes a `{path*}` rest-of-path placeholder), or left out with a remark (a
/// `pathSuffix`, a wildcard host, a value from a resource or a build placeholder).
struct AndroidInitReader {
    let file: SourceFile

    /// The manifest's links, its package, and remarks; a file that is not XML, or XML that is not an Android
    /// manifest or navigation graph, is a `LoadError` at the place it goes wrong.
    func read() throws -> InitSourceReading {
        let manifest = AndroidManifest(source: file)
        if let error = manifest.syntaxError {
            let offset = min(error.byteOffset, file.bytes.count)
            throw LoadError(
                "not an Android manifest: the XML is invalid: \(error.message)",
                at: file.location(ofBytes: offset..<offset))
        }
        guard manifest.rootName == "manifest" || manifest.isNavigationGraph else {
            throw LoadError(
                "an XML file whose root is '<\(manifest.rootName ?? "")>': linkrules init reads Android manifests (<manifest>) and navigation graphs (<navigation>)",
                file: file.path)
        }
        var reading = InitSourceReading()
        reading.android = InitAndroidFile(path: file.path, package: manifest.package, isNavigationGraph: manifest.isNavigationGraph)
        reading.androidFilters = manifest.filters.filter { $0.isLinkFilter && $0.hasBrowsable }
        var skippedFilters = 0
        for filter in manifest.filters {
            guard filter.isLinkFilter, filter.hasBrowsable else {
                if filter.hasView && !filter.schemes.isEmpty { skippedFilters += 1 }
                continue
            }
            read(filter, into: &reading)
        }
        if skippedFilters > 0 {
            reading.remarks.append(
                "\(file.path): skipped \(skippedFilters) VIEW filter\(skippedFilters == 1 ? "" : "s") without BROWSABLE or with a MIME type: a browser's link never reaches \(skippedFilters == 1 ? "it" : "them")")
        }
        if reading.androidFilters.isEmpty {
            reading.remarks.append("\(file.path): no filter opens links (VIEW and BROWSABLE with a scheme): nothing read")
        } else if reading.links.isEmpty {
            reading.remarks.append("\(file.path): its link filters give no link a route template can say: nothing read")
        }
        var seen = Set<String>()
        reading.remarks = reading.remarks.filter { seen.insert($0).inserted }
        return reading
    }

    private func line(_ range: Range<Int>) -> Int { file.location(ofBytes: range).line }

    private func read(_ filter: AndroidIntentFilter, into reading: inout InitSourceReading) {
        let at = "\(file.path):\(line(filter.range))"
        if let uri = filter.navigationURI {
            readNavigationLink(uri, filter: filter, at: at, into: &reading)
            return
        }
        for scheme in filter.schemes {
            if scheme.isUnresolved {
                reading.remarks.append("\(file.path):\(line(scheme.range)): the scheme '\(scheme.text)' comes from a resource or a build placeholder: left out")
                continue
            }
            let schemeText = scheme.lowercased
            guard !filter.authorities.isEmpty else {
                reading.remarks.append("\(at): the filter opens every '\(schemeText):' URL (it names no host): no link to list")
                continue
            }
            for authority in filter.authorities {
                let host = authority.host
                if host.isUnresolved || authority.isWildcard || authority.port?.isUnresolved == true {
                    let why = authority.isWildcard ? "is a wildcard" : "comes from a resource or a build placeholder"
                    reading.remarks.append("\(file.path):\(line(host.range)): the host '\(host.text)' \(why): its links are left out")
                    continue
                }
                let base = schemeText + "://" + host.lowercased + (authority.port.map { ":" + $0.text } ?? "")
                guard !filter.paths.isEmpty else {
                    let isWeb = filter.hasWebScheme && ["http", "https"].contains(schemeText)
                    var link = ObservedLink(template: isWeb ? base + "/{path*}" : base, examples: [], title: nil, source: file.path, line: line(host.range))
                    link.note = isWeb
                        ? "the filter opens every path of '\(host.text)'; {path*} stands for them: list the pages the app shows"
                        : "the filter opens every path under '\(base)'; only the host itself is listed"
                    reading.links.append(link)
                    continue
                }
                for entry in filter.paths {
                    if let link = link(base, entry) {
                        reading.links.append(link)
                    } else {
                        reading.remarks.append(
                            "\(file.path):\(line(entry.value.range)): \(entry.pattern.kind.rawValue) '\(entry.value.text)' on '\(base)' is not a route template can say: left out")
                    }
                }
            }
        }
    }

    /// The link for one path attribute on a scheme and host, with a note when the template approximates it; nil
    /// when no template can stand for it.
    private func link(_ base: String, _ entry: AndroidPathEntry) -> ObservedLink? {
        let value = entry.value
        if value.isUnresolved { return nil }
        let pattern = entry.pattern.pattern
        var note: String?
        let path: String
        switch entry.pattern.kind {
        case .literal:
            guard pattern.hasPrefix("/") else { return nil }
            path = pattern
        case .prefix:
            if entry.pattern.matchesEveryPath {
                path = "/{path*}"
                note = "pathPrefix '\(pattern)' opens every path; {path*} stands for them"
            } else if pattern.hasSuffix("/") {
                path = pattern + "{path*}"
                note = "pathPrefix '\(pattern)' is approximated: it opens every path that starts with it, '\(pattern)' itself too; this template takes fewer"
            } else if pattern.hasPrefix("/") {
                path = pattern
                note = "pathPrefix '\(pattern)' also opens every path that continues it ('\(pattern)…', '\(pattern)/…'); only '\(pattern)' is listed"
            } else {
                return nil
            }
        case .simpleGlob:
            guard let route = Self.route(ofSimpleGlob: pattern) else { return nil }
            path = route.path
            if route.approximated { note = "pathPattern '\(pattern)' is approximated: its '.*' or '..*' becomes a placeholder, which takes one segment, not none ('.*') or several" }
        case .suffix, .advancedGlob:
            return nil
        }
        var link = ObservedLink(template: base + path, examples: [], title: nil, source: file.path, line: line(value.range))
        link.note = note
        return link
    }

    /// A simple glob as a route path: a segment `.*` (any text) or `..*` (one character or more, as `linkrules
    /// generate intent-filters` writes placeholders) is a placeholder, `{path*}` when it ends the pattern (both
    /// cross slashes there); a segment of plain characters stays; nil when a segment mixes glob characters with
    /// text (`.`, `*`, `\`), which a template cannot say. Only a last `..*` is exact: `.*` may be empty, and in
    /// the middle either may span several segments, where a placeholder takes one.
    static func route(ofSimpleGlob pattern: String) -> (path: String, approximated: Bool)? {
        if pattern == ".*" || pattern == "/.*" { return ("/{path*}", true) }
        guard pattern.hasPrefix("/") else { return nil }
        let segments = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var path = ""
        var approximated = false
        for (index, segment) in segments.enumerated() {
            if segment == ".*" || segment == "..*" {
                let isLast = index == segments.count - 1
                if segment == ".*" || !isLast { approximated = true }
                path += isLast ? "/{path*}" : "/{value}"
            } else if segment.contains(where: { $0 == "." || $0 == "*" || $0 == "\\" || $0 == "{" || $0 == "}" }) {
                return nil
            } else {
                path += "/" + segment
            }
        }
        return (path, approximated)
    }

    /// A navigation graph's `app:uri`: its `{argument}`s are the placeholders already (typed `int` when the
    /// destination declares an integer or long argument); without a scheme the build opens it on http and https,
    /// and the https form is listed.
    private func readNavigationLink(_ uri: String, filter: AndroidIntentFilter, at: String, into reading: inout InitSourceReading) {
        if uri.contains("${") || uri.hasPrefix("@") || uri.contains(".*") {
            reading.remarks.append("\(at): the deep link '\(uri)' uses a build placeholder, a resource or '.*': left out")
            return
        }
        let hasScheme = uri.contains("://")
        var template = hasScheme ? uri : "https://" + uri
        // An argument the destination declares as an integer or a long is an int placeholder.
        for (name, type) in filter.navigationArgumentTypes.sorted(by: { $0.key < $1.key }) where type == "integer" || type == "long" {
            template = template.replacingAll("{\(name)}", with: "{\(name):int}")
        }
        var link = ObservedLink(template: template, examples: [], title: nil, source: file.path, line: line(filter.range))
        if !hasScheme { link.note = "the deep link names no scheme, so it opens on http too; the https form is listed" }
        reading.links.append(link)
    }
}

/// An Android file `linkrules init` read, for the generated catalogue's `android:` section.
struct InitAndroidFile: Sendable {
    var path: String
    /// `<manifest package>`, when the manifest names it.
    var package: String?
    var isNavigationGraph: Bool
}
