import Foundation
import Testing
@testable import LinkRules

/// Linting a catalogue in parts, letting each part's links go (`Linter.lint(parts:)`), finds exactly what
/// linting it whole finds, in the same order: on every rule's examples, on the example catalogues, and on
/// generated catalogues with duplicates, shadowed routes, synonyms, renames across links and suppressions, in
/// parts of one entry up. A link let go and decoded again is the link that was decoded first.
@Suite struct StreamingLintTests {
    /// The part sizes compared with the whole lint.
    static let partSizes = [1, 2, 3, 50]

    static func configuration(options: String?, rule: String) throws -> Configuration {
        guard let options else { return Configuration() }
        let file = SourceFile(path: "options.yml", text: "rules:\n  \(rule): \(options)\n")
        return try ConfigurationLoader().load(file: file, directory: ".")
    }

    static func lintWhole(_ file: SourceFile, _ linter: Linter) throws -> [Diagnostic] {
        linter.lint(try CatalogueLoader().load(files: [file]))
    }

    /// The findings of a lint in parts of `entries`, or nil when the file is not read in parts.
    static func lintInParts(_ file: SourceFile, entries: Int, _ linter: Linter) throws -> [Diagnostic]? {
        guard let parts = try CatalogueFileParts(file: file, entriesPerPart: entries),
            parts.declarations.associationFile == nil
        else { return nil }
        return Array(try #require(linter.lint(parts: parts)).diagnostics)
    }

    /// Compares the whole lint with the lint in parts of each size; returns how many sizes read the file in parts.
    @discardableResult
    static func expectSameFindings(
        _ file: SourceFile, _ linter: Linter, sizes: [Int] = partSizes, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Int {
        let whole = try lintWhole(file, linter)
        var streamed = 0
        for size in sizes {
            guard let inParts = try lintInParts(file, entries: size, linter) else { continue }
            streamed += 1
            #expect(inParts == whole, "parts of \(size): \(difference(whole, inParts))", sourceLocation: sourceLocation)
        }
        return streamed
    }

    /// The first place two lists of findings differ, for a failure's message.
    static func difference(_ expected: [Diagnostic], _ found: [Diagnostic]) -> String {
        for (index, (a, b)) in zip(expected, found).enumerated() where a != b {
            return "#\(index): expected \(a.ruleID) \(a.location.line):\(a.location.column) \(a.message), found \(b.ruleID) \(b.location.line):\(b.location.column) \(b.message)"
        }
        return "expected \(expected.count) findings, found \(found.count)"
    }

    // MARK: Rule examples

    static var examples: [(String, RuleExample)] { RuleExampleTests.triggering + RuleExampleTests.nonTriggering }

    @Test func everyRuleExampleFindsTheSameInParts() throws {
        var streamed = 0
        for (ruleID, example) in Self.examples where example.association == nil {
            let rule = try #require(RuleRegistry.rule(withID: ruleID))
            let text = RuleExampleTests.materialise(example, of: rule.description).text
            let linter = try Linter(configuration: try Self.configuration(options: example.options, rule: ruleID))
            streamed += try Self.expectSameFindings(SourceFile(path: "example.yml", text: text), linter, sizes: [1, 2])
        }
        // Most examples have the plain layout and are read in parts: the comparison covers every rule.
        #expect(streamed > 2 * 60, "\(streamed) lints in parts")
    }

    // MARK: Example catalogues, through the session

    @Test(arguments: ["cookpad", "coordinator", "exfe", "her", "payments"])
    func exampleCataloguesFindTheSameInParts(_ name: String) throws {
        let folder = ParallelLinkDecodingTests.repositoryRoot + "/examples/" + name
        let workspace = try Workspace(files: [folder + "/links.yml"], configPath: nil, workingDirectory: folder)
        var session = try LintSession(workspace: workspace)
        session.streaming = .never
        let whole = try session.run()
        #expect(!whole.catalogue.links.isEmpty)
        for size in [1, 3] {
            session.streaming = .partsOf(entries: size)
            let inParts = try session.run()
            if whole.catalogue.associationFile == nil {
                // Read in parts: the result holds no links.
                #expect(inParts.catalogue.links.isEmpty)
                #expect(inParts.catalogue.loadFindings.count == whole.catalogue.loadFindings.count)
            }
            #expect(inParts.diagnostics == whole.diagnostics, "parts of \(size): \(Self.difference(Array(whole.diagnostics), Array(inParts.diagnostics)))")
        }
    }

    // MARK: Generated catalogues

    /// A catalogue of `links` links that gives every catalogue rule something to find: repeated routes, routes
    /// shadowed by an earlier placeholder, synonymous parameters, placeholders in other styles, hosts written two
    /// ways, unknown barriers, a singular collection that a fix renames in every link using it, aliases,
    /// suppressions in entries and comments, and unknown keys.
    static func generatedCatalogue(links: Int, seed: UInt64) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = """
            # generated
            version: 1
            schemes: [app]
            hosts: [app.example.com]
            barriers: [signed-in]
            components:
              feed: tab
              item: { kind: collection, id: int }
              orders: { kind: collection, id: int }
              user-profiles: { kind: collection, id: int }
            params:
              origin: { role: tracking-origin }
              source: { role: tracking-origin }
            links:

            """
        for index in 0..<links {
            let n = next(50)
            let url: String
            switch next(12) {
            case 0: url = "app://feed/orders/{reference}"
            case 1: url = "app://feed/orders/latest\(n)"
            case 2: url = "app://feed/item/\(n)"
            case 3: url = "app://feed/user-profiles/{id}?origin=home"
            case 4: url = "app://feed/orders/:order_id/x\(n)?source=home"
            case 5: url = "app://app.example.com/orders/\(n)"
            case 6: url = "app:///orders/\(n)/y\(index)"
            case 7: url = "https://app.example.com/Orders/\(n)"
            default: url = "app://feed/orders/\(index)/z\(n)"
            }
            switch next(8) {
            case 0: text += "  - { url: '\(url)', title: \"Caf\\u00e9 \(index)\" }\n"
            case 1: text += "  # a comment\n  - url: \"\(url)\"\n    aliases: [app://old/\(n)]\n"
            case 2: text += "  # linkrules:ignore lowercase, duplicate-link -- generated\n  - url: \(url)\n"
            case 3: text += "  - url: \(url)\n    lint: { ignore: [unreachable-route, plural-resource-nouns] }\n"
            case 4: text += "  - url: \(url)\n    barrier: signed-inn\n"
            case 5: text += "  - url: \(url)\n    colour: blue\n"
            case 6: text += "  - url: \(url)  # linkrules:ignore no-separators\n"
            default: text += "  - url: \(url)\n    examples: [app://feed/orders/\(n)]\n"
            }
        }
        text += "unknown_top: 1\n"
        return text
    }

    @Test(arguments: [(1 as UInt64, 300), (2, 300), (3, 3000)])
    func generatedCataloguesFindTheSameInParts(seed: UInt64, links: Int) throws {
        let file = SourceFile(path: "links.yml", text: Self.generatedCatalogue(links: links, seed: seed))
        let linter = try Linter()
        #expect(try Self.expectSameFindings(file, linter, sizes: [1, 7, 1024]) == 3)
        // Every catalogue rule has findings to compare, and a rename fix edits several links.
        let rules = Set(try Self.lintWhole(file, linter).map(\.ruleID))
        #expect(rules.isSuperset(of: [
            "duplicate-link", "unreachable-route", "consistent-query-params", "placeholder-style", "host-consistency",
            "unknown-barrier", "unknown-key", "unused-suppression", "plural-resource-nouns",
        ]), "\(rules.sorted())")
        let renames = try Self.lintWhole(file, linter).filter { $0.ruleID == "plural-resource-nouns" }
        #expect(renames.contains { ($0.fixes.first?.edits.count ?? 0) > 2 })
    }

    @Test func theSessionStreamsOnlyALongCatalogueOfOneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = Self.generatedCatalogue(links: LintStreaming.minimumEntries, seed: 5)
        let short = Self.generatedCatalogue(links: LintStreaming.minimumEntries - 1, seed: 5)
        try Data(long.utf8).write(to: URL(fileURLWithPath: folder + "/long.yml"))
        try Data(short.utf8).write(to: URL(fileURLWithPath: folder + "/short.yml"))
        func run(_ files: [String]) throws -> LintResult {
            try LintSession(workspace: try Workspace(files: files, configPath: nil, workingDirectory: folder)).run()
        }
        #expect(try run(["long.yml"]).catalogue.links.isEmpty)
        #expect(try run(["short.yml"]).catalogue.links.count == LintStreaming.minimumEntries - 1)
        #expect(try run(["long.yml", "short.yml"]).catalogue.links.count == 2 * LintStreaming.minimumEntries - 1)
    }

    // MARK: Links decoded again

    @Test func aLinkDecodedAgainIsTheLinkDecodedFirst() throws {
        let text = ParallelLinkDecodingTests.generatedCatalogue(links: 120, seed: 4)
        let file = SourceFile(path: "links.yml", text: text)
        let held = try CatalogueLoader().load(files: [file]).links
        let parts = try #require(try CatalogueFileParts(file: file, entriesPerPart: 16))
        let store = LinkStore(others: parts.linkSource(keeping: [held[7]]))
        #expect(store.count == held.count)
        for index in held.indices {
            let again = store[index]
            #expect(ParallelLinkDecodingTests.describe(again) == ParallelLinkDecodingTests.describe(held[index]))
            #expect(store.isOwn(again))
        }
        // A kept link is handed out as it is; a link of another file, or at another place, is not the store's.
        #expect(store[7] === held[7])
        let other = try CatalogueLoader().load(files: [SourceFile(path: "other.yml", text: text)]).links
        #expect(!store.isOwn(other[3]))
        #expect(!LinkStore(held).isOwn(other[3]))
        #expect(LinkStore(held).isOwn(held[3]))
    }

    @Test func aCatalogueThatDoesNotDecodeInPartsIsLintedWhole() throws {
        // The line scan takes the first for the plain layout, but the quoted value spans an entry boundary; the
        // second has an entry that is not a mapping. Later parts hold links that end where earlier ones do, which
        // the passes must not see after a part that failed.
        let later = "  - url: app://a/b?x=1\n  - url: app://a/b?y=2\n  - url: app://a/{c}\n  - url: app://a/d\n"
        for text in [
            "version: 1\nschemes: [app]\nlinks:\n  - url: app://a/b\n  - url: 'app://a\n  - b'\n" + later,
            "version: 1\nschemes: [app]\nlinks:\n  - url: app://a/b?x=1\n  - url: [broken]\n" + later,
        ] {
            let file = SourceFile(path: "links.yml", text: text)
            let parts = try #require(try CatalogueFileParts(file: file, entriesPerPart: 1))
            #expect(try Linter().lint(parts: parts) == nil)
        }
    }

    @Test func anEdgeCatalogueFindsTheSameInParts() throws {
        // A byte-order mark, CRLF, non-ASCII text, links before the declarations and keys after them, flow
        // entries, links whose rename fix needs the whole catalogue (and comments covering them), suppressions
        // naming unknown rules or none, unknown keys in an entry and at the top.
        let text = "\u{FEFF}# head\r\nversion: 1\r\nschemes: [app]\r\nlinks:\r\n"
            + "  - url: app://feed/user_profile/{id:int}?origin=a\r\n    title: \"Café\"\r\n"
            + "  # linkrules:ignore plural-resource-nouns\r\n"
            + "  - { url: 'app://feed/user_profile/{id:int}', title: x }\r\n"
            + "  - url: app://Feed/User_Profile/:id?source=b  # linkrules:ignore no-separators, bogus-rule\r\n"
            + "    lint: { ignore: [duplicate-link, unknown-rule] }\r\n"
            + "  - url: app://app.example.com/éa/{id}\r\n    colour: blue\r\n"
            + "  - url: app://app.example.com/éa/{slug}\r\n"
            + "  # linkrules:ignore\r\n"
            + "  - url: app:///x/y\r\n    aliases: ['app://feed/user_profile/{x:int}', 'app://Feed/User_Profile/{y:int}?origin=1']\r\n"
            + "  # trailing comment linkrules:ignore unreachable-route\r\n"
            + "hosts: [app.example.com]\r\n"
            + "components:\r\n  feed: tab\r\n  user_profile: { kind: collection, id: int }\r\n  éa: screen\r\n"
            + "params:\r\n  origin: { role: tracking-origin }\r\n  source: { role: tracking-origin }\r\n"
            + "tail_key: 1\r\n"
        #expect(try Self.expectSameFindings(SourceFile(path: "links.yml", text: text), try Linter(), sizes: [1, 2, 3]) == 3)
    }

    @Test func tiesUnderMostSpecificDispatchAcrossPartsFindTheSame() throws {
        var text = "version: 1\nschemes: [app]\ndispatch: most-specific\ncomponents:\n  item: { kind: collection, id: int }\nlinks:\n"
        for index in 0..<40 {
            // Links as specific as an earlier one that match `app://feed/xN/1` too, and repeated routes.
            text += index % 2 == 0
                ? "  - url: app://feed/x\(index % 7)/{id:int}\n" : "  - url: app://feed/x\(index % 7)/{code\(index % 3):slug}\n"
        }
        let file = SourceFile(path: "links.yml", text: text)
        #expect(try Self.expectSameFindings(file, try Linter(), sizes: [1, 5, 16]) == 3)
        #expect(try Self.lintWhole(file, try Linter()).contains { $0.ruleID == "unreachable-route" })
    }
}
