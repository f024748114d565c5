import Foundation
import Testing
@testable import LinkRules

/// Builds random HER-like catalogues from seeds: links with the mistakes the HER app's deep-link guide names
/// (singular nouns before ids, separators, capitals, components after modals, synonym parameters, tabs in a row),
/// short, odd and already-plural words (`s/{code}`, `menu/4`, `people/3`, `bus/2`), written as quoted and
/// plain scalars in flow and block entries, some with aliases already, with comments between entries, split over
/// one or two files.
struct HERCatalogueGenerator {
    /// A small deterministic generator (SplitMix64), so one seed always builds the same text.
    struct Choices {
        var state: UInt64

        init(_ seed: Int) { state = UInt64(bitPattern: Int64(seed)) }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let pathPieces = [
        "feed", "Feed", "myprofile", "my_profile", "my-profile", "communities/9", "community/9",
        "communities/{id:int}", "community/{id}", "posts/12", "post/12", "Posts/3", "premium", "verification",
        "location", "boosts", "premium/location", "verification/feed", "feed/myprofile", "Community/7",
        // Short, odd and already-plural words (Telegram's `s/…`, Zoom's `j/…`, a `go/…` short link, a version).
        "s/{code}", "j/{id:int}", "go/{slug}", "v2", "menu/4", "menus/5", "person/3", "people/3", "bus/2",
        "taxi/{taxi_id}", "profile/{handle}", "search/{query}",
    ]
    static let queries = ["", "", "", "?origin=home", "?key=home", "?origin_identifier=x", "?open=buy", "?Origin=Home&key=2"]

    /// The catalogue's files (paths `links.yml` and, when split, `module.yml`).
    static func files(catalogueSeed: Int, linkSeeds: [Int]) -> [SourceFile] {
        var choices = Choices(catalogueSeed)
        let collection = choices.chance(50) ? "communities" : "community"
        let header = """
            # A generated HER catalogue.
            version: 1
            app: HER
            schemes: [her]
            components:
              feed:         { kind: tab }
              myprofile:    { kind: tab }
              \(collection): { kind: collection, id: int }   # singular or plural
              posts:        { kind: collection, id: int }
              premium:      { kind: modal, params: [origin] }
              verification: { kind: modal }
              location:     { kind: screen, params: [origin] }
              boosts:       { kind: screen, params: [origin, open] }
            params:
              origin:            { role: tracking-origin }
              key:               { role: tracking-origin }
              origin_identifier: { role: tracking-origin }
            links:

            """
        let split = linkSeeds.count > 1 && choices.chance(40)
        var main = header
        var module = "version: 1\n# the feature module's links\nlinks:\n"
        for (index, seed) in linkSeeds.enumerated() {
            let entry = entry(seed: seed, number: index)
            if split && index % 2 == 1 { module += entry } else { main += entry }
        }
        var files = [SourceFile(path: "links.yml", text: main)]
        if split { files.append(SourceFile(path: "module.yml", text: module)) }
        return files
    }

    /// One entry of the `links:` list, with an optional comment line before it.
    static func entry(seed: Int, number: Int) -> String {
        var choices = Choices(seed)
        var path: [String] = []
        for _ in 0...choices.below(3) { path.append(choices.pick(pathPieces)) }
        let url = (choices.chance(10) ? "HER://" : "her://") + path.joined(separator: "/") + choices.pick(queries)
        let isFlow = choices.chance(35)
        let style = choices.below(3)
        func scalar(_ value: String, inFlow: Bool) -> String {
            let mustQuote = inFlow && value.contains { "{},[]".contains($0) } || value.hasPrefix("{")
            switch mustQuote && style == 0 ? 1 : style {
            case 1: return "'" + value + "'"
            case 2: return "\"" + value + "\""
            default: return value
            }
        }
        var aliases: [String] = []
        if choices.chance(30) { aliases.append("her://legacy/\(number)") }
        if choices.chance(15) { aliases.append(url) }  // the URL is an alias already: not added twice
        let aliasStyle = choices.below(3)  // flow list, block list, single scalar
        let title = "Link \(number)"
        var text = choices.chance(40) ? "  # entry \(number): \(url)\n" : ""
        if choices.chance(10) { text += "\n" }
        let titleFirst = choices.chance(25)
        if isFlow {
            var members = ["url: " + scalar(url, inFlow: true), "title: " + title]
            if titleFirst { members.reverse() }
            if !aliases.isEmpty { members.append("aliases: [" + aliases.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]") }
            text += "  - { " + members.joined(separator: ", ") + " }\n"
        } else {
            var lines = ["url: " + scalar(url, inFlow: false) + (choices.chance(20) ? "   # the link" : ""), "title: " + title]
            if titleFirst { lines.reverse() }
            if !aliases.isEmpty {
                switch aliasStyle {
                case 0: lines.append("aliases: [" + aliases.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]")
                case 1 where aliases.count == 1: lines.append("aliases: " + scalar(aliases[0], inFlow: false))
                default: lines.append("aliases:\n" + aliases.map { "      - " + scalar($0, inFlow: false) }.joined(separator: "\n"))
                }
            }
            text += "  - " + lines.joined(separator: "\n    ") + "\n"
        }
        return text
    }
}

@Suite struct FixPropertyTests {
    private static func session(unsafe: Bool) throws -> FixSession {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-fix-property").path
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder)
        return FixSession(lintSession: try LintSession(workspace: workspace), includesUnsafe: unsafe)
    }

    /// Every link's URL and aliases, by file and position in it.
    private static func entries(_ catalogue: Catalogue) -> [String: [(url: String, aliases: [String])]] {
        var entries: [String: [(url: String, aliases: [String])]] = [:]
        for link in catalogue.links { entries[link.file.path, default: []].append((link.url.value, link.aliases.map(\.value))) }
        return entries
    }

    private static func comments(_ file: SourceFile) -> [String] {
        file.text.split(separator: "\n").compactMap { line in
            line.range(of: "# ").map { String(line[$0.lowerBound...]) }
        }
    }

    /// The seeds of one to `maximumLinks` links for the catalogue of `catalogueSeed`. The catalogues come from a
    /// fixed range of seeds, so a run is reproducible and CI never fails by chance; to explore further, change the
    /// range (a scan of 30,000 seeds is in the commit that made them fixed).
    static func linkSeeds(_ catalogueSeed: Int, maximumLinks: Int) -> [Int] {
        var choices = HERCatalogueGenerator.Choices(catalogueSeed &* 7919)
        return (0..<(1 + choices.below(maximumLinks))).map { _ in Int(truncatingIfNeeded: choices.next()) }
    }

    @Test(arguments: [0..<50, 50..<100, 100..<150])
    func fixingWithUnsafeFixesConvergesKeepsEveryURLAndIsIdempotent(catalogueSeeds: Range<Int>) throws {
        let session = try Self.session(unsafe: true)
        for catalogueSeed in catalogueSeeds { try Self.checkFixing(catalogueSeed: catalogueSeed, session: session) }
    }

    /// Seeds whose second run once changed the text: a fix held back early, for a harm that later fixes took away,
    /// was not offered again before the run ended.
    @Test(arguments: [14206, 19607]) func seedsThatOnceFailed(seed: Int) throws {
        try Self.checkFixing(catalogueSeed: seed, session: try Self.session(unsafe: true))
    }

    /// Fixes the catalogue of `catalogueSeed` with unsafe fixes and checks the properties: it converges, keeps every
    /// URL, makes nothing worse, keeps the comments, and a second run changes nothing.
    static func checkFixing(catalogueSeed: Int, session: FixSession) throws {
        let linkSeeds = Self.linkSeeds(catalogueSeed, maximumLinks: 10)
        let files = HERCatalogueGenerator.files(catalogueSeed: catalogueSeed, linkSeeds: linkSeeds)
        let listing = files.map { "\($0.path):\n\($0.text)" }.joined(separator: "\n")
        let before = try CatalogueLoader().load(files: files)
        let findingsBefore = try session.lintSession.lint(files: files).diagnostics
        let result = try session.fix(files: files)
        #expect(result.rolledBack.isEmpty, "\(result.rolledBack)\n\(listing)")

        // The result loads afresh, and nothing fixable is left.
        let fixedFiles = result.fixedFiles.map { SourceFile(path: $0.path, contents: $0.bytes) }
        let after = try CatalogueLoader().load(files: fixedFiles)
        #expect(result.remaining.diagnostics.allSatisfy { $0.fixes.isEmpty },
                "\(result.remaining.diagnostics.filter { !$0.fixes.isEmpty }.map(\.message))\n\(listing)")

        // Every original route is still there, as the link's URL or one of its aliases, added once. A URL whose
        // links are unchanged (a custom scheme's case, a placeholder's spelling) is still there.
        let parser = LinkTemplateParser(hosts: Set(after.hosts.map(\.value)))
        func sameLinks(_ url: String, _ other: String) -> Bool { FixSession.answersTheSameLinks(parser.parse(url), parser.parse(other)) }
        let old = Self.entries(before)
        let new = Self.entries(after)
        for (path, oldEntries) in old {
            let newEntries = new[path] ?? []
            #expect(newEntries.count == oldEntries.count)
            for (oldEntry, newEntry) in zip(oldEntries, newEntries) {
                let kept = sameLinks(newEntry.url, oldEntry.url) || newEntry.aliases.contains { sameLinks($0, oldEntry.url) }
                #expect(kept, "'\(oldEntry.url)' lost\n\(listing)\n\(result.diff())")
                let unchanged = sameLinks(newEntry.url, oldEntry.url) || oldEntry.aliases.contains { sameLinks($0, oldEntry.url) }
                let expected = unchanged ? oldEntry.aliases : oldEntry.aliases + [oldEntry.url]
                #expect(newEntry.aliases == expected, "\(listing)\n\(result.diff())")
            }
        }
        // A fix never makes things worse: no error, duplicate link, unreachable route or example mismatch
        // that was not there (a rename putting `communities/{id}` before `communities/{id:int}` is held back).
        func harms(_ diagnostics: [Diagnostic]) -> [String: Int] {
            var counts: [String: Int] = [:]
            for diagnostic in diagnostics
            where diagnostic.severity == .error
                || ["duplicate-link", "unreachable-route", "example-mismatch"].contains(diagnostic.ruleID) {
                counts[diagnostic.ruleID, default: 0] += 1
            }
            return counts
        }
        let harmsBefore = harms(findingsBefore)
        // (A duplicate there already is carried by the aliases that keep the old URLs, so it is counted by rule.)
        for (rule, count) in harms(result.remaining.diagnostics) where harmsBefore[rule] == nil {
            #expect(count == 0, "\(rule): \(count) after, \(harmsBefore[rule] ?? 0) before\n\(listing)\n\(result.diff())")
        }

        // Comments survive, and a second run changes nothing.
        for (original, fixed) in zip(files, fixedFiles) { #expect(Self.comments(original) == Self.comments(fixed)) }
        let second = try session.fix(files: fixedFiles)
        #expect(second.changedFiles.isEmpty, "\(second.diff())")
        #expect(second.fixedFindings.isEmpty)
    }

    @Test func safeFixesNeverChangeMoreThanTheCaseOfAURL() throws {
        let session = try Self.session(unsafe: false)
        for catalogueSeed in 1000..<1100 {
            let linkSeeds = Self.linkSeeds(catalogueSeed, maximumLinks: 8)
            let files = HERCatalogueGenerator.files(catalogueSeed: catalogueSeed, linkSeeds: linkSeeds)
            let result = try session.fix(files: files)
            #expect(result.fixedFindings.allSatisfy { $0.ruleID == "lowercase" })
            let before = Self.entries(try CatalogueLoader().load(files: files))
            let after = Self.entries(result.remaining.catalogue)
            for (path, oldEntries) in before {
                for (oldEntry, newEntry) in zip(oldEntries, after[path] ?? []) {
                    #expect(oldEntry.url.lowercased() == newEntry.url.lowercased())
                }
            }
            #expect(result.remaining.diagnostics.allSatisfy { !$0.fixes.contains { $0.applicability == .safe } })
        }
    }
}

/// Fixes that would make the catalogue worse are not offered, or not applied, and the finding says why.
@Suite struct FixesNeverMakeThingsWorseTests {
    @Test func aFixThatWouldDuplicateALinkIsNotApplied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-fix-worse").path
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder)
        let session = FixSession(lintSession: try LintSession(workspace: workspace), includesUnsafe: true)
        // Two spellings that one fix each would turn into the same route, and a singular beside its plural.
        let text = """
            version: 1
            schemes: [her]
            links:
              - url: her://my_profile/edit
              - url: her://my-profile/edit
              - url: her://menu/4
              - url: her://menus/4
            """
        let result = try session.fix(files: [SourceFile(path: "links.yml", text: text)])
        #expect(!result.remaining.diagnostics.contains { $0.ruleID == "duplicate-link" })
        let fixed = result.fixedFiles[0].text
        #expect(fixed.contains("  - url: her://myprofile/edit\n    aliases: [her://my_profile/edit]\n"))
        #expect(fixed.contains("  - url: her://my-profile/edit\n"))
        #expect(fixed.contains("  - url: her://menu/4\n"))
        let unfixed = result.remaining.diagnostics.filter { $0.ruleID == "plural-resource-nouns" || $0.ruleID == "no-separators" }
        #expect(unfixed.count == 2)
        #expect(unfixed.allSatisfy { $0.fixes.isEmpty && $0.notes.contains { $0.message.text.hasPrefix("no fix is offered") } })
    }

    @Test func examplesFollowTheirLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-fix-examples").path
        let workspace = try Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder)
        let session = FixSession(lintSession: try LintSession(workspace: workspace), includesUnsafe: true)
        // The HER guide's own bad examples, each with an example URL: a singular collection, a separator, a
        // component after a terminal modal.
        let text = """
            version: 1
            schemes: [her]
            components:
              feed: { kind: tab }
              verification: { kind: modal }
            links:
              - url: her://feed/community/{id:int}
                examples: [her://feed/community/9]
              - url: her://my_profile/settings
                examples: ['her://My_Profile/settings']
              - url: her://boosts?open=buy
                examples: ['her://boosts?open=buy&utm_source=mail']
              - url: her://verification/feed
                examples: [her://verification/feed]
            """
        let result = try session.fix(files: [SourceFile(path: "links.yml", text: text)])
        #expect(result.remaining.diagnostics.isEmpty, "\(result.remaining.diagnostics.map(\.message))")
        let fixed = result.fixedFiles[0].text
        #expect(fixed.contains("examples: [her://feed/communities/9]"))
        #expect(fixed.contains("examples: ['her://myprofile/settings']"))
        #expect(fixed.contains("examples: ['her://boosts/purchase?utm_source=mail']"))
        #expect(fixed.hasSuffix("examples: [her://verification]"))
    }
}
