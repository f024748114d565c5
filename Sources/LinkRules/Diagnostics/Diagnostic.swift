/// A secondary message attached to a diagnostic, usually pointing at a related place
/// (the earlier link that shadows this one, the component declaration a rule relied on).
public struct Note: Hashable, Sendable, Codable {
    public var message: Message
    public var location: SourceLocation?

    public init(message: Message, location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// One finding: which rule, how serious, what is wrong, exactly where, and how to mend it.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var ruleID: String
    public var severity: Severity
    public var message: Message
    public var location: SourceLocation
    public var notes: [Note]
    public var fixes: [FixIt]
    /// The canonical route template of the link the finding concerns, when there is one: baselines key on it
    /// rather than on line numbers, so reordering the catalogue keeps them.
    public var linkKey: String?

    public init(
        ruleID: String,
        severity: Severity,
        message: Message,
        location: SourceLocation,
        notes: [Note] = [],
        fixes: [FixIt] = [],
        linkKey: String? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixes = fixes
        self.linkKey = linkKey
    }

    /// The replacement text of the first fix when it is one edit on the reported line, shown under the caret in
    /// text output (aligned under the edit).
    public var suggestedReplacement: String? {
        guard let fix = fixes.first, fix.edits.count == 1, let edit = fix.edits.first,
            edit.file == location.file, edit.location.range.start.line == location.line
        else { return nil }
        return edit.replacement
    }

    /// Orders diagnostics the way a compiler prints them: by file, then position, then rule.
    public static func sourceOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.range.start != rhs.location.range.start {
            return lhs.location.range.start < rhs.location.range.start
        }
        return lhs.ruleID < rhs.ruleID
    }
}
