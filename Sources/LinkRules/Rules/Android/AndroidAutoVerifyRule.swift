/// Reports what keeps Android from verifying the app's https links (App Links): no `autoVerify` filter at all
/// while the catalogue's https links are opened, an `autoVerify` filter that mixes a custom scheme in, and a
/// wildcard host whose asset links live at the parent domain.
struct AndroidAutoVerifyRule: CatalogueRule {
    static let description = RuleDescription(
        id: "android-autoverify",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "the app's https links are not set up for Android App Links verification",
        rationale: """
            Android's App Links guide: "When android:autoVerify="true" is present in at least one of your app's \
            intent filters", the system checks every https host of the app's link filters against the site's \
            `/.well-known/assetlinks.json`; without it an https link shows a chooser, and from Android 12 opens in \
            the browser. So an https catalogue link opened while no filter asks for verification is an error. A \
            verified filter that mixes a custom scheme with http(s) was skipped by the verifier of releases before \
            2020 and is discouraged by the guide (a warning: give the custom scheme a filter of its own). A \
            wildcard host `*.example.com` is verified at `https://example.com/.well-known/assetlinks.json`, not at \
            each subdomain (a warning).
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android: { manifests: [AndroidManifest.xml] }
                links:
                  - url: ↓https://pantry.example.com/recipes/{id:int}
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
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
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
                          <intent-filter ↓android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />
                            <data android:scheme="pantry" android:host="pantry.example.com" />
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
                            <data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />
                          </intent-filter>
                          <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="pantry" android:host="recipes" />
                          </intent-filter>
                        </activity>
                      </application>
                    </manifest>
                    """]),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let android = catalogue.android, android.allManifestsReadable else { return [] }
        let filters = android.filters.filter { $0.filter.isLinkFilter && $0.filter.unusableReason == nil }
        var diagnostics: [Diagnostic] = []
        for (manifest, filter) in filters where filter.autoVerify {
            if filter.hasWebScheme, let custom = filter.schemes.first(where: { !$0.isUnresolved && !["http", "https"].contains($0.text.lowercased()) }) {
                var diagnostic = context.diagnostic(
                    Self.self, .autoVerifyMixesCustomScheme(custom.text),
                    at: manifest.location(filter.autoVerifyRange ?? filter.range),
                    notes: [Note(message: .customSchemeHere, location: manifest.location(custom.range))])
                diagnostic.severity = .warning
                diagnostics.append(diagnostic)
            }
            for authority in filter.authorities where authority.isWildcard && !authority.host.isUnresolved && filter.hasWebScheme {
                let parent = authority.host.text.drop { $0 == "*" || $0 == "." }
                guard !parent.isEmpty else { continue }
                var diagnostic = context.diagnostic(
                    Self.self, .wildcardHostVerifiedAtParent(authority.host.text, String(parent)),
                    at: manifest.location(authority.host.range))
                diagnostic.severity = .warning
                diagnostics.append(diagnostic)
            }
        }
        // Verification is asked for the whole app by any one filter; without one, no https link is verified.
        guard !filters.contains(where: { $0.filter.autoVerify }) else { return diagnostics }
        let index = AndroidFilterIndex(filters)
        for route in AndroidRoutes(catalogue: catalogue).routes where route.scheme == "https" {
            let opening = route.samples.lazy.flatMap { uri in index.filters(for: uri).filter { $0.filter.opens(uri) } }.first
            guard let opening else { continue }
            diagnostics.append(
                context.diagnostic(
                    Self.self, .httpsLinkNotVerified(route.text), at: route.location, link: route.link,
                    notes: [Note(message: .openedWithoutAutoVerify, location: opening.manifest.location(opening.filter.range))]))
        }
        return diagnostics
    }
}

extension Message {
    static func autoVerifyMixesCustomScheme(_ scheme: String) -> Message {
        "this autoVerify filter also names the custom scheme '\(scheme)': verifiers before 2020 skip such a filter, so give '\(scheme)' an intent filter of its own"
    }
    static let customSchemeHere: Message = "the custom scheme is named here"
    static func wildcardHostVerifiedAtParent(_ host: String, _ parent: String) -> Message {
        "'\(host)' is verified at 'https://\(parent)/.well-known/assetlinks.json', not at each subdomain: publish the asset links there"
    }
    static func httpsLinkNotVerified(_ url: String) -> Message {
        "'\(url)' is opened by an intent filter, but no filter of the app has android:autoVerify=\"true\": Android shows a chooser, or from Android 12 the browser, instead of the app"
    }
    static let openedWithoutAutoVerify: Message = "opened by this filter, which has no android:autoVerify=\"true\""
}
