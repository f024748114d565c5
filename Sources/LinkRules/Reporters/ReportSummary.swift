/// The counts a report's summary states, and their wording
/// (`3 errors, 5 warnings, 1 info, 4 fixable, 2 more with --unsafe-fixes`).
struct ReportSummary {
    var errors = 0
    var warnings = 0
    var infos = 0
    /// Findings with a safe fix: what `--fix` fixes.
    var safelyFixable = 0
    /// Findings whose every fix is unsafe: fixed only with `--fix --unsafe-fixes`.
    var fixableWithUnsafeFixes = 0

    /// No findings.
    init() {}

    /// The counts of the findings.
    init(_ diagnostics: [Diagnostic]) { self.init(diagnostics, positions: diagnostics.indices) }

    /// Adds the counts of other findings.
    mutating func add(_ other: ReportSummary) {
        errors += other.errors
        warnings += other.warnings
        infos += other.infos
        safelyFixable += other.safelyFixable
        fixableWithUnsafeFixes += other.fixableWithUnsafeFixes
    }

    /// The counts of the findings at `positions` of `diagnostics`.
    init(_ diagnostics: [Diagnostic], positions: some Sequence<Int>) {
        // Read in the array's storage: through `Array`'s subscript each finding would be copied to be read.
        diagnostics.withUnsafeBufferPointer { findings in
            for position in positions {
                switch findings[position].severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                }
                if findings[position].fixes.contains(where: { $0.applicability == .safe }) {
                    safelyFixable += 1
                } else if !findings[position].fixes.isEmpty {
                    fixableWithUnsafeFixes += 1
                }
            }
        }
    }

    var total: Int { errors + warnings + infos }

    /// Findings with any fix, safe or unsafe.
    var fixable: Int { safelyFixable + fixableWithUnsafeFixes }

    func count(of severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }

    /// `3 errors, 5 warnings, 1 info, 4 fixable, 2 more with --unsafe-fixes` (or `2 fixable with --unsafe-fixes`
    /// when no fix is safe), zero parts left out, or `no problems found`.
    var line: String {
        guard total > 0 else { return "no problems found" }
        var parts: [String] = []
        if errors > 0 { parts.append(Self.counted(errors, "error", "errors")) }
        if warnings > 0 { parts.append(Self.counted(warnings, "warning", "warnings")) }
        if infos > 0 { parts.append(Self.counted(infos, "info", "infos")) }
        parts.append(contentsOf: fixableParts)
        return parts.joined(separator: ", ")
    }

    /// `4 fixable`, `2 more with --unsafe-fixes` or `2 fixable with --unsafe-fixes`; empty when nothing is fixable.
    var fixableParts: [String] {
        var parts: [String] = []
        if safelyFixable > 0 { parts.append("\(safelyFixable) fixable") }
        if fixableWithUnsafeFixes > 0 {
            parts.append("\(fixableWithUnsafeFixes) \(safelyFixable > 0 ? "more" : "fixable") with --unsafe-fixes")
        }
        return parts
    }

    /// How many findings are at or above the failing severity.
    func failingCount(failOn: Severity?) -> Int {
        guard let failOn else { return 0 }
        return Severity.allCases.filter { $0 >= failOn }.reduce(0) { $0 + count(of: $1) }
    }

    /// Whether the run fails and why, in words: `2 findings at or above 'warning' fail the run`.
    func verdict(failOn: Severity?) -> String {
        guard let failOn else { return "findings never fail the run" }
        let failing = failingCount(failOn: failOn)
        if failing == 0 { return "nothing at or above '\(failOn.rawValue)': the run passes" }
        return "\(Self.counted(failing, "finding", "findings")) at or above '\(failOn.rawValue)' "
            + (failing == 1 ? "fails" : "fail") + " the run"
    }

    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
