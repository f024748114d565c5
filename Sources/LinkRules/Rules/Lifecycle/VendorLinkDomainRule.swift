/// A link on a short-link domain that was shut down or belongs to a third party: the links stop opening the app
/// when the vendor stops serving them, as Firebase Dynamic Links did.
struct VendorLinkDomainRule: LinkRule {
    static let description = RuleDescription(
        id: "vendor-link-domain",
        scope: .link,
        defaultSeverity: .error,
        summary: "a link on a shut-down or third-party short-link domain stops opening the app when the vendor stops",
        rationale: """
            Firebase Dynamic Links served `*.page.link` and the `goo.gl` short links until it was shut down on \
            2025-08-25: since then every such link, in emails, printed codes and old posts, returns an error \
            instead of opening the app, and no update of the app can bring them back. A link on a domain the team \
            does not own lives only as long as the vendor's service. Host deep links on the app's own domain \
            (universal links, Android App Links) and keep the old forms as aliases of those. The `domains` option \
            adds other domains (`*.example.link` for every subdomain).
            """,
        source: .users,
        options: [
            RuleOptionDescription(
                name: "domains", summary: "more domains to refuse, '*.' for every subdomain",
                defaultValue: "[] (besides *.page.link, goo.gl, app.goo.gl)")
        ],
        triggeringExamples: [
            .link("https://↓her.page.link/feed"),
            .link("https://↓app.goo.gl/x7Yz"),
            .link("https://↓her.app.link/feed", options: "{ domains: ['*.app.link'] }"),
        ],
        nonTriggeringExamples: [
            .link("https://her.app/feed"),
            .link("her://feed/communities/{id:int}"),
            .link("https://page.link.her.app/feed"),
        ])

    /// A refused domain: a host, or every subdomain of it when `anySubdomain`.
    struct Domain: Sendable {
        var host: String
        var anySubdomain: Bool
        var reason: Reason

        func matches(_ host: String) -> Bool {
            anySubdomain ? host.hasSuffix("." + self.host) : host == self.host
        }
    }

    /// Why a domain is refused, which the message says.
    enum Reason: Sendable {
        case firebaseDynamicLinks
        case configured
    }

    static let builtIn = [
        Domain(host: "page.link", anySubdomain: true, reason: .firebaseDynamicLinks),
        Domain(host: "goo.gl", anySubdomain: false, reason: .firebaseDynamicLinks),
        Domain(host: "app.goo.gl", anySubdomain: false, reason: .firebaseDynamicLinks),
    ]

    let domains: [Domain]

    init() { domains = Self.builtIn }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["domains"], rule: Self.description.id)
        let configured = try options?.strings("domains") ?? []
        domains = Self.builtIn + configured.map { pattern in
            let lower = pattern.lowercasedASCIIIfNeeded
            return lower.hasPrefix("*.")
                ? Domain(host: String(lower.dropFirst(2)), anySubdomain: true, reason: .configured)
                : Domain(host: lower, anySubdomain: false, reason: .configured)
        }
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard let span = link.template.hostSpan, !span.isEmpty else { return }
        let host = link.template.host?.lowercasedASCIIIfNeeded ?? ""
        guard let domain = domains.first(where: { $0.matches(host) }) else { return }
        found.append(context.diagnostic(Self.self, .vendorLinkDomain(host, reason: domain.reason), link: link, span: span))
    }
}

extension Message {
    static func vendorLinkDomain(_ host: String, reason: VendorLinkDomainRule.Reason) -> Message {
        switch reason {
        case .firebaseDynamicLinks:
            "'\(host)' is a Firebase Dynamic Links domain, shut down on 2025-08-25: its links no longer open the app; host the link on the app's own domain"
        case .configured:
            "'\(host)' is a short-link domain the configuration refuses: the link opens the app only while the vendor serves it; host it on the app's own domain"
        }
    }
}
