/// Holds the catalogue's universal-link hosts against the iOS app's associated domains
/// (`com.apple.developer.associated-domains` in its entitlements): a host without `applinks:` never opens the app.
struct IOSDomainUnassociatedRule: CatalogueRule {
    static let description = RuleDescription(
        id: "ios-domain-unassociated",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a universal-link host is missing from the associated domains of the entitlements named by 'ios.entitlements'",
        rationale: """
            Cookpad's universal links: "Configure your app by adding an Associated Domain entitlement". iOS fetches \
            a domain's apple-app-site-association file only for the `applinks:` entries of the app's \
            `com.apple.developer.associated-domains` entitlement, so an https host of the catalogue without \
            `applinks:host` (or an `applinks:*.parent` wildcard that covers it) opens Safari, never the app. An \
            entry that is a URL (`applinks:https://…`) or has a path (`applinks:host/path`) associates nothing and \
            is an error too; `?mode=developer`, which makes iOS skip Apple's CDN and only works on development \
            devices, left in the entitlements is a warning. An entry that names an Xcode build setting \
            (`applinks:$(WEB_HOST)`) may stand for any host, so while there is one no host is reported.
            """,
        source: .cookpad,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com, share.pantry.example]
                ios: { entitlements: App.entitlements }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                  - url: https://↓share.pantry.example/c/{id:int}
                """,
                files: [
                    "App.entitlements": """
                    <plist version="1.0">
                    <dict>
                    \t<key>com.apple.developer.associated-domains</key>
                    \t<array>
                    \t\t<string>applinks:pantry.example.com</string>
                    \t\t↓<string>applinks:https://share.pantry.example/</string>
                    \t\t↓<string>applinks:pantry.example.com?mode=developer</string>
                    \t</array>
                    </dict>
                    </plist>
                    """
                ]),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [www.pantry.example.com, pantry.example.com]
                ios: { entitlements: App.entitlements }
                links:
                  - url: https://WWW.pantry.example.com/recipes/{id:int}
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: [
                    "App.entitlements": """
                    <plist version="1.0"><dict>
                    <key>com.apple.developer.associated-domains</key>
                    <array><string>applinks:*.pantry.example.com</string><string>webcredentials:pantry.example.com</string></array>
                    </dict></plist>
                    """
                ]),
            // A domain given by an Xcode build setting may be any host: the build fills it in.
            .catalogue(
                """
                version: 1
                ios: { entitlements: App.entitlements }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: [
                    "App.entitlements": """
                    <plist version="1.0"><dict>
                    <key>com.apple.developer.associated-domains</key>
                    <array><string>applinks:$(WEB_HOST)</string></array>
                    </dict></plist>
                    """
                ]),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let state = catalogue.iosFiles.entitlementsContents else { return [] }
        let list: PropertyList
        switch state {
        case .unreadable(let path, let reason):
            guard let named = catalogue.iosFiles.entitlements, let owner = catalogue.iosFiles.owner else { return [] }
            return [context.diagnostic(Self.self, .unreadablePlatformFile(path, reason: reason), at: owner.location(ofBytes: named.tokenRange))]
        case .malformed(let location, let message):
            return [context.diagnostic(Self.self, .malformedPropertyList(message), at: location)]
        case .loaded(let loaded):
            list = loaded
        }
        let source = list.source
        var diagnostics: [Diagnostic] = []
        var domains = AssociatedDomains()
        let entry = list.root.entry(Self.entitlementKey)
        if let entry {
            if let values = entry.value.elements {
                for value in values {
                    let location = source.location(ofBytes: value.range)
                    guard let text = value.string else {
                        diagnostics.append(context.diagnostic(Self.self, .associatedDomainNotAString(value.kindDescription), at: location))
                        continue
                    }
                    switch domains.add(text) {
                    case .accepted, .otherService: break
                    case .developerMode:
                        var diagnostic = context.diagnostic(Self.self, .developerModeLeftIn(text), at: location)
                        diagnostic.severity = .warning
                        diagnostics.append(diagnostic)
                    case .invalid:
                        diagnostics.append(context.diagnostic(Self.self, .associatedDomainInvalid(text), at: location))
                    }
                }
            } else {
                diagnostics.append(context.diagnostic(
                    Self.self, .associatedDomainsNotAnArray(entry.value.kindDescription), at: source.location(ofBytes: entry.value.range)))
            }
        }
        let noteLocation = entry.map { source.location(ofBytes: $0.keyRange) }
            ?? source.location(ofBytes: list.root.range.lowerBound..<list.root.range.lowerBound)
        var reported = Set<String>()
        for universal in UniversalLinks(catalogue: catalogue).entries {
            guard let host = universal.template.host?.lowercasedASCIIIfNeeded, let span = universal.template.hostSpan,
                !domains.covers(host), reported.insert(host).inserted
            else { continue }
            let location = universal.link.file.location(ofBytes: universal.scalar.sourceRange(ofValue: span, in: universal.link.file))
            diagnostics.append(context.diagnostic(
                Self.self, .hostNotAssociated(host, entitlements: source.path), at: location, link: universal.link,
                notes: [Note(message: entry == nil ? .noAssociatedDomains : .associatedDomainsHere, location: noteLocation)]))
        }
        return diagnostics
    }

    static let entitlementKey = "com.apple.developer.associated-domains"
}

/// The `applinks:` domains of an associated-domains entitlement, and what is wrong with each entry.
struct AssociatedDomains: Sendable {
    /// Exact hosts, lowercased.
    private(set) var hosts: Set<String> = []
    /// The parents of `*.parent` wildcards, lowercased.
    private(set) var wildcardParents: Set<String> = []
    /// Whether an entry names a build setting (`applinks:$(WEB_HOST)`): it may stand for any host.
    private(set) var namesBuildSetting = false

    enum Verdict { case accepted, otherService, developerMode, invalid }

    /// Reads one entry (`applinks:host`, `applinks:*.parent`, `applinks:host?mode=developer`, `webcredentials:…`).
    mutating func add(_ entry: String) -> Verdict {
        guard entry.hasPrefix("applinks:") else { return .otherService }
        if IOSAppFiles.namesBuildSetting(entry) {
            namesBuildSetting = true
            return .accepted
        }
        var domain = Substring(entry.dropFirst("applinks:".count))
        var verdict = Verdict.accepted
        if let question = domain.firstIndex(of: "?") {
            let mode = domain[domain.index(after: question)...]
            domain = domain[..<question]
            if mode == "mode=developer" || mode == "mode=developer+managed" { verdict = .developerMode }
        }
        if domain.isEmpty || domain.contains("/") || domain.contains(" ") { return .invalid }
        if let colon = domain.firstIndex(of: ":") {
            // A port (`host:8080`) is allowed; anything else after ':' is not a host.
            guard domain[domain.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return .invalid }
            domain = domain[..<colon]
        }
        let host = String(domain).lowercasedASCIIIfNeeded
        if host.hasPrefix("*.") { wildcardParents.insert(String(host.dropFirst(2))) } else { hosts.insert(host) }
        return verdict
    }

    /// Whether a lowercased host is associated: listed, or under (or equal to) a wildcard's parent; any host may be
    /// when an entry names a build setting.
    func covers(_ host: String) -> Bool {
        if namesBuildSetting || hosts.contains(host) || wildcardParents.contains(host) { return true }
        var rest = Substring(host)
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            if wildcardParents.contains(String(rest)) { return true }
        }
        return false
    }
}

extension Message {
    static func hostNotAssociated(_ host: String, entitlements: String) -> Message {
        "'\(host)' is not an associated domain in '\(entitlements)': its universal links open Safari, not the app (add 'applinks:\(host)')"
    }
    static func associatedDomainInvalid(_ entry: String) -> Message {
        "'\(entry)' is not 'applinks:' followed by a host: no URL, no path"
    }
    static func developerModeLeftIn(_ entry: String) -> Message {
        "'\(entry)' has '?mode=developer': it bypasses Apple's CDN and works only on development devices"
    }
    static func associatedDomainNotAString(_ found: String) -> Message {
        "each associated domain must be a string, found \(found)"
    }
    static func associatedDomainsNotAnArray(_ found: String) -> Message {
        "'com.apple.developer.associated-domains' must be an array, found \(found)"
    }
    static let associatedDomainsHere: Message = "the associated domains are declared here"
    static let noAssociatedDomains: Message = "the entitlements have no 'com.apple.developer.associated-domains'"
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
