#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings accepted as they were when the baseline was written, so a CI gate adopted on an old catalogue fails
/// only on new findings. An entry keys on the rule, the link's canonical route template and the message (for a
/// finding about no link, the file instead of the link), never on a line number, so reordering or editing other
/// entries keeps it; a count per key lets one of two identical findings be accepted and the second still fail.
/// A finding about a link whose message alone changed (a placeholder renamed, `{n:int}` → `{step:int}`, or a
/// message reworded by a later linkrules) takes an entry of its rule and link that nothing else matched.
struct Baseline: Sendable, Equatable {
    /// What identifies a finding across edits of its catalogue.
    struct Key: Hashable, Comparable, Sendable {
        var rule: String
        /// `Diagnostic.linkKey`, the canonical route template of the link the finding is about, spelled as links are
        /// written (`RouteKeySpelling`): `her://feed/…`, never `her:///feed/…`.
        var link: String?
        /// For a finding about no link: its file, relative to the baseline's folder.
        var file: String?
        var message: String

        /// A key whose link is spelled either way: a baseline written with `her:///feed/…` keys still matches.
        init(rule: String, link: String?, file: String?, message: String) {
            self.rule = rule
            self.link = link.map(RouteKeySpelling.written)
            self.file = file
            self.message = message
        }

        /// Orders entries in the file: by rule, then link, then file, then message.
        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.rule, lhs.link ?? "", lhs.file ?? "", lhs.message) < (rhs.rule, rhs.link ?? "", rhs.file ?? "", rhs.message)
        }
    }

    /// One key with the number of findings it accepts, and where it is written when it was read from a file.
    struct Entry: Sendable, Equatable {
        var key: Key
        var count: Int
        var location: SourceLocation?

        init(key: Key, count: Int, location: SourceLocation? = nil) {
            self.key = key
            self.count = count
            self.location = location
        }
    }

    /// The version of the file format written and accepted.
    static let formatVersion = 1

    /// The entries, sorted by key, each key once.
    private(set) var entries: [Entry]

    /// A baseline of the given entries; entries with the same key are merged by adding their counts.
    init(entries: [Entry]) {
        var merged: [Key: Entry] = [:]
        for entry in entries where entry.count > 0 {
            if let existing = merged[entry.key] {
                merged[entry.key] = Entry(key: entry.key, count: existing.count + entry.count, location: existing.location)
            } else {
                merged[entry.key] = entry
            }
        }
        self.entries = merged.values.sorted { $0.key < $1.key }
    }

    /// The baseline that accepts exactly the given findings.
    init(diagnostics: some Sequence<Diagnostic>, keying: BaselineKeying) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics { counts[keying.key(for: diagnostic), default: 0] += 1 }
        self.init(entries: counts.map { Entry(key: $0.key, count: $0.value) })
    }

    /// A key's rule and link, for matching a finding whose message changed.
    private struct LinkKey: Hashable {
        var rule: String
        var link: String?
        init(_ key: Key) {
            rule = key.rule
            link = key.link
        }
    }

    /// How many findings the baseline accepts in all.
    var findingCount: Int { entries.reduce(0) { $0 + $1.count } }

    /// Splits findings into those the baseline accepts and those still reported (in their order; of several
    /// findings with one key, the first ones are accepted), and lists the entries left with accepted findings
    /// that no longer occur.
    func match(_ diagnostics: [Diagnostic], keying: BaselineKeying) -> BaselineMatch {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key] = entry.count }
        var unmatched: [(position: Int, key: Key)] = []
        var acceptedCount = 0
        for (position, diagnostic) in diagnostics.enumerated() {
            let key = keying.key(for: diagnostic)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                acceptedCount += 1
            } else {
                unmatched.append((position, key))
            }
        }
        // Then the findings about a link whose message changed, each taking a left-over entry of its rule and link
        // (in baseline order).
        var leftByLink: [LinkKey: [Key]] = [:]
        for entry in entries where entry.key.link != nil && remaining[entry.key, default: 0] > 0 {
            leftByLink[LinkKey(entry.key), default: []].append(entry.key)
        }
        var reported: [Int] = []
        for (position, key) in unmatched {
            guard key.link != nil, let candidates = leftByLink[LinkKey(key)],
                let taken = candidates.first(where: { remaining[$0, default: 0] > 0 })
            else {
                reported.append(position)
                continue
            }
            remaining[taken, default: 0] -= 1
            acceptedCount += 1
        }
        let stale = entries.compactMap { entry -> StaleBaselineEntry? in
            guard let left = remaining[entry.key], left > 0 else { return nil }
            return StaleBaselineEntry(entry: entry, unmatchedCount: left)
        }
        return BaselineMatch(reported: reported.map { diagnostics[$0] }, acceptedCount: acceptedCount, stale: stale)
    }
}

/// The outcome of matching findings against a baseline.
struct BaselineMatch: Sendable {
    /// The findings the baseline does not accept, in their original order.
    var reported: [Diagnostic]
    /// How many findings the baseline accepted.
    var acceptedCount: Int
    /// Entries that accept more findings than now occur, in baseline order.
    var stale: [StaleBaselineEntry]
}

/// A baseline entry that accepts findings which no longer occur: the baseline can shrink.
public struct StaleBaselineEntry: Sendable, Equatable {
    var entry: Baseline.Entry
    /// How many of the entry's findings no longer occur (all of them when it matched nothing).
    public var unmatchedCount: Int

    /// What is stale, worded for a note: how many findings are gone, the rule, the link or file, the message.
    public var message: Message {
        let key = entry.key
        let subject = key.link.map { " on '\($0)'" } ?? key.file.map { " in '\($0)'" } ?? ""
        if unmatchedCount == entry.count {
            return .staleBaselineEntry(rule: key.rule, subject: subject, message: key.message)
        }
        return .partlyStaleBaselineEntry(
            rule: key.rule, subject: subject, message: key.message, matched: entry.count - unmatchedCount,
            count: entry.count)
    }
}

/// Computes a finding's baseline key. Files are keyed relative to the baseline's folder, so the baseline matches
/// whichever folder linkrules runs from.
struct BaselineKeying: Sendable {
    /// The absolute, standardized folder the baseline file is in.
    let baselineFolder: String
    let workingDirectory: String

    /// - Parameters:
    ///   - baselinePath: the baseline file, absolute or relative to `workingDirectory`.
    ///   - workingDirectory: the folder that relative diagnostic paths are relative to.
    init(baselinePath: String, workingDirectory: String) {
        self.workingDirectory = workingDirectory
        let absolute = Workspace.absolute(baselinePath, in: workingDirectory)
        baselineFolder = PathName.normalized(PathName.parent(of: absolute))
    }

    func key(for diagnostic: Diagnostic) -> Baseline.Key {
        if let link = diagnostic.linkKey {
            return Baseline.Key(rule: diagnostic.ruleID, link: link, file: nil, message: diagnostic.message.text)
        }
        return Baseline.Key(
            rule: diagnostic.ruleID, link: nil, file: relativeToBaseline(diagnostic.location.file),
            message: diagnostic.message.text)
    }

    /// `path` (absolute or relative to the working directory) relative to the baseline's folder, with `..` where
    /// it lies outside it.
    func relativeToBaseline(_ path: String) -> String {
        let absolute = PathName.normalized(Workspace.absolute(path, in: workingDirectory))
        let target = absolute.split(separator: "/", omittingEmptySubsequences: true)
        let base = baselineFolder.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}

extension Message {
    static func staleBaselineEntry(rule: String, subject: String, message: String) -> Message {
        "baseline entry matches no finding any more: '\(rule)'\(subject): \(message)"
    }
    static func partlyStaleBaselineEntry(rule: String, subject: String, message: String, matched: Int, count: Int)
        -> Message
    {
        "baseline entry matches \(matched) of its \(count) findings: '\(rule)'\(subject): \(message)"
    }
}
