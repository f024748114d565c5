/// How the app would handle one concrete link, step by step: the catalogue entry dispatch picks (NoMoreDeepLinkHandler), the
/// entries tried before it, the components opened in order with their kinds, where navigation stops and why
/// (the HER guide's handling rules), which component receives each query parameter and which barriers stand first.
public struct LinkExplanation: Sendable, Hashable {
    /// The link exactly as given.
    public var url: String
    /// The link with its scheme and host lowercased, as they compare (RFC 3986, section 6.2.2.1); its path, query
    /// and fragment keep their case, so values such as Slack's team id `T123ABC` are shown as given.
    public var normalized: String
    var dispatch: DispatchMode
    /// The entry that handles the link, or nil when none matches (the app calls its not-found handler).
    public var match: Match?
    /// Under `first-match`, the entries before the winner in catalogue order, each declined with its reason; under
    /// `most-specific`, the other entries that match but lose on specificity.
    var tried: [ConsideredEntry]
    /// Under `first-match`, later entries that match the link too but are never reached for it.
    var shadowed: [Entry]
    /// The path components in order, each with what the app does with it.
    var steps: [Step]
    /// Where navigation ends early, when it does.
    var stop: Stop?
    /// Each query parameter of the link and the components it goes to.
    var parameters: [ParameterDelivery]
    /// The barriers the link must pass before it is handled, in the order they are checked.
    var barriers: [BarrierCheck]
    /// When nothing matches, the closest entries by edit distance on their route keys.
    var suggestions: [ConsideredEntry]

    public var isMatched: Bool { match != nil }
}

extension LinkExplanation {
    /// A catalogue entry named in an explanation: its template as written and where it is declared.
    public struct Entry: Sendable, Hashable {
        /// The entry's position in the merged catalogue.
        var index: Int
        /// The `url:` template as written.
        public var url: String
        /// The location of the `url:` value.
        public var location: SourceLocation
    }

    /// The entry that handles a link and what its placeholders captured.
    public struct Match: Sendable, Hashable {
        public var entry: Entry
        /// The alias that matched, when the link is an older form the entry keeps working.
        public var viaAlias: String?
        /// Placeholder values in template order: `id = '9'`.
        public var captures: [Capture]
        /// Under `most-specific`, entries exactly as specific as the winner: the choice among them is ambiguous and
        /// falls to catalogue order.
        var ambiguousWith: [Entry]
    }

    /// One placeholder value a match captured.
    public struct Capture: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// An entry that dispatch looked at, with why it did not win.
    struct ConsideredEntry: Sendable, Hashable {
        var entry: Entry
        /// Whether the entry's template matches the link (it then lost on specificity or order).
        var matches: Bool
        var reason: Message
    }

    /// What the app does with one path component (the HER app's deep-link guide, rules 1, 3, 5 and 6).
    struct Step: Sendable, Hashable {
        /// The kinds of step, named after what the app does.
        enum Action: String, Sendable, Hashable, CaseIterable {
            case selectTab = "select-tab"
            case openCollection = "open-collection"
            case pushScreen = "push-screen"
            case presentModal = "present-modal"
            case performAction = "perform-action"
            /// A component in a catalogue with no vocabulary: opened, kind unknown.
            case open
            /// An id with no component before it to pair with (`exfe:///!100233`).
            case passID = "pass-id"
            /// The components a last `{path*}` takes, passed on as one path.
            case passPath = "pass-path"
            /// A component the vocabulary does not declare.
            case unknownComponent = "unknown-component"
            /// An id after an id (`ads/12/5`).
            case malformedID = "malformed-id"
        }

        /// The component as written in the link.
        var component: String
        /// Its index among the link's path components.
        var componentIndex: Int
        var action: Action
        /// The vocabulary's kind for it, when declared.
        var kind: ComponentKind?
        /// The id paired with the component (the HER app's deep-link guide, rule 3), when one follows it.
        var id: String?
        /// What that value stands for (`PlaceholderRole`): an instance of the component (`communities/9`) or the
        /// argument of an action (Cookpad's `search/{query}`); `.undecided` when neither the declared kind, the
        /// placeholder's type nor its name says.
        var idRole: PlaceholderRole = .undecided
        /// Whether the app actually gets to this step.
        var opened: Bool
        /// The step in words: `select the tab 'feed'`.
        var summary: Message
        /// Something worth knowing about the step (a tab selected for nothing, an id of the wrong type).
        var remark: Message?
        /// Where the vocabulary declares the component.
        var declaration: SourceLocation?
    }

    /// Where and why navigation ends before the last component.
    struct Stop: Sendable, Hashable {
        /// Why the app stops.
        enum Reason: String, Sendable, Hashable, CaseIterable {
            /// A modal without a navigation stack is terminal (the HER app's deep-link guide, rule 5).
            case modalTerminal = "modal-terminal"
            /// An id after an id: only the first component opens (the HER app's deep-link guide, rule 3).
            case malformedTrailingID = "malformed-trailing-id"
            /// A component the vocabulary does not know: the app falls back (EXFE's default screen).
            case unknownComponent = "unknown-component"
        }

        var reason: Reason
        /// The component at which the problem is found.
        var component: String
        var componentIndex: Int
        /// The components the app never opens, in order.
        var notOpened: [String]
        var summary: Message
    }

    /// One query parameter of the link and where it goes: to every component on the path that accepts it (the HER app's deep-link guide
    /// rule 4).
    struct ParameterDelivery: Sendable, Hashable {
        var name: String
        var value: String?
        /// Whether the parameter is an item of the fragment (`#url=…`) rather than of the query.
        var inFragment = false
        /// The components on the path that accept the parameter, in path order.
        var receivers: [ParameterReceiver]
        /// The placeholder of the matched entry that captures the value, or the fixed value the entry requires.
        var capturedBy: String?
        /// The parameter group it travels in (EXFE's `user_id`, `token`, `username`), when it is in one.
        var group: [String]?
        /// The delivery in words.
        var summary: Message
    }

    /// A component that receives a query parameter.
    struct ParameterReceiver: Sendable, Hashable {
        var component: String
        var componentIndex: Int
        /// Whether navigation reaches the component (a parameter for a component after a terminal modal is lost).
        var opened: Bool
    }

    /// A barrier the link must pass before its handler runs (NoMoreDeepLinkHandler: `yesWithBarrier`, `mandatoryBarrier`).
    struct BarrierCheck: Sendable, Hashable {
        /// Where the requirement comes from.
        enum Source: String, Sendable, Hashable {
            /// The catalogue's `mandatory_barrier`: every link passes it first.
            case mandatory
            /// The matched entry's `barrier:`.
            case entry
        }

        var name: String
        var source: Source
        /// Whether the catalogue's `barriers:` declares it.
        var declared: Bool
        var location: SourceLocation
    }
}
