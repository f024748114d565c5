/// A universal link is an `https` URL with a host: `http://cookpad.com/…` → `https://cookpad.com/…`.
struct UniversalLinkHTTPSRule: LinkRule {
    static let description = RuleDescription(
        id: "universal-link-https",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a universal link uses https and names its host",
        rationale: """
            Cookpad's universal links: "Universal links are HTTP or HTTPS URLs that Apple's operating systems \
            recognize as pointing to resources either on the web or in your app. For instance, a URL \
            http://cookpad.com/search/chicken can be loaded as HTML on the web, or as a native controller", and the \
            association is "a secure two-way association" between the app and "an associated domain file" on the \
            domain. That security holds only over HTTPS: the association file is fetched over HTTPS, and an `http` \
            link opened where the app is not installed loads the page in clear text, where anyone on the network \
            can read its parameters or send the user elsewhere. So a universal link (an `http` link to a declared \
            host, or any `http` link when no `hosts:` are declared) is written with `https`; the fix is unsafe \
            because the public URL changes. A universal link without a host (`https:///search`) opens nothing.
            """,
        source: .cookpad,
        fix: .unsafe,
        exampleContext: """
            version: 1
            app: Cookpad
            hosts: [cookpad.com]

            """,
        triggeringExamples: [
            .link("↓http://cookpad.com/search/{query}", fixed: "https://cookpad.com/search/{query}"),
            .link("↓HTTP://cookpad.com/recipes/{id:int}", fixed: "https://cookpad.com/recipes/{id:int}"),
            .link("https↓:///search/{query}"),
            .catalogue(
                """
                version: 1
                links:
                  - url: ↓http://example.com/search
                """,
                fixed: """
                    version: 1
                    links:
                      - url: https://example.com/search
                    """),
            // The link's examples move to https with it.
            .catalogue(
                """
                version: 1
                links:
                  - url: ↓http://www.airbnb.com/rooms/{id:int}
                    examples: ["http://www.airbnb.com/rooms/42"]
                """,
                fixed: """
                    version: 1
                    links:
                      - url: https://www.airbnb.com/rooms/{id:int}
                        examples: ["https://www.airbnb.com/rooms/42"]
                    """),
        ],
        nonTriggeringExamples: [
            .link("https://cookpad.com/search/{query}"),
            .link("http://blog.example.com/recipes"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her:///feed
                """),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // Most links are not universal links: nothing is copied for them.
        guard link.template.isWebLink else { return }
        let template = link.template
        guard let schemeSpan = template.schemeSpan else { return }
        guard let authority = template.authority, !authority.hostSpan.isEmpty else {
            let span = template.isOpaque ? schemeSpan : schemeSpan.upperBound..<(schemeSpan.upperBound + 3)
            found.append(context.diagnostic(Self.self, .universalLinkWithoutHost, link: link, span: span))
            return
        }
        let scheme = template.utf8Slice(schemeSpan)
        guard equalsIgnoringASCIICase(scheme, "http".utf8) else { return }
        let hosts = context.catalogue.hosts
        if !hosts.isEmpty {
            let host = template.utf8Slice(authority.hostSpan)
            guard hosts.contains(where: { equalsIgnoringASCIICase($0.value.utf8, host) }) else { return }
        }
        // The link's examples over http move to https with it, so the fix makes no `example-mismatch`.
        let exampleEdits = context.exampleEdits(link) { example in
            guard let span = example.schemeSpan, equalsIgnoringASCIICase(example.utf8Slice(span), "http".utf8) else { return nil }
            return [(span: span, text: "https")]
        }
        let fix = FixIt(
            message: .switchToHTTPS, edits: [context.urlEdit(link, replacing: schemeSpan, with: "https")] + exampleEdits,
            applicability: .unsafe)
        found.append(
            context.diagnostic(
                Self.self, .universalLinkOverHTTP(String(template.substring(authority.hostSpan))), link: link, span: schemeSpan,
                fixes: [fix]))
    }
}

extension Message {
    static func universalLinkOverHTTP(_ host: String) -> Message {
        "a universal link to '\(host)' uses 'http': write it with 'https', as the association with the app holds only over https"
    }
    static let universalLinkWithoutHost: Message = "a universal link needs a host: the app is associated with a domain, not with a path"
    static let switchToHTTPS: Message = "use 'https'"
}
