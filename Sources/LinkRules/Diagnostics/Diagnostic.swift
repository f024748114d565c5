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
    /// The link the finding concerns, when there is one (see `linkKey`).
    var subject: LinkSubject?

    /// The canonical route template of the link the finding concerns, when there is one: baselines key on it
    /// rather than on line numbers, so reordering the catalogue keeps them. Spelled when asked: a finding holds
    /// its link, and reporters write the key from it.
    public var linkKey: String? {
        get { subject?.key }
        set { subject = newValue.map(LinkSubject.key) }
    }

    public init(
        ruleID: String,
        severity: Severity,
        message: Message,
        location: SourceLocation,
        notes: [Note] = [],
        fixes: [FixIt] = [],
        linkKey: String? = nil
    ) {
        self.init(
            ruleID: ruleID, severity: severity, message: message, location: location, notes: notes, fixes: fixes,
            subject: linkKey.map(LinkSubject.key))
    }

    /// A finding about `link`, whose key is spelled only when asked.
    init(
        ruleID: String, severity: Severity, message: Message, location: SourceLocation, notes: [Note], fixes: [FixIt],
        link: Link?
    ) {
        self.init(
            ruleID: ruleID, severity: severity, message: message, location: location, notes: notes, fixes: fixes,
            subject: link.map(LinkSubject.link))
    }

    private init(
        ruleID: String, severity: Severity, message: Message, location: SourceLocation, notes: [Note], fixes: [FixIt],
        subject: LinkSubject?
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixes = fixes
        self.subject = subject
    }

    /// The members in a coded finding: the link is coded as its key.
    private enum CodingKeys: String, CodingKey {
        case ruleID, severity, message, location, notes, fixes
        case subject = "linkKey"
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
        if lhs.location.fileIdentity != rhs.location.fileIdentity { return lhs.location.file < rhs.location.file }
        if lhs.location.range.start != rhs.location.range.start {
            return lhs.location.range.start < rhs.location.range.start
        }
        return lhs.ruleID < rhs.ruleID
    }
}

/// The link a finding concerns: the link itself, whose route key (`LinkTemplate.routeKey`) is spelled only when a
/// report or a baseline asks for it, or a key already spelled (a finding made from a baseline or a diff). Two
/// subjects are equal when their keys are.
enum LinkSubject: Hashable, Sendable, Codable {
    case link(Link)
    case key(String)

    /// The canonical route key.
    var key: String {
        switch self {
        case .link(let link): link.template.routeKey
        case .key(let key): key
        }
    }

    /// Calls `body` with the UTF-8 bytes of the key, spelled into a scratch buffer when the subject is a link.
    func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .link(let link):
            return link.template.withRouteKeyBytes(body)
        case .key(let key):
            var key = key
            return key.withUTF8(body)
        }
    }

    /// The identity of the link, when the subject is one.
    var linkIdentity: ObjectIdentifier? {
        switch self {
        case .link(let link): ObjectIdentifier(link)
        case .key: nil
        }
    }

    static func == (lhs: LinkSubject, rhs: LinkSubject) -> Bool { lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(key) }

    init(from decoder: any Decoder) throws {
        self = .key(try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}
