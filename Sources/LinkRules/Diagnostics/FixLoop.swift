/// Applies fixes to one file pass after pass, re-linting the new text between passes, until no fix applies;
/// bounded, so rules that undo each other end in an error rather than a loop.
public struct FixLoop: Sendable {
    /// The most passes that may change the text; a further pass that would still change it is an error.
    public var maximumPasses: Int

    public init(maximumPasses: Int = 10) {
        self.maximumPasses = max(0, maximumPasses)
    }

    /// Fixes `bytes`, the text of `file`.
    ///
    /// Each pass calls `diagnose` with the current text, keeps the fixes `selecting` accepts (safe only, say), and
    /// applies them with `FixApplier`; fixes deferred by an overlap are offered again by the next re-lint.
    /// The edits of a fix applied in a later pass refer to the text of that pass, not to the original.
    ///
    /// - Returns: the final text, every fix applied across passes and the number of passes that changed the text.
    /// - Throws: `FixError.didNotConverge` if fixes still change the text after `maximumPasses` passes, or
    ///   whatever `diagnose` throws.
    public func run(
        file: String,
        bytes: [UInt8],
        selecting: (FixIt) -> Bool,
        diagnose: ([UInt8]) throws -> [Diagnostic]
    ) throws -> FixOutcome {
        var current = bytes
        var applied: [FixIt] = []
        var passes = 0
        while true {
            let fixes = try diagnose(current).flatMap(\.fixes).filter(selecting)
            let pass = FixApplier.apply(fixes, to: current, file: file)
            if pass.applied.isEmpty || pass.bytes == current { break }
            guard passes < maximumPasses else { throw FixError.didNotConverge(file: file, passes: passes) }
            passes += 1
            applied += pass.applied
            current = pass.bytes
        }
        return FixOutcome(bytes: current, applied: applied, passes: passes, changed: current != bytes)
    }
}

/// What a `FixLoop` run did to one file.
public struct FixOutcome: Sendable {
    /// The text after every pass.
    public var bytes: [UInt8]
    /// Every fix applied, pass by pass, in the order applied.
    public var applied: [FixIt]
    /// How many passes changed the text (0 when nothing applied).
    public var passes: Int
    /// Whether the final text differs from the original.
    public var changed: Bool

    public init(bytes: [UInt8], applied: [FixIt], passes: Int, changed: Bool) {
        self.bytes = bytes
        self.applied = applied
        self.passes = passes
        self.changed = changed
    }
}
