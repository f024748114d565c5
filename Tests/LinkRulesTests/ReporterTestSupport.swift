import Foundation
@testable import LinkRules

/// A catalogue text and helpers to build diagnostics on it by hand, located by the text they point at.
struct ReportFixture {
    static let catalogue = """
        version: 1
        app: HER
        schemes: [her]
        components:
          communities:  { kind: collection, id: int }
        links:
          - url: her://feed/community/9
            title: A community's feed
          - url: her://Feed/boosts?open=buy

        """

    let file: SourceFile

    init(path: String = "links.yml", text: String = ReportFixture.catalogue) {
        file = SourceFile(path: path, text: text)
    }

    /// The location of the `occurrence`-th (0-based) appearance of `needle` in the file.
    func location(of needle: String, occurrence: Int = 0) -> SourceLocation {
        let haystack = file.bytes
        let pattern = Array(needle.utf8)
        var found = 0
        var index = 0
        while index + pattern.count <= haystack.count {
            if Array(haystack[index..<index + pattern.count]) == pattern {
                if found == occurrence { return file.location(ofBytes: index..<index + pattern.count) }
                found += 1
            }
            index += 1
        }
        fatalError("'\(needle)' not found in the fixture")
    }

    /// `plural-resource-nouns` on `community` with an unsafe rename fix and a note at the declaration.
    func pluralFinding(severity: Severity = .warning) -> Diagnostic {
        let word = location(of: "community", occurrence: 0)
        return Diagnostic(
            ruleID: "plural-resource-nouns",
            severity: severity,
            message: "'community' is followed by an id, so it names a collection: use the plural 'communities'",
            location: word,
            notes: [Note(message: "'communities' is declared here", location: location(of: "communities"))],
            fixes: [
                FixIt(
                    message: "rename 'community' to 'communities'",
                    edits: [TextEdit(location: word, replacement: "communities")],
                    applicability: .unsafe)
            ],
            linkKey: "her://feed/community/{id:int}")
    }

    /// `lowercase` on `Feed` with a safe fix, as an error.
    func lowercaseFinding() -> Diagnostic {
        let word = location(of: "Feed")
        return Diagnostic(
            ruleID: "lowercase",
            severity: .error,
            message: "links are case-insensitive: write 'Feed' as 'feed'",
            location: word,
            fixes: [
                FixIt(
                    message: "lowercase 'Feed'", edits: [TextEdit(location: word, replacement: "feed")],
                    applicability: .safe)
            ],
            linkKey: "her://feed/boosts?open=buy")
    }

    /// `prefer-path-over-query` on `?open=buy`, an info with a note that has no location and no fix.
    func queryFinding() -> Diagnostic {
        Diagnostic(
            ruleID: "prefer-path-over-query",
            severity: .info,
            message: "'open=buy' selects a screen: make it a path component",
            location: location(of: "?open=buy"),
            notes: [Note(message: "query parameters are for complex parameterisation (seed 000)")],
            linkKey: "her://feed/boosts?open=buy")
    }

    func input(_ diagnostics: [Diagnostic], failOn: Severity? = .warning) -> ReportInput {
        ReportInput(
            diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder),
            rules: ReportFixture.rules,
            sources: [file.path: file],
            toolVersion: "0.1.0",
            failOn: failOn)
    }

    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "plural-resource-nouns", scope: .link, defaultSeverity: .warning,
            summary: "a component followed by an id names a collection and is plural",
            rationale: "the HER app's deep-link guide: 'use plural resource nouns'", source: .her, fix: .unsafe,
            triggeringExamples: [.link("her://feed/↓community/9", fixed: "her://feed/communities/9")],
            nonTriggeringExamples: [.link("her://feed/communities/9")]),
        RuleDescription(
            id: "lowercase", scope: .link, defaultSeverity: .error,
            summary: "links are lowercase", rationale: "seed 000: links are case-insensitive",
            source: .her, fix: .safe,
            triggeringExamples: [.link("her://↓Feed")], nonTriggeringExamples: [.link("her://feed")]),
        RuleDescription(
            id: "prefer-path-over-query", scope: .link, defaultSeverity: .info,
            summary: "a query parameter that selects a screen is a path component",
            rationale: "seed 000: query params only for complex parameterisation",
            source: .her,
            triggeringExamples: [.catalogue("links:\n  - url: her://boosts↓?open=buy\n")],
            nonTriggeringExamples: [.link("her://boosts/purchase")]),
    ]
}

/// Parses a JSON report into nested dictionaries and arrays.
func parseJSONObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    guard let dictionary = object as? [String: Any] else { throw ReportParseError.notAnObject }
    return dictionary
}

enum ReportParseError: Error {
    case notAnObject
}

/// Typed access into parsed JSON: `json["runs", 0, "tool"]`.
extension Dictionary where Key == String, Value == Any {
    subscript(path: Any...) -> Any? {
        var current: Any? = self
        for step in path {
            if let key = step as? String {
                current = (current as? [String: Any])?[key]
            } else if let index = step as? Int {
                guard let array = current as? [Any], array.indices.contains(index) else { return nil }
                current = array[index]
            }
        }
        return current
    }
}
