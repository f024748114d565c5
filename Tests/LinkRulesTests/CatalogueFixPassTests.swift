import Testing
@testable import LinkRules

/// An edit of `file` replacing `range` of `text` (the file's text, for the location).
private func edit(_ file: SourceFile, _ range: Range<Int>, _ replacement: String) -> TextEdit {
    TextEdit(location: file.location(ofBytes: range), replacement: replacement)
}

private func fix(_ edits: TextEdit...) -> FixIt {
    FixIt(message: "test", edits: edits, applicability: .unsafe)
}

/// A lint of test texts: the diagnostics a closure computed.
private struct Findings: FixLoopSnapshot {
    var diagnostics: [Diagnostic]
}

@Suite struct CatalogueFixPassTests {
    private let a = SourceFile(path: "a.yml", text: "AAAA\n")
    private let b = SourceFile(path: "b.yml", text: "BBBB\n")

    @Test func aFixSpanningFilesIsDeferredWholeWhenItConflictsInOne() {
        let first = fix(edit(b, 0..<2, "xx"))
        let spanning = fix(edit(a, 0..<1, "y"), edit(b, 1..<3, "zz"))
        let pass = FixApplier.apply([first, spanning], to: [a, b])
        #expect(pass.outcomes == [.applied, .deferred])
        #expect(pass.files.map(\.text) == ["AAAA\n", "xxBB\n"])
        #expect(pass.changedFiles == ["b.yml"])
        #expect(pass.files[0] === a)
    }

    @Test func aFixSpanningFilesAppliesInEveryFile() {
        let spanning = fix(edit(a, 0..<1, "y"), edit(b, 1..<3, "zz"))
        let pass = FixApplier.apply([spanning, fix(edit(a, 0..<1, "q"))], to: [a, b])
        #expect(pass.outcomes == [.applied, .deferred])
        #expect(pass.files.map(\.text) == ["yAAA\n", "BzzB\n"])
        #expect(pass.changedFiles == ["a.yml", "b.yml"])
    }

    @Test func unknownFilesBadRangesAndNoChangesAreRejected() {
        let other = SourceFile(path: "c.yml", text: "CCCC\n")
        let elsewhere = fix(edit(a, 0..<1, "y"), edit(other, 0..<1, "c"))
        let outside = fix(TextEdit(location: SourceLocation(file: "a.yml", range: a.range(ofBytes: 3..<5)), replacement: "x"),
                          TextEdit(location: SourceLocation(file: "b.yml", range: SourceRange(at: SourcePosition(line: 9, column: 1, offset: 90))), replacement: "x"))
        let nothing = fix(edit(a, 0..<1, "A"), edit(b, 0..<1, "B"))
        let pass = FixApplier.apply([elsewhere, outside, nothing], to: [a, b])
        #expect(pass.outcomes == [.rejected, .rejected, .rejected])
        #expect(!pass.changedAnything)
    }

    @Test func aPartThatChangesNothingInOneFileDoesNotStopTheRest() {
        let pass = FixApplier.apply([fix(edit(a, 0..<1, "A"), edit(b, 0..<1, "b"))], to: [a, b])
        #expect(pass.outcomes == [.applied])
        #expect(pass.changedFiles == ["b.yml"])
    }

    @Test func aRepeatedFixCountsAsAppliedOnce() {
        let rename = fix(edit(a, 0..<1, "y"), edit(b, 0..<1, "z"))
        let pass = FixApplier.apply([rename, rename], to: [a, b])
        #expect(pass.outcomes == [.applied, .applied])
        #expect(pass.files.map(\.text) == ["yAAA\n", "zBBB\n"])
    }

    @Test func theLoopRetriesADeferredSpanningFixOnTheNextPass() throws {
        // Each pass offers: lowercase the first capital of b (two bytes wide), then a fix that lowercases the
        // first capital of both files at once; the second overlaps the first until b's capitals are gone.
        func diagnose(_ files: [SourceFile]) -> Findings {
            var diagnostics: [Diagnostic] = []
            func capital(_ file: SourceFile) -> Int? { file.bytes.firstIndex { $0 >= 0x41 && $0 <= 0x5A } }
            if let index = capital(files[1]) {
                let wide = index..<min(index + 2, files[1].bytes.count)
                let lowered = String(decoding: files[1].bytes[wide].map { $0 | 0x20 }, as: UTF8.self)
                diagnostics.append(Diagnostic(ruleID: "wide", severity: .warning, message: "capital", location: files[1].location(ofBytes: wide),
                                              fixes: [fix(edit(files[1], wide, lowered))]))
            }
            if let inA = capital(files[0]) {
                func lowered(_ file: SourceFile, _ index: Int) -> TextEdit {
                    edit(file, index..<(index + 1), String(UnicodeScalar(file.bytes[index] | 0x20)))
                }
                var edits = [lowered(files[0], inA)]
                if let inB = capital(files[1]) { edits.append(lowered(files[1], inB)) }
                diagnostics.append(Diagnostic(ruleID: "both", severity: .warning, message: "capital", location: files[0].location(ofBytes: inA..<(inA + 1)),
                                              fixes: [FixIt(message: "both", edits: edits, applicability: .safe)]))
            }
            return Findings(diagnostics: diagnostics)
        }
        let outcome = try FixLoop().run(files: [SourceFile(path: "a.yml", text: "AB\n"), SourceFile(path: "b.yml", text: "BB\n")],
                                        selecting: { _ in true }, diagnose: diagnose)
        #expect(outcome.files.map(\.text) == ["ab\n", "bb\n"])
        #expect(outcome.fixed.map(\.ruleID) == ["wide", "both", "both"])
        #expect(outcome.passes == 3)
        #expect(outcome.changedFiles == ["a.yml", "b.yml"])
    }

    @Test func selectingLeavesUnsafeFixesOutOfTheLoop() throws {
        let files = [a, b]
        let outcome = try FixLoop().run(files: files, selecting: { $0.applicability == .safe }) { texts in
            Findings(diagnostics: texts[0].bytes.first == UInt8(ascii: "A")
                     ? [Diagnostic(ruleID: "unsafe", severity: .warning, message: "m", location: texts[0].location(ofBytes: 0..<1),
                                   fixes: [fix(edit(texts[0], 0..<1, "a"))])] : [])
        }
        #expect(outcome.passes == 0)
        #expect(outcome.changedFiles.isEmpty)
        #expect(outcome.fixed.isEmpty)
    }
}
