import Foundation
import Testing
@testable import LinkRules

@Suite struct SARIFReporterTests {
    let fixture = ReportFixture()

    private func sarif(_ input: ReportInput, options: ReportOptions = ReportOptions()) throws -> [String: Any] {
        try parseJSONObject(SARIFReporter().report(input, options: options))
    }

    @Test func hasTheRequiredTopLevelAndDriverFields() throws {
        var options = ReportOptions()
        options.ruleDocumentationBase = "https://example.com/rules/"
        let log = try sarif(fixture.input([fixture.pluralFinding()]), options: options)
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["runs"] as? [Any])?.count == 1)
        let run = try #require(log["runs", 0] as? [String: Any])
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        #expect(run["tool", "driver", "name"] as? String == "linkrules")
        #expect(run["tool", "driver", "version"] as? String == "0.1.0")
        #expect(run["tool", "driver", "informationUri"] is String)

        let rules = try #require(run["tool", "driver", "rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ReportFixture.rules.map(\.id))
        let plural = rules[0]
        #expect(plural["name"] as? String == "plural-resource-nouns")
        #expect(plural["shortDescription", "text"] as? String == ReportFixture.rules[0].summary)
        #expect(plural["fullDescription", "text"] as? String == ReportFixture.rules[0].rationale)
        #expect(plural["helpUri"] as? String == "https://example.com/rules/plural-resource-nouns.md")
        #expect(plural["defaultConfiguration", "level"] as? String == "warning")
        #expect(rules[2]["defaultConfiguration", "level"] as? String == "note")
        let markdown = try #require(plural["help", "markdown"] as? String)
        #expect(markdown.contains(ReportFixture.rules[0].summary))
        #expect(markdown.contains(ReportFixture.rules[0].rationale))
        #expect(markdown.contains("her://feed/community/9"))
        #expect(!markdown.contains("↓"))
        #expect((plural["help", "text"] as? String)?.contains("her://feed/community/9") == true)

        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.count == 1)
        #expect(artifacts[0]["location", "uri"] as? String == "links.yml")
        #expect(artifacts[0]["location", "uriBaseId"] as? String == "%SRCROOT%")
        #expect(artifacts[0]["length"] as? Int == fixture.file.bytes.count)
    }

    @Test func resultsCarryRuleLevelMessageRegionRelatedLocationsAndFixes() throws {
        let log = try sarif(fixture.input([fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()]))
        let rules = try #require(log["runs", 0, "tool", "driver", "rules"] as? [[String: Any]])
        let results = try #require(log["runs", 0, "results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results.map { $0["level"] as? String } == ["warning", "error", "note"])

        let plural = results[0]
        #expect(plural["message", "text"] as? String == fixture.pluralFinding().message.text)
        let location = try #require(plural["locations", 0, "physicalLocation"] as? [String: Any])
        #expect(location["artifactLocation", "uri"] as? String == "links.yml")
        #expect(location["artifactLocation", "uriBaseId"] as? String == "%SRCROOT%")
        #expect(location["artifactLocation", "index"] as? Int == 0)
        let word = fixture.location(of: "community").range
        #expect(location["region", "startLine"] as? Int == 7)
        #expect(location["region", "startColumn"] as? Int == 21)
        #expect(location["region", "endLine"] as? Int == 7)
        #expect(location["region", "endColumn"] as? Int == 30)
        #expect(location["region", "byteOffset"] as? Int == word.start.offset)
        #expect(location["region", "byteLength"] as? Int == 9)
        #expect(location["region", "charOffset"] == nil)

        #expect(plural["relatedLocations", 0, "message", "text"] as? String == "'communities' is declared here")
        #expect(plural["relatedLocations", 0, "physicalLocation", "region", "startLine"] as? Int == 5)
        #expect(plural["fixes", 0, "description", "text"] as? String == "rename 'community' to 'communities'")
        let replacement = try #require(plural["fixes", 0, "artifactChanges", 0, "replacements", 0] as? [String: Any])
        #expect(plural["fixes", 0, "artifactChanges", 0, "artifactLocation", "uri"] as? String == "links.yml")
        #expect(replacement["deletedRegion", "startLine"] as? Int == 7)
        #expect(replacement["deletedRegion", "startColumn"] as? Int == 21)
        #expect(replacement["deletedRegion", "endColumn"] as? Int == 30)
        #expect(replacement["insertedContent", "text"] as? String == "communities")

        // A note without a location cannot be a related location.
        #expect(results[2]["relatedLocations"] == nil)
        #expect(results[2]["fixes"] == nil)
    }

    private func fingerprint(_ log: [String: Any], result: Int = 0) -> String? {
        log["runs", 0, "results", result, "partialFingerprints", "linkrules/v1"] as? String
    }

    @Test func fingerprintSurvivesTheFindingMovingToAnotherLine() throws {
        let moved = ReportFixture(text: "# a comment\n\n" + ReportFixture.catalogue)
        let before = try sarif(fixture.input([fixture.pluralFinding()]))
        let after = try sarif(moved.input([moved.pluralFinding()]))
        #expect(before["runs", 0, "results", 0, "locations", 0, "physicalLocation", "region", "startLine"] as? Int == 7)
        #expect(after["runs", 0, "results", 0, "locations", 0, "physicalLocation", "region", "startLine"] as? Int == 9)
        let original = try #require(fingerprint(before))
        #expect(original.count == 16)
        #expect(original.allSatisfy { $0.isHexDigit })
        #expect(fingerprint(after) == original)

        var otherMessage = fixture.pluralFinding()
        otherMessage.message = "another message"
        #expect(fingerprint(try sarif(fixture.input([otherMessage]))) != original)
        var otherRule = fixture.pluralFinding()
        otherRule.ruleID = "lowercase"
        #expect(fingerprint(try sarif(fixture.input([otherRule]))) != original)
    }

    @Test func withoutALinkKeyTheFingerprintFollowsTheLineText() throws {
        let moved = ReportFixture(text: "# a comment\n" + ReportFixture.catalogue.replacingOccurrences(of: "  - url", with: "    - url"))
        var finding = fixture.pluralFinding()
        finding.linkKey = nil
        var movedFinding = moved.pluralFinding()
        movedFinding.linkKey = nil
        let original = fingerprint(try sarif(fixture.input([finding])))
        #expect(fingerprint(try sarif(moved.input([movedFinding]))) == original)
        // The same rule and message on a different line text is another finding.
        var elsewhere = finding
        elsewhere.location = fixture.location(of: "Feed")
        #expect(fingerprint(try sarif(fixture.input([elsewhere]))) != original)
    }

    @Test func pathsBecomeURIReferences() throws {
        let spaced = ReportFixture(path: "app modules/links #1.yml")
        let absolute = ReportFixture(path: "/work/app/links.yml")
        let input = ReportInput(
            diagnostics: [spaced.lowercaseFinding(), absolute.lowercaseFinding()].sorted(by: Diagnostic.sourceOrder),
            rules: [], sources: [spaced.file.path: spaced.file, absolute.file.path: absolute.file],
            toolVersion: "1", failOn: nil)
        let log = try sarif(input)
        let artifacts = try #require(log["runs", 0, "artifacts"] as? [[String: Any]])
        #expect(artifacts.map { $0["location", "uri"] as? String } == ["file:///work/app/links.yml", "app%20modules/links%20%231.yml"])
        #expect(artifacts[0]["location", "uriBaseId"] == nil)
        // A rule that the registry does not know still gets a descriptor, so ruleIndex is valid.
        #expect(log["runs", 0, "tool", "driver", "rules", 0, "id"] as? String == "lowercase")
        #expect(log["runs", 0, "results", 1, "ruleIndex"] as? Int == 0)
        #expect(log["runs", 0, "results", 1, "locations", 0, "physicalLocation", "artifactLocation", "index"] as? Int == 1)
    }
}
