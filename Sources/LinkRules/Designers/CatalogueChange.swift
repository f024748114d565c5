/// How much a change between two catalogues matters to links already out in the world.
public enum ChangeLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Nothing that worked stops working (a link or alias added, a title changed).
    case info
    /// Worth a reviewer's look, though old links keep working (a barrier changed, a link deprecated).
    case warning
    /// A link that worked stops working or behaves differently for its users.
    case breaking

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .breaking: 2
        }
    }

    public static func < (lhs: ChangeLevel, rhs: ChangeLevel) -> Bool { lhs.rank < rhs.rank }

    /// The severity a change of this level is reported with: breaking changes are errors.
    public var severity: Severity {
        switch self {
        case .info: .info
        case .warning: .warning
        case .breaking: .error
        }
    }

    /// The failing threshold `--fail-on LEVEL` means (`never` is handled by the caller).
    public var failThreshold: FailThreshold { .severity(severity) }
}

/// The kinds of change `linkrules diff` finds. Each is reported under the rule id `diff/<kind>`.
public enum CatalogueChangeKind: String, Sendable, Hashable, CaseIterable {
    case linkRemoved = "link-removed"
    /// A deprecated link removed after its sunset: it retired on the day it announced.
    case retiredLinkRemoved = "retired-link-removed"
    case componentRenamed = "component-renamed"
    case queryParamRenamed = "query-param-renamed"
    case queryParamRemoved = "query-param-removed"
    case queryParamAdded = "query-param-added"
    case placeholderTypeChanged = "placeholder-type-changed"
    /// A placeholder's type widened to any value (`{id:int}` → `{id}` or `{id:string}`): every old link still matches.
    case placeholderTypeWidened = "placeholder-type-widened"
    case barrierAdded = "barrier-added"
    case paramRequired = "param-required"
    case aliasRemoved = "alias-removed"
    case barrierChanged = "barrier-changed"
    case barrierRemoved = "barrier-removed"
    case linkDeprecated = "link-deprecated"
    case dispatchChanged = "dispatch-changed"
    case linkMoved = "link-moved"
    case linkAdded = "link-added"
    case aliasAdded = "alias-added"
    case titleChanged = "title-changed"
    /// An entry of the approved-changes file that matches no change of this diff.
    case unusedApproval = "unused-approval"

    /// The rule id reporters show: `diff/link-removed`.
    public var ruleID: String { "diff/" + rawValue }

    /// The level of a change of this kind before any approval.
    public var level: ChangeLevel {
        switch self {
        case .linkRemoved, .componentRenamed, .queryParamRenamed, .placeholderTypeChanged, .barrierAdded, .paramRequired,
            .aliasRemoved:
            .breaking
        case .barrierChanged, .barrierRemoved, .linkDeprecated, .dispatchChanged, .queryParamRemoved, .unusedApproval:
            .warning
        case .linkMoved, .linkAdded, .aliasAdded, .titleChanged, .queryParamAdded, .retiredLinkRemoved, .placeholderTypeWidened:
            .info
        }
    }

    /// One line, lowercase, no trailing period.
    var summary: String {
        switch self {
        case .linkRemoved: "a link was removed and no alias keeps it working"
        case .retiredLinkRemoved: "a deprecated link was removed after its sunset, as announced"
        case .componentRenamed: "a path component was renamed: the old link no longer matches"
        case .queryParamRenamed: "a query parameter was renamed: the old link no longer matches"
        case .placeholderTypeChanged: "a placeholder's type changed: values of the old type no longer match"
        case .placeholderTypeWidened: "a placeholder accepts any value now: every old link still matches"
        case .barrierAdded: "a link now requires a barrier it did not"
        case .paramRequired: "a link now requires a parameter it did not"
        case .aliasRemoved: "an alias was removed: the older form stops working"
        case .queryParamRemoved: "a query parameter was removed: old links still match but the app ignores it"
        case .queryParamAdded: "an optional query parameter was added"
        case .barrierChanged: "a link's barrier changed"
        case .barrierRemoved: "a link no longer requires its barrier"
        case .linkDeprecated: "a link was deprecated"
        case .dispatchChanged: "the dispatch mode changed: which entry handles a link may change"
        case .linkMoved: "a link moved to a new form and keeps the old one as an alias"
        case .linkAdded: "a link was added"
        case .aliasAdded: "an alias was added"
        case .titleChanged: "a link's title changed"
        case .unusedApproval: "an approved change that this diff does not contain"
        }
    }

    /// Why the kind has its level, for `tool.driver.rules` in SARIF.
    var rationale: String {
        switch level {
        case .breaking:
            "Links are published: in messages, emails, web pages and other apps. Design.md: when a URL changes, \"the "
                + "old URL is kept in the entry's aliases so links already out in the world are not lost\". A change "
                + "that makes a published link stop matching, or puts a barrier (NoMoreDeepLinkHandler) or a required parameter "
                + "in its way, breaks it; list its fingerprint in the approved-changes file if the team accepts it."
        case .warning:
            "Old links keep matching, but what happens when they are opened changes (a different barrier, NoMoreDeepLinkHandler; "
                + "a deprecated entry; a different dispatch); a reviewer should look."
        case .info:
            "Nothing that worked stops working."
        }
    }

    /// The kind as a documented rule, so SARIF and HTML reports describe `diff/…` ids like lint rules.
    var ruleDescription: RuleDescription {
        RuleDescription(
            id: ruleID, scope: .catalogue, defaultSeverity: level.severity, summary: summary, rationale: rationale,
            source: .users, triggeringExamples: [], nonTriggeringExamples: [])
    }

    /// Every kind as a documented rule.
    static var ruleDescriptions: [RuleDescription] { allCases.map(\.ruleDescription) }
}

/// One difference between a base and a head catalogue: its kind and level, where it is (in the head catalogue
/// for added and changed links, in the base for removed ones), and a fingerprint that stays the same when lines
/// move, for the approved-changes file.
public struct CatalogueChange: Sendable, Hashable {
    public var kind: CatalogueChangeKind
    /// The level after approvals: an approved breaking change is reported as info.
    public var level: ChangeLevel
    public var message: Message
    public var location: SourceLocation
    /// The route key of the link in the base catalogue, when it is there.
    var baseKey: String?
    /// The route key of the link in the head catalogue, when it is there.
    var headKey: String?
    /// What else identifies the change on its link (a parameter, an alias, a barrier), part of the fingerprint.
    var subject: String
    /// 16 hex digits of a hash of the kind, the route keys and the subject: no line numbers.
    public var fingerprint: String
    /// Related places: the link's form in the base catalogue, the approval.
    public var notes: [Note]
    /// Where the change was approved, when it was.
    public var approvedAt: SourceLocation?

    init(
        kind: CatalogueChangeKind, message: Message, location: SourceLocation, baseKey: String?, headKey: String?,
        subject: String = "", notes: [Note] = []
    ) {
        self.kind = kind
        self.level = kind.level
        self.message = message
        self.location = location
        self.baseKey = baseKey
        self.headKey = headKey
        self.subject = subject
        self.notes = notes
        self.fingerprint = Self.fingerprint(kind: kind, baseKey: baseKey, headKey: headKey, subject: subject)
    }

    /// The stable fingerprint of a change.
    static func fingerprint(kind: CatalogueChangeKind, baseKey: String?, headKey: String?, subject: String) -> String {
        var hash = FNV1a64()
        hash.combine(kind.rawValue)
        hash.combine(baseKey ?? "")
        hash.combine(headKey ?? "")
        hash.combine(subject)
        return hash.hexDigest
    }

    /// The change as a diagnostic under `diff/<kind>`, so every reporter can print it. Breaking changes carry a
    /// note with their fingerprint; approved ones a note pointing at their approval.
    public var diagnostic: Diagnostic {
        var notes = notes
        if let approvedAt {
            notes.append(Note(message: .approvedChange(fingerprint), location: approvedAt))
        } else if level == .breaking {
            notes.append(Note(message: .approveChangeHint(fingerprint)))
        }
        return Diagnostic(
            ruleID: kind.ruleID, severity: level.severity, message: message, location: location, notes: notes,
            linkKey: headKey ?? baseKey)
    }
}

extension Message {
    static func approvedChange(_ fingerprint: String) -> Message {
        "approved here (fingerprint '\(fingerprint)'): reported as info"
    }
    static func approveChangeHint(_ fingerprint: String) -> Message {
        "fingerprint '\(fingerprint)': list it in the approved-changes file (--approved) to accept this change"
    }
}
