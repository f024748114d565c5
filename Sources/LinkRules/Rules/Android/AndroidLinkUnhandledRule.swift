/// Reports a catalogue link (or alias) that no intent filter of the app's manifests opens, matched the way Android
/// matches a browser's VIEW intent against each filter's combined `<data>`.
struct AndroidLinkUnhandledRule: CatalogueRule {
    static let description = RuleDescription(
        id: "android-link-unhandled",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a catalogue link that no intent filter of the Android manifests opens",
        rationale: """
            Android's App Links guide: a link opens the app only when an activity's intent filter declares the \
            action VIEW, the categories BROWSABLE and DEFAULT, and `<data>` whose scheme, host and path accept \
            it. A link the catalogue promises but no filter accepts opens the browser (an https link) or nothing \
            at all (a custom scheme), and no build step notices. Each link and alias with a custom scheme of \
            `schemes` or an http(s) host of `hosts` is matched as Android matches it: every `<data>` of a filter \
            combined, paths with `path`, `pathPrefix`, `pathPattern`, `pathSuffix` and `pathAdvancedPattern` in \
            Android's own pattern syntax, `*.` hosts, scheme and host without regard to case. Navigation graphs' \
            `<deepLink app:uri>` count as the filters the build makes of them. A filter that matches but that \
            Android would not use (no BROWSABLE, no DEFAULT, an activity not exported) is named in a note. The \
            rule is quiet while a named manifest cannot be read.
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
                  - url: ↓https://pantry.example.com/collections/{id:int}
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
                  - url: pantry://search/{query}
                """,
                files: ["AndroidManifest.xml": """
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                      <application>
                        <activity android:name=".RecipeActivity" android:exported="true">
                          <intent-filter android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPattern="/recipes/.*" />
                          </intent-filter>
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="pantry" android:host="search" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let android = catalogue.android, android.allManifestsReadable else { return [] }
        let index = AndroidFilterIndex(android.filters.filter { $0.filter.isLinkFilter })
        var diagnostics: [Diagnostic] = []
        for route in AndroidRoutes(catalogue: catalogue).routes {
            let candidates = route.samples.flatMap { uri in index.filters(for: uri).map { (uri, $0) } }
            let opening = candidates.filter { uri, entry in entry.filter.opens(uri) }
            if opening.contains(where: { $0.1.filter.unusableReason == nil }) { continue }
            let notes = opening.prefix(1).map { _, entry in
                Note(
                    message: .filterMatchesButUnusable(entry.filter.unusableReason ?? .filterActivityNotExported),
                    location: entry.manifest.location(entry.filter.range))
            }
            diagnostics.append(
                context.diagnostic(Self.self, .linkUnhandledOnAndroid(route.text), at: route.location, link: route.link, notes: notes))
        }
        return diagnostics
    }
}

/// The link filters of the manifests by lowercased scheme and host, so a URL is tried only against the filters
/// that could accept it (those of its scheme and host, and those accepting any host).
struct AndroidFilterIndex {
    typealias Entry = (manifest: AndroidManifest, filter: AndroidIntentFilter)
    private var byAuthority: [String: [Int]] = [:]
    private var anyHost: [String: [Int]] = [:]
    private var anyScheme: [Int] = []
    private let entries: [Entry]

    init(_ entries: [Entry]) {
        self.entries = entries
        for (position, entry) in entries.enumerated() {
            let filter = entry.filter
            if filter.schemes.contains(where: \.isUnresolved) {
                anyScheme.append(position)
                continue
            }
            for scheme in Set(filter.schemes.map { $0.text.lowercased() }) {
                let generalHosts = filter.authorities.isEmpty
                    || filter.authorities.contains { $0.isWildcard || $0.host.isUnresolved }
                if generalHosts {
                    anyHost[scheme, default: []].append(position)
                } else {
                    for host in Set(filter.authorities.map { $0.host.text.lowercased() }) {
                        byAuthority[scheme + " " + host, default: []].append(position)
                    }
                }
            }
        }
    }

    /// The filters that could accept a URL, each once, in manifest order.
    func filters(for uri: AndroidURI) -> [Entry] {
        let scheme = uri.scheme.lowercased()
        let positions = (byAuthority[scheme + " " + (uri.host?.lowercased() ?? "")] ?? []) + (anyHost[scheme] ?? []) + anyScheme
        return Set(positions).sorted().map { entries[$0] }
    }
}

extension Message {
    static func linkUnhandledOnAndroid(_ url: String) -> Message {
        "no intent filter of the Android manifests opens '\(url)'"
    }
    static func filterMatchesButUnusable(_ reason: Message) -> Message {
        "this filter accepts it, but Android does not use it: \(reason.text)"
    }
}
