import Testing
@testable import LinkRules

/// Builds fixes on a text by byte offsets, with locations computed from the text itself.
private struct FixBuilder {
    let file: SourceFile

    init(_ text: String, path: String = "links.yml") {
        file = SourceFile(path: path, text: text)
    }

    func edit(_ range: Range<Int>, _ replacement: String, in path: String? = nil) -> TextEdit {
        var location = file.location(ofBytes: range)
        if let path { location.file = path }
        return TextEdit(location: location, replacement: replacement)
    }

    func fix(_ message: Message, _ edits: TextEdit..., applicability: FixApplicability = .safe) -> FixIt {
        FixIt(message: message, edits: edits, applicability: applicability)
    }

    /// The byte range of the first occurrence of `needle`.
    func range(of needle: String) -> Range<Int> {
        let bytes = file.bytes
        let pattern = Array(needle.utf8)
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start..<(start + pattern.count)
        }
        fatalError("'\(needle)' not in the text")
    }

    func apply(_ fixes: [FixIt]) -> (text: String, pass: FixPass) {
        let pass = FixApplier.apply(fixes, to: Array(file.bytes), file: file.path)
        return (String(decoding: pass.bytes, as: UTF8.self), pass)
    }
}

@Suite struct FixApplierTests {
    private let text = "  - url: her://Feed/community/9\n    title: Feed\n"

    @Test func nonOverlappingEditsGiveTheSameTextInAnyOrder() {
        let builder = FixBuilder(text)
        let lowercase = builder.fix("lowercase 'Feed'", builder.edit(builder.range(of: "Feed/"), "feed/"))
        let plural = builder.fix("use 'communities'", builder.edit(builder.range(of: "community"), "communities"))
        let title = builder.fix("quote the title", builder.edit(builder.range(of: "Feed\n"), "'Feed'\n"))
        let orders = [
            [lowercase, plural, title], [lowercase, title, plural], [plural, lowercase, title],
            [plural, title, lowercase], [title, lowercase, plural], [title, plural, lowercase],
        ]
        for order in orders {
            let (result, pass) = builder.apply(order)
            #expect(result == "  - url: her://feed/communities/9\n    title: 'Feed'\n")
            #expect(pass.applied == order)
            #expect(pass.deferred.isEmpty)
        }
    }

    @Test func aFixOverlappingAnAcceptedEditIsDeferredWhole() {
        let builder = FixBuilder(text)
        let plural = builder.fix("use 'communities'", builder.edit(builder.range(of: "community"), "communities"))
        let rename = builder.fix(
            "rename the link",
            builder.edit(builder.range(of: "title"), "name"),          // does not overlap anything
            builder.edit(builder.range(of: "community/9"), "groups/9")  // overlaps the plural fix
        )
        let (result, pass) = builder.apply([plural, rename])
        #expect(result == "  - url: her://Feed/communities/9\n    title: Feed\n")  // 'title' kept: all or nothing
        #expect(pass.applied == [plural])
        #expect(pass.deferred == [rename])
    }

    @Test func twoInsertionsAtOneOffsetOverlap() {
        let builder = FixBuilder("aliases: []\n")
        let insertion = builder.range(of: "]").lowerBound
        let first = builder.fix("add an alias", builder.edit(insertion..<insertion, "her://a"))
        let second = builder.fix("add another alias", builder.edit(insertion..<insertion, "her://b"))
        let (result, pass) = builder.apply([first, second])
        #expect(result == "aliases: [her://a]\n")
        #expect(pass.applied == [first])
        #expect(pass.deferred == [second])
    }

    @Test func insertionsTouchingAReplacedRangeApplyAroundIt() {
        let builder = FixBuilder("url: her://Feed\n")
        let word = builder.range(of: "Feed")
        let replace = builder.fix("lowercase", builder.edit(word, "feed"))
        let before = builder.fix("prefix", builder.edit(word.lowerBound..<word.lowerBound, "my"))
        let after = builder.fix("suffix", builder.edit(word.upperBound..<word.upperBound, "s"))
        for order in [[replace, before, after], [after, before, replace], [before, replace, after]] {
            let (result, pass) = builder.apply(order)
            #expect(result == "url: her://myfeeds\n")
            #expect(pass.applied.count == 3)
            #expect(pass.deferred.isEmpty)
        }
    }

    @Test func adjacentReplacementsDoNotOverlap() {
        let builder = FixBuilder("abcdef")
        let left = builder.fix("left", builder.edit(0..<3, "X"))
        let right = builder.fix("right", builder.edit(3..<6, "Y"))
        let (result, pass) = builder.apply([right, left])
        #expect(result == "XY")
        #expect(pass.applied == [right, left])
    }

    @Test func multiByteCharactersAroundEditsSurvive() {
        let builder = FixBuilder("title: Café Ünïcode — 東京\nurl: her://Straße\n")
        let word = builder.range(of: "Ünïcode")
        let city = builder.range(of: "東京")
        let street = builder.range(of: "Straße")
        let fixes = [
            builder.fix("a", builder.edit(word, "unicode")),
            builder.fix("b", builder.edit(city.upperBound..<city.upperBound, "都")),
            builder.fix("c", builder.edit(street, "strasse")),
        ]
        let (result, pass) = builder.apply(fixes)
        #expect(result == "title: Café unicode — 東京都\nurl: her://strasse\n")
        #expect(pass.applied.count == 3)
    }

    @Test func anEditCuttingACharacterInTwoIsRejected() {
        let builder = FixBuilder("Café\n")
        let accent = builder.range(of: "é")  // two bytes
        let cut = builder.fix("cut", builder.edit((accent.lowerBound + 1)..<accent.upperBound, "e"))
        let (result, pass) = builder.apply([cut])
        #expect(result == "Café\n")
        #expect(pass.applied.isEmpty)
        #expect(pass.rejected == [cut])
    }

    @Test func noFixesLeaveTheTextAsItIs() {
        let builder = FixBuilder(text)
        let (result, pass) = builder.apply([])
        #expect(result == text)
        #expect(pass.applied.isEmpty && pass.deferred.isEmpty && pass.rejected.isEmpty)
    }

    @Test func fixesThatCanNeverApplyAreRejectedNotDeferred() {
        let builder = FixBuilder("url: her://Feed\n")
        let word = builder.range(of: "Feed")
        let otherFile = builder.fix("elsewhere", builder.edit(word, "feed", in: "other.yml"))
        let outOfRange = FixIt(
            message: "past the end",
            edits: [TextEdit(location: SourceLocation(file: "links.yml", range: SourceRange(
                start: SourcePosition(line: 9, column: 1, offset: 90),
                end: SourcePosition(line: 9, column: 3, offset: 92))), replacement: "x")],
            applicability: .safe)
        let selfOverlap = builder.fix("tangled", builder.edit(word, "feed"), builder.edit(word.lowerBound..<(word.lowerBound + 2), "fe"))
        let nothing = builder.fix("same text", builder.edit(word, "Feed"))
        let empty = builder.fix("no edits")
        let (result, pass) = builder.apply([otherFile, outOfRange, selfOverlap, nothing, empty])
        #expect(result == "url: her://Feed\n")
        #expect(pass.applied.isEmpty && pass.deferred.isEmpty)
        #expect(pass.rejected == [otherFile, outOfRange, selfOverlap, nothing, empty])
    }

    @Test func theSameEditsOfferedTwiceApplyOnce() {
        let builder = FixBuilder("url: her://Feed\n")
        let word = builder.range(of: "Feed")
        let fromLowercase = builder.fix("lowercase the link", builder.edit(word, "feed"))
        let fromStyle = builder.fix("use lowercase components", builder.edit(word, "feed"))
        let (result, pass) = builder.apply([fromLowercase, fromStyle])
        #expect(result == "url: her://feed\n")
        #expect(pass.applied == [fromLowercase, fromStyle])
    }

    @Test func crlfLineBreaksAreKept() {
        let builder = FixBuilder("links:\r\n  - url: her://Feed\r\n")
        let fix = builder.fix("lowercase", builder.edit(builder.range(of: "Feed"), "feed"))
        #expect(builder.apply([fix]).text == "links:\r\n  - url: her://feed\r\n")
    }
}

/// Finds the first uppercase ASCII letter and offers a fix lowercasing it, or a fix whose range also covers the
/// byte before it (so neighbouring fixes overlap).
private func lowercasingDiagnostics(_ bytes: [UInt8], file: String, everyLetter: Bool, widen: Bool) -> [Diagnostic] {
    let source = SourceFile(path: file, bytes: bytes)
    var diagnostics: [Diagnostic] = []
    for (offset, byte) in bytes.enumerated() where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) {
        let start = widen ? max(0, offset - 1) : offset
        var replacement = Array(bytes[start..<offset])
        replacement.append(byte + 32)
        let edit = TextEdit(location: source.location(ofBytes: start..<(offset + 1)),
                            replacement: String(decoding: replacement, as: UTF8.self))
        diagnostics.append(Diagnostic(
            ruleID: "lowercase", severity: .warning, message: "links are case-insensitive",
            location: source.location(ofBytes: offset..<(offset + 1)),
            fixes: [FixIt(message: "lowercase it", edits: [edit], applicability: .safe)]))
        if !everyLetter { break }
    }
    return diagnostics
}

@Suite struct FixLoopTests {
    @Test func oneFixPerPassTakesOnePassPerFix() throws {
        var calls = 0
        let outcome = try FixLoop().run(file: "links.yml", bytes: Array("her://FeED\n".utf8), selecting: { _ in true }) {
            calls += 1
            return lowercasingDiagnostics($0, file: "links.yml", everyLetter: false, widen: false)
        }
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "her://feed\n")
        #expect(outcome.passes == 3)
        #expect(outcome.applied.count == 3)
        #expect(outcome.changed)
        #expect(calls == 4)  // the last re-lint finds nothing to fix
    }

    @Test func overlappingFixesWaitForTheNextPass() throws {
        // 'AB': the fix for 'B' covers 'A' too, so it is deferred, then re-offered on 'aB'.
        let outcome = try FixLoop().run(file: "links.yml", bytes: Array("AB".utf8), selecting: { _ in true }) {
            lowercasingDiagnostics($0, file: "links.yml", everyLetter: true, widen: true)
        }
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "ab")
        #expect(outcome.passes == 2)
        #expect(outcome.applied.count == 2)
    }

    @Test func nothingToFixIsZeroPasses() throws {
        let outcome = try FixLoop().run(file: "links.yml", bytes: Array("her://feed\n".utf8), selecting: { _ in true }) {
            lowercasingDiagnostics($0, file: "links.yml", everyLetter: true, widen: false)
        }
        #expect(outcome.passes == 0)
        #expect(!outcome.changed)
        #expect(outcome.applied.isEmpty)
    }

    @Test func fixesThatNeverSettleStopWithAnError() {
        let growing: ([UInt8]) -> [Diagnostic] = { bytes in
            let source = SourceFile(path: "links.yml", bytes: bytes)
            let edit = TextEdit(location: source.location(ofBytes: 0..<0), replacement: "x")
            return [Diagnostic(ruleID: "ever", severity: .warning, message: "never happy",
                               location: source.location(ofBytes: 0..<0),
                               fixes: [FixIt(message: "add one more", edits: [edit], applicability: .safe)])]
        }
        #expect(throws: FixError.didNotConverge(file: "links.yml", passes: 10)) {
            try FixLoop().run(file: "links.yml", bytes: [], selecting: { _ in true }, diagnose: growing)
        }
        #expect(throws: FixError.didNotConverge(file: "links.yml", passes: 3)) {
            try FixLoop(maximumPasses: 3).run(file: "links.yml", bytes: [], selecting: { _ in true }, diagnose: growing)
        }
    }

    @Test func selectingLeavesUnsafeFixesOut() throws {
        let diagnose: ([UInt8]) -> [Diagnostic] = { bytes in
            var diagnostics = lowercasingDiagnostics(bytes, file: "links.yml", everyLetter: true, widen: false)
            let source = SourceFile(path: "links.yml", bytes: bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            if let range = text.utf8.firstRange(of: "community".utf8) {
                let offsets = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                    ..< text.utf8.distance(from: text.startIndex, to: range.upperBound)
                let edit = TextEdit(location: source.location(ofBytes: offsets), replacement: "communities")
                diagnostics.append(Diagnostic(
                    ruleID: "plural-resource-nouns", severity: .warning, message: "use the plural",
                    location: source.location(ofBytes: offsets),
                    fixes: [FixIt(message: "use 'communities'", edits: [edit], applicability: .unsafe)]))
            }
            return diagnostics
        }
        let original = Array("her://Feed/community/9\n".utf8)
        let safe = try FixLoop().run(file: "links.yml", bytes: original,
                                     selecting: { $0.applicability == .safe }, diagnose: diagnose)
        #expect(String(decoding: safe.bytes, as: UTF8.self) == "her://feed/community/9\n")
        #expect(safe.applied.allSatisfy { $0.applicability == .safe })
        let all = try FixLoop().run(file: "links.yml", bytes: original, selecting: { _ in true }, diagnose: diagnose)
        #expect(String(decoding: all.bytes, as: UTF8.self) == "her://feed/communities/9\n")
    }

    @Test func aFailingLintStopsTheLoop() {
        struct LintFailed: Error, Equatable {}
        #expect(throws: LintFailed()) {
            try FixLoop().run(file: "links.yml", bytes: Array("A".utf8), selecting: { _ in true }) { _ in throw LintFailed() }
        }
    }
}
