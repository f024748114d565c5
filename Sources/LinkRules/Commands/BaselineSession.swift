#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `lint --baseline F` / `--write-baseline F` (or `baseline:` in the configuration) did to a lint result:
/// the findings still reported, how many the baseline accepted, and its stale entries.
public struct BaselineOutcome: Sendable {
    /// The result with the accepted findings removed.
    public var result: LintResult
    /// The baseline file used, as the user named it (nil when there is none: the result is unchanged).
    public var baselinePath: String?
    /// How many findings were written when `--write-baseline` was given.
    public var writtenCount: Int?
    public var acceptedCount: Int
    public var stale: [StaleBaselineEntry]

    /// The notes for stderr: one `file:line:col: note:` line per stale entry (at the entry in the baseline file)
    /// and how to shrink the baseline; empty when nothing is stale.
    public var staleReport: String {
        guard let baselinePath, !stale.isEmpty else { return "" }
        var text = ""
        for entry in stale {
            let location = entry.entry.location
            let position = location.map { "\($0.line):\($0.column)" } ?? "1:1"
            text += "\(baselinePath):\(position): note: \(entry.message)\n"
        }
        let noun = stale.count == 1 ? "entry matches" : "entries match"
        text += "\(stale.count) baseline \(noun) fewer findings than it accepts: "
        text += "shrink it with 'linkrules lint --write-baseline \(baselinePath)'\n"
        return text
    }
}

/// Applies a baseline to a lint result: the command reads and writes nothing itself.
public struct BaselineSession: Sendable {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The baseline named on the command line, else the configuration's `baseline:` (resolved against the
    /// configuration's folder), else none.
    public func baselinePath(named path: String?) -> String? {
        if let path { return path }
        return workspace.configuration.baseline.map(workspace.configuration.resolve)
    }

    /// With `writing`, records every finding of `result` in that file and applies it; otherwise applies the
    /// baseline `reading` (or the configuration's), if any.
    ///
    /// - Throws: `LoadError` for a missing or invalid baseline, `FixError` when it cannot be written.
    public func apply(to result: LintResult, reading: String?, writing: String?) throws -> BaselineOutcome {
        if let writing {
            let keying = BaselineKeying(baselinePath: writing, workingDirectory: workspace.workingDirectory)
            let baseline = Baseline(diagnostics: result.diagnostics, keying: keying)
            try BaselineFile.write(baseline, to: Workspace.absolute(writing, in: workspace.workingDirectory))
            var filtered = result
            filtered.diagnostics = []
            return BaselineOutcome(
                result: filtered, baselinePath: writing, writtenCount: result.diagnostics.count,
                acceptedCount: result.diagnostics.count, stale: [])
        }
        guard let path = baselinePath(named: reading) else {
            return BaselineOutcome(result: result, baselinePath: nil, writtenCount: nil, acceptedCount: 0, stale: [])
        }
        // The configuration's baseline missing is said at its `baseline:` line, not at a line of a file that is
        // not there.
        if reading == nil, let configuration = workspace.configuration.file, let range = workspace.configuration.baselineRange,
            !FileManager.default.fileExists(atPath: Workspace.absolute(path, in: workspace.workingDirectory))
        {
            throw LoadError(.missingBaseline(workspace.configuration.baseline ?? path), at: configuration.location(ofBytes: range))
        }
        let baseline = try BaselineFile.read(path: path, workingDirectory: workspace.workingDirectory)
        let keying = BaselineKeying(baselinePath: path, workingDirectory: workspace.workingDirectory)
        let match = baseline.match(result.diagnostics, keying: keying)
        var filtered = result
        filtered.diagnostics = match.reported
        return BaselineOutcome(
            result: filtered, baselinePath: path, writtenCount: nil, acceptedCount: match.acceptedCount,
            stale: match.stale)
    }
}

extension Message {
    static func missingBaseline(_ path: String) -> Message {
        "the baseline '\(path)' does not exist: write it with 'linkrules lint --write-baseline \(path)'"
    }
}
