/// How serious a finding is. Ordered, so `fail_on` can compare: `info < warning < error`.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// The word used in compiler-style text output (`note` for infos, as Xcode expects).
    public var compilerWord: String {
        switch self {
        case .info: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
