import Testing
@testable import LinkRules

/// Android's own matching (PatternMatcher, intent-filter data), manifests and navigation graphs as the Android
/// rules read them, and the rules on real apps' published manifests.
@Suite struct AndroidManifestTests {
    // MARK: PatternMatcher's semantics

    @Test func simpleGlobReadsAsAndroidDoesNotAsARegex() {
        func glob(_ pattern: String, _ path: String) -> Bool {
            AndroidPathPattern(kind: .simpleGlob, pattern: pattern).matches(path)
        }
        #expect(glob("/recipes/.*", "/recipes/12"))
        #expect(glob("/recipes/.*", "/recipes/"))  // '.*' matches nothing too
        #expect(!glob("/recipes/.*", "/recipe/12"))
        #expect(glob("/users/.*/posts", "/users/12/posts"))
        // '.*' skips to the first occurrence of the next character and never backtracks.
        #expect(!glob("/a/.*/edit", "/a/b/c/edit"))
        #expect(glob("/a/.*/edit", "/a/b/edit"))
        #expect(glob("/ab*c", "/abbbc") && glob("/ab*c", "/ac"))  // 'b*' is a run of b
        #expect(glob("/r.cipes", "/recipes"))  // '.' is any character
        #expect(glob("/r\\.cipes", "/recipes"))  // even escaped, as in Android's matcher
        #expect(glob("/a\\*", "/a*") && !glob("/a\\*", "/aa"))  // an escaped '*' is literal
        #expect(!glob("/Recipes/.*", "/recipes/1"))  // paths are case-sensitive
    }

    @Test func advancedGlobIsGreedyWithoutBacktracking() {
        func advanced(_ pattern: String, _ path: String) -> Bool {
            AndroidPathPattern(kind: .advancedGlob, pattern: pattern).matches(path)
        }
        #expect(advanced("/recipes/[0-9]+", "/recipes/123"))
        #expect(!advanced("/recipes/[0-9]+", "/recipes/12a"))
        #expect(advanced("/[^/]+/edit", "/12/edit"))
        #expect(!advanced("/.*/edit", "/12/edit"))  // '.*' takes everything and gives nothing back
        #expect(advanced("/id/[a-f0-9]{4}", "/id/beef") && !advanced("/id/[a-f0-9]{4}", "/id/bee"))
        #expect(AndroidPathPattern(kind: .advancedGlob, pattern: "/[a-z").advancedError != nil)
        #expect(AndroidPathPattern(kind: .advancedGlob, pattern: "*x").advancedError != nil)
    }

    @Test func literalPrefixAndSuffix() {
        #expect(AndroidPathPattern(kind: .literal, pattern: "/search").matches("/search"))
        #expect(!AndroidPathPattern(kind: .literal, pattern: "/search").matches("/search/x"))
        #expect(AndroidPathPattern(kind: .prefix, pattern: "/search").matches("/searching"))
        #expect(AndroidPathPattern(kind: .suffix, pattern: "/print").matches("/recipes/1/print"))
    }

    @Test func resourceEscapesAreReadBeforeThePattern() {
        #expect(AndroidIntentFilter.resourceUnescaped(#"/a\\*b"#) == #"/a\*b"#)
        #expect(AndroidIntentFilter.resourceUnescaped(#"/a\.b"#) == "/a.b")
        #expect(AndroidIntentFilter.resourceUnescaped(#"/\u0041"#) == "/A")
    }

    // MARK: Filters

    static func manifest(_ filters: String, extra: String = "") -> AndroidManifest {
        AndroidManifest(source: SourceFile(path: "AndroidManifest.xml", text: """
            <manifest xmlns:a="http://schemas.android.com/apk/res/android">\(extra)
              <application><activity a:name=".Main" a:exported="true">\(filters)</activity></application>
            </manifest>
            """))
    }

    @Test func dataElementsCombineAcrossTheFilterWhateverTheirPrefix() throws {
        let manifest = Self.manifest("""
            <intent-filter>
              <action a:name="android.intent.action.VIEW"/>
              <data a:scheme="http" a:host="a.com"/>
              <data a:scheme="https" a:host="b.com" a:port="8443" a:pathPrefix="/x"/>
            </intent-filter>
            """)
        let filter = try #require(manifest.filters.first)
        #expect(filter.opens(try #require(AndroidURI("http://b.com:8443/x/1"))))
        #expect(filter.opens(try #require(AndroidURI("HTTPS://A.COM/x"))))  // scheme and host ignore case
        #expect(!filter.opens(try #require(AndroidURI("https://b.com/x"))))  // the port belongs to b.com
        #expect(!filter.opens(try #require(AndroidURI("https://a.com/y"))))
    }

    @Test func aWebLinkWithoutAPathIsOpenedByTheRootPath() throws {
        #expect(AndroidURI("https://example.com")?.path == "/")
        #expect(AndroidURI("pantry://settings")?.path == "")
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [example.com]
            android: { manifests: [m.xml] }
            links:
              - url: https://example.com
            """,
            files: ["m.xml": Self.manifest("""
                <intent-filter a:autoVerify="true">
                  <action a:name="android.intent.action.VIEW"/>
                  <category a:name="android.intent.category.DEFAULT"/>
                  <category a:name="android.intent.category.BROWSABLE"/>
                  <data a:scheme="https" a:host="example.com" a:path="/"/>
                </intent-filter>
                """).source.text])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func wildcardHostsAcceptSubdomainsOnly() throws {
        let authority = AndroidAuthority(host: AndroidFilterValue(text: "*.example.com", range: 0..<0, nameRange: 0..<0))
        #expect(authority.accepts(host: "www.example.com", port: nil))
        #expect(!authority.accepts(host: "example.com", port: nil))
        #expect(!authority.accepts(host: "badexample.com", port: nil))
    }

    @Test func navigationGraphDeepLinksBecomeFilters() throws {
        let graph = AndroidManifest(source: SourceFile(path: "nav.xml", text: """
            <navigation xmlns:app="http://schemas.android.com/apk/res-auto">
              <fragment><deepLink app:uri="www.example.com/users/{id}/posts?sort={sort}" /></fragment>
              <navigation><fragment><deepLink app:uri="pantry://recipes/{id}" /></fragment></navigation>
            </navigation>
            """))
        #expect(graph.isNavigationGraph)
        #expect(graph.filters.count == 2)
        let web = graph.filters[0]
        #expect(web.schemes.map(\.text) == ["http", "https"])  // no scheme: both
        #expect(web.opens(try #require(AndroidURI("https://www.example.com/users/7/posts"))))
        #expect(!web.opens(try #require(AndroidURI("https://www.example.com/users/7"))))
        #expect(graph.filters[1].opens(try #require(AndroidURI("pantry://recipes/3"))))
    }

    @Test func malformedAndEntityDeclaringManifestsAreFindingsNotCrashes() throws {
        let broken = AndroidManifest(source: SourceFile(path: "m.xml", text: "<manifest>\n  <application>\n</manifest>\n"))
        #expect(broken.syntaxError != nil && broken.filters.isEmpty)
        let entities = AndroidManifest(source: SourceFile(path: "m.xml", text: """
            <?xml version="1.0"?>
            <!DOCTYPE manifest [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <manifest>&xxe;</manifest>
            """))
        let error = try #require(entities.syntaxError)
        #expect(error.message.contains("internal subset"))
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [example.com]
            android: { manifests: [m.xml] }
            links:
              - url: https://example.com/a
            """, files: ["m.xml": "<manifest>\n  <application>\n</manifest>\n"])
        #expect(diagnostics.map { "\($0.ruleID) \($0.location.file):\($0.location.line)" } == ["android-filter-invalid m.xml:3"])
    }

    @Test func unknownAndroidKeyIsAFindingAtItsPosition() throws {
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: """
            version: 1
            android:
              package: com.example.app
              manifest: [AndroidManifest.xml]
            links: []
            """)])
        let finding = try #require(catalogue.loadFindings.first)
        #expect(finding.ruleID == "unknown-key")
        #expect(finding.message.text.contains("'manifests'"))
        #expect(finding.location.line == 4 && finding.location.column == 3)
        #expect(throws: LoadError.self) {
            try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: "version: 1\nandroid: { package: [a] }\nlinks: []\n")])
        }
    }

    // MARK: Real apps

    /// Lints a catalogue with in-memory platform files and returns the Android rules' findings.
    static func lint(_ catalogue: String, files: [String: String]) throws -> [Diagnostic] {
        var loaded = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: catalogue)])
        AndroidFilesLoader { path in
            guard let text = files[path] else { throw LoadError(.unreadableFile("no such file"), file: path) }
            return SourceFile(path: path, text: text)
        }.load(into: &loaded)
        return try Linter(configuration: Configuration()).lint(loaded).filter {
            $0.ruleID.hasPrefix("android-") || $0.ruleID == "assetlinks-invalid"
        }
    }

    /// The Wikipedia Android app's published manifest (wikimedia/apps-android-wikipedia, app/src/main/
    /// AndroidManifest.xml): its page filter (three <data> with '*.wikipedia.org', 'http' and 'https', a prefix and
    /// two patterns combined) and its content-scheme licence filter, which is not a link filter.
    static let wikipediaManifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:tools="http://schemas.android.com/tools" package="org.wikipedia">
            <application android:name=".WikipediaApp">
                <activity android:name=".page.PageActivity" android:launchMode="singleTask">
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:host="*.wikipedia.org" android:pathPrefix="/wiki/" android:scheme="http" />
                        <data android:host="*.wikipedia.org" android:pathPattern="/zh.*" android:scheme="https" />
                        <data android:host="*.wikipedia.org" android:pathPattern="/sr.*" android:scheme="https" />
                    </intent-filter>
                </activity>
                <activity android:name=".settings.LicenseActivity" tools:ignore="GoogleAppIndexingUrlError">
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <data android:pathPrefix="/android_asset/licenses/" android:scheme="content" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>
        """

    @Test func wikipediaArticleLinksAreOpenedAndOnlyTheWildcardHostIsReported() throws {
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [en.wikipedia.org, zh.wikipedia.org]
            android: { manifests: [AndroidManifest.xml] }
            links:
              - url: https://en.wikipedia.org/wiki/{title}
              - url: https://zh.wikipedia.org/zh-hans/{title}
              - url: https://en.wikipedia.org/w/index.php
            """, files: ["AndroidManifest.xml": Self.wikipediaManifest])
        let found = diagnostics.map { "\($0.ruleID) \($0.location.file):\($0.location.line)" }.sorted()
        #expect(found == [
            "android-autoverify links.yml:5",  // no filter asks for verification
            "android-autoverify links.yml:6",
            "android-filter-overreach AndroidManifest.xml:10",  // '*.wikipedia.org' opens any.wikipedia.org
            "android-link-unhandled links.yml:7",  // /w/index.php: no prefix or pattern accepts it
        ])
    }

    /// The asset links the Teqlif app's server publishes (its FastAPI route for /.well-known/assetlinks.json): a
    /// valid file, reported on for nothing.
    @Test func teqlifsPublishedAssetLinksAreClean() throws {
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [teqlif.com]
            android: { package: com.teqlif.teqlif_mobile, assetlinks: assetlinks.json }
            links:
              - url: https://teqlif.com/ilan/{id:int}
            """,
            files: ["assetlinks.json": """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.teqlif.teqlif_mobile",
                    "sha256_cert_fingerprints": ["ED:0A:D6:F5:1C:E4:8B:C2:6A:2E:85:E2:20:B8:A1:24:5C:90:1A:5E:5E:69:FB:41:83:A2:39:0F:3E:DC:B0:3A"]}}]
                """])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    /// The asset links served for Lider's mobile app (br.com.lider.mobileapp) spell the relation
    /// 'delegate_permission/common:handle_all_urls' with a ':', so no statement lets the app open links.
    @Test func lidersMisspeltRelationIsReported() throws {
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [lider.com.br]
            android: { package: br.com.lider.mobileapp, assetlinks: assetlinks.json }
            links:
              - url: https://lider.com.br/produto/{id:int}
            """,
            files: ["assetlinks.json": """
                [{
                  "relation": ["delegate_permission/common:query_web_app_intent", "delegate_permission/common:handle_all_urls"],
                  "target": {
                    "namespace": "android_app",
                    "package_name": "br.com.lider.mobileapp",
                    "sha256_cert_fingerprints": [
                      "66:5C:99:40:32:49:90:EB:AE:E0:A9:96:B3:3E:7C:34:3F:99:CB:F3:86:BC:18:F4:AF:92:4C:44:E4:95:B6:59"
                    ]
                  }
                }]
                """])
        #expect(diagnostics.map { "\($0.ruleID) \($0.location.line):\($0.location.column)" } == ["assetlinks-invalid 1:1"])
        #expect(diagnostics.first?.message.text.contains("no statement lets 'br.com.lider.mobileapp'") == true)
    }

    /// The navigation graph of Google's Navigation codelab (DeepLinkFragment's `www.example.com/{myarg}`), beside
    /// the Navigation guide's deep link with its own action and MIME type, which a browser's intent never matches.
    @Test func theNavigationCodelabsDeepLinkOpensItsLinks() throws {
        let graph = """
            <navigation xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:app="http://schemas.android.com/apk/res-auto" app:startDestination="@+id/home_dest">
                <fragment android:id="@+id/deeplink_dest"
                    android:name="com.example.android.codelabs.navigation.DeepLinkFragment">
                    <argument android:name="myarg" android:defaultValue="Android!"/>
                    <deepLink app:uri="www.example.com/{myarg}" />
                </fragment>
                <fragment android:id="@+id/a" android:name="com.example.myapplication.FragmentA">
                    <deepLink app:uri="www.example.com/shop" app:action="android.intent.action.MY_ACTION"
                        app:mimeType="type/subtype"/>
                </fragment>
            </navigation>
            """
        let parsed = AndroidManifest(source: SourceFile(path: "nav_graph.xml", text: graph))
        #expect(parsed.filters.count == 1)
        let diagnostics = try Self.lint(
            """
            version: 1
            hosts: [www.example.com]
            android: { manifests: [nav_graph.xml] }
            links:
              - url: https://www.example.com/{myarg}
              - url: http://www.example.com/hello
            """, files: ["nav_graph.xml": graph])
        // The build turns '{myarg}' into the pathPattern '/.*', which opens https://www.example.com/ as well.
        #expect(diagnostics.map { "\($0.ruleID) \($0.location.line)" } == ["android-autoverify 5", "android-filter-overreach 6"])
    }
}
