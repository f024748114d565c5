import Testing
@testable import LinkRules

/// Suppressions on an entry (`lint: { ignore: [...] }`) and in `# linkrules:ignore` comments: what they silence,
/// and how a suppression that names an unknown rule, names none, or silences nothing is reported.
@Suite struct SuppressionTests {
    static let header = """
        version: 1
        schemes: [her]
        links:

        """

    /// Lints `links` (the lines under `links:`) with every rule and the default configuration.
    func lint(_ links: String, configuration: Configuration = Configuration()) throws -> [Diagnostic] {
        let file = SourceFile(path: "links.yml", text: Self.header + links)
        return try Linter(configuration: configuration).lint(CatalogueLoader().load(files: [file]))
    }

    /// `rule@line:column` for each diagnostic, the lines counted in the whole file (the header takes three).
    func findings(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.ruleID)@\($0.location.line):\($0.location.column)" }
    }

    /// A streamed lint finds the comment markers range by range as it reads the file (the header's and each
    /// part's, the parts overlapping by blanks): the markers of ranges that cover the text, joined in order, are
    /// those of a search of the whole text, for a marker after blanks or a tab, one whose `#` is the last byte of a
    /// range, one cut off by the end of the text, and `#`s that start no marker.
    @Test func theMarkersOfRangesThatCoverTheTextAreTheWholeTextsMarkers() {
        let text = "# linkrules:ignore a\nx: 1 #\tlinkrules:ignore b\n  - url: 'a#b'  #  linkrules:ignore\n"
            + "#linkrules:ignor\n# not one\n  #linkrules:ignore c, d\n# linkrules:ign"
        let bytes = Array(text.utf8)
        let whole = SuppressionFilter.markerOffsets(in: SourceBytes(bytes))
        #expect(whole.count == 4)
        let hashes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "#") }
        // Cut after every `#` in turn, and at every offset, into two ranges; and into ranges of three bytes.
        var cuts = hashes.map { [0, $0 + 1, bytes.count] } + (0...bytes.count).map { [0, $0, bytes.count] }
        cuts.append(Array(stride(from: 0, to: bytes.count, by: 3)) + [bytes.count])
        for bounds in cuts {
            var found: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                for index in 1..<bounds.count {
                    SuppressionFilter.appendMarkerOffsets(in: buffer, range: bounds[index - 1]..<bounds[index], to: &found)
                }
            }
            #expect(found == whole, "ranges \(bounds)")
        }
    }

    @Test func theUnsuppressedEntriesReportWhatTheSuppressionsSilence() throws {
        #expect(findings(try lint("  - url: her://Feed\n")) == ["lowercase@4:16"])
        #expect(
            findings(try lint("  - url: her://My_Feed\n")).sorted() == ["lowercase@4:16", "no-separators@4:16"])
    }

    @Test func entryIgnoreSilencesItsRule() throws {
        let diagnostics = try lint(
            """
              - url: her://Feed
                lint: { ignore: [lowercase] }
              - url: her://Posts
            """)
        #expect(findings(diagnostics) == ["lowercase@6:16"])
    }

    @Test func entryIgnoreInBlockStyleSilencesSeveralRules() throws {
        let diagnostics = try lint(
            """
              - url: her://My_Feed
                lint:
                  ignore:
                    - lowercase
                    - no-separators
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test func entryIgnoreThatSilencesNothingIsReportedAtTheRuleID() throws {
        let diagnostics = try lint(
            """
              - url: her://feed
                lint: { ignore: [lowercase] }
            """)
        #expect(findings(diagnostics) == ["unused-suppression@5:22"])
        #expect(diagnostics[0].message.text == "this suppression of 'lowercase' silences nothing: remove it")
        #expect(diagnostics[0].severity == .warning)
        #expect(diagnostics[0].location.range.end.column == 31)
        #expect(diagnostics[0].linkKey == "her:///feed")
    }

    @Test func entryIgnoreNamingAnUnknownRuleIsAnErrorWithTheClosestID() throws {
        let diagnostics = try lint(
            """
              - url: her://Feed
                lint: { ignore: [lowercse] }
            """)
        #expect(findings(diagnostics) == ["lowercase@4:16", "invalid-suppression@5:22"])
        #expect(diagnostics[1].message.text == "unknown rule 'lowercse': did you mean 'lowercase'?")
        #expect(diagnostics[1].severity == .error)
    }

    @Test func commentOnTheLineAboveSilencesTheEntry() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercase
              - url: her://Feed
              - url: her://Posts
            """)
        #expect(findings(diagnostics) == ["lowercase@6:16"])
    }

    @Test func commentAboveTheURLLineOfAMultiKeyEntrySilencesIt() throws {
        let diagnostics = try lint(
            """
              - title: The feed
                # linkrules:ignore lowercase
                url: her://Feed
              - url: her://Posts
            """)
        #expect(findings(diagnostics) == ["lowercase@7:16"])
    }

    @Test func commentAboveTheFirstLineOfAMultiKeyEntrySilencesFindingsOnItsURL() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercase
              - title: The feed
                examples: [her://Feed]
                url: her://Feed
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test(arguments: ["lowercase, no-separators", "lowercase,no-separators", "no-separators lowercase"])
    func commentNamesSeveralRules(ids: String) throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore \(ids)
              - url: her://My_Feed
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test func commentWithAReasonAfterTwoDashes() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercase -- the Android client sends it capitalised
              - url: her://Feed
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test func commentAboveAnotherCommentStillCoversTheEntry() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercase
              # Capitalised for the legacy client.
              - url: her://Feed
            """)
        #expect(diagnostics.isEmpty)
    }

    @Test func commentAtTheEndOfTheEntryLineCoversThatEntryNotTheNext() throws {
        let diagnostics = try lint(
            """
              - url: her://feed  # linkrules:ignore lowercase
              - url: her://Feed/communities
            """)
        #expect(findings(diagnostics) == ["unused-suppression@4:41", "lowercase@5:16"])
    }

    @Test func commentSeparatedFromTheEntryByABlankLineCoversNothing() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercase

              - url: her://Feed
            """)
        #expect(findings(diagnostics) == ["unused-suppression@4:22", "lowercase@6:16"])
    }

    @Test func commentAboveSomethingThatIsNotAnEntryIsUnused() throws {
        let file = SourceFile(
            path: "links.yml",
            text: """
                version: 1
                # linkrules:ignore lowercase
                schemes: [her]
                links:
                  - url: her://feed
                """)
        let diagnostics = try Linter().lint(CatalogueLoader().load(files: [file]))
        #expect(findings(diagnostics) == ["unused-suppression@2:20"])
    }

    @Test func commentThatSilencesNothingIsReportedAtTheRuleID() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore no-separators, lowercase
              - url: her://feed/my_profile
            """)
        #expect(findings(diagnostics) == ["unused-suppression@4:37"])
        #expect(diagnostics[0].message.text == "this suppression of 'lowercase' silences nothing: remove it")
    }

    @Test func commentNamingAnUnknownRuleIsAnError() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore lowercas
              - url: her://Feed
            """)
        #expect(findings(diagnostics) == ["invalid-suppression@4:22", "lowercase@5:16"])
        #expect(diagnostics[0].message.text == "unknown rule 'lowercas': did you mean 'lowercase'?")
    }

    @Test func commentNamingNoRuleIsAnError() throws {
        let diagnostics = try lint(
            """
              # linkrules:ignore
              - url: her://Feed
            """)
        #expect(findings(diagnostics) == ["invalid-suppression@4:5", "lowercase@5:16"])
        #expect(diagnostics[0].message.text == "'linkrules:ignore' names no rule: write the rule ids after it")
    }

    @Test(arguments: [
        "  # see linkrules:ignore lowercase in the docs",
        "  # linkrules:ignored lowercase",
        "  #`# linkrules:ignore lowercase`",
    ])
    func textThatOnlyMentionsTheMarkerIsNotASuppression(line: String) throws {
        let diagnostics = try lint(line + "\n  - url: her://Feed\n")
        #expect(findings(diagnostics) == ["lowercase@5:16"])
    }

    @Test func windowsLineEndingsDoNotJoinTheRuleID() throws {
        let diagnostics = try lint("  # linkrules:ignore lowercase\r\n  - url: her://Feed\r\n")
        #expect(diagnostics.isEmpty)
    }

    @Test func aSuppressionOfADisabledRuleIsNotReportedAsUnused() throws {
        var configuration = Configuration()
        configuration.rules["lowercase"] = RuleSetting(enabled: false)
        let diagnostics = try lint("  # linkrules:ignore lowercase\n  - url: her://feed\n", configuration: configuration)
        #expect(diagnostics.isEmpty)
    }

    @Test func suppressionsApplyPerFileInAMergedCatalogue() throws {
        let suppressed = SourceFile(
            path: "a.yml", text: Self.header + "  # linkrules:ignore lowercase\n  - url: her://Feed\n")
        let plain = SourceFile(path: "b.yml", text: Self.header + "\n  - url: her://Posts\n")
        let diagnostics = try Linter().lint(CatalogueLoader().load(files: [suppressed, plain]))
        #expect(diagnostics.map { "\($0.location.file):\($0.ruleID)@\($0.location.line)" } == ["b.yml:lowercase@5"])
    }

    @Test func manySuppressionsInALargeCatalogue() throws {
        var links = ""
        for index in 0..<2_000 {
            links += "  # linkrules:ignore lowercase\n  - url: her://Feed/posts\(index)\n"
            links += "  - url: her://feed/posts\(index)/comments\n"
        }
        #expect(try lint(links).isEmpty)
    }
}
