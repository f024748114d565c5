/// The findings of a run, in order, as a random-access collection of `Diagnostic`: held as values, or (a long
/// catalogue's) encoded and decoded one at a time as they are read. The rule, file, severity and whether there are
/// fixes can be read without decoding (`ruleID(at:)`, …).
public struct DiagnosticList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// Where the findings are: values, or encoded in a store and read in a given order.
    private enum Storage: Sendable {
        case values([Diagnostic])
        /// The store's findings at the places `order` lists.
        case encoded(DiagnosticStore, order: [Int32])
    }

    private let storage: Storage

    public init(_ diagnostics: [Diagnostic]) { storage = .values(diagnostics) }

    public init(arrayLiteral diagnostics: Diagnostic...) { storage = .values(diagnostics) }

    /// The findings of `store` at the places `order` lists, in that order.
    init(_ store: DiagnosticStore, order: [Int32]) { storage = .encoded(store, order: order) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .values(let diagnostics): diagnostics.count
        case .encoded(_, let order): order.count
        }
    }

    public subscript(position: Int) -> Diagnostic {
        read(position, { $0 }) { $0[$1] }
    }

    /// The rule id of the finding at `position`, read without decoding it.
    public func ruleID(at position: Int) -> String {
        read(position, \.ruleID) { $0.ruleID(at: $1) }
    }

    /// The file of the finding at `position` (`location.file`), read without decoding it.
    public func file(at position: Int) -> String {
        read(position, \.location.file) { $0.file(at: $1) }
    }

    /// The severity of the finding at `position`, read without decoding it.
    public func severity(at position: Int) -> Severity {
        read(position, \.severity) { $0.severity(at: $1) }
    }

    /// The start offset of the finding at `position` (`location.range.start.offset`), read without decoding it.
    func startOffset(at position: Int) -> Int {
        read(position, \.location.range.start.offset) { $0.startOffset(at: $1) }
    }

    /// Whether the finding at `position` offers a fix, read without decoding it.
    public func hasFixes(at position: Int) -> Bool {
        read(position, { !$0.fixes.isEmpty }) { $0.hasFixes(at: $1) }
    }

    /// What `value` reads of the finding at `position` held as a value, or `encoded` of the store and index where
    /// it is held encoded.
    private func read<Value>(
        _ position: Int, _ value: (Diagnostic) -> Value, encoded: (DiagnosticStore, Int) -> Value
    ) -> Value {
        switch storage {
        case .values(let diagnostics): value(diagnostics[position])
        case .encoded(let store, let order): encoded(store, Int(order[position]))
        }
    }

    /// The positions of the findings in each file, in order, read without decoding them.
    func positionsByFile() -> [String: [Int]] {
        var byFile: [String: [Int]] = [:]
        for position in indices { byFile[file(at: position), default: []].append(position) }
        return byFile
    }

    /// The findings at the given positions, in the order given, without decoding them.
    public func selecting(_ positions: some Sequence<Int>) -> DiagnosticList {
        switch storage {
        case .values(let diagnostics): DiagnosticList(positions.map { diagnostics[$0] })
        case .encoded(let store, let order): DiagnosticList(store, order: positions.map { order[$0] })
        }
    }

    public static func == (lhs: DiagnosticList, rhs: DiagnosticList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public var description: String { Array(self).description }
}
