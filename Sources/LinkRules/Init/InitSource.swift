/// One link a source of `linkrules init` gives: a route template (placeholders in braces) with the concrete URL it
/// was seen as, or the examples and title of a catalogue entry, and where it was read.
struct ObservedLink: Sendable {
    /// The route template, placeholders written `{name}` or `{name:type}`.
    var template: String
    var examples: [String]
    var title: String?
    /// The source file and line, for conflict comments.
    var source: String
    var line: Int
    /// Query parameters seen, with their values (URL lists), to declare on the link's last component.
    var queryValues: [(name: String, value: String?)] = []
    /// The concrete URL the link was made from (a line of a URL list), whose query `QueryInference` writes.
    var seenAs: String?
    /// What the source could not say exactly (an Android `pathPrefix` read as `{path*}`), written above the link
    /// after its source and line.
    var note: String?
}

/// What one source gave `linkrules init`: links, and remarks for the person running it (lines skipped, patterns
/// that are not routes, paths the association file keeps on the web).
struct InitSourceReading: Sendable {
    var links: [ObservedLink] = []
    var remarks: [String] = []
    /// Paths an association file excludes from the app, as `(pattern, source)`, to compare with the other sources.
    var excludedPaths: [(pattern: AssociationPattern, source: String)] = []
    /// The Android manifest or navigation graph the source is, for the catalogue's `android:` section.
    var android: InitAndroidFile?
    /// The link filters of that manifest, to tell which links of the other sources it does not open.
    var androidFilters: [AndroidIntentFilter] = []
    /// The dispatch order a catalogue source declares (`dispatch:`), with where it says so.
    var dispatch: (mode: DispatchMode, at: String)?
}

/// Reads the sources `linkrules init` accepts: a text file of URLs (one a line), an apple-app-site-association
/// file, an Android manifest or navigation graph, and a catalogue in any placeholder style. A source that is binary, empty or of another kind is a
/// `LoadError` naming it; lines of a URL list that are not URLs are skipped and counted.
struct InitSourceReader {
    /// The domain an association file is served from (it does not name it); nil when no other source gives one.
    var associationHost: String?

    private static let parser = LinkTemplateParser(hosts: [])

    func read(_ file: SourceFile) throws -> InitSourceReading {
        let bytes = Array(file.bytes[...])
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
            throw LoadError("a compiled (binary) Android manifest, as an APK holds it: give the source AndroidManifest.xml, or decode it first (apktool d, or aapt dump xmltree)", file: file.path)
        }
        if let zero = bytes.firstIndex(of: 0) {
            throw LoadError("not a text file: a NUL byte at offset \(zero); give a list of URLs, an apple-app-site-association file, an Android manifest or a catalogue", file: file.path)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw LoadError("not a text file: it is not UTF-8; give a list of URLs, an apple-app-site-association file, an Android manifest or a catalogue", file: file.path)
        }
        let text = file.text
        guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }) else {
            throw LoadError("the file is empty: there is nothing to read", file: file.path)
        }
        switch first {
        case "{": return try readAssociation(file)
        case "<": return try AndroidInitReader(file: file).read()
        default:
            let isCatalogue = text.split(separator: "\n").contains { $0.hasPrefix("links:") }
            return isCatalogue ? try readCatalogue(file) : try readURLList(file)
        }
    }

    // MARK: URL lists

    /// Whether a line is a URL: a scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon, something after
    /// it, and no whitespace or control character.
    static func isURL(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count, isAlpha(bytes[0]) else {
            return false
        }
        let schemeIsValid = bytes[..<colon].allSatisfy {
            isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        return schemeIsValid && !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }

    private func readURLList(_ file: SourceFile) throws -> InitSourceReading {
        var reading = InitSourceReading()
        var skipped: [Int] = []
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingASCIIWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard Self.isURL(line) else {
                skipped.append(index + 1)
                continue
            }
            reading.links.append(Self.generalised(String(line), source: file.path, line: index + 1))
        }
        if reading.links.isEmpty {
            let reason = skipped.isEmpty ? "it holds only comments and blank lines" : "none of its \(skipped.count) lines is a URL (line \(skipped[0]): '\(Self.excerpt(lines[skipped[0] - 1]))')"
            throw LoadError("no URL to read: \(reason)", file: file.path)
        }
        if !skipped.isEmpty {
            let lines = skipped.prefix(5).map(String.init).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            reading.remarks.append(
                "\(file.path): skipped \(skipped.count) line\(skipped.count == 1 ? "" : "s") that \(skipped.count == 1 ? "is" : "are") not a URL (line\(skipped.count == 1 ? "" : "s") \(lines))")
        }
        return reading
    }

    /// A line shown in a message: at most 40 characters, control characters as `?`.
    static func excerpt(_ line: Substring) -> String {
        let shown = line.prefix(40).map { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? String($0) : "?" }.joined()
        return line.count > 40 ? shown + "…" : shown
    }

    /// A concrete URL as a route: its numbers become `{id:int}` and its uuids `{id:uuid}` (named later); its query
    /// is kept as values seen, which `QueryInference` writes once every URL of the route is read.
    static func generalised(_ seen: String, source: String, line: Int) -> ObservedLink {
        // A password in the authority is never written: `{user}:{password}` in the link, REDACTED in the example.
        // Nor a credential in the fragment or inside a Base64 JSON payload (`SecretRedaction`).
        let (cleaned, fragmentItems) = SecretRedaction.redacting(seen)
        let (url, userInfo) = withoutPassword(cleaned)
        let template = parser.parse(url)
        var bytes = Array(url.utf8)
        var replacements: [(Range<Int>, String)] = []
        if let userInfo { replacements.append((userInfo, "{user}:{password}")) }
        let pathEnd = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        for component in template.components {
            let digits = component.span.lowerBound + Int(component.prefixLength)..<component.span.upperBound
            if case .integer = component.kind, !digits.isEmpty {
                replacements.append((digits, "{id:int}"))
            } else if component.placeholder == nil, RouteMatcher.accepts(component.text, type: .uuid) {
                replacements.append((component.span, "{id:uuid}"))
            }
        }
        bytes = Array(bytes[..<pathEnd])
        for (span, placeholder) in replacements.reversed() where span.upperBound <= bytes.count {
            bytes.replaceSubrange(span, with: Array(placeholder.utf8))
        }
        if let fragmentItems {
            // The fragment the link spells, every value a placeholder: `#access_token={access_token}&state={state}`.
            let items = fragmentItems.map { QueryInference.isPlaceholderName($0) ? "\($0)={\($0)}" : $0 }
            bytes += Array(("#" + items.joined(separator: "&")).utf8)
        }
        var observed = ObservedLink(
            template: String(decoding: bytes, as: UTF8.self), examples: [url], title: nil, source: source, line: line)
        observed.queryValues = template.query.map { ($0.name, $0.value) }
        observed.seenAs = url
        if fragmentItems != nil {
            observed.note = "the fragment carries a credential: the link spells its items as placeholders, and the value seen is not written (\(QueryInference.redacted) in the examples); credential-in-url reports the link"
        }
        if userInfo != nil {
            observed.note = "the password seen in the URL is not written here (\(QueryInference.redacted) in the examples); credential-in-url reports the link"
        }
        return observed
    }

    /// The URL with the password of its authority (`alice:s3cret@`) replaced by `REDACTED`, and the UTF-8 range
    /// of the user information in the result; the URL as it is, and nil, when it has no password.
    static func withoutPassword(_ url: String) -> (url: String, userInfo: Range<Int>?) {
        guard let userInfo = parser.parse(url).authority?.userInfoSpan else { return (url, nil) }
        let bytes = Array(url.utf8)
        guard let colon = bytes[userInfo].firstIndex(of: UInt8(ascii: ":")) else { return (url, nil) }
        let redacted = bytes[..<(colon + 1)] + Array(QueryInference.redacted.utf8) + bytes[userInfo.upperBound...]
        return (String(decoding: redacted, as: UTF8.self), userInfo.lowerBound..<(colon + 1 + QueryInference.redacted.utf8.count))
    }

    // MARK: Association files

    private func readAssociation(_ file: SourceFile) throws -> InitSourceReading {
        let association = AssociationFile(source: file)
        guard !association.details.isEmpty else {
            throw LoadError("a JSON file with no 'applinks' details: not an apple-app-site-association file linkrules init can read", file: file.path)
        }
        guard let host = associationHost else {
            throw LoadError("an apple-app-site-association file does not name its domain: give it with --host, or add a URL of the domain", file: file.path)
        }
        var reading = InitSourceReading()
        for pattern in association.patterns {
            let line = pattern.range.start.line
            if pattern.exclude {
                reading.excludedPaths.append((pattern, file.path))
                continue
            }
            guard let path = Self.route(ofPattern: pattern.path) else {
                reading.remarks.append("\(file.path):\(line): the pattern '\(pattern.path)' is not a route (a wildcard inside a word, or the whole site): left out")
                continue
            }
            reading.links.append(
                ObservedLink(
                    template: "https://" + host + path, examples: [], title: pattern.comment, source: file.path, line: line))
        }
        return reading
    }

    /// The path of a route for an association pattern: a segment `*` or `?*` becomes a placeholder (a trailing
    /// `*` too); nil for a pattern with a wildcard inside a word or one that is only `*`.
    static func route(ofPattern pattern: String) -> String? {
        guard pattern.hasPrefix("/") else { return nil }
        var segments = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.last == "" { segments.removeLast() }
        guard !segments.isEmpty else { return "/" }
        var path = ""
        for (index, segment) in segments.enumerated() {
            if segment == "*" || segment == "?*" || segment.allSatisfy({ $0 == "?" }) {
                guard index > 0 else { return nil }
                path += "/{value}"
            } else if segment.contains("*") || segment.contains("?") {
                return nil
            } else {
                path += "/" + segment
            }
        }
        return path
    }

    // MARK: Catalogues

    /// A catalogue in any placeholder style (`:id`, `<int:id>`, `%ID%`), its placeholders rewritten in braces.
    private func readCatalogue(_ file: SourceFile) throws -> InitSourceReading {
        let catalogue = try CatalogueLoader().load(files: [file])
        var reading = InitSourceReading()
        if let declared = catalogue.dispatchScalar {
            reading.dispatch = (catalogue.dispatch, "\(file.path):\(file.location(ofBytes: declared.tokenRange).line)")
        }
        for link in catalogue.links {
            let template = link.template
            var spans: [(Range<Int>, String)] = template.components.compactMap { component in
                component.placeholder.map { ($0.span, $0.canonical) }
            }
            spans += template.query.compactMap { item in item.placeholder.map { ($0.span, $0.canonical) } }
            var bytes = Array(template.text.utf8)
            for (span, canonical) in spans.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) where span.upperBound <= bytes.count {
                bytes.replaceSubrange(span, with: Array(canonical.utf8))
            }
            reading.links.append(
                ObservedLink(
                    template: String(decoding: bytes, as: UTF8.self), examples: link.examples.map(\.value),
                    title: link.title?.value, source: file.path, line: link.line))
        }
        return reading
    }
}

extension Substring {
    /// The text without spaces, tabs and carriage returns at either end.
    var trimmingASCIIWhitespace: Substring {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
