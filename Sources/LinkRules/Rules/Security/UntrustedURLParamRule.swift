/// A parameter that carries a URL for the app to open (`redirect`, `next`, `callback`, `return_to`…) lets anyone
/// who can craft a link send the user anywhere: an open redirect.
struct UntrustedURLParamRule: LinkRule {
    static let description = RuleDescription(
        id: "untrusted-url-param",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a parameter that carries a URL to open is an open redirect",
        rationale: """
            NoMoreDeepLinkHandler guards the app's own entry with allow and deny lists: "only the hosts \
            or schemes in the whitelist will be handled if this field is set". A link parameter that carries another \
            URL to open after login or on completion (`url`, `redirect`, `redirect_uri`, `next`, `callback`, \
            `return_to`, `returnUrl`, `continue`, …) skips that guard: anyone can craft a link with the app's trusted \
            scheme or domain that lands the user on a page of their choosing, or on another app's scheme (CWE-601, \
            URL redirection to an untrusted site; OWASP's unvalidated redirects guidance: map targets to known \
            destinations, or check them against an allow list of hosts). The app must validate the target; this rule \
            lists every such parameter so the check is not forgotten. A parameter is reported when its name is one \
            of these, when it is declared with `role: url` or `role: redirect`, or when its fixed value is itself a \
            URL; a parameter declared with another role is trusted (`next: { role: pagination }`). A plain `url` or \
            `uri` on a link whose path shares, posts or embeds (`share`, `sharer`, `tweet`, `compose`, `post`, \
            `msg`, `message`, `embed`, `clip`, `grab`, `bookmark`, `save`, `import`) is the content handed over, \
            not a place to go (X's `intent/tweet?url=…`, LinkedIn's `share-offsite?url=…`, Telegram's \
            `msg_url?url=…`), and is not reported; a name that says \
            where to go next (`redirect_uri`, `next`, `callback`) still is.
            """,
        source: .noMoreDeepLinkHandler,
        options: [
            RuleOptionDescription(name: "names", summary: "more parameter names that carry URLs to open", defaultValue: "[]")
        ],
        triggeringExamples: [
            .link("her://login?↓redirect={redirect}"),
            .link("her://login?↓redirect_uri={uri}&state={state}"),
            .link("her://checkout/purchase?↓returnUrl={return_url}"),
            .link("her://login?↓next=https://her.app/feed"),
            .link("her://open?↓url={url}"),
            .link("her://share?↓to=https://evil.example"),
            .link("her://share?url={url}&↓redirect_uri={uri}"),
            .link("her://done?↓back={target}", options: "{ names: [back] }"),
            // A URL to open in the fragment is as much an open redirect (the app reads `#url=…` as it reads a query).
            .link("her://invite#↓url={url}"),
            .link("https://her.app/login#/callback?↓redirect_uri={uri}"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                params:
                  destination: { role: url }
                links:
                  - url: her://open?↓destination={destination}
                """),
        ],
        nonTriggeringExamples: [
            .link("her://location?origin=home"),
            .link("her://feed/communities/{id:int}"),
            .link("her://search?query={query}&page={page}"),
            // A Matrix permalink: the fragment names a room, not a URL.
            .link("https://matrix.to/#/{room}"),
            .link("her://feed/communities/{id:int}#post-{post_id}"),
            // Sharing a page hands its URL over as content: X's web intent
            // (https://x.com/intent/tweet?url=…&text=…) and LinkedIn's share-offsite link.
            .link("https://x.com/intent/tweet?url={url}&text={text}"),
            .link("https://www.linkedin.com/sharing/share-offsite/?url={url}"),
            // Telegram's share action sends a message holding the URL: tg://msg_url?url=…&text=….
            .link("tg://msg_url?url={url}&text={text}"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                params:
                  next: { role: pagination }
                links:
                  - url: her://feed?next={cursor}
                """),
        ])

    /// Parameter names (lowercased, without `_`, `-` and `.`) that carry a URL to open.
    static let urlNames: Set<String> = [
        "url", "uri", "redirect", "redirecturi", "redirecturl", "redirectto", "next", "nexturl", "callback",
        "callbackurl", "returnto", "returnurl", "returnuri", "continue", "continueurl", "goto", "dest", "desturl",
        "destinationurl", "forward", "forwardurl", "successurl", "cancelurl", "failureurl",
    ]

    /// `urlNames` and the configured names, matched against names without normalizing them first.
    let urlParamNames: NormalizedNames

    init() {
        urlParamNames = NormalizedNames(Self.urlNames)
    }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["names"], rule: Self.description.id)
        let extraNames = (try options?.strings("names") ?? []).map { PayloadCredential.normalizedName($0) }
        urlParamNames = NormalizedNames(Self.urlNames.union(extraNames))
    }

    /// Whether a parameter named `name` carries a URL: a declared role decides, else the name.
    /// `declared` is the declaration's position in `catalogue.params`: its role is read in place.
    func carriesURL(_ name: String, in context: LintContext) -> (decided: Bool?, declared: Int?) {
        if let declared = context.declaredParamPosition(named: name), let role = context.catalogue.params[declared].role {
            return (equalsLowercased(role.value, "url") || equalsLowercased(role.value, "redirect"), declared)
        }
        if urlParamNames.contains(normalizing: name) { return (true, nil) }
        return (nil, nil)
    }

    /// Whether a fixed value is itself a URL (`https://…`, or percent-encoded `https%3A%2F%2F…`).
    static func isURL(_ value: String) -> Bool {
        // Searched in the UTF-8 bytes: `String.contains(_:)` resolves to Foundation's, which bridges to `NSString`
        // and costs more than the rest of the rule.
        contains(value.utf8, "://".utf8)
            || value.utf8.contains(UInt8(ascii: "%")) && contains(value.lowercasedASCIIIfNeeded.utf8, "%3a%2f%2f".utf8)
    }

    /// Whether `part` occurs in `bytes`.
    private static func contains(_ bytes: String.UTF8View, _ part: String.UTF8View) -> Bool {
        guard let first = part.first else { return true }
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: part) { return true }
            start = bytes.index(after: found)
        }
        return false
    }

    /// Words of a path that hands a URL over as content to share, post or embed.
    static let sharingWords: Set<String> = [
        "share", "sharer", "sharing", "tweet", "compose", "post", "msg", "message", "embed", "clip", "grab", "bookmark",
        "save", "import",
    ]
    /// The generic names that a sharing link uses for its content.
    static let contentNames: Set<String> = ["url", "uri"]

    /// `contentNames`, matched against names without normalizing them first.
    private static let contentNameSet = NormalizedNames(contentNames)

    /// Whether a parameter's name, normalized (`PayloadCredential.normalizedName`), is one of `contentNames`.
    static func isContentName(_ name: String) -> Bool {
        contentNameSet.contains(normalizing: name)
    }

    /// Whether a word of the link's path (split at separators and camel-case humps) shares, posts or embeds.
    static func sharesContent(_ template: LinkTemplate) -> Bool {
        template.components.contains { component in
            component.isLiteral && words(of: component.text).contains { sharingWords.contains($0) }
        }
    }

    /// The lowercased words of a path component: `share-offsite` → `share`, `offsite`; `shareArticle` → `share`,
    /// `article`. Words are ASCII: other text is kept as it is.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previousIsLower = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                previousIsLower = false
                continue
            }
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            if isUpper, previousIsLower, !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            current.append(isUpper ? byte | 0x20 : byte)
            previousIsLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let query = link.template.query
        let fragmentItems = link.template.fragmentSpan == nil ? [] : link.template.fragmentItems
        guard !query.isEmpty || !fragmentItems.isEmpty else { return }
        // The items are read where the arrays hold them, not copied out with their strings.
        func isContent(_ items: [QueryItem]) -> Bool {
            items.indices.contains { index in Self.isContentName(items[index].name) }
        }
        // The path is read only for a link with a `url` or `uri` item.
        let sharesContent = (isContent(query) || isContent(fragmentItems)) && Self.sharesContent(link.template)
        for index in query.indices {
            check(query, at: index, inFragment: false, of: link, sharesContent: sharesContent, in: context, into: &found)
        }
        for index in fragmentItems.indices {
            check(fragmentItems, at: index, inFragment: true, of: link, sharesContent: sharesContent, in: context, into: &found)
        }
    }

    /// The finding on one query or fragment item (`items[index]`), if it carries a URL to open.
    private func check(
        _ items: [QueryItem], at index: Int, inFragment: Bool, of link: Link, sharesContent: Bool, in context: LintContext,
        into found: inout [Diagnostic]
    ) {
        if sharesContent, Self.isContentName(items[index].name),
            context.declaredParamPosition(named: items[index].name) == nil
        {
            return
        }
        let (decided, declared) = carriesURL(items[index].name, in: context)
        let carries: Bool
        if let decided {
            carries = decided
        } else if let placeholder = items[index].placeholder {
            carries = carriesURL(placeholder.name, in: context).decided == true
        } else {
            carries = items[index].value.map(Self.isURL) ?? false
        }
        guard carries else { return }
        var notes: [Note] = []
        if let position = declared {
            let declared = context.catalogue.params[position]
            notes.append(Note(message: .declaredURLParam(declared.name.value), location: declared.location))
        }
        found.append(
            context.diagnostic(
                Self.self,
                inFragment ? .untrustedURLFragmentParam(items[index].name) : .untrustedURLParam(items[index].name),
                link: link, span: items[index].nameSpan, notes: notes))
    }
}

extension Message {
    static func untrustedURLParam(_ name: String) -> Message {
        "'\(name)' carries a URL for the app to open: check it against an allow list of hosts, or any link can send users anywhere (open redirect, CWE-601)"
    }
    static func untrustedURLFragmentParam(_ name: String) -> Message {
        "'\(name)' in the fragment carries a URL for the app to open: a fragment is read like a query, so check it against an allow list of hosts, or any link can send users anywhere (open redirect, CWE-601)"
    }
    static func declaredURLParam(_ name: String) -> Message { "'\(name)' is declared as a URL here" }
}
