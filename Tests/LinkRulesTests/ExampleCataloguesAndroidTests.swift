import Testing
@testable import LinkRules

/// The recipe app's catalogue (examples/platforms) against its Android manifest, navigation graph and asset links:
/// exactly the findings its comments promise.
@Suite struct ExampleCataloguesAndroidTests {
    static let androidRules: Set<String> = [
        "android-link-unhandled", "android-filter-invalid", "android-filter-overreach", "android-autoverify",
        "assetlinks-invalid",
    ]

    @Test func platformsCatalogueAgainstItsAndroidFiles() throws {
        let found = try ExampleCataloguesTests.findingsWithFiles("examples/platforms/links.yml")
            .filter { Self.androidRules.contains(String($0.prefix { $0 != " " })) }
        let expected: Set<String> = [
            "android-link-unhandled examples/platforms/links.yml:54",  // https …/search/{query}
            "android-filter-invalid examples/platforms/android/AndroidManifest.xml:52",  // no BROWSABLE
            "android-filter-invalid examples/platforms/android/AndroidManifest.xml:47",  // pathSuffix below API 31
            "android-filter-overreach examples/platforms/android/AndroidManifest.xml:40",  // http + m.pantry.example.com
            "android-filter-overreach examples/platforms/android/AndroidManifest.xml:62",  // pantry + pantry.example.com
            "android-autoverify examples/platforms/android/AndroidManifest.xml:57",  // autoVerify with a custom scheme
            "assetlinks-invalid examples/platforms/web/.well-known/assetlinks.json:11",  // the Play signing key missing
        ]
        #expect(found == expected, "missing: \(expected.subtracting(found)), unexpected: \(found.subtracting(expected))")
    }
}
