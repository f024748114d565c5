import Foundation
import Testing
@testable import LinkRules

/// `generate intent-filters` and `generate assetlinks`: what they write opens every link of each example
/// catalogue and lints clean against it.
@Suite struct AndroidGenerationTests {
    static let examples = ["cookpad", "coordinator", "exfe", "her", "payments", "platforms"]

    static func catalogue(_ name: String) throws -> Catalogue {
        try CatalogueLoader().load(paths: [ExampleCataloguesTests.repositoryRoot + "/examples/\(name)/links.yml"])
    }

    /// The generated filters inside the activity of an otherwise empty manifest.
    static func manifest(around filters: String) -> AndroidManifest {
        AndroidManifest(source: SourceFile(path: "AndroidManifest.xml", text: """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application>
                <activity android:name=".DeepLinkActivity" android:exported="true">
            \(filters)
                </activity>
              </application>
            </manifest>
            """))
    }

    static func androidFindings(_ catalogue: Catalogue) throws -> [String] {
        try Linter(configuration: Configuration()).lint(catalogue)
            .filter { $0.ruleID.hasPrefix("android-") || $0.ruleID == "assetlinks-invalid" }
            .map { "\($0.ruleID) \($0.location.file):\($0.location.line): \($0.message)" }
    }

    @Test(arguments: examples)
    func generatedIntentFiltersLintCleanAgainstTheirCatalogue(example: String) throws {
        var catalogue = try Self.catalogue(example)
        let filters = try IntentFilterGeneration.generate(catalogue, named: example)
        let manifest = Self.manifest(around: filters)
        #expect(manifest.syntaxError == nil, "\(manifest.syntaxError.map(String.init(describing:)) ?? "")")
        var android = catalogue.android ?? AndroidSettings(owner: catalogue.files[0], keyRange: 0..<0)
        android.loadedManifests = [.loaded(manifest)]
        android.loadedAssetLinks = nil
        catalogue.android = android
        let findings = try Self.androidFindings(catalogue)
        #expect(findings.isEmpty, "\(example):\n\(filters)\n\(findings.joined(separator: "\n"))")
        // Every link Android is asked to open is opened by a generated filter.
        let routes = AndroidRoutes(catalogue: catalogue).routes
        #expect(!routes.isEmpty)
        for route in routes {
            #expect(manifest.filters.contains { filter in route.samples.contains { filter.opens($0) } }, "\(route.text)")
        }
    }

    /// A component holding several placeholders (`v{major}.{minor}`, Google Maps' `@{lat},{lng},{zoom}z`) has each
    /// of them in the pattern, and the filter lints clean against its catalogue.
    @Test func everyPlaceholderOfAComponentIsInThePattern() throws {
        var catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: """
            version: 1
            hosts: [discord.com, www.google.com]
            links:
              - url: https://discord.com/v{major:int}.{minor:int}/docs
              - url: https://www.google.com/maps/@{lat},{lng},{zoom}z
            """)])
        let filters = try IntentFilterGeneration.generate(catalogue, named: "links.yml")
        #expect(filters.contains(#"android:pathPattern="/v..*...*/docs""#), "\(filters)")
        #expect(filters.contains(#"android:pathPattern="/maps/@..*,..*,..*z""#), "\(filters)")
        var android = catalogue.android ?? AndroidSettings(owner: catalogue.files[0], keyRange: 0..<0)
        android.loadedManifests = [.loaded(Self.manifest(around: filters))]
        catalogue.android = android
        #expect(try Self.androidFindings(catalogue).isEmpty)
    }

    /// `init` reads back every path the generated filters list: the `..*` they write for a placeholder too.
    @Test func initReadsBackEveryPathOfTheGeneratedFilters() throws {
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: """
            version: 1
            hosts: [www.strava.com]
            links:
              - url: https://www.strava.com/activities/{id:int}
              - url: https://www.strava.com/athletes/{id:int}/follows
              - url: https://www.strava.com/dashboard
            """)])
        let filters = try IntentFilterGeneration.generate(catalogue, named: "links.yml")
        let manifest = Self.manifest(around: filters).source
        let result = try InitSession().run(sources: [SourceFile(path: "AndroidManifest.xml", text: manifest.text)])
        let urls = try CatalogueLoader().load(files: [SourceFile(path: "init.yml", text: result.catalogue)]).links.map(\.url.value)
        #expect(urls.count == 3, "\(filters)\n\(result.catalogue)")
        #expect(urls.contains("https://www.strava.com/activities/{path*}"))
    }

    @Test func generatedAssetLinksLintCleanAndListEveryExpectedCertificate() throws {
        var catalogue = try Self.catalogue("platforms")
        let text = try AssetLinksGeneration.generate(catalogue, named: "platforms")
        let file = AssetLinksFile(source: SourceFile(path: "assetlinks.json", text: text))
        catalogue.android?.loadedManifests = []
        catalogue.android?.loadedAssetLinks = .loaded(file)
        #expect(try Self.androidFindings(catalogue).isEmpty)
        let statement = try #require(file.linkStatements(for: "com.example.pantry").first)
        #expect(statement.fingerprints.map(\.value) == catalogue.android?.fingerprints.map(\.value))
    }

    @Test func assetLinksNeedThePackageAndValidFingerprints() throws {
        #expect(throws: LoadError.self) { try AssetLinksGeneration.generate(try Self.catalogue("her"), named: "her") }
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: """
            version: 1
            android: { package: com.example.app, fingerprints: ["14:6d:e9"] }
            links: []
            """)])
        do {
            _ = try AssetLinksGeneration.generate(catalogue, named: "links.yml")
            Issue.record("a malformed fingerprint must be refused")
        } catch let error as LoadError {
            #expect(error.location.line == 2 && error.location.column == 53)
        }
    }
}

/// `linkrules generate intent-filters|assetlinks` end to end: the generated text on standard output, exit 2 and
/// `file:line:col: error:` when the catalogue cannot make it.
@Suite(.enabled(if: LinkRulesExecutable.exists)) struct GenerateCommandTests {
    @Test func intentFiltersAndAssetLinksOfThePlatformsExample() throws {
        let root = LinkRulesExecutable.packageRoot
        let filters = try LinkRulesExecutable.run(["generate", "intent-filters", "examples/platforms/links.yml"], in: root)
        #expect(filters.status == 0)
        #expect(filters.output.contains("<data android:scheme=\"https\" android:host=\"pantry.example.com\" />"))
        #expect(filters.output.contains("<data android:pathPattern=\"/collections/..*\" />"))
        let links = try LinkRulesExecutable.run(["generate", "assetlinks", "examples/platforms/links.yml"], in: root)
        #expect(links.status == 0)
        #expect(links.output.contains("\"package_name\": \"com.example.pantry\""))
        let missing = try LinkRulesExecutable.run(["generate", "assetlinks", "examples/her/links.yml"], in: root)
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("examples/her/links.yml:1:1: error: the asset links need the app's 'package'"))
    }
}
