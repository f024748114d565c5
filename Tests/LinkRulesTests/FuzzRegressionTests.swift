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

    /// Fuzz finding 1: `p:` is an unknown key whose closest known key is `app`; the rename made `app:` with no
    /// value, which does not load. The fix loop now leaves out a fix whose text cannot be read.
    @Test func aRenameThatBreaksTheFileIsLeftOut() throws {
        let outcome = try Self.fixEverything("p:\n")
        #expect(!outcome.changed)
        #expect(outcome.unreadable.map(\.message) == ["rename the key to 'app'"])
        #expect(Self.loads(outcome.bytes))
    }

    @Test func theOtherFixesOfThatPassAreStillMade() throws {
        let text = """
            version: 1
            p:
            schemes: [her]
            links:
              - url: her://Feed
              - url: her://Verification

            """
        let outcome = try Self.fixEverything(text)
        let fixed = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(fixed.contains("\np:\n"))
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

    @Test func aLintThatFailsOnTheOriginalStillThrows() {
        #expect(throws: LoadError.self) { try Self.fixEverything("links: [\n") }
    }
}
