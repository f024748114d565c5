/// What a path component does when the app follows a link (the HER guide's handling rules).
enum ComponentKind: String, Sendable, Hashable, CaseIterable {
    /// A tab bar item: selected, never pushed.
    case tab
    /// A list of resources; may be followed by an id that opens one of them.
    case collection
    /// A screen pushed on the navigation stack.
    case screen
    /// A modal: presented over everything, and terminal unless navigable (the HER app's deep-link guide, rule 5).
    case modal
    /// An action performed in place (`purchase`, `edit`).
    case action
}

/// One entry of the catalogue's `components:` vocabulary.
struct ComponentSpec: Sendable {
    var name: Scalar
    var kind: ComponentKind
    var kindScalar: Scalar?
    /// The type of the id a collection may be followed by.
    var idType: PlaceholderType?
    /// Query parameters the component accepts.
    var params: [Scalar]
    /// A modal with its own navigation stack (the Coordinator playground's account coordinator).
    var navigable: Bool
    /// The file the component is declared in.
    var file: SourceFile
    /// The byte range of the whole declaration (key and value).
    var declarationRange: Range<Int>

    var location: SourceLocation { file.location(ofBytes: name.tokenRange) }
}

/// The role of a query parameter: parameters with one role should share one name (the HER app's deep-link guide).
struct ParamSpec: Sendable {
    var name: Scalar
    var role: Scalar?
    var file: SourceFile

    var location: SourceLocation { file.location(ofBytes: name.tokenRange) }

    /// Whether the parameter is declared to carry a credential (EXFE's `token`).
    var isCredential: Bool { role?.value.lowercasedASCIIIfNeeded == "credential" }
}

/// A URL scheme the app registers, with its build flavour when the catalogue names one (EXFE's URL scheme).
struct SchemeSpec: Sendable {
    var name: Scalar
    var flavour: Scalar?
}

/// How the app picks among several matching links (NoMoreDeepLinkHandler).
enum DispatchMode: String, Sendable, Hashable, CaseIterable {
    /// Handlers are tried in order and the first that matches wins.
    case firstMatch = "first-match"
    /// The most specific template wins; ties are ambiguous.
    case mostSpecific = "most-specific"
}

/// Allowed and denied schemes and hosts (NoMoreDeepLinkHandler: deny beats allow).
struct AccessLists: Sendable {
    var allowedSchemes: [Scalar] = []
    var deniedSchemes: [Scalar] = []
    var allowedHosts: [Scalar] = []
    var deniedHosts: [Scalar] = []

    init() {}
}
