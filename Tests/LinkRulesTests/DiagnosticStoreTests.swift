import PropertyBased
import Testing
@testable import LinkRules

/// Encoded findings (`DiagnosticStore`) decode to exactly what was appended, and a `DiagnosticList` over them reads
/// as the same findings held as values.
struct DiagnosticStoreTests {
    typealias Choices = HERCatalogueGenerator.Choices

    static let texts = ["", "a", "lowercase", "café ☕️ 链接 🇫🇷", "line\nbreak\u{0}nul", String(repeating: "é", count: 300)]
    static let files = ["links.yml", "", "dir/ünïcode 文件.yml", "module.yml"]
    static let rules = ["lowercase", "duplicate-link", "règle-✓", ""]
    static let numbers = [0, 1, -1, 127, 128, -129, 1 << 31, Int(UInt32.max), Int.max, Int.min, 65_535]

    static func number(_ choices: inout Choices) -> Int {
        choices.chance(50) ? choices.below(100_000) : choices.pick(numbers)
    }

    static func location(_ choices: inout Choices) -> LinkRules.SourceLocation {
        SourceLocation(
            file: choices.pick(files),
            range: SourceRange(
                start: SourcePosition(line: number(&choices), column: number(&choices), offset: number(&choices)),
                end: SourcePosition(line: number(&choices), column: number(&choices), offset: number(&choices))))
    }

    /// A finding built from `choices`: any numbers, texts with non-ASCII and empty ones, notes with and without
    /// locations, fixes of several edits in several files, a link key or none.
    static func diagnostic(_ choices: inout Choices) -> Diagnostic {
        var notes: [Note] = []
        for _ in 0..<choices.below(4) {
            notes.append(Note(message: Message(choices.pick(texts)), location: choices.chance(50) ? location(&choices) : nil))
        }
        var fixes: [FixIt] = []
        for _ in 0..<choices.below(4) {
            var edits: [TextEdit] = []
            for _ in 0..<choices.below(4) {
                edits.append(TextEdit(location: location(&choices), replacement: choices.pick(texts)))
            }
            fixes.append(FixIt(message: Message(choices.pick(texts)), edits: edits, applicability: choices.pick([.safe, .unsafe])))
        }
        return Diagnostic(
            ruleID: choices.pick(rules), severity: choices.pick(Severity.allCases), message: Message(choices.pick(texts)),
            location: location(&choices), notes: notes, fixes: fixes,
            linkKey: choices.chance(30) ? nil : choices.pick(texts))
    }

    static func diagnostics(seed: Int, count: Int) -> [Diagnostic] {
        var choices = Choices(seed)
        return (0..<count).map { _ in diagnostic(&choices) }
    }

    @Test func everyFindingDecodesToWhatWasAppended() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...12)) { seed, count in
            let found = Self.diagnostics(seed: seed, count: count)
            let store = DiagnosticStore(found)
            #expect(store.count == found.count)
            for index in found.indices {
                #expect(store[index] == found[index])
                #expect(store.ruleID(at: index) == found[index].ruleID)
                #expect(store.file(at: index) == found[index].location.file)
                #expect(store.startOffset(at: index) == found[index].location.range.start.offset)
                #expect(store.severity(at: index) == found[index].severity)
                #expect(store.hasFixes(at: index) == !found[index].fixes.isEmpty)
            }
        }
    }

    @Test func joinedStoresKeepEveryFindingInOrder() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...5).array(of: 1...5)) { seed, sizes in
            var joined = DiagnosticStore()
            var expected: [Diagnostic] = []
            for (part, size) in sizes.enumerated() {
                let found = Self.diagnostics(seed: seed &+ part, count: size)
                if part % 2 == 0 {
                    var store = DiagnosticStore(found)
                    // A part's findings are shrunk to fit before they are kept; findings appended later still go on.
                    if part % 4 == 0 { store.shrinkToFit() }
                    joined.append(contentsOf: store)
                } else {
                    // Appended one by one after a joined store: into its last segment.
                    for diagnostic in found { joined.append(diagnostic) }
                }
                expected += found
            }
            #expect(joined.count == expected.count)
            #expect(DiagnosticList(joined, order: (0..<Int32(joined.count)).map { $0 }) == DiagnosticList(expected))
        }
    }

    @Test func aSeverityWrittenIntoTheHeaderIsDecoded() {
        let found = Self.diagnostics(seed: 7, count: 3)
        var store = DiagnosticStore(found)
        let changed: Severity = found[1].severity == .error ? .info : .error
        store.setSeverity(changed, at: 1)
        var expected = found[1]
        expected.severity = changed
        #expect(store[1] == expected)
        #expect(store[0] == found[0])
        #expect(store[2] == found[2])
    }

    @Test func findingsRepeatingFilesAndRulesAreSmallerThanAsValues() {
        let diagnostic = Diagnostic(
            ruleID: "duplicate-link", severity: .warning,
            message: "'her://feed/topics/3' is the same route as the earlier link 'her://feed/topics/3'",
            location: SourceLocation(
                file: "links-100000.yml",
                range: SourceRange(
                    start: SourcePosition(line: 233, column: 10, offset: 9_372),
                    end: SourcePosition(line: 233, column: 29, offset: 9_391))),
            notes: [Note(message: "'her://feed/topics/3' is declared here")], linkKey: "her:///feed/topics/3")
        let store = DiagnosticStore(Array(repeating: diagnostic, count: 1_000))
        // The message (83 bytes), the link key (20) and the note's message (37) in UTF-8, and a few bytes of numbers.
        #expect(store.encodedByteCount < 1_000 * 160)
        #expect(store[999] == diagnostic)
    }
}

/// A `DiagnosticList` reads the same whether it holds values or encoded findings in an order.
struct DiagnosticListTests {
    let fixture = ReportFixture()

    @Test func encodedFindingsInAnOrderReadAsThoseValuesInThatOrder() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...10)) { seed, count in
            let found = DiagnosticStoreTests.diagnostics(seed: seed, count: count)
            var choices = HERCatalogueGenerator.Choices(seed)
            let order = found.indices.shuffled(using: &choices).filter { _ in choices.chance(80) }
            let encoded = DiagnosticList(DiagnosticStore(found), order: order.map { Int32($0) })
            let values = DiagnosticList(order.map { found[$0] })
            #expect(encoded == values)
            #expect(Array(encoded) == order.map { found[$0] })
            for position in encoded.indices {
                #expect(encoded.ruleID(at: position) == values.ruleID(at: position))
                #expect(encoded.file(at: position) == values.file(at: position))
                #expect(encoded.severity(at: position) == values.severity(at: position))
                #expect(encoded.hasFixes(at: position) == values.hasFixes(at: position))
                #expect(encoded.startOffset(at: position) == values.startOffset(at: position))
            }
            let picked = encoded.indices.filter { _ in choices.chance(50) }
            #expect(Array(encoded.selecting(picked)) == picked.map { values[$0] })
            #expect(encoded.selecting(picked) == values.selecting(picked))
        }
    }

    @Test func listsOfDifferentFindingsAreNotEqual() {
        let found = DiagnosticStoreTests.diagnostics(seed: 3, count: 4)
        let encoded = DiagnosticList(DiagnosticStore(found), order: [0, 1, 2, 3])
        #expect(encoded != DiagnosticList(Array(found.prefix(3))))
        #expect(encoded != DiagnosticList(found.reversed()))
        #expect(encoded == DiagnosticList(found))
    }

    @Test(arguments: OutputFormat.allCases)
    func reportersWriteEncodedFindingsAsTheValues(format: OutputFormat) {
        // More findings than a job of a report's rounds takes, so several jobs write them concurrently.
        let found = (0..<(2 * 128 + 45)).map { index in
            [fixture.pluralFinding(), fixture.lowercaseFinding(), fixture.queryFinding()][index % 3]
        }
        func report(_ diagnostics: DiagnosticList) -> String {
            let input = ReportInput(
                diagnostics: diagnostics, rules: RuleRegistry.descriptions, sources: [fixture.file.path: fixture.file],
                toolVersion: "1", failOn: .warning)
            var options = ReportOptions()
            options.statistics = true
            return format.reporter.report(input, options: options)
        }
        let encoded = DiagnosticList(DiagnosticStore(found), order: found.indices.map { Int32($0) })
        #expect(report(encoded) == report(DiagnosticList(found)))
        #expect(!report(encoded).isEmpty)
    }
}

extension HERCatalogueGenerator.Choices: RandomNumberGenerator {}
