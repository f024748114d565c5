#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drops findings silenced on their entry (`lint: { ignore: [rule-id] }`) or by a `# linkrules:ignore rule-id`
/// comment, and reports suppressions that name an unknown rule or silence nothing.
///
/// A comment on a line of its own covers the entry on the next line that is not a comment: the entry's first
/// line (`- url: …`) or any line inside it (the `url:` line of a multi-key entry). A comment at the end of a line
/// covers the entry on that line. Rule ids are separated by spaces or commas; `--` ends the list, and a reason
/// may follow it.
struct SuppressionFilter: Sendable {
    /// One suppression: the rule it names, where it is written, and the link entry it covers (nil when it covers
    /// none, so it can only be reported as unused).
    struct Suppression: Sendable {
        var ruleID: String
        var location: SourceLocation
        var entry: Range<Int>?
        var linkKey: String?
        var used = false
    }

    /// A covered entry: its file and where it starts. One flat key rather than a table per file, which would be
    /// copied on every insertion through the outer table.
    private struct EntryKey: Hashable {
        var file: String
        var start: Int
    }

    static let commentMarker = Array("linkrules:ignore".utf8)

    let catalogue: Catalogue
    let knownRules: Set<String>
    /// The facts of the catalogue's links (`LinkFacts`), when known: only the links that name rules to ignore
    /// are read for them.
    var facts: LinkFacts? = nil

    /// The catalogue's suppressions and the findings about those that name no rule: everything the filter needs
    /// besides the findings, so it can be read while the rules run.
    struct Collected: Sendable {
        var suppressions: [Suppression]
        var problems: [Diagnostic]
    }

    /// Reads every suppression of the catalogue (`collect(problems:)`).
    func collect() -> Collected {
        var problems: [Diagnostic] = []
        let suppressions = collect(problems: &problems)
        return Collected(suppressions: suppressions, problems: problems)
    }

    /// The diagnostics that no suppression silences, in their order, followed by the findings about the
    /// suppressions themselves (`collected`: what `collect()` read). The diagnostics are filtered where they are,
    /// not copied one by one.
    func apply(to diagnostics: consuming [Diagnostic], collected: Collected, enabled: (String) -> Bool) -> [Diagnostic] {
        var diagnostics = diagnostics
        let (kept, problems) = filter(diagnostics, collected: collected, enabled: enabled)
        if let kept {
            // The kept ones are moved forward over the silenced ones, in order: no finding is copied.
            diagnostics.withUnsafeMutableBufferPointer { found in
                for (place, index) in kept.enumerated() where place != index { found.swapAt(place, index) }
            }
            diagnostics.removeLast(diagnostics.count - kept.count)
        }
        diagnostics.append(contentsOf: problems)
        return diagnostics
    }

    /// The positions of the findings no suppression silences, in order (nil when none is silenced), and the
    /// findings about the suppressions: those naming an unknown rule, then those that silence nothing.
    private func filter(_ found: [Diagnostic], collected: Collected, enabled: (String) -> Bool)
        -> (kept: [Int]?, problems: [Diagnostic])
    {
        var problems = collected.problems
        var suppressions = collected.suppressions
        for suppression in suppressions where !knownRules.contains(suppression.ruleID) {
            var message = Message.unknownRuleID(suppression.ruleID)
            if let suggestion = Suggestion.closestRuleID(to: suppression.ruleID, in: knownRules) {
                message = .unknownRuleID(suppression.ruleID, suggestion: suggestion)
            }
            problems.append(Self.problem(InvalidSuppressionRule.self, message, at: suppression.location, linkKey: suppression.linkKey))
        }
        guard !suppressions.isEmpty else { return (nil, problems) }

        // Per file, the covered entries in file order and, per entry start, the suppressions covering it.
        var entriesByFile: [String: [Range<Int>]] = [:]
        var suppressionsByEntry: [EntryKey: [Int]] = [:]
        suppressionsByEntry.reserveCapacity(suppressions.count)
        for (index, suppression) in suppressions.enumerated() {
            guard let entry = suppression.entry else { continue }
            let file = suppression.location.file
            let key = EntryKey(file: file, start: entry.lowerBound)
            if suppressionsByEntry[key] == nil { entriesByFile[file, default: []].append(entry) }
            suppressionsByEntry[key, default: []].append(index)
        }
        for file in entriesByFile.keys { entriesByFile[file]!.sort { $0.lowerBound < $1.lowerBound } }

        // Findings come in runs of one file: the last file's entries are kept at hand rather than looked up
        // by its name each time.
        var lastFile: ObjectIdentifier?
        var lastPath = ""
        var lastEntries: [Range<Int>]?
        var kept: [Int] = []
        kept.reserveCapacity(found.count)
        for index in found.indices {
            let offset = found[index].location.range.start.offset
            let file = found[index].location.fileIdentity
            if lastFile != file {
                lastFile = file
                lastPath = found[index].location.file
                lastEntries = entriesByFile[lastPath]
            }
            var silenced = false
            if let entries = lastEntries, let entryIndex = Self.lastIndex(in: entries, startingBefore: offset + 1),
                case let entry = entries[entryIndex], entry.contains(offset)
            {
                let ruleID = found[index].ruleID
                for covering in suppressionsByEntry[EntryKey(file: lastPath, start: entry.lowerBound)]!
                where suppressions[covering].ruleID == ruleID {
                    suppressions[covering].used = true
                    silenced = true
                }
            }
            if !silenced { kept.append(index) }
        }
        for suppression in suppressions
        where !suppression.used && knownRules.contains(suppression.ruleID) && enabled(suppression.ruleID) {
            problems.append(
                Self.problem(
                    UnusedSuppressionRule.self, .unusedSuppression(suppression.ruleID), at: suppression.location,
                    linkKey: suppression.linkKey))
        }
        return (kept, problems)
    }

    /// A finding about a suppression, with the rule's default severity (the linter applies the configured one).
    private static func problem<R: Rule>(_ rule: R.Type, _ message: Message, at location: SourceLocation, linkKey: String?)
        -> Diagnostic
    {
        Diagnostic(
            ruleID: R.description.id, severity: R.description.defaultSeverity, message: message, location: location,
            linkKey: linkKey)
    }

    /// Every suppression of the catalogue: those in entries, then those in comments, file by file. Comments that
    /// name no rule are reported into `problems`.
    private func collect(problems: inout [Diagnostic]) -> [Suppression] {
        var result: [Suppression] = []
        for position in catalogue.links.indices where facts?.flags[position].contains(.hasIgnoredRules) ?? true {
            Self.appendEntrySuppressions(of: catalogue.links[position], to: &result)
        }
        var linksByFile: [ObjectIdentifier: [Link]] = [:]
        for file in catalogue.files {
            let markers = Self.markerOffsets(in: file.bytes)
            guard !markers.isEmpty else { continue }
            // When every link is in this file (a catalogue of one file) they are taken as they are; otherwise they
            // are grouped once, by file.
            // A catalogue of one file holds only that file's links.
            let allInThisFile = catalogue.files.count == 1 || catalogue.links.allSatisfy { $0.file === file }
            if !allInThisFile, linksByFile.isEmpty {
                for link in catalogue.links { linksByFile[ObjectIdentifier(link.file), default: []].append(link) }
            }
            let links = allInThisFile ? catalogue.links : linksByFile[ObjectIdentifier(file)] ?? []
            let scanner = SuppressionCommentScanner(file: file, entries: EntryRanges(links.lazy.map(\.entryRange))) { links[$0] }
            Self.appendCommentSuppressions(at: markers, with: scanner, to: &result, problems: &problems)
        }
        return result
    }

    /// Appends the suppressions a link's entry names (`lint: { ignore: [...] }`).
    static func appendEntrySuppressions(of link: Link, to result: inout [Suppression]) {
        for rule in link.ignoredRules {
            result.append(
                Suppression(
                    ruleID: rule.value, location: link.file.location(ofBytes: rule.tokenRange), entry: link.entryRange,
                    linkKey: link.template.routeKey))
        }
    }

    /// Appends the suppressions of the comments whose markers are at `markers` of the scanner's file; comments
    /// that name no rule are reported into `problems`.
    private static func appendCommentSuppressions(
        at markers: [Int], with scanner: SuppressionCommentScanner, to result: inout [Suppression],
        problems: inout [Diagnostic]
    ) {
        let file = scanner.file
        for marker in markers {
            guard let comment = scanner.comment(markerAt: marker) else { continue }
            if comment.ids.isEmpty {
                problems.append(
                    Self.problem(
                        InvalidSuppressionRule.self, .suppressionNamesNoRule,
                        at: file.location(ofBytes: marker..<(marker + Self.commentMarker.count)),
                        linkKey: comment.link?.template.routeKey))
            }
            for id in comment.ids {
                result.append(
                    Suppression(
                        ruleID: String(decoding: file.bytes[id], as: UTF8.self), location: file.location(ofBytes: id),
                        entry: comment.link?.entryRange, linkKey: comment.link?.template.routeKey))
            }
        }
    }

    /// The offsets of the markers that follow a `#` and blanks, the only ones that can start a comment
    /// (`SuppressionCommentScanner` checks the rest). The `#`s are found with the C library's `memchr`: the whole
    /// catalogue is searched, and it has few.
    static func markerOffsets(in bytes: SourceBytes) -> [Int] {
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in appendMarkerOffsets(in: buffer, range: 0..<buffer.count, to: &found) }
        return found
    }

    /// Appends to `found` the offsets of the markers after the `#`s in `range` of `buffer` (which may run on past
    /// its end), in order: what `markerOffsets(in:)` finds there.
    static func appendMarkerOffsets(in buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, to found: inout [Int]) {
        guard let base = buffer.baseAddress else { return }
        let marker = commentMarker
        var index = range.lowerBound
        while index < range.upperBound,
            let hash = memchr(base + index, Int32(UInt8(ascii: "#")), range.upperBound - index)
        {
            var cursor = base.distance(to: hash.assumingMemoryBound(to: UInt8.self)) + 1
            index = cursor
            while cursor < buffer.count, buffer[cursor] == UInt8(ascii: " ") || buffer[cursor] == UInt8(ascii: "\t") {
                cursor += 1
            }
            if cursor + marker.count <= buffer.count, buffer[cursor..<(cursor + marker.count)].elementsEqual(marker) {
                found.append(cursor)
            }
        }
    }

    /// The index of the last range in `ranges` (sorted by lower bound) whose lower bound is below `bound`.
    static func lastIndex<Ranges: RandomAccessCollection<Range<Int>>>(in ranges: Ranges, startingBefore bound: Int) -> Int?
    where Ranges.Index == Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].lowerBound < bound { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }
}

/// Reads `# linkrules:ignore` comments in one file's bytes: checks that a marker really starts a comment, finds
/// the rule ids after it and the link entry it covers.
struct SuppressionCommentScanner {
    /// A suppression comment: the byte ranges of the rule ids it names and the link it covers, if any.
    struct Comment {
        var ids: [Range<Int>]
        var link: Link?
    }

    let file: SourceFile
    /// The `entryRange` of each of the file's links, in file order.
    private let entries: EntryRanges
    /// The file's link at a place of `entries`.
    private let link: (Int) -> Link

    init(file: SourceFile, entries: EntryRanges, link: @escaping (Int) -> Link) {
        self.file = file
        self.entries = entries
        self.link = link
    }

    private static let hash = UInt8(ascii: "#")

    /// The comment whose marker starts at `marker`, or nil when the marker is not at the start of a comment
    /// (`#` and blanks before it, the `#` at the start of the line or after a blank).
    func comment(markerAt marker: Int) -> Comment? {
        let bytes = file.bytes
        let line = file.position(ofByte: marker).line - 1
        let lineStart = file.lineStart(line)
        var index = marker - 1
        while index >= lineStart, isBlank(bytes[index]) { index -= 1 }
        guard index >= lineStart, bytes[index] == Self.hash, index == lineStart || isBlank(bytes[index - 1]) else {
            return nil
        }
        let hashOffset = index
        var firstNonBlank = lineStart
        while firstNonBlank < hashOffset, isBlank(bytes[firstNonBlank]) { firstNonBlank += 1 }
        let isTrailing = firstNonBlank < hashOffset

        let idsStart = marker + SuppressionFilter.commentMarker.count
        let end = lineEnd(line)
        // `linkrules:ignore-all` or `linkrules:ignored` is not this marker.
        if idsStart < end, !isSeparator(bytes[idsStart]) { return nil }
        let ids = ruleIDs(from: idsStart, lineEnd: end)
        let covered = isTrailing ? entry(onLine: line) : entry(onLine: nextLineThatIsNotAComment(after: line))
        return Comment(ids: ids, link: covered.map(link))
    }

    /// The byte ranges of the ids between `start` and the end of the line: words separated by blanks and commas,
    /// up to a `--` word.
    private func ruleIDs(from start: Int, lineEnd: Int) -> [Range<Int>] {
        let bytes = file.bytes
        var ids: [Range<Int>] = []
        var index = start
        while index < lineEnd {
            while index < lineEnd, isSeparator(bytes[index]) { index += 1 }
            let wordStart = index
            while index < lineEnd, !isSeparator(bytes[index]) { index += 1 }
            guard wordStart < index else { break }
            if index - wordStart == 2, bytes[wordStart] == UInt8(ascii: "-"), bytes[wordStart + 1] == UInt8(ascii: "-") {
                break
            }
            ids.append(wordStart..<index)
        }
        return ids
    }

    /// The index of the entry that the given 0-based line starts or lies inside, if any.
    private func entry(onLine line: Int?) -> Int? {
        guard let line else { return nil }
        guard let index = SuppressionFilter.lastIndex(in: entries, startingBefore: lineEnd(line) + 1),
            entries[index].upperBound > file.lineStart(line)
        else { return nil }
        return index
    }

    /// The first line after `line` that is not a comment line (a blank line counts as not a comment).
    private func nextLineThatIsNotAComment(after line: Int) -> Int? {
        var next = line + 1
        while next < file.lineCount {
            var index = file.lineStart(next)
            let end = lineEnd(next)
            while index < end, isBlank(file.bytes[index]) { index += 1 }
            if index == end || file.bytes[index] != Self.hash { return next }
            next += 1
        }
        return nil
    }

    /// The offset where a 0-based line's text ends, before its line break.
    private func lineEnd(_ line: Int) -> Int {
        var end = file.nextLineStart(after: line)
        while end > file.lineStart(line), file.bytes[end - 1] == UInt8(ascii: "\n") || file.bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private func isSeparator(_ byte: UInt8) -> Bool { isBlank(byte) || byte == UInt8(ascii: ",") }
}

extension Message {
    static func unknownRuleID(_ id: String) -> Message { "unknown rule '\(id)'" }
    static func unknownRuleID(_ id: String, suggestion: String) -> Message { "unknown rule '\(id)': did you mean '\(suggestion)'?" }
    static func unusedSuppression(_ id: String) -> Message { "this suppression of '\(id)' silences nothing: remove it" }
    static let suppressionNamesNoRule: Message = "'linkrules:ignore' names no rule: write the rule ids after it"
}

/// The `entryRange` of each of a file's links in file order, as 32-bit offsets (the loader refuses files of
/// 4 GiB or more): what the suppression comments look up the entries they cover in, kept for a whole catalogue.
struct EntryRanges: RandomAccessCollection, Sendable {
    private var starts: [UInt32] = []
    private var ends: [UInt32] = []

    init() {}

    init(_ ranges: some Sequence<Range<Int>>) {
        for range in ranges { append(range) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }

    subscript(position: Int) -> Range<Int> { Int(starts[position])..<Int(ends[position]) }

    mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
    }

    mutating func append(_ range: Range<Int>) {
        starts.append(UInt32(range.lowerBound))
        ends.append(UInt32(range.upperBound))
    }

    mutating func append(contentsOf other: EntryRanges) {
        starts += other.starts
        ends += other.ends
    }
}
