import Foundation
import Testing
@testable import LinkRules

/// `linkrules diff`: each kind of change, its level and location, stable fingerprints, approvals and reporting.
@Suite struct CatalogueDiffTests {
    static let header = """
        version: 1
        app: HER
        schemes: [her]
        barriers: [authentication]

        """

    static func catalogue(_ links: [String], header: String = CatalogueDiffTests.header) -> String {
        header + "links:\n" + links.map { "  - " + $0 + "\n" }.joined()
    }

    static func diff(
        _ base: String, _ head: String, approved: String? = nil, failOn: FailThreshold = ChangeLevel.breaking.failThreshold
    ) throws -> CatalogueDiffResult {
        try CatalogueDiffSession().run(
            base: [SourceFile(path: "base.yml", text: base)], head: [SourceFile(path: "head.yml", text: head)],
            approved: approved.map { SourceFile(path: "approved.txt", text: $0) }, failOn: failOn)
    }

    static func changes(_ base: [String], _ head: [String]) throws -> [CatalogueChange] {
        try diff(catalogue(base), catalogue(head)).changes
    }

    @Test func identicalCataloguesHaveNoChanges() throws {
        let links = ["url: her://feed/communities/{id:int}", "{ url: her://premium, title: Premium }"]
        #expect(try Self.changes(links, links).isEmpty)
    }

    @Test func aRemovedLinkIsBreakingAndReportedInTheBase() throws {
        let changes = try Self.changes(["url: her://feed", "url: her://settings"], ["url: her://feed"])
        let change = try #require(changes.only)
        #expect(change.kind == .linkRemoved)
        #expect(change.level == .breaking)
        #expect(change.location.file == "base.yml")
        #expect(change.location.line == 7)
        #expect(change.location.column == 10)
        #expect(change.diagnostic.ruleID == "diff/link-removed")
        #expect(change.diagnostic.severity == .error)
    }

    @Test func anAddedLinkIsInfoInTheHead() throws {
        let change = try #require(try Self.changes(["url: her://feed"], ["url: her://feed", "url: her://settings"]).only)
        #expect(change.kind == .linkAdded)
        #expect(change.level == .info)
        #expect(change.location.file == "head.yml")
        #expect(change.location.line == 7)
    }

    @Test func aLinkKeptAsAnAliasMovedWithoutBreaking() throws {
        let changes = try Self.changes(
            ["url: her://boosts?open=buy"], ["{ url: her://boosts/purchase, aliases: [her://boosts?open=buy] }"])
        let change = try #require(changes.only)
        #expect(change.kind == .linkMoved)
        #expect(change.level == .info)
        #expect(change.location.file == "head.yml")
        #expect(change.location.column == 45)
    }

    @Test func aRenamedPathComponentIsBreakingAtTheNewComponent() throws {
        let change = try #require(
            try Self.changes(["url: her://feed/community/{id:int}"], ["url: her://feed/communities/{id:int}"]).only)
        #expect(change.kind == .componentRenamed)
        #expect(change.level == .breaking)
        #expect(change.message.text.hasPrefix("path component 'community' was renamed to 'communities'"))
        #expect(change.location.file == "head.yml")
        #expect(change.location.column == 21)
        #expect(change.notes.first?.location?.file == "base.yml")
    }

    @Test func replacingTheOnlyComponentIsARemovalAndAnAddition() throws {
        let kinds = try Self.changes(["url: her://gone"], ["url: her://new"]).map(\.kind)
        #expect(kinds.sorted { $0.rawValue < $1.rawValue } == [.linkAdded, .linkRemoved])
    }

    @Test func aRenamedQueryParameterIsBreaking() throws {
        let change = try #require(try Self.changes(["url: her://premium?key={origin}"], ["url: her://premium?origin={origin}"]).only)
        #expect(change.kind == .queryParamRenamed)
        #expect(change.level == .breaking)
        #expect(change.message.text.hasPrefix("query parameter 'key' was renamed to 'origin'"))
    }

    @Test func anOptionalParameterMadeRequiredIsBreaking() throws {
        let change = try #require(
            try Self.changes(["url: 'her://search?q={q}&page={page:int?}'"], ["url: 'her://search?q={q}&page={page:int}'"]).only)
        #expect(change.kind == .paramRequired)
        #expect(change.level == .breaking)
        #expect(change.message.text.contains("now needs the query parameter 'page'"))
        #expect(try Self.changes(["url: 'her://search?page={page:int}'"], ["url: 'her://search?page={page:int?}'"]).isEmpty)
    }

    /// Two changes in one pull request, as a tester made them: a type given to `artist/{id}` and `show` renamed
    /// `podcast`. Each is reported as itself, not as a rename of `artist` to `podcast`.
    @Test func aTypeChangeBesideARenameIsReportedAsTwoChanges() throws {
        let changes = try Self.changes(
            ["url: her://feed/artist/{id}", "url: her://feed/show/{id}"],
            ["url: her://feed/artist/{id:int}", "url: her://feed/podcast/{id}"])
        #expect(changes.map(\.kind) == [.placeholderTypeChanged, .componentRenamed])
        #expect(changes.last?.message.text.hasPrefix("path component 'show' was renamed to 'podcast'") == true)
    }

    @Test func aChangedPlaceholderTypeIsBreakingInThePathAndTheQuery() throws {
        let path = try #require(try Self.changes(["url: her://posts/{id:int}"], ["url: her://posts/{id:uuid}"]).only)
        #expect(path.kind == .placeholderTypeChanged)
        #expect(path.level == .breaking)
        let query = try #require(try Self.changes(["url: her://search?page={page:int}"], ["url: her://search?page={page:slug}"]).only)
        #expect(query.kind == .placeholderTypeChanged)
        #expect(query.message.text.contains("from 'int' to 'slug'"))
    }

    /// A type widened to any value keeps every old link matching: an info, in the path and the query.
    @Test func aPlaceholderWidenedToAnyValueIsAnInfo() throws {
        for after in ["url: her://posts/{id}", "url: her://posts/{id:string}"] {
            let path = try #require(try Self.changes(["url: her://posts/{id:int}"], [after]).only, "\(after)")
            #expect(path.kind == .placeholderTypeWidened && path.level == .info, "\(after)")
            #expect(path.message.text.contains("accepts any value now, not only 'int'"))
        }
        let query = try #require(try Self.changes(["url: her://search?page={page:int}"], ["url: her://search?page={page}"]).only)
        #expect(query.kind == .placeholderTypeWidened && query.level == .info)
        // Narrowed, it is still breaking.
        let narrowed = try #require(try Self.changes(["url: her://posts/{id}"], ["url: her://posts/{id:int}"]).only)
        #expect(narrowed.kind == .placeholderTypeChanged && narrowed.level == .breaking)
    }

    @Test func aBarrierAddedIsBreakingChangedOrRemovedIsAWarning() throws {
        let added = try #require(try Self.changes(["url: her://pay"], ["{ url: her://pay, barrier: authentication }"]).only)
        #expect(added.kind == .barrierAdded)
        #expect(added.level == .breaking)
        let removed = try #require(try Self.changes(["{ url: her://pay, barrier: authentication }"], ["url: her://pay"]).only)
        #expect(removed.kind == .barrierRemoved)
        #expect(removed.level == .warning)
        let changed = try #require(
            try Self.changes(["{ url: her://pay, barrier: authentication }"], ["{ url: her://pay, barrier: payment }"]).only)
        #expect(changed.kind == .barrierChanged)
        #expect(changed.level == .warning)
    }

    @Test func aMandatoryBarrierAddedIsBreaking() throws {
        let base = Self.catalogue(["url: her://feed"])
        let head = Self.catalogue(["url: her://feed"], header: Self.header + "mandatory_barrier: authentication\n")
        let change = try #require(try Self.diff(base, head).changes.only)
        #expect(change.kind == .barrierAdded)
        #expect(change.location.line == 5)
    }

    @Test func aParameterMadeRequiredIsBreaking() throws {
        let required = try #require(
            try Self.changes(["url: her://location"], ["{ url: her://location, required_params: [origin] }"]).only)
        #expect(required.kind == .paramRequired)
        #expect(required.level == .breaking)
        let inTemplate = try #require(try Self.changes(["url: her://location"], ["url: her://location?origin={origin}"]).only)
        #expect(inTemplate.kind == .paramRequired)
        let optional = try #require(try Self.changes(["url: her://location"], ["url: her://location?origin"]).only)
        #expect(optional.kind == .queryParamAdded)
        #expect(optional.level == .info)
    }

    @Test func aliasesAddedAreInfoAndAliasesRemovedBreakUnlessStillAnswered() throws {
        let added = try #require(
            try Self.changes(["url: her://settings"], ["{ url: her://settings, aliases: [her://preferences] }"]).only)
        #expect(added.kind == .aliasAdded)
        #expect(added.level == .info)
        let removed = try #require(
            try Self.changes(["{ url: her://settings, aliases: [her://preferences] }"], ["url: her://settings"]).only)
        #expect(removed.kind == .aliasRemoved)
        #expect(removed.level == .breaking)
        let stillAnswered = try Self.changes(
            ["{ url: her://settings, aliases: [her://preferences] }", "url: her://feed"],
            ["url: her://settings", "{ url: her://feed, aliases: [her://preferences] }"])
        #expect(stillAnswered.map(\.kind) == [.aliasAdded])
    }

    @Test func titlesDeprecationAndDispatch() throws {
        let title = try #require(try Self.changes(["{ url: her://feed, title: Feed }"], ["{ url: her://feed, title: Home }"]).only)
        #expect(title.kind == .titleChanged)
        #expect(title.level == .info)
        let deprecated = try #require(try Self.changes(["url: her://feed"], ["{ url: her://feed, deprecated: true }"]).only)
        #expect(deprecated.kind == .linkDeprecated)
        #expect(deprecated.level == .warning)
        let dispatch = try #require(
            try Self.diff(
                Self.catalogue(["url: her://feed"], header: Self.header + "dispatch: first-match\n"),
                Self.catalogue(["url: her://feed"], header: Self.header + "dispatch: most-specific\n")
            ).changes.only)
        #expect(dispatch.kind == .dispatchChanged)
        #expect(dispatch.level == .warning)
    }

    @Test func fingerprintsIgnoreLineNumbersButNotTheChange() throws {
        let base = Self.catalogue(["url: her://feed", "url: her://settings"])
        let head = Self.catalogue(["url: her://feed"])
        let moved = "# a comment that moves every line\n\n" + Self.catalogue(["url: her://feed", "url: her://settings"])
        let first = try #require(try Self.diff(base, head).changes.only)
        let second = try #require(try Self.diff(moved, head).changes.only)
        #expect(first.location.line != second.location.line)
        #expect(first.fingerprint == second.fingerprint)
        #expect(first.fingerprint.count == 16)
        let other = try #require(try Self.changes(["url: her://feed", "url: her://premium"], ["url: her://feed"]).only)
        #expect(other.fingerprint != first.fingerprint)
    }

    @Test func approvedChangesAreDowngradedAndUnusedApprovalsReported() throws {
        let base = Self.catalogue(["url: her://feed", "url: her://settings"])
        let head = Self.catalogue(["url: her://feed"])
        let unapproved = try Self.diff(base, head)
        #expect(unapproved.fails)
        let fingerprint = try #require(unapproved.changes.only).fingerprint
        #expect(unapproved.diagnostics.first?.notes.last?.message.text.contains(fingerprint) == true)

        let approved = try Self.diff(base, head, approved: "# reviewed\napproved:\n  - \(fingerprint)  # settings moved to the web\n  - 0123456789abcdef\n")
        #expect(!approved.fails)
        let change = try #require(approved.changes.first { $0.kind == .linkRemoved })
        #expect(change.level == .info)
        #expect(change.approvedAt?.line == 3)
        let unused = try #require(approved.changes.first { $0.kind == .unusedApproval })
        #expect(unused.location.file == "approved.txt")
        #expect(unused.location.line == 4)
    }

    @Test func anApprovedChangesFileWithSomethingElseIsAnError() throws {
        #expect(throws: LoadError.self) {
            try Self.diff(Self.catalogue(["url: her://feed"]), Self.catalogue(["url: her://feed"]), approved: "12345\n")
        }
        let plain = try ApprovedChanges(file: SourceFile(path: "a", text: "3f2a00000000beef\n[0000000000000001, 0000000000000002]\n"))
        #expect(plain.entries.map(\.fingerprint) == ["3f2a00000000beef", "0000000000000001", "0000000000000002"])
    }

    @Test func failOnSetsWhichLevelsFail() throws {
        let base = Self.catalogue(["url: her://feed"])
        let deprecated = Self.catalogue(["{ url: her://feed, deprecated: true }"])
        #expect(try !Self.diff(base, deprecated).fails)
        #expect(try Self.diff(base, deprecated, failOn: ChangeLevel.warning.failThreshold).fails)
        #expect(try !Self.diff(base, Self.catalogue(["url: her://premium/x"]), failOn: .never).fails)
    }

    @Test func changesReportThroughTheLintReporters() throws {
        let result = try Self.diff(Self.catalogue(["url: her://feed", "url: her://settings"]), Self.catalogue(["url: her://feed"]))
        let input = result.reportInput(toolVersion: "test")
        let text = TextReporter().report(input, options: ReportOptions())
        #expect(text.hasPrefix("base.yml:7:10: error: link 'her://settings' was removed"))
        #expect(text.contains("[diff/link-removed]\n  - url: her://settings\n"))
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(SARIFReporter().report(input, options: ReportOptions()).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "diff/link-removed" && $0["shortDescription"] != nil })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["diff/link-removed"])
        // The change's link key is spelled as the link is written, not as the canonical `her:///settings`.
        #expect((results.first?["properties"] as? [String: Any])?["linkKey"] as? String == "her://settings")
        let json = try parseJSONObject(JSONReporter().report(input, options: ReportOptions()))
        #expect(json["diagnostics", 0, "linkKey"] as? String == "her://settings")
    }

    @Test func theHERExampleAgainstAFixedCopy() throws {
        let path = LinkExplainerTests.herPath
        let base = try String(contentsOfFile: path, encoding: .utf8)
        let head = base.replacingOccurrences(of: "  - url: her://feed/community/9\n", with: "  - url: her://feed/communities/9\n")
            .replacingOccurrences(of: "  - url: her://boosts?open=buy\n", with: "  - url: her://boosts/purchase\n    aliases: [her://boosts?open=buy]\n")
        let changes = try Self.diff(base, head).changes
        #expect(changes.map(\.kind) == [.componentRenamed, .linkMoved])
        #expect(changes.first?.location.line == 44)
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
