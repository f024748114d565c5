import Testing
@testable import LinkRules

/// Decoding a large file's link list in runs: where the list is cut, that the runs decode to exactly what one
/// pass does, and that anything the cut cannot see (a quoted value, a second list, broken YAML) falls back to it.
@Suite struct LinkListSplitTests {
    static let inRuns = CatalogueLoader(runs: RunPolicy(minimumFileSize: 0, runCount: 3))

    /// What a loaded catalogue holds that decoding decides, written out for comparison.
    func summary(_ catalogue: Catalogue) -> [String] {
        var lines: [String] = catalogue.links.map { link in
            "\(link.url.value) \(link.url.tokenRange) \(link.entryRange) \(link.title?.value ?? "-") \(link.title?.tokenRange ?? 0..<0) \(link.aliases.map(\.value)) "
                + "\(link.examples.map(\.tokenRange)) \(link.deprecated) \(link.ignoredRules.map(\.value)) \(link.entryIsFlow)"
        }
        lines += catalogue.loadFindings.map { "\($0.ruleID) \($0.message) \($0.location)" }.sorted()
        lines += catalogue.components.map { "\($0.name.value) \($0.kind)" } + catalogue.barriers.map(\.value)
        return lines
    }

    func loaded(_ text: String, by loader: CatalogueLoader) throws -> Catalogue {
        try loader.load(files: [SourceFile(path: "links.yml", text: text)])
    }

    @Test(arguments: [0, 2, 4], [1, 2, 3])
    func runsDecodeToWhatOnePassDoes(indentation: Int, seed: UInt64) throws {
        let text = GeneratedCatalogues.text(links: 300, seed: seed, indentation: indentation)
        let split = try #require(LinkListSplit.find(in: SourceFile(path: "links.yml", text: text), runCount: 3, minimumFileSize: 0))
        #expect(split.runs.count == 3)
        #expect(split.runs.reduce(0) { $0 + $1.entryCount } == 300)
        #expect(zip(split.runs, split.runs.dropFirst()).allSatisfy { $0.bytes.upperBound == $1.bytes.lowerBound })
        let onePass = try loaded(text, by: CatalogueLoader())
        #expect(onePass.links.count == 300)
        let found = summary(try loaded(text, by: Self.inRuns))
        let expected = summary(onePass)
        #expect(found.count == expected.count)
        if let first = zip(found, expected).first(where: { $0 != $1 }) { Issue.record("\(first.0)\n\(first.1)") }
    }

    @Test func carriageReturnsAndAByteOrderMarkDecodeAsInOnePass() throws {
        let text = "\u{FEFF}" + GeneratedCatalogues.text(links: 60, seed: 7).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let found = summary(try loaded(text, by: Self.inRuns))
        let expected = summary(try loaded(text, by: CatalogueLoader()))
        #expect(found.count == expected.count)
        if let first = zip(found, expected).first(where: { $0 != $1 }) { Issue.record("\(first.0)\n\(first.1)") }
    }

    @Test func theListEndsAtTheNextKeyAndItsEntriesAreCounted() throws {
        let entries = (0..<8).map { "- url: app://a/\($0)\n  title: t\($0)\n" }.joined()
        let text = "hosts: [a.example]\nlinks:   # the links\n\n" + entries + "# trailing comment\nbarriers: [x]\n"
        let file = SourceFile(path: "links.yml", text: text)
        let split = try #require(LinkListSplit.find(in: file, runCount: 2, minimumFileSize: 0))
        #expect(split.keyOffset == "hosts: [a.example]\n".utf8.count)
        #expect(split.runs.count == 2)
        #expect(split.runs.map(\.entryCount).reduce(0, +) == 8)
        #expect(split.runs[0].bytes.lowerBound == text.utf8.count - (entries + "# trailing comment\nbarriers: [x]\n").utf8.count)
        #expect(split.listEnd == text.utf8.count - "barriers: [x]\n".utf8.count)
    }

    @Test(arguments: [
        "links: [app://a/1, app://a/2]\n",  // a flow list
        "links:\n\t- url: app://a/1\n",  // a tab
        "  links:\n  - url: app://a/1\n",  // not at the first column
        "links:\n  - url: app://a/1\n  url: x\n",  // a line at the list's indentation that is not an entry
    ])
    func noSplitWhereTheLinesDoNotShowEntries(text: String) {
        #expect(LinkListSplit.find(in: SourceFile(path: "links.yml", text: text), runCount: 2, minimumFileSize: 0) == nil)
    }

    @Test func smallFilesAreDecodedInOnePass() {
        let text = GeneratedCatalogues.text(links: 50, seed: 1)
        #expect(LinkListSplit.find(in: SourceFile(path: "links.yml", text: text), runCount: 2) == nil)
    }

    /// Texts whose lines look like entries where libyaml reads something else: the runs disagree with libyaml's
    /// events and the file is decoded in one pass.
    @Test(arguments: [
        // An entry line inside a double-quoted value.
        "links:\n  - url: app://a/1\n    title: \"one\n  - url: app://a/2\"\n  - url: app://a/3\n  - url: app://a/4\n",
        // `links:` inside a quoted top-level value: the list the lines show is not a list.
        "app: \"x\nlinks:\n  - url: app://a/1\n  - url: app://a/2\n  - url: app://a/3\n  - url: app://a/4\n\"\nhosts: [h]\n",
        // An entry line inside a flow mapping that spans lines.
        "links:\n- {url: app://a/1,\n- x: y}\n- url: app://a/3\n- url: app://a/4\n",
    ])
    func textsTheLinesMisreadDecodeAsInOnePass(text: String) throws {
        let inRuns = CatalogueLoader(runs: RunPolicy(minimumFileSize: 0, runCount: 2))
        let onePass = Result { try loaded(text, by: CatalogueLoader()) }
        let runs = Result { try loaded(text, by: inRuns) }
        switch (onePass, runs) {
        case (.success(let expected), .success(let found)): #expect(summary(found) == summary(expected))
        case (.failure(let expected), .failure(let found)): #expect("\(found)" == "\(expected)")
        default: Issue.record("one pass: \(onePass), in runs: \(runs)")
        }
    }

    @Test func aBrokenLaterRunReportsTheErrorOnePassReports() throws {
        var text = GeneratedCatalogues.text(links: 40, seed: 3)
        text += "links:\n  - url: app://dup\n"  // a second `links` key: a duplicate-key error
        // An unclosed bracket two thirds of the way down, in the last run.
        var lines = GeneratedCatalogues.text(links: 40, seed: 4).split(separator: "\n", omittingEmptySubsequences: false)
        let entryLines = lines.indices.filter { lines[$0].hasPrefix("  - ") }
        lines.insert("  - url: [app://broken", at: entryLines[entryLines.count * 2 / 3])
        let broken = lines.joined(separator: "\n")
        for text in [text, broken] {
            let expected = Result { try loaded(text, by: CatalogueLoader()) }
            let found = Result { try loaded(text, by: Self.inRuns) }
            guard case .failure(let expectedError) = expected, case .failure(let foundError) = found else {
                Issue.record("expected both to fail: \(expected), \(found)")
                continue
            }
            #expect("\(foundError)" == "\(expectedError)")
        }
    }
}

/// Decoding in runs against one pass on catalogues broken at random: a line inserted, removed or re-indented, a
/// quote, bracket, block indicator, tab or document marker dropped in. Whatever libyaml makes of the text, the runs
/// must give the same links, findings and errors (most such texts fall back to one pass).
@Suite struct LinkListSplitPropertyTests {
    /// A small deterministic generator, so that every run of the suite tries the same texts.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func mutated(seed: UInt64) -> String {
        var random = Generator(state: seed)
        var lines = GeneratedCatalogues.text(links: 30, seed: seed, indentation: [0, 2, 4][random.next(3)])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let insertions = ["\"", "'", "[", "{", "}", "]", ": ", " |", " >", "\t", "#", "&a ", "*a", "- ", "%"]
        for _ in 0..<(1 + random.next(3)) {
            let line = random.next(lines.count)
            switch random.next(8) {
            case 0: lines.insert("  - url: app://inserted/\(random.next(99))", at: line)
            case 1: lines.remove(at: line)
            case 2: lines[line] = String(repeating: " ", count: random.next(5)) + lines[line].drop { $0 == " " }
            case 3: lines.insert(["links:", "---", "...", "  links:", "barriers: [x]"][random.next(5)], at: line)
            case 4: lines.insert(lines[line], at: line)
            default:
                var text = Array(lines[line])
                text.insert(contentsOf: insertions[random.next(insertions.count)], at: random.next(text.count + 1))
                lines[line] = String(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: 0..<300)
    func runsAgreeWithOnePassOnBrokenCatalogues(seed: UInt64) {
        let text = Self.mutated(seed: seed)
        let file = SourceFile(path: "links.yml", text: text)
        let onePass = Result { try CatalogueLoader().load(files: [file]) }
        let inRuns = Result { try LinkListSplitTests.inRuns.load(files: [file]) }
        switch (onePass, inRuns) {
        case (.success(let expected), .success(let found)):
            #expect(LinkListSplitTests().summary(found) == LinkListSplitTests().summary(expected), "seed \(seed)")
        case (.failure(let expected), .failure(let found)):
            #expect("\(found)" == "\(expected)", "seed \(seed)")
        default:
            Issue.record("seed \(seed): one pass \(onePass), in runs \(inRuns)")
        }
    }
}
