import Testing
@testable import LinkRules

/// Inputs the fuzzer (scripts/fuzz.sh) found, each checked the way the fuzz target checks it, so a fixed bug
/// stays fixed. docs/robustness.md lists them.
@Suite struct FuzzRegressionTests {
    /// Applies every fix (safe and unsafe) to `text` as `lint --fix --unsafe-fixes` would.
    static func fixEverything(_ text: String) throws -> FixOutcome {
        let linter = try Linter()
        return try FixLoop().run(file: "fuzz.yml", bytes: Array(text.utf8), selecting: { _ in true }) { bytes in
            linter.lint(try CatalogueLoader().load(files: [SourceFile(path: "fuzz.yml", bytes: bytes)]))
        }
    }

    static func loads(_ bytes: [UInt8]) -> Bool {
        (try? CatalogueLoader().load(files: [SourceFile(path: "fuzz.yml", bytes: bytes)])) != nil
    }

    /// Fuzz finding 1: `p:` was an unknown key whose closest known key was `app`; the rename made `app:` with no
    /// value, which does not load. (`p` is no longer offered `app`: a suggestion must share something with the
    /// word; `ap` still is.) The fix loop now leaves out a fix whose text cannot be read.
    @Test func aRenameThatBreaksTheFileIsLeftOut() throws {
        let outcome = try Self.fixEverything("ap:\n")
        #expect(!outcome.changed)
        #expect(outcome.unreadable.map(\.message) == ["rename the key to 'app'"])
        #expect(Self.loads(outcome.bytes))
    }

    @Test func theOtherFixesOfThatPassAreStillMade() throws {
        let text = """
            version: 1
            ap:
            schemes: [her]
            links:
              - url: her://Feed
              - url: her://Verification

            """
        let outcome = try Self.fixEverything(text)
        let fixed = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(fixed.contains("\nap:\n"))
        #expect(fixed.contains("her://feed\n"))
        #expect(fixed.contains("her://verification\n"))
        #expect(outcome.unreadable.count >= 1)
        #expect(Self.loads(outcome.bytes))
    }

    /// A fix loop over a toy "language" where any text holding `!` cannot be read: a pass of four fixes, one of
    /// which adds `!`, keeps the other three.
    @Test func onlyTheFixThatBreaksTheTextIsLeftOut() throws {
        struct Unreadable: Error {}
        let original = Array("abcd".utf8)
        let outcome = try FixLoop().run(file: "t", bytes: original, selecting: { _ in true }) { bytes in
            if bytes.contains(UInt8(ascii: "!")) { throw Unreadable() }
            let file = SourceFile(path: "t", bytes: bytes)
            return bytes.indices.compactMap { index in
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { return nil }
                let replacement = byte == UInt8(ascii: "c") ? "!" : String(UnicodeScalar(byte - 32))
                let edit = TextEdit(location: file.location(ofBytes: index..<(index + 1)), replacement: replacement)
                return Diagnostic(
                    ruleID: "upper", severity: .warning, message: "upper", location: edit.location,
                    fixes: [FixIt(message: "upper", edits: [edit], applicability: .safe)])
            }
        }
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "ABcD")
        #expect(outcome.unreadable.count == 1)
        #expect(outcome.passes == 1)
    }

    /// Fuzz finding 2 (crashed: "Range requires lowerBound <= upperBound" in YAMLDecoder.readMapping): libyaml
    /// counts a lone CR as a line break and SourceFile did not, so marks converted through line:column landed on
    /// the wrong bytes and a mapping could end before it started. Marks now convert through their character
    /// index, and a lone CR ends a line in SourceFile too.
    @Test func aLoneCRInsideFlowMappingsNoLongerCrashes() throws {
        let bytes = Array("  m: {s: []\r}\n  s: {[]\r}\n\n# ".utf8)
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "fuzz.yml", bytes: bytes)])
        let findings = catalogue.loadFindings.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(findings == ["1:3 unknown key 'm' in the catalogue", "3:3 unknown key 's' in the catalogue"])
    }

    @Test func loneCRLinesArePositionedAsEditorsCountThem() throws {
        let bytes = Array("version: 1\rlinks:\r  - url: her://Feed\r    title: x\r".utf8)
        let file = SourceFile(path: "mac.yml", bytes: bytes)
        #expect(file.lineCount == 5)
        #expect(file.lineText(3) == "  - url: her://Feed")
        let diagnostics = try Linter().lint(try CatalogueLoader().load(files: [file]))
        let lowercase = try #require(diagnostics.first { $0.ruleID == "lowercase" })
        #expect(lowercase.location.line == 3)
        #expect(lowercase.location.column == 16)
    }

    @Test func aLintThatFailsOnTheOriginalStillThrows() {
        #expect(throws: LoadError.self) { try Self.fixEverything("links: [\n") }
    }
}
