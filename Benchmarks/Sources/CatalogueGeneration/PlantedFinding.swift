/// A kind of mistake the generator plants in a link on purpose, and the rule of design.md expected to find it.
/// The weights decide how often each kind is drawn among the planted links.
public enum PlantedFinding: Int, CaseIterable, Sendable {
    case singularNoun
    case separator
    case mixedCase
    case modalNotTerminal
    case querySynonym
    case optionInQuery
    case tabAfterTab
    case unpairedId
    case trailingId
    case unknownParam
    case placeholderStyle
    case credentialInQuery
    case incompleteParamGroup
    case urlInParam
    case plainHTTP
    case foreignHost
    case foreignScheme
    case unknownBarrier
    case exampleMismatch
    case duplicate
    case shadowed
    case tooLong
    case unknownKey

    /// The rule id (design.md) this mistake is planted for; others may fire on the same link too.
    public var ruleID: String {
        switch self {
        case .singularNoun: "plural-resource-nouns"
        case .separator: "no-separators"
        case .mixedCase: "lowercase"
        case .modalNotTerminal: "modal-terminal"
        case .querySynonym: "consistent-query-params"
        case .optionInQuery: "prefer-path-over-query"
        case .tabAfterTab: "redundant-tab-switch"
        case .unpairedId: "integer-pairing"
        case .trailingId: "malformed-trailing-id"
        case .unknownParam: "unknown-query-param"
        case .placeholderStyle: "placeholder-style"
        case .credentialInQuery: "credential-in-url"
        case .incompleteParamGroup: "param-group"
        case .urlInParam: "untrusted-url-param"
        case .plainHTTP: "universal-link-https"
        case .foreignHost: "host-not-allowed"
        case .foreignScheme: "scheme-not-allowed"
        case .unknownBarrier: "unknown-barrier"
        case .exampleMismatch: "example-mismatch"
        case .duplicate: "duplicate-link"
        case .shadowed: "unreachable-route"
        case .tooLong: "url-too-long"
        case .unknownKey: "unknown-key"
        }
    }

    /// How often this kind is drawn relative to the others: long URLs are rare so they do not swell the file.
    var weight: Int {
        switch self {
        case .tooLong: 1
        default: 4
        }
    }
}
