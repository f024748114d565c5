/// The counts a report's summary states, and their wording (`3 errors, 5 warnings, 1 info, 4 fixable`).
struct ReportSummary {
    var errors = 0
    var warnings = 0
    var infos = 0
    var fixable = 0

    /// The counts of the findings, read without decoding them.
    init(_ diagnostics: [Diagnostic]) { self.init(diagnostics, positions: diagnostics.indices) }

    /// The counts of the findings at `positions` of `diagnostics`, read without decoding them.
    init(_ diagnostics: [Diagnostic], positions: some Sequence<Int>) {
        for position in positions {
            switch diagnostics[position].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
            if !diagnostics[position].fixes.isEmpty { fixable += 1 }
        }
    }

    var total: Int { errors + warnings + infos }

    func count(of severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }

    /// `3 errors, 5 warnings, 1 info, 4 fixable`, zero parts left out, or `no problems found`.
    var line: String {
        guard total > 0 else { return "no problems found" }
        var parts: [String] = []
        if errors > 0 { parts.append(Self.counted(errors, "error", "errors")) }
        if warnings > 0 { parts.append(Self.counted(warnings, "warning", "warnings")) }
        if infos > 0 { parts.append(Self.counted(infos, "info", "infos")) }
        if fixable > 0 { parts.append("\(fixable) fixable") }
        return parts.joined(separator: ", ")
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
