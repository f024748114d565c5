/// A link's scheme must be one the app registers and the access lists let through: `deny` beats `allow`
/// (NoMoreDeepLinkHandler), and with an allow list nothing else passes.
struct SchemeNotAllowedRule: LinkRule {
    static let description = RuleDescription(
        id: "scheme-not-allowed",
        scope: .link,
        defaultSeverity: .error,
        summary: "a link's scheme must be registered by the app and not denied",
        rationale: """
            NoMoreDeepLinkHandler: "blacklistSchemes & blacklistHosts & whitelistHosts & whitelistSchemes: \
            Filter before handing the deep link, only the hosts or schemes in the whitelist will be handled if this \
            field is set. Otherwise the `forbiddenHandler` will be called. The priority is `blacklist` >> \
            `whitelist`." A link in a denied scheme, or outside the allow list, never reaches its handler, so the \
            catalogue is wrong to list it; a scheme named in both lists is denied. The lists are the catalogue's \
            `allow: { schemes }` and `deny: { schemes }`, merged with this rule's `allow` and `deny` options. When \
            the catalogue declares `schemes:` (EXFE's flavours `exfe`, `black`, `panda` included), a link must \
            use one of them or `http`/`https`, since the system does not hand the app a scheme it did not register; \
            the fix, when a declared scheme is a likely misspelling, is unsafe because the public URL changes.
            """,
        source: .noMoreDeepLinkHandler,
        fix: .unsafe,
        options: [
            RuleOptionDescription(name: "allow", summary: "schemes to let through, added to the catalogue's", defaultValue: "[]"),
            RuleOptionDescription(name: "deny", summary: "schemes to refuse, added to the catalogue's", defaultValue: "[]"),
        ],
        triggeringExamples: [
            .link("↓hre://feed/communities", fixed: "her://feed/communities"),
            .link("↓mailto:support@her.app"),
            .link("↓her://feed", options: "{ deny: [her] }"),
            .catalogue(
                """
                version: 1
                schemes: [app, debug]
                allow: { schemes: [app, debug] }
                deny: { schemes: [debug] }
                links:
                  - url: app://localhost/pay
                  - url: ↓debug://localhost/logs
                """),
            .catalogue(
                """
                version: 1
                schemes: [first-scheme, second-scheme, third-scheme]
                allow: { schemes: [first-scheme, second-scheme] }
                links:
                  - url: first-scheme://localhost/pay
                  - url: ↓third-scheme://localhost/pay
                  - url: ↓https://sample-domain.vn/pay
                """),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities"),
            .link("HER://feed"),
            .link("https://her.app/feed"),
            .link("her://feed", options: "{ allow: [her, https] }"),
            .catalogue(
                """
                version: 1
                schemes: { exfe: production, black: beta, panda: pilot }
                links:
                  - url: exfe:///!{cross_id}
                  - url: black:///!{cross_id}
                  - url: panda:///profile
                """),
            .catalogue(
                """
                version: 1
                links:
                  - url: anything://goes
                """),
        ])

    let lists: AccessListPolicy

    init() { lists = AccessListPolicy() }

    init(options: RuleOptions?) throws {
        lists = try AccessListPolicy(options: options, rule: Self.description.id)
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard let span = template.schemeSpan else { return }
        // The catalogue's lists are read where the context holds them, not through a copy of the catalogue.
        let decision = lists.decide(
            span, of: template, catalogueAllow: context.catalogue.access.allowedSchemes,
            catalogueDeny: context.catalogue.access.deniedSchemes, in: context)
        switch decision {
        case .denied:
            let name = String(template.substring(span))
            found.append(
                context.diagnostic(
                    Self.self, .schemeDenied(name), link: link, span: span,
                    notes: AccessListPolicy.notes(for: decision, name: name)))
            return
        case .notAllowed:
            let name = String(template.substring(span))
            found.append(
                context.diagnostic(
                    Self.self, .schemeNotInAllowList(name), link: link, span: span,
                    notes: AccessListPolicy.notes(for: decision, name: name)))
            return
        case .permitted:
            break
        }
        let schemes = context.catalogue.schemes
        guard !schemes.isEmpty, !template.isWebLink,
            // Each declaration is read where the array holds it, not copied out with its strings.
            !schemes.indices.contains(where: { template.spells(schemes[$0].name.value, at: span) })
        else { return }
        let name = String(template.substring(span))
        let declared = schemes.map(\.name.value)
        var fixes: [FixIt] = []
        if let suggestion = Suggestion.closest(to: name, in: declared) {
            fixes.append(context.urlFix(.useDeclaredScheme(suggestion), link, replacing: span, with: suggestion, applicability: .unsafe))
        }
        found.append(context.diagnostic(Self.self, .schemeNotRegistered(name, declared: declared), link: link, span: span, fixes: fixes))
    }
}

extension Message {
    static func schemeDenied(_ scheme: String) -> Message {
        "the scheme '\(scheme)' is denied: the app refuses links in it"
    }
    static func schemeNotInAllowList(_ scheme: String) -> Message {
        "the scheme '\(scheme)' is not in the allow list: the app refuses links in it"
    }
    static func schemeNotRegistered(_ scheme: String, declared: [String]) -> Message {
        "the scheme '\(scheme)' is not one the app registers (\(quoting: declared, lastSeparator: ", "))"
    }
    static func useDeclaredScheme(_ scheme: String) -> Message { "use the scheme '\(scheme)'" }
}
