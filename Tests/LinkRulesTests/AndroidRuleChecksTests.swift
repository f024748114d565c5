import Testing
@testable import LinkRules

/// The checks of the Android rules that their documented examples do not show, each on a small manifest.
@Suite struct AndroidRuleChecksTests {
    static let catalogue = """
        version: 1
        schemes: [pantry]
        hosts: [pantry.example.com]
        android: { manifests: [m.xml] }
        links:
          - url: https://pantry.example.com/recipes/{id:int}
          - url: pantry://recipes/{id:int}
        """

    /// The findings of the Android rules on a manifest whose one activity holds `filters`, as "rule line:column".
    static func findings(_ filters: String, exported: String = "true", extra: String = "") throws -> [String] {
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">\(extra)
            <application><activity android:name=".Main" android:exported="\(exported)">
            \(filters)
            </activity></application>
            </manifest>
            """
        return try AndroidManifestTests.lint(catalogue, files: ["m.xml": manifest])
            .map { "\($0.ruleID) \($0.severity.rawValue) \($0.location.line):\($0.location.column)" }.sorted()
    }

    static func filter(autoVerify: Bool = true, _ data: String) -> String {
        """
        <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        \(data)
        </intent-filter>
        """
    }

    static let handlesEverything = filter(autoVerify: false, #"<data android:scheme="pantry" />"#)

    @Test func theTwoCatalogueLinksOpenCleanly() throws {
        #expect(try Self.findings(Self.filter(#"<data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />"#) + Self.handlesEverything).isEmpty)
    }

    @Test func invalidValuesAreReportedWhereTheyAreWritten() throws {
        let found = try Self.findings(
            Self.filter(
                #"<data android:scheme="HTTPS" android:host="pantry.example.com" android:port="70000" android:pathPrefix="/recipes/" />"#
                    + "\n" + #"<data android:path="/recipes?id=1" android:pathAdvancedPattern="/[a-z" />"#)
                + Self.handlesEverything,
            extra: "\n<uses-sdk android:minSdkVersion=\"33\" />")
        #expect(found == [
            "android-filter-invalid error 8:23",  // an upper-case scheme
            "android-filter-invalid error 8:78",  // port 70000
            "android-filter-invalid error 9:21",  // '?' in a path
            "android-filter-invalid error 9:65",  // an unclosed set in pathAdvancedPattern
            "android-link-unhandled error 6:10",  // the port asks for ':70000', which the link does not have
        ])
    }

    @Test func aNotExportedActivityLeavesItsLinksUnopened() throws {
        let found = try Self.findings(
            Self.filter(#"<data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />"#)
                + Self.handlesEverything, exported: "false")
        #expect(found == [
            "android-filter-invalid error 2:63",  // exported="false": once for the activity, not for each of its filters
            "android-link-unhandled error 6:10",
            "android-link-unhandled error 7:10",
        ])
    }

    @Test func hostsWithoutASchemeAndMisplacedWildcards() throws {
        let found = try Self.findings(
            Self.filter(autoVerify: false, #"<data android:host="pantry.example.com" />"#)
                + Self.filter(#"<data android:scheme="https" android:host="pantry.*.com" />"#) + Self.handlesEverything)
        #expect(found == [
            "android-filter-invalid error 12:44",  // '*' after the first character
            "android-filter-invalid error 7:7",  // a host without any scheme
            "android-link-unhandled error 6:10",
        ])
    }

    @Test func wildcardHostsAreVerifiedAtTheParentAndOpenEverySubdomain() throws {
        let found = try Self.findings(
            Self.filter(#"<data android:scheme="https" android:host="*.example.com" android:pathPrefix="/recipes/" />"#)
                + Self.handlesEverything)
        #expect(found == [
            "android-autoverify warning 7:44",  // verified at https://example.com/.well-known/assetlinks.json
            "android-filter-overreach warning 7:44",  // opens https://any.example.com/
        ])
    }

    @Test func aWebSchemeWithoutHostOpensEveryPage() throws {
        let found = try Self.findings(
            Self.filter(#"<data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />"#)
                + Self.filter(autoVerify: false, #"<data android:scheme="https" />"#) + Self.handlesEverything)
        #expect(found == ["android-filter-overreach warning 12:23"])
    }

    @Test func anHTTPSLinkOpenedWithoutAnyAutoVerifyFilter() throws {
        let found = try Self.findings(
            Self.filter(autoVerify: false, #"<data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />"#)
                + Self.handlesEverything)
        #expect(found == ["android-autoverify error 6:10"])
    }

    @Test func filtersTheMergerRemovesOrOfADisabledActivityOpenNothing() throws {
        let removed = try Self.findings(
            Self.filter(#"<data android:scheme="https" android:host="pantry.example.com" android:pathPrefix="/recipes/" />"#)
                .replacingAll("<intent-filter android:autoVerify", with: "<intent-filter tools:node=\"remove\" android:autoVerify")
                + Self.handlesEverything).filter { $0.hasPrefix("android-link-unhandled") }
        #expect(removed == ["android-link-unhandled error 6:10"])
    }
}
