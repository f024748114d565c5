/// Reports intent filters (and manifests) that Android will not honour as the author meant: a link filter Android
/// never uses, values it never matches, attributes the app's `minSdk` does not know, and manifests that cannot be
/// read at all.
struct AndroidFilterInvalidRule: CatalogueRule {
    static let description = RuleDescription(
        id: "android-filter-invalid",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "an intent filter that Android will not honour as written, or a manifest that cannot be read",
        rationale: """
            Android's intent-filter documentation: a browser's link reaches only filters with the action VIEW and \
            the categories BROWSABLE and DEFAULT in an exported activity; scheme and host matching is \
            case-sensitive in the framework ("always specify schemes using lowercase letters"); a path attribute \
            is matched against the URL's path alone, which starts with '/' and never holds the query or fragment; \
            a filter without a scheme ignores its hosts and paths; a port is a number from 1 to 65535; \
            `pathSuffix` and `pathAdvancedPattern` exist from API level 31. Android Lint checks some of this one \
            filter at a time; here each problem is reported at the manifest's line and column, for the filters \
            that open links (VIEW with a scheme), and a manifest that is missing or not XML is reported too.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android: { manifests: [AndroidManifest.xml] }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: ["AndroidManifest.xml": """
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                      <uses-sdk android:minSdkVersion="26" />
                      <application>
                        <activity android:name=".RecipeActivity" android:exported="true">
                          <↓intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <data android:scheme="https" android:host="↓Pantry.example.com" />
                            <data android:pathPrefix="↓recipes/" />
                            <data ↓android:pathSuffix="/edit" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android: { manifests: [↓app/AndroidManifest.xml] }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android: { manifests: [AndroidManifest.xml] }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: ["AndroidManifest.xml": """
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                      <application>
                        <activity android:name=".RecipeActivity" android:exported="true">
                          <intent-filter android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />
                          </intent-filter>
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <data android:mimeType="application/pdf" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let android = catalogue.android else { return [] }
        var diagnostics: [Diagnostic] = []
        for state in android.loadedManifests {
            switch state {
            case .unreadable(let path, let reason, let named):
                diagnostics.append(
                    context.diagnostic(Self.self, .unreadableAndroidFile(path, reason: reason), at: android.location(of: named)))
            case .loaded(let manifest):
                if let error = manifest.syntaxError {
                    let offset = min(error.byteOffset, manifest.source.bytes.count)
                    diagnostics.append(
                        context.diagnostic(
                            Self.self, .invalidManifestXML(error.message),
                            at: manifest.location(offset..<min(offset + 1, manifest.source.bytes.count))))
                    continue
                }
                // A problem of the activity (not exported) is said once, not once for each of its filters.
                var reported = Set<Range<Int>>()
                for filter in manifest.filters {
                    for problem in problems(of: filter, in: manifest, catalogue: catalogue)
                    where problem.range != filter.activity?.exportedRange || reported.insert(problem.range).inserted {
                        diagnostics.append(context.diagnostic(Self.self, problem.message, at: manifest.location(problem.range)))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The problems of one filter, in the order of the checks.
    private func problems(
        of filter: AndroidIntentFilter, in manifest: AndroidManifest, catalogue: Catalogue
    ) -> [(message: Message, range: Range<Int>)] {
        guard filter.hasView, filter.mimeTypes.isEmpty else { return [] }
        var found: [(message: Message, range: Range<Int>)] = []
        if filter.schemes.isEmpty {
            if let first = filter.authorities.first?.host ?? filter.paths.first?.value {
                found.append((.filterWithoutScheme, first.nameRange))
            }
            return found
        }
        // Only filters meant to open links: a web scheme with a host, or a custom scheme of the catalogue.
        let catalogueSchemes = catalogue.schemeNames
        let opensLinks = (filter.hasWebScheme && !filter.authorities.isEmpty)
            || filter.schemes.contains { catalogueSchemes.contains($0.text.lowercased()) }
        if opensLinks {
            if !filter.hasBrowsable { found.append((.filterLacks("BROWSABLE"), filter.range)) }
            if !filter.hasDefault { found.append((.filterLacks("DEFAULT"), filter.range)) }
            if filter.activity?.exported == false, let range = filter.activity?.exportedRange {
                found.append((.activityNotExported, range))
            }
        }
        for scheme in filter.schemes where !scheme.isUnresolved {
            if scheme.text.isEmpty || scheme.text.hasSuffix(":") || scheme.text.contains("/") {
                found.append((.invalidScheme(scheme.text), scheme.range))
            } else if scheme.text.contains(where: \.isUppercase) {
                found.append((.upperCaseInFilter("scheme", scheme.text), scheme.range))
            }
        }
        for authority in filter.authorities where !authority.host.isUnresolved {
            let host = authority.host
            if host.text.dropFirst().contains("*") {
                found.append((.wildcardNotFirst(host.text), host.range))
            } else if host.text.contains(where: \.isUppercase) {
                found.append((.upperCaseInFilter("host", host.text), host.range))
            }
            if let port = authority.port, !port.isUnresolved, !(Int(port.text).map { (1...65535).contains($0) } ?? false) {
                found.append((.invalidPort(port.text), port.range))
            }
        }
        for path in filter.paths where !path.value.isUnresolved {
            let pattern = path.pattern
            let text = pattern.pattern
            if text.contains("?") || text.contains("#") {
                found.append((.pathHoldsQueryOrFragment(pattern.kind.rawValue, text), path.value.range))
            } else if let first = text.first, !Self.mayStart(pattern.kind, with: first) {
                found.append((.pathMustStartWithSlash(pattern.kind.rawValue, text), path.value.range))
            }
            if let error = pattern.advancedError {
                found.append((.invalidAdvancedPattern(text, error), path.value.range))
            }
            if let minSDK = manifest.minSDK, minSDK < pattern.kind.minimumSDK {
                found.append((.attributeNeedsSDK(pattern.kind.rawValue, pattern.kind.minimumSDK, minSDK), path.value.nameRange))
            }
        }
        return found
    }

    /// Whether a path attribute may start with a character: a literal or prefix with '/', a pattern with '/' or
    /// a wildcard, a suffix with anything.
    private static func mayStart(_ kind: AndroidPathPattern.Kind, with first: Character) -> Bool {
        switch kind {
        case .literal, .prefix: first == "/"
        case .simpleGlob: first == "/" || first == "." || first == "\\"
        case .advancedGlob: first == "/" || first == "." || first == "[" || first == "\\"
        case .suffix: true
        }
    }
}

extension Message {
    static func unreadableAndroidFile(_ path: String, reason: Message) -> Message {
        "cannot read '\(path)': \(reason.text)"
    }
    static func invalidManifestXML(_ detail: String) -> Message { "the manifest is not valid XML: \(detail)" }
    static let filterWithoutScheme: Message =
        "the intent filter names no scheme, so Android ignores its hosts and paths and opens no link with it"
    static func filterLacks(_ category: String) -> Message {
        "this VIEW filter lacks the category '\(category)', so a browser's link never reaches it"
    }
    static let activityNotExported: Message =
        "the activity is not exported, so no other app (the browser included) can open its links"
    static func invalidScheme(_ scheme: String) -> Message {
        "'\(scheme)' is not a scheme: write the scheme alone, without ':' or '//'"
    }
    static func upperCaseInFilter(_ what: String, _ value: String) -> Message {
        "the \(what) '\(value)' has upper-case letters: Android compares \(what)s case-sensitively and browsers send them in lower case"
    }
    static func wildcardNotFirst(_ host: String) -> Message {
        "the host '\(host)' has a '*' after its first character: Android reads '*' only as the first character"
    }
    static func invalidPort(_ port: String) -> Message { "the port '\(port)' is not a number from 1 to 65535" }
    static func pathHoldsQueryOrFragment(_ attribute: String, _ value: String) -> Message {
        "'\(attribute)' '\(value)' holds '?' or '#', but Android matches only the URL's path, which never holds a query or fragment"
    }
    static func pathMustStartWithSlash(_ attribute: String, _ value: String) -> Message {
        "'\(attribute)' '\(value)' does not start with '/', so it matches no URL's path"
    }
    static func invalidAdvancedPattern(_ value: String, _ reason: String) -> Message {
        "the pathAdvancedPattern '\(value)' is refused by Android: \(reason)"
    }
    static func attributeNeedsSDK(_ attribute: String, _ level: Int, _ minSDK: Int) -> Message {
        "'\(attribute)' exists from API level \(level), but the app's minSdkVersion is \(minSDK): older devices ignore it"
    }
}
