/// Every rule linkrules knows, in the order they are documented. Adding a rule means adding its type here.
public enum RuleRegistry {
    static let all: [any Rule.Type] = [
        // The HER app's deep-link guide: the HER design rules.
        PluralResourceNounsRule.self,
        NoSeparatorsRule.self,
        IntegerPairingRule.self,
        MalformedTrailingIDRule.self,
        ConsistentQueryParamsRule.self,
        ModalTerminalRule.self,
        LowercaseRule.self,
        PreferPathOverQueryRule.self,
        RedundantTabSwitchRule.self,
        UnknownQueryParamRule.self,
        // NoMoreDeepLinkHandler: dispatch (route templates, first-match and most-specific, barriers).
        UnreachableRouteRule.self,
        DuplicateLinkRule.self,
        PlaceholderStyleRule.self,
        ExampleMismatchRule.self,
        UnknownBarrierRule.self,
        // Schemes, hosts and security (NoMoreDeepLinkHandler, the Coordinator playground, EXFE's URL scheme, Cookpad's universal links).
        SchemeNotAllowedRule.self,
        HostNotAllowedRule.self,
        CredentialInURLRule.self,
        UntrustedURLParamRule.self,
        URLTooLongRule.self,
        ParamGroupRule.self,
        HostConsistencyRule.self,
        UniversalLinkHTTPSRule.self,
        // RFC 3986: links that are not URIs at all.
        URLInvalidRule.self,
        // The Coordinator playground: payload links; Cookpad's universal links: universal links and the apple-app-site-association file.
        PayloadInvalidRule.self,
        AASAInvalidRule.self,
        AASACoverageRule.self,
        // Android: the app's manifests and its asset links.
        AndroidLinkUnhandledRule.self,
        AndroidFilterInvalidRule.self,
        AndroidFilterOverreachRule.self,
        AndroidAutoVerifyRule.self,
        AssetLinksInvalidRule.self,
        // iOS: the app's Info.plist and entitlements.
        IOSSchemeUnregisteredRule.self,
        IOSDomainUnassociatedRule.self,
        // Lifecycle: links that retire on a date, and links on domains the team does not own.
        LinkSunsetRule.self,
        VendorLinkDomainRule.self,
        // The catalogue itself.
        UnknownKeyRule.self,
        InvalidSuppressionRule.self,
        UnusedSuppressionRule.self,
    ]

    /// The rule with an id, if there is one.
    static func rule(withID id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// The description of the rule with an id, if there is one.
    public static func description(withID id: String) -> RuleDescription? { rule(withID: id)?.description }

    /// The registered rule id closest to a misspelt one, if any is close enough to suggest.
    public static func closestID(to id: String) -> String? { Suggestion.closestRuleID(to: id, in: descriptions.map(\.id)) }

    public static var descriptions: [RuleDescription] { all.map { $0.description } }
}
