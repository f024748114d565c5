import Foundation
import Testing
@testable import LinkRules

/// `linkrules init` from Android manifests and navigation graphs: filters read through the model the Android
/// rules use, approximations commented, what no template can say left out with a remark, the `android:` keys
/// filled, and files that are not manifests refused with a location.
@Suite struct InitAndroidTests {
    static func file(_ path: String) throws -> SourceFile {
        SourceFile(path: path, text: try String(contentsOfFile: ExampleCataloguesTests.repositoryRoot + "/" + path, encoding: .utf8))
    }

    @Test func thePantryManifestAndNavigationGraphBecomeLinksAndTheAndroidKeys() throws {
        let sources = try [
            Self.file("examples/platforms/android/AndroidManifest.xml"),
            Self.file("examples/platforms/android/res/navigation/nav_graph.xml"),
        ]
        let result = try InitSession(outputPath: "examples/platforms/init.yml").run(sources: sources)
        #expect(
            try InitTests.urls(result.catalogue) == [
                "https://pantry.example.com/recipes/{path*}", "pantry://recipes", "pantry://search",
                // The old mobile-site filter combines each scheme with each host, as Android does.
                "http://pantry.example.com/recipes/{path*}", "http://m.pantry.example.com/recipes/{path*}",
                "https://m.pantry.example.com/recipes/{path*}", "https://pantry.example.com/search",
                "pantry://pantry.example.com/search", "https://pantry.example.com/collections/{id:int}",
            ])
        #expect(
            result.catalogue.contains(
                "  # examples/platforms/android/AndroidManifest.xml:24: pathPrefix '/recipes/' is approximated: it opens every path that starts with it, '/recipes/' itself too; this template takes fewer\n  - url: 'https://pantry.example.com/recipes/{path*}'"))
        #expect(result.catalogue.contains("android:\n  # package: the manifests name none"))
        #expect(result.catalogue.contains("  manifests: ['android/AndroidManifest.xml', 'android/res/navigation/nav_graph.xml']"))
        #expect(result.remarks.contains { $0.hasSuffix(":47: pathSuffix '/print' on 'https://pantry.example.com' is not a route template can say: left out") })
        #expect(result.remarks.contains("examples/platforms/android/AndroidManifest.xml: skipped 1 VIEW filter without BROWSABLE or with a MIME type: a browser's link never reaches it"))

        // Written beside the example, the catalogue loads its Android files and the Android rules check them.
        let folder = ExampleCataloguesTests.repositoryRoot + "/examples/platforms"
        let written = SourceFile(path: "init.yml", text: result.catalogue)
        var catalogue = try CatalogueLoader().load(files: [written])
        AndroidFilesLoader(read: { path in
            SourceFile(path: path, text: try String(contentsOfFile: folder + "/" + path, encoding: .utf8))
        }).load(into: &catalogue)
        #expect(catalogue.android?.allManifestsReadable == true)
        let rules = Set(try Linter().lint(catalogue).map(\.ruleID))
        #expect(rules.isSuperset(of: ["android-filter-invalid", "android-autoverify"]), "\(rules)")
    }

    /// Shaped like the Wikipedia app's published manifest (wikimedia/apps-android-wikipedia,
    /// app/src/main/AndroidManifest.xml): `package` on the root, wildcard hosts with a `pathPrefix` and
    /// `pathPattern`s, and a `content:` filter without BROWSABLE.
    @Test func wildcardHostsAndPatternsATemplateCannotSayAreLeftOutWithARemark() throws {
        let manifest = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.wikipedia">
              <application>
                <activity android:name=".page.PageActivity">
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:host="*.wikipedia.org" android:pathPrefix="/wiki/" android:scheme="http" />
                    <data android:host="*.wikipedia.org" android:pathPattern="/zh.*" android:scheme="https" />
                  </intent-filter>
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" android:host="wikipedia.org" />
                    <data android:pathPattern="/zh.*" />
                    <data android:pathPattern="/wiki/.*/talk" />
                    <data android:path="/random" />
                    <data android:pathPrefix="/w" />
                    <data android:host="@string/mirror_host" />
                  </intent-filter>
                </activity>
                <activity android:name=".settings.LicenseActivity">
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <data android:pathPrefix="/android_asset/licenses/" android:scheme="content" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let result = try InitTests.initCatalogue([("AndroidManifest.xml", manifest)])
        #expect(
            try InitTests.urls(result.catalogue) == [
                "https://wikipedia.org/wiki/{value}/talk", "https://wikipedia.org/random", "https://wikipedia.org/w",
            ])
        #expect(result.catalogue.contains("  package: org.wikipedia\n  manifests: [AndroidManifest.xml]"))
        #expect(result.catalogue.contains("pathPattern '/wiki/.*/talk' is approximated"))
        #expect(result.catalogue.contains("pathPrefix '/w' also opens every path that continues it"))
        #expect(
            result.remarks == [
                "AndroidManifest.xml:9: the host '*.wikipedia.org' is a wildcard: its links are left out",
                "AndroidManifest.xml:10: the host '*.wikipedia.org' is a wildcard: its links are left out",
                "AndroidManifest.xml:17: pathPattern '/zh.*' on 'https://wikipedia.org' is not a route template can say: left out",
                "AndroidManifest.xml:21: the host '@string/mirror_host' comes from a resource or a build placeholder: its links are left out",
                "AndroidManifest.xml: skipped 1 VIEW filter without BROWSABLE or with a MIME type: a browser's link never reaches it",
            ])
    }

    @Test(arguments: [
        ("/recipes/.*", "/recipes/{path*}", true), (".*", "/{path*}", true), ("/a/.*/b", "/a/{value}/b", true),
        ("/plain/path", "/plain/path", false),
        // As `generate intent-filters` writes a placeholder: exact at the end, approximated in the middle.
        ("/activities/..*", "/activities/{path*}", false), ("/a/..*/b", "/a/{value}/b", true),
    ])
    func aSimpleGlobBecomesARoutePath(pattern: String, path: String, approximated: Bool) {
        let route = AndroidInitReader.route(ofSimpleGlob: pattern)
        #expect(route?.path == path)
        #expect(route?.approximated == approximated)
    }

    @Test(arguments: ["/zh.*", "/item\\.html", "/a*b", "relative/.*"])
    func aSimpleGlobATemplateCannotSayIsNoRoute(pattern: String) {
        #expect(AndroidInitReader.route(ofSimpleGlob: pattern) == nil)
    }

    @Test func aURLListMergedWithTheManifestTypesItsIdsAndNamesTheLinksNoFilterOpens() throws {
        let list = "https://pantry.example.com/recipes/42\nhttps://pantry.example.com/about\npantry://recipes/7\n"
        let manifest = try Self.file("examples/platforms/android/AndroidManifest.xml")
        let result = try InitSession().run(sources: [SourceFile(path: "urls.txt", text: list), manifest])
        let urls = try InitTests.urls(result.catalogue)
        #expect(urls.prefix(3) == ["https://pantry.example.com/recipes/{id:int}", "https://pantry.example.com/about", "pantry://recipes/{id:int}"])
        #expect(!urls.contains("https://pantry.example.com/recipes/{path*}"))  // the URL list's typed id is kept
        #expect(
            result.catalogue.contains(
                "  # conflict: no link filter of the Android files read opens 'https://pantry.example.com/about' (android-link-unhandled reports it)\n  - url: 'https://pantry.example.com/about'"))
        #expect(!result.catalogue.contains("opens 'https://pantry.example.com/recipes/42'"))
    }

    @Test(arguments: [
        ("<manifest><application></manifest>", "1:24: error: not an Android manifest: the XML is invalid"),
        ("<?xml version=\"1.0\"?>\n<manifest>\n  <application android:label=\"x>\n", "not an Android manifest: the XML is invalid"),
        ("<plist version=\"1.0\"><dict/></plist>", "1:1: error: an XML file whose root is '<plist>'"),
    ])
    func aFileThatIsNotAManifestIsAnErrorWithItsPlace(text: String, message: String) throws {
        do {
            _ = try InitTests.initCatalogue([("AndroidManifest.xml", text)])
            Issue.record("read as a manifest")
        } catch let error as LoadError {
            #expect(error.description.hasPrefix("AndroidManifest.xml:"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
