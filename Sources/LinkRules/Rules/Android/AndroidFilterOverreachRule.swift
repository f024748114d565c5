/// Reports an intent filter that opens URLs no catalogue link describes, with one concrete such URL: a scheme and
/// host combined across `<data>` elements, a wildcard or missing host on the web, a path that opens every page,
/// a literal path no link has.
struct AndroidFilterOverreachRule: CatalogueRule {
    static let description = RuleDescription(
        id: "android-filter-overreach",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "an intent filter opens URLs that no catalogue link describes",
        rationale: """
            Android's intent-filter documentation: "all of the <data> elements contained within the same \
            <intent-filter> element contribute to the same filter", so `<data scheme="http" host="a.com"/>` \
            beside `<data scheme="https" host="b.com"/>` also opens `http://b.com`. A filter that opens more \
            than the catalogue describes takes web pages away from the browser (a wildcard host, a path pattern \
            `.*`, no path at all) or sends the app URLs it has no screen for. Only filters that open at least \
            one catalogue link are checked, and each finding names one concrete URL the filter opens that no \
            link or alias describes. An http URL whose https twin the catalogue describes is not reported: \
            Android's App Links guide declares both schemes in one filter.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [pantry]
                hosts: [pantry.example.com]
                android: { manifests: [AndroidManifest.xml] }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                  - url: pantry://recipes/{id:int}
                """,
                files: ["AndroidManifest.xml": """
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                      <application>
                        <activity android:name=".RecipeActivity" android:exported="true">
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />
                            <data android:scheme="pantry" android:host="↓recipes" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
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
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPattern="↓.*" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [pantry]
                hosts: [pantry.example.com]
                android: { manifests: [AndroidManifest.xml] }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                  - url: pantry://recipes/{id:int}
                """,
                files: ["AndroidManifest.xml": """
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                      <application>
                        <activity android:name=".RecipeActivity" android:exported="true">
                          <intent-filter android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="http" />
                            <data android:scheme="https" />
                            <data android:host="pantry.example.com" android:pathPrefix="/recipes/" />
                          </intent-filter>
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="pantry" />
                          </intent-filter>
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="fb1234567890" android:host="authorize" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
        ])

    init() {}

    /// Paths tried, in order, as the concrete URL a catch-all filter opens.
    static let witnessPaths = ["/", "/about", "/help", "/unlisted"]

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let android = catalogue.android else { return [] }
        let routes = AndroidRoutes(catalogue: catalogue)
        var diagnostics: [Diagnostic] = []
        for (manifest, filter) in android.filters where filter.isLinkFilter {
            // Only filters that open some catalogue link are the catalogue's concern.
            guard concerns(filter, routes: routes) else { continue }
            if let (message, range) = overreach(of: filter, routes: routes) {
                diagnostics.append(context.diagnostic(Self.self, message, at: manifest.location(range)))
            }
        }
        return diagnostics
    }

    /// Whether the filter is about the catalogue's links: it pairs a scheme with a host (or, naming no host, a
    /// scheme) as some link does. Found by lookups, not by trying every link.
    private func concerns(_ filter: AndroidIntentFilter, routes: AndroidRoutes) -> Bool {
        filter.schemes.contains { scheme in
            guard let hosts = routes.hostsByScheme[scheme.lowercased] else { return false }
            if filter.authorities.isEmpty { return true }
            return filter.authorities.contains { authority in
                if authority.host.isUnresolved { return true }
                if authority.isWildcard {
                    let suffix = authority.host.lowercased.dropFirst()
                    return hosts.contains { $0.hasSuffix(suffix) }
                }
                return hosts.contains(authority.host.lowercased)
            }
        }
    }

    /// The first way the filter opens a URL no route describes, with where to report it.
    private func overreach(of filter: AndroidIntentFilter, routes: AndroidRoutes) -> (Message, Range<Int>)? {
        let schemes = filter.schemes.filter { !$0.isUnresolved }
        let authorities = filter.authorities.filter { !$0.host.isUnresolved && $0.port == nil }
        guard schemes.count == filter.schemes.count, authorities.count == filter.authorities.count else { return nil }
        func isWeb(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }
        func described(_ scheme: String, _ host: String) -> Bool {
            routes.hasRoutes(scheme: scheme, host: host) || (scheme == "http" && routes.hasRoutes(scheme: "https", host: host))
        }
        // A web scheme with no host opens every site.
        if authorities.isEmpty {
            if let scheme = schemes.first(where: { isWeb($0.text.lowercased()) }) {
                let url = "\(scheme.text.lowercased())://example.org/"
                return (.filterOpensAnyHost(url), scheme.range)
            }
            return nil
        }
        // Every scheme with every host: report a combination no route has.
        for scheme in schemes {
            let schemeText = scheme.text.lowercased()
            for authority in authorities where !authority.isWildcard {
                let host = authority.host.text.lowercased()
                if !described(schemeText, host) {
                    let url = AndroidURI(scheme: schemeText, host: host, path: witnessPath(of: filter) ?? "/")
                    let message: Message = filter.schemes.count > 1 || filter.authorities.count > 1
                        ? .filterCombinesData(url.description) : .filterOpensUnlisted(url.description)
                    // Point at the scheme when no link pairs it with any host of the filter, else at the host.
                    let schemeIsOdd = !authorities.contains { described(schemeText, $0.host.text.lowercased()) }
                    return (message, schemeIsOdd ? scheme.range : authority.host.range)
                }
            }
        }
        // A wildcard host on the web opens every subdomain.
        for authority in authorities where authority.isWildcard {
            guard let scheme = schemes.first(where: { isWeb($0.text.lowercased()) }) else { continue }
            let suffix = authority.host.text.dropFirst().lowercased()
            let host = suffix.isEmpty ? "example.org" : (suffix.hasPrefix(".") ? "any" + suffix : "any." + suffix)
            if !described(scheme.text.lowercased(), host) {
                let url = AndroidURI(scheme: scheme.text.lowercased(), host: host, path: "/")
                return (.filterOpensWildcardHost(authority.host.text, url.description), authority.host.range)
            }
        }
        // Paths: on the web, a filter that opens every path; anywhere, a literal path no route has.
        for scheme in schemes {
            let schemeText = scheme.text.lowercased()
            for authority in authorities where !authority.isWildcard {
                let host = authority.host.text.lowercased()
                let catchAll = filter.paths.isEmpty ? nil : filter.paths.first { $0.pattern.matchesEveryPath }
                if isWeb(schemeText), filter.paths.isEmpty || catchAll != nil {
                    let witness = Self.witnessPaths.lazy
                        .map { AndroidURI(scheme: schemeText, host: host, path: $0) }
                        .first { !routes.describes($0) && !(schemeText == "http" && routes.describes(AndroidURI(scheme: "https", host: host, path: $0.path))) }
                    if let witness {
                        if let catchAll {
                            return (.filterOpensEveryPath(catchAll.pattern.kind.rawValue, catchAll.pattern.pattern, witness.description), catchAll.value.range)
                        }
                        return (.filterNamesNoPath(host, witness.description), authority.host.range)
                    }
                }
                for path in filter.paths where path.pattern.kind == .literal && !path.value.isUnresolved {
                    let url = AndroidURI(scheme: schemeText, host: host, path: path.pattern.pattern)
                    let httpsTwin = AndroidURI(scheme: "https", host: host, path: path.pattern.pattern)
                    if !routes.describes(url), !(schemeText == "http" && routes.describes(httpsTwin)) {
                        return (.filterOpensUnlisted(url.description), path.value.range)
                    }
                }
            }
        }
        return nil
    }

    /// A path the filter opens, for the concrete URL of a finding: its first literal or prefix path, else nil.
    private func witnessPath(of filter: AndroidIntentFilter) -> String? {
        for path in filter.paths where !path.value.isUnresolved {
            switch path.pattern.kind {
            case .literal, .prefix: return path.pattern.pattern.hasPrefix("/") ? path.pattern.pattern : nil
            default: continue
            }
        }
        return nil
    }
}

extension Message {
    static func filterCombinesData(_ url: String) -> Message {
        "the filter's <data> elements combine every scheme with every host, so it also opens '\(url)', which no catalogue link describes: put each scheme and host pair in a filter of its own"
    }
    static func filterOpensUnlisted(_ url: String) -> Message {
        "the filter opens '\(url)', which no catalogue link describes"
    }
    static func filterOpensAnyHost(_ url: String) -> Message {
        "the filter names a web scheme but no host, so it opens every web page, such as '\(url)'"
    }
    static func filterOpensWildcardHost(_ host: String, _ url: String) -> Message {
        "the host '\(host)' opens every subdomain, such as '\(url)', which no catalogue link describes"
    }
    static func filterOpensEveryPath(_ attribute: String, _ value: String, _ url: String) -> Message {
        "'\(attribute)' '\(value)' opens every path, such as '\(url)', which no catalogue link describes"
    }
    static func filterNamesNoPath(_ host: String, _ url: String) -> Message {
        "the filter names no path, so it opens every page of '\(host)', such as '\(url)', which no catalogue link describes"
    }
}
