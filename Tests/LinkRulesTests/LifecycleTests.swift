import Foundation
import Testing
@testable import LinkRules

/// Links that retire on a date: `deprecated: {replaced_by, sunset, reason}` as the loader reads it, `link-sunset`
/// on the day given, and `diff` telling a removal after the sunset from one before it.
@Suite struct LifecycleTests {
    @Test func datesAreRealDaysWrittenYYYYMMDD() {
        #expect(CalendarDate("2024-02-29") == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(CalendarDate("2026-02-29") == nil)
        #expect(CalendarDate("2100-02-29") == nil)
        #expect(CalendarDate("2000-02-29") != nil)
        #expect(CalendarDate("2026-13-01") == nil)
        #expect(CalendarDate("2026-6-30") == nil)
        #expect(CalendarDate("2026-06-30T00") == nil)
        #expect(CalendarDate("2026-06-30")! < CalendarDate("2026-07-01")!)
        #expect(CalendarDate(year: 987, month: 1, day: 2).description == "0987-01-02")
    }

    static func lint(_ text: String, today: CalendarDate?) throws -> [Diagnostic] {
        var linter = try Linter()
        linter.today = today
        return linter.lint(try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
    }

    static let retiring = """
        version: 1
        schemes: [her]
        links:
          - url: her://boosts/purchase
          - url: her://feed/boosts
            deprecated: { sunset: 2026-06-30, reason: the purchase screen has its own path }
        """

    @Test func theSunsetCountsOnlyWhenTodayIsGivenAndPastIt() throws {
        let found = { (today: String?) in
            try Self.lint(Self.retiring, today: today.flatMap(CalendarDate.init)).filter { $0.ruleID == "link-sunset" }
                .map { "\($0.severity) \($0.location.line):\($0.location.column)" }
        }
        #expect(try found(nil) == ["warning 6:5"])  // no replaced_by
        #expect(try found("2026-06-30") == ["warning 6:5"])  // the sunset day itself is not past
        #expect(try found("2026-07-01") == ["error 6:27"])
    }

    @Test func aBadSunsetAndAnUnknownKeyPointAtTheirCharacters() throws {
        let text = """
            version: 1
            schemes: [her]
            links:
              - url: her://boosts/purchase
              - url: her://feed/boosts
                deprecated:
                  replaced_by: her://boosts/purchase
                  sunset: 2026-02-30
                  resaon: old
              - url: her://feed/old
                deprecated: true
            """
        let found = try Self.lint(text, today: CalendarDate("2026-07-01")).map {
            "\($0.ruleID) \($0.location.line):\($0.location.column) \($0.message.text)"
        }
        #expect(found.contains("link-sunset 8:15 '2026-02-30' is not a date: write the sunset as YYYY-MM-DD, a real day"))
        #expect(found.contains { $0.hasPrefix("unknown-key 9:7 unknown key 'resaon' in 'deprecated'") })
        #expect(found.contains { $0.hasPrefix("link-sunset 11:5 a deprecated link without 'replaced_by'") })
        #expect(found.filter { $0.hasPrefix("link-sunset") }.count == 2)
    }

    @Test func aReplacementMustBeAnotherLinkThatMatches() throws {
        let text = """
            version: 1
            schemes: [her]
            links:
              - url: her://feed/communities/{id:int}
              - url: her://communities/{id:int}
                deprecated: { replaced_by: her://communities/9 }
              - url: her://groups/{id:int}
                deprecated: { replaced_by: her://feed/communities/9 }
            """
        let found = try Self.lint(text, today: nil).filter { $0.ruleID == "link-sunset" }.map(\.location.line)
        #expect(found == [6])  // her://communities/9 opens only the deprecated link itself
    }

    static func diff(base: String, head: String, today: String) throws -> [CatalogueChange] {
        try CatalogueDiffSession().run(
            base: [SourceFile(path: "base.yml", text: base)], head: [SourceFile(path: "head.yml", text: head)],
            today: CalendarDate(today)
        ).changes
    }

    @Test func removingADeprecatedLinkIsBreakingOnlyBeforeItsSunset() throws {
        let head = """
            version: 1
            schemes: [her]
            links:
              - url: her://boosts/purchase
            """
        let after = try #require(try Self.diff(base: Self.retiring, head: head, today: "2026-07-01").first)
        #expect(after.kind == .retiredLinkRemoved)
        #expect(after.level == .info)
        let before = try #require(try Self.diff(base: Self.retiring, head: head, today: "2026-06-30").first)
        #expect(before.kind == .linkRemoved)
        #expect(before.level == .breaking)
        #expect(before.notes.contains { $0.message.text.contains("sunset 2026-06-30, which is not past") })
    }
}
