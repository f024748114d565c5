import Testing
@testable import LinkRules

/// `ExampleQuickMatch`, the byte-level test `example-mismatch` runs before parsing an example, never vouches for an
/// example that the general path (parse, then `RouteMatcher.firstMismatch`) refuses, and does vouch for the plain
/// matching examples it is there for.
@Suite struct ExampleQuickMatchTests {
    /// Pieces that templates and examples are built from: words in either case, numbers, placeholders of each type
    /// and style, a literal prefix, bytes outside ASCII, separators a path may hold, and empty segments.
    static let templateSegments = [
        "feed", "Feed", "posts", "café", "!{id}", "{id:int}", "{id}", "{slug:slug}", "{u:uuid}", "{name}", ":id",
        "<int:id>", "%ID%", "12", "a-b", "", "{p:base64json}",
    ]
    static let exampleSegments = [
        "feed", "FEED", "posts", "café", "CAFÉ", "!12", "12", "x12", "hello-world", "Hello", "",
        "123e4567-e89b-12d3-a456-426614174000", "a%2Fb", "-1", "eyJhIjoxfQ", "feed?x=1", "feed#top",
    ]
    static let authorities = ["app://localhost", "app://LOCALHOST", "app://", "app:///", "https://her.app", "app://other"]
    static let tails = ["", "/", "?origin=push", "#top", "?", "//"]

    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func vouchesOnlyForWhatTheGeneralPathMatches(seed: UInt64) {
        var generator = DispatchRulesTests.SeededGenerator(state: seed)
        let parser = LinkTemplateParser(hosts: ["localhost", "her.app"])
        let matcher = RouteMatcher()
        var vouched = 0
        for _ in 0..<3000 {
            let authority = Self.authorities.randomElement(using: &generator)!
            let count = Int.random(in: 0...4, using: &generator)
            let segments = (0..<count).map { _ in Self.templateSegments.randomElement(using: &generator)! }
            let templateText = authority + "/" + segments.joined(separator: "/")
                + (Bool.random(using: &generator) ? "" : Self.tails.randomElement(using: &generator)!)
            let template = parser.parse(templateText)
            // Examples near the template: its segments filled in, or swapped for other pieces, with other tails.
            for _ in 0..<4 {
                let exampleAuthority = Bool.random(using: &generator) ? authority : Self.authorities.randomElement(using: &generator)!
                let filled = segments.map { segment -> String in
                    if Int.random(in: 0..<3, using: &generator) == 0 { return Self.exampleSegments.randomElement(using: &generator)! }
                    if segment.hasPrefix("!") || segment.hasPrefix("{") || segment.hasPrefix(":") || segment.hasPrefix("<")
                        || segment.hasPrefix("%")
                    {
                        return (segment.hasPrefix("!") ? "!" : "") + String(Int.random(in: 0...99999, using: &generator))
                    }
                    return Bool.random(using: &generator) ? segment : segment.uppercased()
                }
                let example = exampleAuthority + "/" + filled.joined(separator: "/")
                    + (Bool.random(using: &generator) ? "" : Self.tails.randomElement(using: &generator)!)
                guard ExampleQuickMatch.surelyMatches(example, template) else { continue }
                vouched += 1
                #expect(
                    matcher.firstMismatch(parser.parse(example), against: template) == nil,
                    "vouched for \(example) against \(templateText)")
            }
        }
        // The test is there for the common case: it must vouch for a good share of these examples.
        #expect(vouched > 1000)
    }

    @Test func vouchesForPlainMatchingExamples() {
        let parser = LinkTemplateParser(hosts: ["her.app"])
        let cases = [
            ("her://feed/topics/{id:int}", "her://feed/topics/3"),
            ("her://feed/topics/{id:int}", "her://feed/Topics/3"),
            ("https://her.app/savedevents/{id}", "https://her.app/savedevents/12?origin=push"),
            ("her://discover/cities/5/hiddenads/{id:int}", "her://discover/cities/5/hiddenads/8773#top"),
        ]
        for (template, example) in cases {
            #expect(ExampleQuickMatch.surelyMatches(example, parser.parse(template)), "\(example)")
        }
        // Examples that do not match: the quick check must never vouch for them.
        let refused = [
            ("her://feed/topics/{id:int}", "her://feed/topics/x"),
            ("her://feed/topics", "her://feed/topics/3"),
        ]
        for (template, example) in refused {
            #expect(!ExampleQuickMatch.surelyMatches(example, parser.parse(template)), "\(example)")
        }
        // Examples that match but that the quick check leaves to the full match (non-ASCII words, a host in
        // capitals): whatever it answers, the rule's answer is the full match's.
        let leftToTheFullMatch = [("her://feed/café", "her://feed/café"), ("https://her.app/a", "https://HER.app/a")]
        for (template, example) in leftToTheFullMatch {
            let parsed = parser.parse(template)
            #expect(RouteMatcher().firstMismatch(parser.parse(example), against: parsed) == nil, "\(example)")
        }
    }
}
