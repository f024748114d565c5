/// What a fix loop over several files needs from a lint of their texts: the findings, with the fixes they offer.
/// `LintResult` is one; tests may use a bare list.
protocol FixLoopSnapshot {
    associatedtype Findings: Collection<Diagnostic>
    var diagnostics: Findings { get }
}

extension FixLoop {
    /// Fixes a catalogue split over `files`, pass after pass, re-linting all the edited texts between passes.
    ///
    /// Each pass takes, from every finding of the last lint, the first fix `selecting` accepts, and applies them
    /// with `FixApplier.apply(_:to:)`: a fix whose edits span several files is applied in all of them or in none.
    /// When no finding's fix changes anything any more, `finishing` is asked for closing edits (the old URLs kept
    /// as aliases); they run as one more pass, and the loop goes on until neither changes anything.
    ///
    /// A pass whose texts no longer load (`diagnose` throws a `LoadError`) is undone and redone rule by rule, in
    /// the order the rules' findings come: the fixes of a rule that makes the catalogue fail to load are rolled
    /// back, recorded in `rolledBack` with the error, and never offered again in this run.
    ///
    /// A pass whose lint has `newHarms` (findings the lint before it did not have: a new error, duplicate link or
    /// unreachable route) holds back, fix by fix, the fixes whose edits touch a line those findings or their notes
    /// point at (the link that loses and the link that wins), and is redone without them: one more lint for each
    /// round, not one per fix, so a large catalogue's harmless fixes still apply. The fixes held back are recorded
    /// in `withheld` with the findings they would make, and not offered again until other fixes have changed the
    /// texts: then, before the loop ends, they are offered once more, so that a second run has nothing left to do. Only when no fix touches
    /// those lines is the pass redone rule by rule, a rule's fixes split in halves while they are few (at most
    /// `largestGroupSplit`).
    ///
    /// - Returns: the final texts and lint, the findings fixed, the closing fixes applied and what was rolled back.
    /// - Throws: `FixError.didNotConverge` when a pass would still change a file after `maximumPasses` passes,
    ///   `FixError.closingEditsDoNotLoad` when the closing edits break the catalogue, and whatever `diagnose`
    ///   throws for the original texts or throws other than a `LoadError`.
    func run<Snapshot: FixLoopSnapshot>(
        files: [SourceFile],
        selecting: (FixIt) -> Bool,
        diagnose: ([SourceFile]) throws -> Snapshot,
        finishing: (Snapshot, [SourceFile]) throws -> [FixIt] = { _, _ in [] },
        newHarms: (_ after: Snapshot, _ before: Snapshot) -> [Diagnostic] = { _, _ in [] }
    ) throws -> CatalogueFixOutcome<Snapshot> {
        var current = files
        var snapshot = try diagnose(current)
        var excludedRules: Set<String> = []
        var fixed: [Diagnostic] = []
        var closing: [FixIt] = []
        var rolledBack: [RolledBackFix] = []
        var withheld: Set<FindingKey> = []
        var withheldFindings: [WithheldFix] = []
        var passes = 0
        // Whether a fix applied since the held-back fixes were last offered: the text they harmed has changed, so
        // they are offered once more before the loop ends (a second run must find nothing left to do).
        var changedSinceHoldingBack = false

        func countPass(_ pass: CatalogueFixPass) throws {
            guard passes < maximumPasses else {
                throw FixError.didNotConverge(file: pass.changedFiles[0], passes: passes)
            }
            passes += 1
        }

        while true {
            var offeredBy: [Diagnostic] = []
            var fixes: [FixIt] = []
            for diagnostic in snapshot.diagnostics where !excludedRules.contains(diagnostic.ruleID) {
                guard let fix = diagnostic.fixes.first(where: selecting), !withheld.contains(FindingKey(diagnostic)) else { continue }
                offeredBy.append(diagnostic)
                fixes.append(fix)
            }
            let pass = FixApplier.apply(fixes, to: current)

            guard pass.changedAnything else {
                if !withheld.isEmpty && changedSinceHoldingBack {
                    withheld = []
                    withheldFindings = []
                    changedSinceHoldingBack = false
                    continue
                }
                let closingPass = FixApplier.apply(try finishing(snapshot, current), to: current)
                guard closingPass.changedAnything else { break }
                try countPass(closingPass)
                do {
                    snapshot = try diagnose(closingPass.files)
                } catch let error as LoadError {
                    throw FixError.closingEditsDoNotLoad(file: error.location.file, reason: Self.describe(error))
                }
                current = closingPass.files
                closing += closingPass.applied
                changedSinceHoldingBack = true
                continue
            }

            try countPass(pass)
            let applied = pass.outcomes.indices.filter { pass.outcomes[$0] == .applied }
            do {
                let passSnapshot = try diagnose(pass.files)
                var harms = newHarms(passSnapshot, snapshot)
                guard !harms.isEmpty else {
                    snapshot = passSnapshot
                    current = pass.files
                    fixed += applied.map { offeredBy[$0] }
                    changedSinceHoldingBack = true
                    continue
                }
                // Set aside the fixes touching the lines of the new harms, and redo the pass without them; then
                // give the suspects back one rule at a time, holding back a rule's suspects only when they still harm.
                var candidates = applied
                var suspects: [Int] = []
                var wouldMake: [Int: [String]] = [:]
                var settled: (pass: CatalogueFixPass, snapshot: Snapshot)?
                while settled == nil {
                    let culprits = Self.culprits(of: harms, among: candidates, fixes: fixes)
                    guard !culprits.isEmpty else { break }
                    let rules = Array(Set(harms.map(\.ruleID))).sorted()
                    for index in culprits { wouldMake[index] = rules }
                    suspects += culprits
                    candidates.removeAll { culprits.contains($0) }
                    let trialPass = FixApplier.apply(candidates.map { fixes[$0] }, to: current)
                    let trialSnapshot = trialPass.changedAnything ? try diagnose(trialPass.files) : snapshot
                    harms = trialPass.changedAnything ? newHarms(trialSnapshot, snapshot) : []
                    if harms.isEmpty { settled = (trialPass, trialSnapshot) }
                }
                if var (keptPass, keptSnapshot) = settled {
                    var rules: [String] = []
                    for index in suspects where !rules.contains(offeredBy[index].ruleID) { rules.append(offeredBy[index].ruleID) }
                    for rule in rules {
                        let group = suspects.filter { offeredBy[$0].ruleID == rule }
                        let trial = (candidates + group).sorted()
                        let trialPass = FixApplier.apply(trial.map { fixes[$0] }, to: current)
                        let trialSnapshot = try diagnose(trialPass.files)
                        if newHarms(trialSnapshot, snapshot).isEmpty {
                            candidates = trial
                            (keptPass, keptSnapshot) = (trialPass, trialSnapshot)
                        } else {
                            for index in group {
                                withheld.insert(FindingKey(offeredBy[index]))
                                withheldFindings.append(WithheldFix(finding: offeredBy[index], wouldMake: wouldMake[index] ?? []))
                            }
                        }
                    }
                    if keptPass.changedAnything {
                        let appliedOutcomes = keptPass.outcomes
                        fixed += candidates.indices.filter { appliedOutcomes[$0] == .applied }.map { offeredBy[candidates[$0]] }
                        snapshot = keptSnapshot
                        current = keptPass.files
                        changedSinceHoldingBack = true
                    }
                    continue
                }
                candidates = applied
                // Redo the pass in halves on the text before it (the fixes' offsets are into that text), keeping
                // each group of fixes that does not make the lint worse than the pass's start.
                let base = current
                let start = snapshot
                var kept: [Int] = []
                // One group per rule first, in the order the rules' findings come; a group that makes the lint
                // worse is split in halves only while it is small, so a large catalogue costs a few lints per rule,
                // not one per fix.
                var rules: [String] = []
                for index in candidates where !rules.contains(offeredBy[index].ruleID) { rules.append(offeredBy[index].ruleID) }
                var groups = rules.reversed().map { rule in candidates.filter { offeredBy[$0].ruleID == rule }[...] }
                while let group = groups.popLast() {
                    let trial = (kept + group).sorted()
                    let trialPass = FixApplier.apply(trial.map { fixes[$0] }, to: base)
                    let trialSnapshot = try diagnose(trialPass.files)
                    if newHarms(trialSnapshot, start).isEmpty {
                        kept = trial
                        snapshot = trialSnapshot
                        current = trialPass.files
                    } else if group.count == 1 || group.count > Self.largestGroupSplit {
                        let rules = Array(Set(newHarms(trialSnapshot, start).map(\.ruleID))).sorted()
                        for index in group {
                            withheld.insert(FindingKey(offeredBy[index]))
                            withheldFindings.append(WithheldFix(finding: offeredBy[index], wouldMake: rules))
                        }
                    } else {
                        let middle = group.startIndex + group.count / 2
                        groups.append(group[middle...])
                        groups.append(group[..<middle])
                    }
                }
                fixed += kept.map { offeredBy[$0] }
                if !kept.isEmpty { changedSinceHoldingBack = true }
            } catch is LoadError {
                // Redo the pass one rule at a time, keeping the rules whose fixes still load.
                var rules: [String] = []
                for index in applied where !rules.contains(offeredBy[index].ruleID) { rules.append(offeredBy[index].ruleID) }
                var kept: [Int] = []
                for rule in rules {
                    let trial = kept + applied.filter { offeredBy[$0].ruleID == rule }
                    let trialPass = FixApplier.apply(trial.map { fixes[$0] }, to: current)
                    do {
                        let trialSnapshot = try diagnose(trialPass.files)
                        kept = trial
                        snapshot = trialSnapshot
                        current = trialPass.files
                    } catch let error as LoadError {
                        rolledBack.append(RolledBackFix(ruleID: rule, error: error))
                        excludedRules.insert(rule)
                    }
                }
                fixed += kept.sorted().map { offeredBy[$0] }
            }
        }

        var changed: [String] = []
        for (old, new) in zip(files, current) where old !== new && old.bytes != new.bytes { changed.append(new.path) }
        return CatalogueFixOutcome(
            files: current, snapshot: snapshot, fixed: fixed, closing: closing, rolledBack: rolledBack,
            withheld: withheldFindings, passes: passes, changedFiles: changed)
    }

    /// The fixes among `candidates` to blame for `harms`: those editing the line a harm finding is on (the link
    /// that loses: a renamed link that now duplicates or is shadowed by another), else, for a harm no candidate
    /// touches there, those editing a line its notes point at (the link that wins: a renamed link that now shadows
    /// a later one). Linear in the fixes' edits plus the harms.
    static func culprits(of harms: [Diagnostic], among candidates: [Int], fixes: [FixIt]) -> [Int] {
        func touching(_ lines: [String: Set<Int>]) -> [Int] {
            candidates.filter { index in fixes[index].edits.contains { lines[$0.file]?.contains($0.location.line) == true } }
        }
        var own: [String: Set<Int>] = [:]
        for harm in harms { own[harm.location.file, default: []].insert(harm.location.line) }
        var blamed = Set(touching(own))
        var blamedLines: [String: Set<Int>] = [:]
        for index in blamed { for edit in fixes[index].edits { blamedLines[edit.file, default: []].insert(edit.location.line) } }
        var lines: [String: Set<Int>] = [:]
        for harm in harms where blamedLines[harm.location.file]?.contains(harm.location.line) != true {
            for note in harm.notes { if let at = note.location { lines[at.file, default: []].insert(at.line) } }
        }
        if !lines.isEmpty { blamed.formUnion(touching(lines)) }
        return candidates.filter { blamed.contains($0) }
    }

    /// The most fixes of one rule that a pass making the lint worse is split among to find the culprits; a larger
    /// group is withheld whole.
    static let largestGroupSplit = 16

    /// A load error as `file:line:col: message`, for messages that quote it.
    static func describe(_ error: LoadError) -> String {
        "\(error.location.file):\(error.location.line):\(error.location.column): \(error.message)"
    }
}

/// A finding whose fix was held back because it would make new harm findings (an error, a duplicate link, an
/// unreachable route), with the rules of those findings.
public struct WithheldFix: Sendable {
    public var finding: Diagnostic
    /// The ids of the rules whose new findings the fix would make, sorted.
    public var wouldMake: [String]
}

/// A finding as the fix loop knows it from pass to pass: its rule, file, line, message and the route of its link.
/// A fix's own edits move as other fixes change the text before them, so a held-back fix is known by its finding,
/// not by its edits; once another fix changes the link, the finding is a new one and its fix is judged again.
struct FindingKey: Hashable, Sendable {
    var ruleID: String
    var file: String
    var line: Int
    var message: String
    var linkKey: String?

    init(_ diagnostic: Diagnostic) {
        ruleID = diagnostic.ruleID
        file = diagnostic.location.file
        line = diagnostic.location.line
        message = diagnostic.message.text
        linkKey = diagnostic.linkKey
    }
}

/// The fixes of one rule that were undone because the catalogue they produced no longer loads: a bug of that
/// rule, reported so it can be mended.
public struct RolledBackFix: Sendable, CustomStringConvertible {
    public var ruleID: String
    /// Why the fixed text does not load (its location is in the text that was never written).
    public var error: LoadError

    init(ruleID: String, error: LoadError) {
        self.ruleID = ruleID
        self.error = error
    }

    public var description: String {
        "the fix of '\(ruleID)' produced a catalogue that no longer loads: \(FixLoop.describe(error))"
    }
}

/// What a fix loop over a catalogue's files did.
struct CatalogueFixOutcome<Snapshot: FixLoopSnapshot> {
    /// The texts after every pass, in the order given.
    var files: [SourceFile]
    /// The lint of `files`.
    var snapshot: Snapshot
    /// The findings whose fix was applied, pass by pass (two findings sharing one fix both count).
    var fixed: [Diagnostic]
    /// The closing fixes applied (old URLs kept as aliases).
    var closing: [FixIt]
    /// The rules whose fixes were undone because the result did not load.
    var rolledBack: [RolledBackFix]
    /// The findings whose fix was not applied because it made the lint worse, with what it would make.
    var withheld: [WithheldFix]
    /// How many passes changed the texts.
    var passes: Int
    /// The paths of the files whose final text differs from the original, in the order given.
    var changedFiles: [String]
}

extension CatalogueFixOutcome: Sendable where Snapshot: Sendable {}
