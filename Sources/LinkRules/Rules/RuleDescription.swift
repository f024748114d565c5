/// Whether a rule looks at one link at a time or at the whole catalogue.
public enum RuleScope: String, Sendable, Codable {
    /// Sees one link and the catalogue's vocabulary; runs on the per-link hot path.
    case link
    /// Sees every link at once (duplicates, shadowing, consistency); must be near-linear.
    case catalogue
}

/// Documentation of one rule option, shown by `linkrules rules ID` and in the rule's page.
public struct RuleOptionDescription: Sendable, Hashable {
    public var name: String
    public var summary: String
    public var defaultValue: String

    public init(name: String, summary: String, defaultValue: String) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
    }
}

/// One documented example of a rule. `↓` marks where each expected finding starts; `fixed` is the text after
/// every fix of the example has been applied (safe and unsafe alike).
///
/// A `.link` example is a URL that the tests place in a catalogue made of the rule's `exampleContext`; a
/// `.catalogue` example is a whole catalogue file.
public struct RuleExample: Sendable, Hashable {
    /// What an example is: a URL placed in the rule's example catalogue, or a whole catalogue.
    public enum Source: Sendable, Hashable {
        case link(String)
        case catalogue(String)
    }

    public static let marker: Character = "↓"

    public var source: Source
    public var fixed: String?
    /// Rule options in YAML flow or block form (`{ synonyms: [[origin, key]] }`), as under `rules:` in the config.
    public var options: String?
    /// For a `.catalogue` example whose `aasa:` names `RuleExample.associationFileName`, the text of that
    /// apple-app-site-association file (it may hold `↓` markers too).
    public var association: String?
    /// For a `.catalogue` example, the platform files its keys name (an Android manifest, an asset links file),
    /// by name, each text possibly holding `↓` markers.
    public var files: [String: String] = [:]
    /// Where the example is declared, so a failing example test points at it.
    public var file: String
    public var line: Int

    /// The day every example is linted on (`lint --today`), for rules that compare dates (`link-sunset`).
    public static let today = CalendarDate(year: 2026, month: 7, day: 1)

    /// The name the association file of an example is given (`aasa: apple-app-site-association`).
    public static let associationFileName = "apple-app-site-association"

    public init(
        source: Source, fixed: String? = nil, options: String? = nil, association: String? = nil, file: String,
        line: Int
    ) {
        self.source = source
        self.fixed = fixed
        self.options = options
        self.association = association
        self.file = file
        self.line = line
    }

    /// A URL example, placed in the rule's example catalogue.
    public static func link(
        _ url: String, fixed: String? = nil, options: String? = nil, file: String = #filePath, line: Int = #line
    ) -> RuleExample {
        RuleExample(source: .link(url), fixed: fixed, options: options, file: file, line: line)
    }

    /// A whole-catalogue example.
    public static func catalogue(
        _ text: String, fixed: String? = nil, options: String? = nil, file: String = #filePath, line: Int = #line
    ) -> RuleExample {
        RuleExample(source: .catalogue(text), fixed: fixed, options: options, file: file, line: line)
    }

    /// A whole-catalogue example with the apple-app-site-association file its `aasa:` names.
    public static func catalogue(
        _ text: String, association: String, fixed: String? = nil, options: String? = nil, file: String = #filePath,
        line: Int = #line
    ) -> RuleExample {
        RuleExample(source: .catalogue(text), fixed: fixed, options: options, association: association, file: file, line: line)
    }

    /// A whole-catalogue example with the platform files its keys name (`manifests: [AndroidManifest.xml]`).
    public static func catalogue(
        _ text: String, files: [String: String], fixed: String? = nil, options: String? = nil,
        file: String = #filePath, line: Int = #line
    ) -> RuleExample {
        var example = RuleExample(source: .catalogue(text), fixed: fixed, options: options, file: file, line: line)
        example.files = files
        return example
    }

    /// The example's text without its markers.
    public var text: String {
        switch source {
        case .link(let url): url.filter { $0 != RuleExample.marker }
        case .catalogue(let text): text.filter { $0 != RuleExample.marker }
        }
    }
}

/// The deep-link system a rule comes from, named as users see it (never a source document's file name).
public enum RuleSource: String, Sendable, CaseIterable {
    case her
    case noMoreDeepLinkHandler
    case coordinatorPlayground
    case exfe
    case cookpad
    /// Rules asked for by users of linkrules rather than drawn from one system.
    case users
    /// The URI syntax itself (RFC 3986), which every link must follow before any design rule applies.
    case rfc3986

    /// The system's name in prose, lowercase at the start ("the HER app's deep-link guide").
    public var name: String {
        switch self {
        case .her: "the HER app's deep-link guide"
        case .noMoreDeepLinkHandler: "NoMoreDeepLinkHandler"
        case .coordinatorPlayground: "the Coordinator playground"
        case .exfe: "EXFE's URL scheme"
        case .cookpad: "Cookpad's universal links"
        case .users: "users of linkrules"
        case .rfc3986: "RFC 3986"
        }
    }

    /// A short name for tables ("HER", "EXFE").
    public var shortName: String {
        switch self {
        case .her: "HER"
        case .noMoreDeepLinkHandler: "NoMoreDeepLinkHandler"
        case .coordinatorPlayground: "Coordinator playground"
        case .exfe: "EXFE"
        case .cookpad: "Cookpad"
        case .users: "users"
        case .rfc3986: "RFC 3986"
        }
    }
}

/// Everything a user, a reporter or a test needs to know about a rule: its contract id, default severity,
/// summary, rationale quoting its source, options, and the examples that document and test it.
public struct RuleDescription: Sendable {
    public var id: String
    public var scope: RuleScope
    public var defaultSeverity: Severity
    /// One line, lowercase, no trailing period.
    public var summary: String
    /// Why the rule exists, quoting the source it comes from.
    public var rationale: String
    /// The deep-link system the rule comes from, or `.users` for rules asked for by users.
    public var source: RuleSource
    /// Whether the rule offers fixes, and the kind of the strongest one.
    public var fix: FixApplicability?
    public var options: [RuleOptionDescription]
    /// A catalogue header (everything before `links:`) that `.link` examples are placed in.
    public var exampleContext: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String,
        scope: RuleScope,
        defaultSeverity: Severity,
        summary: String,
        rationale: String,
        source: RuleSource,
        fix: FixApplicability? = nil,
        options: [RuleOptionDescription] = [],
        exampleContext: String = RuleDescription.herContext,
        triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.scope = scope
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.source = source
        self.fix = fix
        self.options = options
        self.exampleContext = exampleContext
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// The HER vocabulary of the HER app's deep-link guide, the default context of link examples.
    public static let herContext = """
        version: 1
        app: HER
        schemes: [her]
        components:
          feed:         { kind: tab }
          myprofile:    { kind: tab }
          communities:  { kind: collection, id: int }
          posts:        { kind: collection, id: int }
          ads:          { kind: collection, id: int }
          premium:      { kind: modal, params: [origin] }
          verification: { kind: modal }
          account:      { kind: modal, navigable: true }
          settings:     { kind: screen }
          location:     { kind: screen, params: [origin] }
          boosts:       { kind: screen, params: [origin, success_origin] }
        params:
          origin:         { role: tracking-origin }
          success_origin: { role: tracking-origin }

        """
}
