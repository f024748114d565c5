import Foundation
import Testing
@testable import LinkRules

/// Decoding a `links:` block in parts gives exactly what the one-pass decode gives: the same catalogue (every
/// link field and position, load findings in the same order) or the same error at the same place, on the example
/// catalogues, the bad inputs, generated catalogues and inputs made to trip the line scan.
@Suite struct ParallelLinkDecodingTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The ways of decoding compared with one pass: parts of one entry, of a few, and what the loader picks.
    static let partSizes: [ParallelLinkDecoding] = [.partsOf(entries: 1), .partsOf(entries: 2), .partsOf(entries: 3), .automatic]

    /// A textual picture of everything a load gives, files shown by path: two loads are the same when their
    /// pictures are.
    static func picture(_ result: Result<Catalogue, LoadError>) -> String {
        switch result {
        case .success(let catalogue): "catalogue " + describe(catalogue)
        case .failure(let error): "error \(error.description) \(error.location.range) \(error.isSyntaxError)"
        }
    }

    /// Every stored value of `value`, recursively; dictionaries and sets in a fixed order.
    static func describe(_ value: Any) -> String {
        if let file = value as? SourceFile { return "file(\(file.path))" }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(reflecting: value) }
        var children = mirror.children.map { "\($0.label ?? "-"): \(describe($0.value))" }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { children.sort() }
        return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
    }

    static func load(_ files: [SourceFile], _ decoding: ParallelLinkDecoding) -> Result<Catalogue, LoadError> {
        Result { try CatalogueLoader(parallelDecoding: decoding).load(files: files) }.mapError { $0 as! LoadError }
    }

    /// Whether the file is decoded in parts (rather than falling back to one pass) with parts of one entry.
    static func decodesInParts(_ file: SourceFile) -> Bool {
        guard let plan = InputPlan(file: file, decoding: .partsOf(entries: 1)) else { return false }
        var catalogue = Catalogue(files: [file])
        var components: [ComponentSpec] = []
        var params: [ParamSpec] = []
        var links = LinkAssembly()
        return ParallelCatalogueDecoding(file: file, plan: plan, linkIndexBase: 0)
            .decode(into: &catalogue, components: &components, params: &params, links: &links)
    }

    /// Checks every way of decoding against one pass; returns the one-pass result.
    @discardableResult
    static func expectSameLoads(_ files: [SourceFile], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Result<Catalogue, LoadError> {
        let onePass = load(files, .never)
        let expected = picture(onePass)
        for decoding in partSizes {
            let found = picture(load(files, decoding))
            #expect(found == expected, "\(decoding)", sourceLocation: sourceLocation)
        }
        return onePass
    }

    static func file(_ text: String, path: String = "links.yml") -> SourceFile { SourceFile(path: path, text: text) }

    // MARK: Real and generated catalogues

    @Test(arguments: ["cookpad", "coordinator", "exfe", "her", "payments"])
    func exampleCataloguesLoadTheSameInParts(_ name: String) throws {
        let path = "examples/\(name)/links.yml"
        let file = try CatalogueLoader.read(path: Self.repositoryRoot + "/" + path, displayName: path)
        #expect(Self.decodesInParts(file))
        let result = Self.expectSameLoads([file])
        #expect(((try? result.get().links.count) ?? 0) > 0)
    }

    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: BadInputs.folder.path).sorted())
    func badInputsGiveTheSameResultInParts(_ name: String) throws {
        let bytes = try BadInputs.bytes(name)
        Self.expectSameLoads([SourceFile(path: name, bytes: bytes)])
        Self.expectSameLoads([SourceFile(path: name, bytes: BadInputs.crlf(bytes))])
    }

    @Test func someBadInputsAreDecodedInParts() throws {
        // The comparison above means something only if bad inputs reach the parallel path at all.
        let names = try FileManager.default.contentsOfDirectory(atPath: BadInputs.folder.path)
        let planned = try names.filter { name in
            InputPlan(file: SourceFile(path: name, bytes: try BadInputs.bytes(name)), decoding: .partsOf(entries: 1)) != nil
        }
        #expect(planned.count > 5, "\(planned)")
    }

    /// A catalogue with every kind of entry, in a fixed pseudo-random mix.
    static func generatedCatalogue(links: Int, seed: UInt64, indentation: Int = 2) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pad = String(repeating: " ", count: indentation)
        var text = "# generated\nversion: 1\nschemes: [app]\nhosts: [app.example.com]\ncomponents:\n  feed: tab\n  items: { kind: collection, id: int }\nlinks:\n"
        for index in 0..<links {
            let url = ["app://feed/items/\(index)", "https://app.example.com/items/{id:int}/x\(index)", "app://Feed/\(index)?q={q}"][next(3)]
            switch next(7) {
            case 0: text += "\(pad)- { url: '\(url)', title: \"Caf\\u00e9 \(index)\" }\n"
            case 1: text += "\(pad)- url: \"\(url)\"\n\(pad)  examples:\n\(pad)    - app://feed/items/1\n\(pad)    - app://feed/items/2\n"
            case 2: text += "\(pad)# a comment between entries\n\(pad)- url: \(url)\n\(pad)  title: Café № \(index)\n\n"
            case 3: text += "\(pad)- url: \(url)\n\(pad)  aliases: [app://old/\(index)]\n\(pad)  lint: { ignore: [lowercase] }\n"
            case 4: text += "\(pad)-\n\(pad)  url: >-\n\(pad)    \(url)\n\(pad)  deprecated: true\n"
            case 5: text += "\(pad)- url: \(url)\n\(pad)  colour: blue\n"  // an unknown key: a load finding
            default: text += "\(pad)- url: \(url)  # trailing comment\n\(pad)  barrier: signed-in\n\(pad)  title: |\n\(pad)    two\n\(pad)    lines\n"
            }
        }
        text += "barriers: [signed-in]\nunknown_top: 1\n"
        return text
    }

    @Test(arguments: [(0 as UInt64, 2), (1, 0), (2, 4), (3, 2)])
    func generatedCataloguesLoadTheSameInParts(seed: UInt64, indentation: Int) throws {
        let file = Self.file(Self.generatedCatalogue(links: 60, seed: seed, indentation: indentation))
        #expect(Self.decodesInParts(file))
        let catalogue = try Self.expectSameLoads([file]).get()
        #expect(catalogue.links.count == 60)
        #expect(catalogue.links.map { $0.index } == Array(0..<60))
        #expect(catalogue.loadFindings.last?.message.description.contains("unknown_top") == true)
    }

    /// Left to itself, the loader cuts a long block into rounds of one part a core, each round's parts half the
    /// size of the last round's, and as many rounds as leave the smallest part its minimum of entries.
    @Test func partsAreCutLargestFirstInRoundsOfOneACore() throws {
        let shares = InputPlan.guidedShares(parts: 8, cores: 2)
        #expect(shares.count == 8)
        #expect(abs(shares.reduce(0, +) - 1) < 1e-9)
        for round in 0..<4 {
            #expect(shares[2 * round] == shares[2 * round + 1])
            if round > 0 { #expect(abs(shares[2 * round] * 2 - shares[2 * round - 1]) < 1e-12) }
        }
        // A last round with one part for two cores: that part is the size of a full round's.
        #expect(InputPlan.guidedShares(parts: 3, cores: 2) == [0.4, 0.4, 0.2])

        let many = try #require(InputPlan.guidedShares(entries: 100_000, cores: 2))
        #expect(many.count == 2 * InputPlan.guidedRounds)
        let few = try #require(InputPlan.guidedShares(entries: 3 * InputPlan.minimumEntriesPerPart, cores: 2))
        #expect(few.count >= 2 && few.count < many.count)
        #expect(Double(3 * InputPlan.minimumEntriesPerPart) * few.last! >= Double(InputPlan.minimumEntriesPerPart))
        #expect(InputPlan.guidedShares(entries: 2 * InputPlan.minimumEntriesPerPart - 1, cores: 2) == nil)
    }

    @Test func aLongCatalogueIsSplitAndLoadsTheSameAutomatically() throws {
        let file = Self.file(Self.generatedCatalogue(links: 3 * InputPlan.minimumEntriesPerPart, seed: 7))
        let plan = try #require(InputPlan(file: file, decoding: .partsOf(entries: 1000)))
        #expect(plan.parts.count == 4)
        #expect(plan.parts.map(\.entries.count).reduce(0, +) == plan.entryCount)
        // Left to itself the loader splits it when there is more than one core.
        let automatic = InputPlan(file: file, decoding: .automatic)
        #expect((automatic != nil) == (ProcessInfo.processInfo.activeProcessorCount > 1))
        Self.expectSameLoads([file])
    }

    // MARK: Inputs made to trip the line scan

    static let header = "version: 1\nhosts: [app.example.com]\n"

    /// Text that loads (or fails) the same in parts and in one pass, and whether it is decoded in parts.
    static let trickyInputs: [(name: String, text: String, inParts: Bool)] = [
        ("comments at column 0", header + "links:  # the links\n# first\n  - url: app://a\n# between\n  - url: app://b\n    # inside\n    title: B\n# after\nbarriers: [x]\n", true),
        ("flow entries", header + "links:\n  - { url: app://a, title: A }\n  - {url: 'app://b'}\n  - url: app://c\n", true),
        ("flow entry over lines", header + "links:\n  - { url: app://a,\n  - title: A }\n  - url: app://c\n", false),
        ("quoted title over a dash line", header + "links:\n  - url: app://a\n    title: \"one\n  - url: two\"\n  - url: app://c\n", false),
        ("single-quoted over a dash line", header + "links:\n  - url: app://a\n    title: 'one\n  - url: two'\n  - url: app://c\n", false),
        ("literal scalar", header + "links:\n  - url: app://a\n    title: |\n      - url: not an entry\n  - url: app://c\n", true),
        ("entry on the next line", header + "links:\n  -\n    url: app://a\n  -\n    url: app://b\n", true),
        ("anchor", header + "links:\n  - url: app://a\n  - &x url: app://b\n  - url: app://c\n", false),
        ("alias", header + "links:\n  - url: app://a\n  - url: *x\n  - url: app://c\n", false),
        ("second document", header + "links:\n  - url: app://a\n  - url: app://b\n---\nversion: 1\n", false),
        ("document end marker", header + "links:\n  - url: app://a\n  - url: app://b\n...\n", true),
        ("duplicate key in the middle", header + "links:\n  - url: app://a\n  - url: app://b\n    url: app://c\n  - url: app://d\n", false),
        ("duplicate links key", header + "links:\n  - url: app://a\n  - url: app://b\nlinks:\n  - url: app://c\n", false),
        ("unclosed quote in the middle", header + "links:\n  - url: app://a\n  - url: \"app://b\n  - url: app://c\n  - url: app://d\n", false),
        ("wrong type in the middle", header + "links:\n  - url: app://a\n  - url: [app://b]\n  - url: app://c\n", false),
        ("entry a string", header + "links:\n  - url: app://a\n  - app://b\n  - url: app://c\n", false),
        ("entry without url", header + "links:\n  - url: app://a\n  - title: B\n  - url: app://c\n", false),
        ("bad indentation", header + "links:\n  - url: app://a\n   - url: app://b\n  - url: app://c\n", false),
        ("tab indentation", header + "links:\n  - url: app://a\n\t- url: app://b\n", false),
        ("tab after the dash", header + "links:\n  - url: app://a\n  -\turl: app://b\n  - url: app://c\n", false),
        ("tab inside an entry", header + "links:\n  - url: app://a\n    title:\tA\n  - url: app://c\n", true),
        ("lone CR", header + "links:\n  - url: app://a\r  - url: app://b\n  - url: app://c\n", false),
        ("NEL inside", header + "links:\n  - url: app://a\n    title: a\u{85}  - url: app://b\n  - url: app://c\n", false),
        ("line separator inside", header + "links:\n  - url: app://a\n    title: \"a\u{2028}  - url: b\"\n  - url: app://c\n", false),
        ("unknown keys around", "colour: red\n" + header + "links:\n  - url: app://a\n    shade: 1\n  - url: app://b\n    lint: { ignore: [x], other: 1 }\nsize: 2\n", true),
        ("hosts after links", "version: 1\nlinks:\n  - url: app://feed/1\n  - url: app://app.example.com/feed\nhosts: [app.example.com]\n", true),
        ("indentation 0", header + "links:\n- url: app://a\n- url: app://b\n  title: B\nbarriers: [x]\n", true),
        ("no final line break", header + "links:\n  - url: app://a\n  - url: app://b", true),
        ("links last with trailing blank lines", header + "links:\n  - url: app://a\n  - url: app://b\n\n\n", true),
        ("links inside a top-level flow mapping", "{ version: 1,\nlinks:\n  - url: app://a\n  - url: app://b\n}\n", false),
        ("links inside a quoted scalar", "version: 1\ntitle: \"a\nlinks:\n  - url: app://a\n  - url: app://b\n\"\n", false),
        ("links with a flow value", header + "links: [ { url: app://a } ]\n", false),
        ("links followed by a mapping", header + "links:\n  url: app://a\n", false),
        ("links followed by nothing", header + "links:\nbarriers: [x]\n", false),
        ("dedent to another column", header + "links:\n    - url: app://a\n  - url: app://b\n", false),
        ("dash at column 0 after indented entries", header + "links:\n  - url: app://a\n- url: app://b\n", false),
        ("mapping at the entries' column", header + "links:\n  - url: app://a\n  key: value\n", false),
        ("CRLF", (header + "links:\n  - url: app://a\n  - url: app://b\n    title: B\nbarriers: [x]\n").replacingOccurrences(of: "\n", with: "\r\n"), true),
        ("byte-order mark", "\u{FEFF}" + header + "links:\n  - url: app://a\n  - url: app://b\n", true),
        ("byte-order mark then links", "\u{FEFF}links:\n  - url: app://a\n  - url: app://b\n", true),
        ("byte-order mark in the block", header + "links:\n  - url: app://a\n\u{FEFF}  - url: app://b\n", false),
        ("non-ASCII everywhere", "version: 1\napp: Café\nlinks:\n  - url: app://é/1\n    title: Ünïcödé ✓\n  - url: app://日本/2\nbarriers: [ß]\n", true),
        // An unknown key's value may nest freely, up to the limit counted from the top of the file.
        ("nesting past the limit", header + "links:\n  - url: app://a\n  - url: app://b\n    extra: " + String(repeating: "[", count: 254) + String(repeating: "]", count: 254) + "\n", false),
        ("nesting at the limit", header + "links:\n  - url: app://a\n  - url: app://b\n    extra: " + String(repeating: "[", count: 253) + String(repeating: "]", count: 253) + "\n", true),
        ("tagged values", header + "links:\n  - url: !!str app://a\n  - url: !custom app://b\n", true),
        ("undefined tag handle", header + "links:\n  - url: app://a\n  - url: !e!x app://b\n", false),
        ("directive then links", "%YAML 1.1\n---\n" + header + "links:\n  - url: app://a\n  - url: app://b\n", true),
        ("duplicate key across the block", header + "links:\n  - url: app://a\n  - url: app://b\nhosts: [x]\n", false),
        ("empty entry", header + "links:\n  - url: app://a\n  -\n  - url: app://c\n", false),
        ("flow entry over indented lines", header + "links:\n  - { url: app://a,\n      title: A }\n  - url: app://b\n", true),
        ("kept trailing lines of a literal", header + "links:\n  - url: app://a\n    title: |+\n      a\n\n\n  - url: app://b\n    title: >-\n      b\n\n  - url: app://c\n", true),
        ("plain scalar over lines", header + "links:\n  - url: app://a\n    title: one\n      two\n  - url: app://b\n", true),
        ("CRLF, byte-order mark and non-ASCII", ("\u{FEFF}" + header + "links:\n  - url: app://é\n    title: Ça\n  - url: app://b\n").replacingOccurrences(of: "\n", with: "\r\n"), true),
    ]

    @Test(arguments: trickyInputs.indices)
    func trickyInputsLoadTheSame(_ index: Int) throws {
        let input = Self.trickyInputs[index]
        let file = Self.file(input.text)
        Self.expectSameLoads([file])
        #expect(Self.decodesInParts(file) == input.inParts, "\(input.name)")
    }

    @Test func anErrorInTheMiddleIsReportedWhereOnePassReportsIt() throws {
        let text = Self.header + "links:\n  - url: app://a\n  - url: app://b\n  - url: [app://c\n  - url: app://d\n"
        let result = Self.expectSameLoads([Self.file(text)])
        guard case .failure(let error) = result else {
            Issue.record("expected a load error")
            return
        }
        #expect(error.location.line == 6)
    }

    // MARK: Several files

    @Test func hostsDeclaredInALaterFileReparseTheTemplates() throws {
        let first = Self.file("version: 1\nlinks:\n  - url: app://feed/1\n  - url: app://app.example.com/feed\n", path: "a.yml")
        let second = Self.file("hosts: [app.example.com]\nlinks:\n  - url: app://x/2\n  - url: app://y/3\n", path: "b.yml")
        let catalogue = try Self.expectSameLoads([first, second]).get()
        #expect(catalogue.links.map { $0.index } == [0, 1, 2, 3])
        #expect(catalogue.links[1].template.host == "app.example.com")
        #expect(Self.decodesInParts(first) && Self.decodesInParts(second))
    }

    @Test func anErrorInALaterFileIsReportedAsInOnePass() throws {
        let first = Self.file(Self.generatedCatalogue(links: 8, seed: 5), path: "a.yml")
        let second = Self.file("links:\n  - url: app://x\n  - url: 'app://y\n  - url: app://z\n", path: "b.yml")
        let result = Self.expectSameLoads([first, second])
        guard case .failure(let error) = result else {
            Issue.record("expected a load error")
            return
        }
        #expect(error.location.file == "b.yml")
    }

    @Test func filesDecodedInPartsAndInOnePassMix() throws {
        let inParts = Self.file(Self.generatedCatalogue(links: 12, seed: 3), path: "a.yml")
        let onePass = Self.file("links: [{ url: app://z/1 }]\n", path: "b.yml")
        let catalogue = try Self.expectSameLoads([inParts, onePass, inParts]).get()
        #expect(catalogue.links.count == 25)
        #expect(catalogue.links.map { $0.index } == Array(0..<25))
    }

    // MARK: The plan

    @Test func thePlanCutsWholeEntriesAndEndsEachPartAtTheNextDash() throws {
        let text = "version: 1\nlinks:\n  - url: app://a\n  - url: app://b\n    title: B\n  - url: app://c\nhosts: []\n"
        let file = Self.file(text)
        let plan = try #require(InputPlan(file: file, decoding: .partsOf(entries: 2)))
        let bytes = Array(text.utf8)
        func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        #expect(plan.parts.map { slice($0.bytes) } == ["  - url: app://a\n  ", "  - url: app://b\n    title: B\n  - url: app://c\n"])
        #expect(plan.parts.map(\.entries) == [0..<1, 1..<3])
        #expect(plan.headerSegments.map(slice) == ["version: 1\nlinks:\n", "hosts: []\n"])
        #expect(slice(plan.linksKeyOffset..<(plan.linksKeyOffset + 6)) == "links:")
    }

    @Test func automaticDecodingLeavesShortBlocksToOnePass() {
        let file = Self.file(Self.generatedCatalogue(links: 200, seed: 1))
        #expect(InputPlan(file: file, decoding: .automatic) == nil)
        #expect(InputPlan(file: file, decoding: .never) == nil)
        #expect(InputPlan(file: file, decoding: .partsOf(entries: 100))?.parts.count == 2)
    }
}
