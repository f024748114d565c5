import Foundation
import Testing

@testable import LinkRules

/// The iOS half of the platform files: the property-list reader, `ios-scheme-unregistered` and
/// `ios-domain-unassociated` on real apps' files and on the planted defects of `examples/platforms`, and the
/// generators' output linting clean against the catalogue it came from.
@Suite struct IOSPlatformTests {
    static let root = LinkRulesExecutable.packageRoot
    static let ruleIDs: Set<String> = ["ios-scheme-unregistered", "ios-domain-unassociated", "aasa-invalid"]

    /// Lints a catalogue text with its platform files given by name (as `ios:` and `aasa:` name them).
    static func lint(_ catalogue: String, files: [String: String]) throws -> [Diagnostic] {
        var loaded = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: catalogue)])
        let read: @Sendable (String) throws -> SourceFile = { path in
            guard let text = files[path] else { throw LoadError(.unreadableFile("no such file"), file: path) }
            return SourceFile(path: path, text: text)
        }
        AssociationLoader(read: read).load(into: &loaded)
        IOSFilesLoader(read: read).load(into: &loaded)
        return try Linter().lint(loaded).filter { ruleIDs.contains($0.ruleID) }
    }

    // MARK: the property-list reader

    @Test func thePropertyListReaderLocatesValues() throws {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<array>\n\t\t<string>x &amp; y</string>\n\t\t<integer> 42 </integer>\n\t\t<true/>\n\t</array>\n</dict>\n</plist>\n"
        let list = try PropertyList(source: SourceFile(path: "Info.plist", text: text))
        let values = try #require(list.root["A"]?.elements)
        #expect(values.count == 3)
        #expect(values[0].string == "x & y")
        #expect(list.source.location(ofBytes: values[0].range).line == 6)
        #expect(list.source.location(ofBytes: values[0].range).column == 3)
        if case .integer(let number) = values[1].kind { #expect(number == 42) } else { Issue.record("not an integer") }
        #expect(values[2].bool == true)
    }

    @Test(arguments: [
        ("<plist><dict><key>A</key></dict></plist>", "the key 'A' has no value"),
        ("<plist><dict><string>x</string></dict></plist>", "where a <key> was expected"),
        ("<plist><integer>ten</integer></plist>", "not an integer"),
        ("<dict></dict>", "not <plist>"),
        ("<plist><dict></dict><dict></dict></plist>", "exactly one"),
        ("bplist00\u{1}\u{2}", "binary property list"),
        ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>", "entity declarations are not read"),
        ("<plist><dict><key>A</key><string>x</dict></plist>", "'</dict>' closes '<string>'"),
    ])
    func aBadPropertyListIsRefusedWithItsReason(text: String, reason: String) {
        #expect(throws: PropertyListError.self) { try PropertyList(source: SourceFile(path: "x.plist", text: text)) }
        do {
            _ = try PropertyList(source: SourceFile(path: "x.plist", text: text))
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    // MARK: real apps' files

    /// The associated domains of Wikipedia's iOS app (wikimedia/wikipedia-ios, Wikipedia/Wikipedia.entitlements):
    /// a wildcard and the apex written separately, beside other services.
    static let wikipediaEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>aps-environment</key>
        \t<string>development</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:*.wikipedia.org</string>
        \t\t<string>webcredentials:*.wikipedia.org</string>
        \t\t<string>activitycontinuation:*.wikipedia.org</string>
        \t\t<string>applinks:wikipedia.org</string>
        \t</array>
        </dict>
        </plist>
        """

    @Test func wikipediasEntitlementsAssociateItsLanguageHostsAndNotOthers() throws {
        let catalogue = """
            version: 1
            hosts: [en.wikipedia.org, wikipedia.org, m.wikipedia.org, wikimedia.org]
            ios: { entitlements: Wikipedia.entitlements }
            links:
              - url: https://en.wikipedia.org/wiki/{title}
              - url: https://wikipedia.org/wiki/{title}
              - url: https://m.wikipedia.org/wiki/{title}
              - url: https://wikimedia.org/wiki/{title}
            """
        let found = try Self.lint(catalogue, files: ["Wikipedia.entitlements": Self.wikipediaEntitlements])
        #expect(found.map(\.message.text) == [
            "'wikimedia.org' is not an associated domain in 'Wikipedia.entitlements': its universal links open Safari, not the app (add 'applinks:wikimedia.org')"
        ])
        #expect(found.first?.location.line == 8)
        #expect(found.first?.notes.first?.location?.line == 7, "the note points at the entitlement's key")
    }

    /// Wikipedia's Info.plist (Wikipedia/Wikipedia-Info.plist) registers no URL scheme: a catalogue with a custom
    /// scheme is told so, at its scheme.
    @Test func anInfoPlistWithoutURLTypesLeavesTheSchemeUnregistered() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            \t<key>LSRequiresIPhoneOS</key>
            \t<true/>
            </dict>
            </plist>
            """
        let catalogue = "version: 1\nschemes: [wikipedia]\nios: { info_plist: Info.plist }\nlinks:\n  - url: wikipedia://places\n"
        let found = try Self.lint(catalogue, files: ["Info.plist": plist])
        #expect(found.count == 1)
        #expect(found.first?.ruleID == "ios-scheme-unregistered")
        #expect(found.first?.location.line == 2)
        #expect(found.first?.location.column == 11)
        #expect(found.first?.notes.first?.message == .noURLTypes)
    }

    @Test func aMalformedOrMissingPlistIsAFindingNamingFileLineAndColumn() throws {
        let catalogue = "version: 1\nschemes: [a]\nios: { info_plist: Info.plist, entitlements: App.entitlements }\nlinks:\n  - url: a://x\n"
        let found = try Self.lint(catalogue, files: ["Info.plist": "<plist>\n<dict>\n<key>A</key>\n</plist>\n"])
        let malformed = try #require(found.first { $0.ruleID == "ios-scheme-unregistered" })
        #expect(malformed.location.file == "Info.plist")
        #expect(malformed.location.line == 4)
        #expect(malformed.message.text.hasPrefix("not a property list iOS reads"))
        let missing = try #require(found.first { $0.ruleID == "ios-domain-unassociated" })
        #expect(missing.location.file == "links.yml")
        #expect(missing.location.line == 3)
    }

    @Test func anUnknownKeyUnderIOSIsReportedWithTheClosestKnownOne() throws {
        let catalogue = try CatalogueLoader().load(
            files: [SourceFile(path: "links.yml", text: "version: 1\nios: { infoplist: Info.plist }\nlinks: []\n")])
        let finding = try #require(catalogue.loadFindings.first)
        #expect(finding.ruleID == "unknown-key")
        #expect(finding.location.line == 2)
        #expect(finding.location.column == 8)
        #expect(finding.message.text.contains("info_plist"))
    }

    // MARK: aasa-invalid's size limit

    @Test func anAssociationFileOver128KBIsInvalid() throws {
        let padding = String(repeating: " ", count: 128 * 1024)
        let text = "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.a.b\"], \"components\": []}]}}" + padding
        let problems = AssociationFile(source: SourceFile(path: "aasa", text: text)).validate()
        #expect(problems.map(\.kind) == [.tooLarge])
        let small = AssociationFile(source: SourceFile(path: "aasa", text: String(text.prefix(1000)))).validate()
        #expect(small.isEmpty)
    }

    // MARK: examples/platforms

    /// The planted defects of `examples/platforms` (described in its catalogue's comments), exactly.
    @Test func thePlatformsExampleGivesExactlyItsPromisedIOSFindings() throws {
        let workspace = try Workspace(files: ["examples/platforms/links.yml"], configPath: nil, workingDirectory: Self.root.path)
        let result = try LintSession(workspace: workspace).run()
        let found = result.diagnostics.filter { Self.ruleIDs.contains($0.ruleID) || $0.ruleID == "aasa-coverage" }.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.severity.rawValue) [\($0.ruleID)]"
        }
        #expect(found.sorted() == [
            "examples/platforms/ios/Info.plist:27:5 info [ios-scheme-unregistered]",
            "examples/platforms/ios/Pantry.entitlements:10:3 error [ios-domain-unassociated]",
            "examples/platforms/ios/Pantry.entitlements:11:3 warning [ios-domain-unassociated]",
            "examples/platforms/links.yml:48:18 error [ios-domain-unassociated]",
            "examples/platforms/links.yml:54:37 warning [aasa-coverage]",
            "examples/platforms/links.yml:7:11 error [ios-scheme-unregistered]",
            "examples/platforms/web/.well-known/apple-app-site-association:10:46 error [aasa-invalid]",
            "examples/platforms/web/.well-known/apple-app-site-association:6:20 error [aasa-invalid]",
            "examples/platforms/web/.well-known/apple-app-site-association:6:9 error [aasa-invalid]",
        ])
        // Reporters can show the plists' lines.
        #expect(result.sources["examples/platforms/ios/Info.plist"]?.lineText(27).contains("pantrydev") == true)
    }

    // MARK: generate → check

    /// Each example catalogue's generated Info.plist URL types and association file, put in place of its own
    /// platform files, lint clean: what `generate` writes agrees with the catalogue.
    @Test(arguments: ["her", "exfe", "coordinator", "payments", "cookpad", "platforms"])
    func whatIsGeneratedLintsClean(example: String) throws {
        let path = Self.root.appendingPathComponent("examples/\(example)/links.yml").path
        var catalogue = try CatalogueLoader().load(paths: [path])
        var files: [String: String] = [:]
        if !CustomSchemes(catalogue: catalogue).entries.isEmpty {
            let urlTypes = try URLTypesGeneration.generate(catalogue, named: path)
            files["Info.plist"] = "<plist version=\"1.0\">\n<dict>\n" + urlTypes + "</dict>\n</plist>\n"
        }
        var warnings: [String] = []
        let appIDs = catalogue.appIDs.isEmpty ? ["ABCDE12345.com.example.app"] : []
        files["apple-app-site-association"] = try AssociationGeneration.generate(catalogue, named: path, appIDs: appIDs, warnings: &warnings)
        let domains = Set(UniversalLinks(catalogue: catalogue).entries.compactMap { $0.template.host?.lowercased() })
        files["App.entitlements"] = "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key><array>"
            + domains.sorted().map { "<string>applinks:\($0)</string>" }.joined() + "</array></dict></plist>\n"
        // The catalogue, pointed at the generated files.
        catalogue.associationFile = Scalar(value: "apple-app-site-association", tokenRange: 0..<0, style: .plain)
        catalogue.associationFileOwner = SourceFile(path: "links.yml", text: "")
        catalogue.iosFiles.owner = SourceFile(path: "links.yml", text: "")
        catalogue.iosFiles.entitlements = Scalar(value: "App.entitlements", tokenRange: 0..<0, style: .plain)
        if files["Info.plist"] != nil { catalogue.iosFiles.infoPlist = Scalar(value: "Info.plist", tokenRange: 0..<0, style: .plain) }
        let generated = files
        let read: @Sendable (String) throws -> SourceFile = { name in
            guard let text = generated[name] else { throw LoadError(.unreadableFile("no such file"), file: name) }
            return SourceFile(path: name, text: text)
        }
        AssociationLoader(read: read).load(into: &catalogue)
        IOSFilesLoader(read: read).load(into: &catalogue)
        let found = try Linter().lint(catalogue).filter { Self.ruleIDs.contains($0.ruleID) || $0.ruleID == "aasa-coverage" }
        #expect(found.isEmpty, "\(example): \(found.map { "\($0.location.file):\($0.location.line) \($0.message)" })")
    }
}
