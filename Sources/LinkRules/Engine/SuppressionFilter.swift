import Foundation

/// Drops findings silenced on their entry (`lint: { ignore: [rule-id] }`) or by a `# linkrules:ignore rule-id`
/// comment on the line above the entry, and reports suppressions that name an unknown rule or silence nothing.
struct SuppressionFilter {
    /// One suppression: the rule it names, where it is written, and the link entry it covers.
    struct Suppression {
        var ruleID: String
        var location: SourceLocation
        var file: String
        var entry: Range<Int>
        var used = false
    }

    static let commentMarker = Array("linkrules:ignore".utf8)

    let catalogue: Catalogue
    let knownRules: Set<String>

    func apply(to diagnostics: [Diagnostic], enabled: (String) -> Bool) -> [Diagnostic] {
        var suppressions = collect()
        var problems: [Diagnostic] = []
        for suppression in suppressions where !knownRules.contains(suppression.ruleID) {
            var message = Message.unknownRuleID(suppression.ruleID)
            if let suggestion = Suggestion.closest(to: suppression.ruleID, in: knownRules) {
                message = .unknownRuleID(suppression.ruleID, suggestion: suggestion)
            }
            problems.append(
                Diagnostic(
                    ruleID: InvalidSuppressionRule.description.id, severity: InvalidSuppressionRule.description.defaultSeverity,
                    message: message, location: suppression.location))
        }
        guard !suppressions.isEmpty else { return diagnostics }
        var byFile: [String: [Int]] = [:]
        for (index, suppression) in suppressions.enumerated() { byFile[suppression.file, default: []].append(index) }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            var silenced = false
            for index in byFile[diagnostic.location.file] ?? [] {
                let suppression = suppressions[index]
                if suppression.ruleID == diagnostic.ruleID, suppression.entry.contains(diagnostic.location.range.start.offset) {
                    suppressions[index].used = true
                    silenced = true
                }
            }
            if !silenced { kept.append(diagnostic) }
        }
        for suppression in suppressions where !suppression.used && knownRules.contains(suppression.ruleID) && enabled(suppression.ruleID) {
            problems.append(
                Diagnostic(
                    ruleID: UnusedSuppressionRule.description.id, severity: UnusedSuppressionRule.description.defaultSeverity,
                    message: .unusedSuppression(suppression.ruleID), location: suppression.location,
                    fixes: []))
        }
        return kept + problems
    }

    private func collect() -> [Suppression] {
        var result: [Suppression] = []
        var entriesByFileLine: [ObjectIdentifier: [Int: Range<Int>]] = [:]
        for link in catalogue.links {
            for rule in link.ignoredRules {
                result.append(
                    Suppression(
                        ruleID: rule.value, location: link.file.location(ofBytes: rule.tokenRange), file: link.file.path,
                        entry: link.entryRange))
            }
        }
        for file in catalogue.files where contains(file.bytes, Self.commentMarker) {
            var lines: [Int: Range<Int>] = [:]
            for link in catalogue.links where link.file === file {
                lines[file.position(ofByte: link.entryRange.lowerBound).line] = link.entryRange
                lines[file.position(ofByte: link.url.tokenRange.lowerBound).line] = link.entryRange
                // The `- ` of a block entry sits on the entry's first line.
            }
            entriesByFileLine[ObjectIdentifier(file)] = lines
            for line in 1...file.lineCount {
                let text = file.lineText(line)
                guard let hash = text.firstIndex(of: "#"),
                    let markerRange = text[hash...].range(of: "linkrules:ignore")
                else { continue }
                let idsText = text[markerRange.upperBound...]
                let lineStart = file.textStart(ofLine: line - 1)
                guard let entry = lines[line + 1] else { continue }
                var searchFrom = idsText.startIndex
                for id in idsText.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
                    guard let idRange = idsText[searchFrom...].range(of: id) else { continue }
                    searchFrom = idRange.upperBound
                    let startOffset = lineStart + text.utf8.distance(from: text.startIndex, to: idRange.lowerBound)
                    let endOffset = startOffset + id.utf8.count
                    result.append(
                        Suppression(
                            ruleID: String(id), location: file.location(ofBytes: startOffset..<endOffset), file: file.path,
                            entry: entry))
                }
            }
        }
        return result
    }

    private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= bytes.count, let first = needle.first else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

extension Message {
    static func unknownRuleID(_ id: String) -> Message { "unknown rule '\(id)'" }
    static func unknownRuleID(_ id: String, suggestion: String) -> Message { "unknown rule '\(id)': did you mean '\(suggestion)'?" }
    static func unusedSuppression(_ id: String) -> Message { "this suppression of '\(id)' silences nothing: remove it" }
}
