/// Applies fixes to one file pass after pass, re-linting the new text between passes, until no fix applies;
/// bounded, so rules that undo each other end in an error rather than a loop.
struct FixLoop: Sendable {
    /// The most passes that may change the text; a further pass that would still change it is an error.
    var maximumPasses: Int

    init(maximumPasses: Int = 10) {
        self.maximumPasses = max(0, maximumPasses)
    }

    /// Fixes `bytes`, the text of `file`.
    ///
    /// Each pass calls `diagnose` with the current text, keeps the fixes `selecting` accepts (safe only, say), and
    /// applies them with `FixApplier`; fixes deferred by an overlap are offered again by the next re-lint.
    /// The edits of a fix applied in a later pass refer to the text of that pass, not to the original.
    ///
    /// A fix never turns a text that `diagnose` accepts into one it throws on (a key renamed to one whose value
    /// has the wrong type, say): when the re-lint of a pass throws, the pass is redone keeping only the fixes
    /// that leave the text readable, and the others land in `FixOutcome.unreadable`.
    ///
    /// - Returns: the final text, every fix applied across passes and the number of passes that changed the text.
    /// - Throws: `FixError.didNotConverge` if fixes still change the text after `maximumPasses` passes, or
    ///   whatever `diagnose` throws on the original text.
    func run(
        file: String,
        bytes: [UInt8],
        selecting: (FixIt) -> Bool,
        diagnose: ([UInt8]) throws -> [Diagnostic]
    ) throws -> FixOutcome {
        var current = bytes
        var applied: [FixIt] = []
        var unreadable: [FixIt] = []
        var passes = 0
        var diagnostics = try diagnose(current)
        while true {
            // A fix already found to break the text is not tried again when a re-lint offers it unchanged.
            let fixes = diagnostics.flatMap(\.fixes).filter { selecting($0) && !unreadable.contains($0) }
            var pass = FixApplier.apply(fixes, to: current, file: file)
            if pass.applied.isEmpty || pass.bytes == current { break }
            guard passes < maximumPasses else { throw FixError.didNotConverge(file: file, passes: passes) }
            if let next = try? diagnose(pass.bytes) {
                diagnostics = next
            } else {
                let readable = keepReadable(pass.applied, to: current, file: file, diagnose: diagnose)
                unreadable += readable.left
                // Nothing of this pass could be kept: offer what is left of the same diagnostics again.
                guard let next = readable.diagnostics else { continue }
                pass = readable.pass
                diagnostics = next
            }
            passes += 1
            applied += pass.applied
            current = pass.bytes
        }
        return FixOutcome(bytes: current, applied: applied, passes: passes, changed: current != bytes, unreadable: unreadable)
    }

    /// Applies `fixes` (one pass that made `bytes` unreadable) in halves, keeping each group only if the text
    /// still passes `diagnose`; a single fix that breaks it is left out. Costs about one re-lint per bad fix and
    /// halving, not one per fix.
    private func keepReadable(
        _ fixes: [FixIt], to bytes: [UInt8], file: String, diagnose: ([UInt8]) throws -> [Diagnostic]
    ) -> (pass: FixPass, diagnostics: [Diagnostic]?, left: [FixIt]) {
        var kept: [FixIt] = []
        var left: [FixIt] = []
        var best: (pass: FixPass, diagnostics: [Diagnostic])?
        func add(_ group: ArraySlice<FixIt>) {
            guard !group.isEmpty else { return }
            let candidate = FixApplier.apply(kept + group, to: bytes, file: file)
            if candidate.deferred.isEmpty, candidate.rejected.isEmpty, let diagnostics = try? diagnose(candidate.bytes) {
                kept += group
                best = (candidate, diagnostics)
            } else if group.count == 1 {
                left += group
            } else {
                let middle = group.startIndex + group.count / 2
                add(group[..<middle])
                add(group[middle...])
            }
        }
        // The whole group is known to break the text: start with its halves.
        if fixes.count == 1 {
            left = fixes
        } else {
            add(fixes[..<(fixes.count / 2)])
            add(fixes[(fixes.count / 2)...])
        }
        guard let best else { return (FixPass(bytes: bytes, applied: [], deferred: []), nil, left) }
        return (best.pass, best.diagnostics, left)
    }
}

/// What a `FixLoop` run did to one file.
struct FixOutcome: Sendable {
    /// The text after every pass.
    var bytes: [UInt8]
    /// Every fix applied, pass by pass, in the order applied.
    var applied: [FixIt]
    /// How many passes changed the text (0 when nothing applied).
    var passes: Int
    /// Whether the final text differs from the original.
    var changed: Bool
    /// Fixes left out because the text they produced could no longer be read (the re-lint threw).
    var unreadable: [FixIt]

    init(bytes: [UInt8], applied: [FixIt], passes: Int, changed: Bool, unreadable: [FixIt] = []) {
        self.bytes = bytes
        self.applied = applied
        self.passes = passes
        self.changed = changed
        self.unreadable = unreadable
    }
}
