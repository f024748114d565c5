/// A link's host must pass the access lists (`deny` beats `allow`, NoMoreDeepLinkHandler), and a universal link's host must be
/// one of the catalogue's declared `hosts`.
struct HostNotAllowedRule: LinkRule {
    static let description = RuleDescription(
        id: "host-not-allowed",
        scope: .link,
        defaultSeverity: .error,
        summary: "a link's host must pass the allow and deny lists and be a declared host",
        rationale: """
            NoMoreDeepLinkHandler filters hosts before any handler runs: `.set(blacklistHosts: \
            ["localhost"])`, `.set(whitelistHosts: ["sample-domain.vn"])`, and "The priority is `blacklist` >> \
            `whitelist`." The host is what the app's URL handler sees as `url.host`: a universal link's host, a \
            custom-scheme authority declared in `hosts:` (`app://localhost/pay`), or otherwise a custom scheme's \
            first component (`her://feed/…` has the host `feed`); an empty host (`exfe:///`) has nothing to filter. \
            The lists are the catalogue's `allow: { hosts }` and `deny: { hosts }`, merged with this rule's `allow` \
            and `deny` options; a host in both is denied. Ports and user information are not part of the host. A \
            universal link (`http`/`https`) opens the app only on an associated domain (Cookpad's universal links), so when the \
            catalogue declares `hosts:` its host must be one of them; the fix to a likely intended host is unsafe.
            """,
        source: .noMoreDeepLinkHandler,
        fix: .unsafe,
        options: [
            RuleOptionDescription(name: "allow", summary: "hosts to let through, added to the catalogue's", defaultValue: "[]"),
            RuleOptionDescription(name: "deny", summary: "hosts to refuse, added to the catalogue's", defaultValue: "[]"),
        ],
        triggeringExamples: [
            .link("her://↓localhost/pay", options: "{ deny: [localhost] }"),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost, sample-domain.vn]
                allow: { hosts: [localhost, sample-domain.vn] }
                deny: { hosts: [localhost] }
                links:
                  - url: app://↓localhost/pay?order_id={order_id}
                  - url: https://sample-domain.vn/pay
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [sample-domain.vn]
                allow: { hosts: [sample-domain.vn] }
                links:
                  - url: https://sample-domain.vn/pay
                  - url: https://↓evil.example/pay
                  - url: app://↓transaction/{transaction_id}
                """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                links:
                  - url: https://cookpad.com/search/{query}
                  - url: https://↓cookpad.co/recipes/{id:int}
                """,
                fixed: """
                    version: 1
                    hosts: [cookpad.com]
                    links:
                      - url: https://cookpad.com/search/{query}
                      - url: https://cookpad.com/recipes/{id:int}
                    """),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/9"),
            .link("her://feed", options: "{ deny: [localhost] }"),
            .catalogue(
                """
                version: 1
                schemes: [exfe]
                allow: { hosts: [exfe.com] }
                links:
                  - url: exfe:///!{cross_id}
                """),
            .catalogue(
                """
                version: 1
                hosts: [cookpad.com]
                links:
                  - url: https://COOKPAD.com:443/search/{query}
                  - url: https://cookpad.com/recipes/{id:int}
                """),
        ])

    let lists: AccessListPolicy

    init() { lists = AccessListPolicy() }

    init(options: RuleOptions?) throws {
        lists = try AccessListPolicy(options: options, rule: Self.description.id)
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard let authority = template.authority, !authority.hostSpan.isEmpty else { return }
        // A host with a placeholder (`{tenant}.example.com`) cannot be judged.
        guard
            !template.containsByte(
                in: authority.hostSpan, where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "%") })
        else { return }
        // The catalogue's lists are read where the context holds them, not through a copy of the catalogue.
        let decision = lists.decide(
            authority.hostSpan, of: template, catalogueAllow: context.catalogue.access.allowedHosts,
            catalogueDeny: context.catalogue.access.deniedHosts,
            in: context)
        switch decision {
        case .denied:
            let name = String(template.substring(authority.hostSpan))
            found.append(
                context.diagnostic(
                    Self.self, .hostDenied(name), link: link, span: authority.hostSpan,
                    notes: AccessListPolicy.notes(for: decision, name: name)))
            return
        case .notAllowed:
            let name = String(template.substring(authority.hostSpan))
            found.append(
                context.diagnostic(
                    Self.self, .hostNotInAllowList(name), link: link, span: authority.hostSpan,
                    notes: AccessListPolicy.notes(for: decision, name: name)))
            return
        case .permitted:
            break
        }
        guard template.isWebLink else { return }
        let hosts = context.catalogue.hosts
        guard !hosts.isEmpty, !hosts.contains(where: { template.spells($0.value, at: authority.hostSpan) }) else { return }
        let name = String(template.substring(authority.hostSpan))
        let declared = hosts.map(\.value)
        var fixes: [FixIt] = []
        if let suggestion = Suggestion.closest(to: name, in: declared) {
            fixes.append(
                context.urlFix(.useDeclaredHost(suggestion), link, replacing: authority.hostSpan, with: suggestion, applicability: .unsafe))
        }
        var notes: [Note] = []
        if let first = hosts.first, let location = context.catalogue.location(ofDeclared: first) {
            notes.append(Note(message: .declaredHostsStart, location: location))
        }
        found.append(
            context.diagnostic(
                Self.self, .hostNotDeclared(name), link: link, span: authority.hostSpan, notes: notes, fixes: fixes))
    }
}

extension Message {
    static func hostDenied(_ host: String) -> Message { "the host '\(host)' is denied: the app refuses links to it" }
    static func hostNotInAllowList(_ host: String) -> Message {
        "the host '\(host)' is not in the allow list: the app refuses links to it"
    }
    static func hostNotDeclared(_ host: String) -> Message {
        "the host '\(host)' is not one of the catalogue's 'hosts': the app is not associated with it"
    }
    static func useDeclaredHost(_ host: String) -> Message { "use the host '\(host)'" }
    static let declaredHostsStart: Message = "the hosts are declared here"
}
