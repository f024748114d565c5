/// Tokens, passwords, secrets and keys do not belong in a link: not as a query parameter, a placeholder, user
/// information, or a field of a Base64 JSON payload.
struct CredentialInURLRule: LinkRule {
    static let description = RuleDescription(
        id: "credential-in-url",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a link must not carry tokens, passwords, secrets or keys",
        rationale: """
            The Coordinator playground puts a Base64 JSON payload in the query, and inside it `"account": \
            {"authToken": "secretToken"}`; EXFE's URL scheme logs the user in from the link itself: \
            `exfe:///!100233?user_id=233&username=moew&token=b049…`, "token … 授权的token，必选" (the authorisation \
            token, required). OWASP's guidance is not to send sensitive data in a URL: the full URL, query string \
            included, is written to web server and proxy logs, kept in browser history and bookmarks, and passed on \
            in the `Referer` header, and a deep link is also shared, pasted and logged by the apps it passes \
            through (Cookpad's app delegate hands every URL to a method that logs to Firebase). Base64 hides nothing. A parameter declared with \
            `role: credential` is reported; an undeclared one is reported when its name reads as a credential \
            (`token`, `auth_token`, `password`, `secret`, `api_key`, `session`, `sid`, …), but a parameter declared \
            with another role is trusted (HER's `key` is a tracking origin). Placeholders with such names, \
            `user:password@` in the authority, and credential fields in the decoded payload of an example (for a \
            `{name:base64json}` placeholder or a `payload` parameter) are reported too. The `names` option adds \
            names to the heuristic.
            """,
        source: .coordinatorPlayground,
        options: [
            RuleOptionDescription(name: "names", summary: "more parameter names that carry credentials", defaultValue: "[]")
        ],
        exampleContext: """
            version: 1
            app: Coordinators
            schemes: [coordinatorsplayground, exfe, her]
            params:
              key:   { role: tracking-origin }
              token: { role: credential }
              otp:   { role: credential }

            """,
        triggeringExamples: [
            .link("exfe:///!{cross_id}?user_id={user_id}&username={username}&↓token={token}"),
            .link("her://login?↓password={password}"),
            .link("her://api?↓api_key=abc&↓access_token=def"),
            // OAuth 2.0's implicit grant (RFC 6749, 4.2.2) returns the token in the redirect URI's fragment.
            .link("her://oauth/callback#↓access_token={token}&state={state}"),
            .link("her://verify?↓otp={code}"),
            .link("her://reset/↓{session_token}"),
            .link("her://sso?next={next}&t=↓{auth_token}"),
            .link("her://premium?↓client_secret=1"),
            .link("her://unlock?↓pin=1234", options: "{ names: [pin] }"),
            .link("https://↓admin:hunter2@her.app/feed"),
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                links:
                  - url: coordinatorsplayground://deeplink?payload={payload:base64json}
                    examples:
                      - "coordinatorsplayground://deeplink?payload=eyJzdGVwIjp7InRyYW5zaXRpb24iOnsiZmxvdyI6eyJ0YWJzIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsiY2hhbmdlIjp7InRhYiI6eyJob21lIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsicHVzaCI6eyJwYXRoIjp7InNjcmVlbkEiOnt9fX19LCJjaGlsZHJlbiI6W119LHsic3RlcCI6eyJwdXNoIjp7InBhdGgiOnsic2NyZWVuQiI6eyJpZCI6MX19fX0sImNoaWxkcmVuIjpbXX0seyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZW5DIjp7fX19fSwiY2hpbGRyZW4iOltdfSx7InN0ZXAiOnsicHJlc2VudCI6eyJkZXN0aW5hdGlvbiI6eyJhY2NvdW50Ijp7I↓mF1dGhUb2tlbiI6InNlY3JldFRva2VuIn19fX0sImNoaWxkcmVuIjpbeyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJhY2NvdW50RGV0YWlscyI6e319fX0sImNoaWxkcmVuIjpbXX1dfV19XX0="
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                links:
                  - url: app://open/{state:base64json}
                    examples: ["app://open/eyJ1c2VyIjoiYW5uIiwi↓cGFzc3dvcmQiOiJodW50ZXIyIn0"]
                """),
        ],
        nonTriggeringExamples: [
            .link("her://premium?key=home"),
            .link("her://feed/communities/{id:int}"),
            .link("exfe:///!{cross_id}?user_id={user_id}&username={username}"),
            .link("her://search?keyword={keyword}&monkey=1"),
            // Apple's FaceTime links name the callee by address: a user name without a password.
            .link("facetime://{user}@{domain}"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                params:
                  session: { role: analytics-session }
                links:
                  - url: her://feed?session={session}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                links:
                  - url: app://deeplink?payload={payload:base64json}
                    examples: ["app://deeplink?payload=eyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZW5CIjp7ImlkIjoxfX19fX0="]
                """),
        ])

    /// Names (lowercased, without `_`, `-` and `.`) that carry credentials besides those the payload model knows.
    static let moreCredentialNames: Set<String> = ["session", "sid", "auth", "authorization", "jwt", "bearer", "otp"]

    /// The names that carry a credential: the payload model's, `moreCredentialNames` and the configured ones.
    let credentialNames: NormalizedNames

    init() {
        credentialNames = NormalizedNames(PayloadCredential.credentialNames.union(Self.moreCredentialNames))
    }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["names"], rule: Self.description.id)
        let extraNames = (try options?.strings("names") ?? []).map { PayloadCredential.normalizedName($0) }
        credentialNames = NormalizedNames(PayloadCredential.credentialNames.union(Self.moreCredentialNames).union(extraNames))
    }

    /// Whether a name reads as a credential: the payload model's heuristic (its names and suffixes), a few more
    /// session names, or the configured ones.
    func looksLikeCredential(_ name: String) -> Bool {
        credentialNames.contains(normalizing: name) || PayloadCredential.credentialSuffixNames.isSuffix(ofNormalizing: name)
    }

    /// Whether a name carries a credential: a declared role decides; an undeclared name goes by the heuristic.
    /// The declaration comes back as its position in `catalogue.params`: its role is read in place.
    func carriesCredential(_ name: String, in context: LintContext) -> (Bool, Int?) {
        if let declared = context.declaredParamPosition(named: name), let role = context.catalogue.params[declared].role {
            // `ParamSpec.isCredential`, compared in place rather than on a lowercased copy of the role.
            return (equalsLowercased(role.value, "credential"), declared)
        }
        return (looksLikeCredential(name), nil)
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // A user name alone is an address, not a secret (FaceTime's `facetime://{user}@{domain}` names the callee);
        // `user:password@` carries a password.
        if let userInfo = link.template.userInfoSpan, link.template.containsByte(in: userInfo, where: { $0 == UInt8(ascii: ":") }) {
            found.append(context.diagnostic(Self.self, .credentialInUserInfo, link: link, span: userInfo))
        }
        // Only a placeholder is copied out of the components.
        let components = link.template.components
        for index in components.indices where components[index].isPlaceholder {
            guard let placeholder = components[index].placeholder else { continue }
            let (isCredential, declared) = carriesCredential(placeholder.name, in: context)
            guard isCredential else { continue }
            found.append(
                context.diagnostic(
                    Self.self, .credentialPlaceholder(placeholder.name), link: link, span: placeholder.span,
                    notes: Self.declarationNotes(declared, in: context)))
        }
        check(link.template.query, of: link, in: context, into: &found)
        // The fragment's items too: OAuth's implicit flow returns `#access_token=…` in the link itself.
        if link.template.fragmentSpan != nil {
            check(link.template.fragmentItems, of: link, in: context, into: &found)
        }
        if !link.examples.isEmpty {
            found += payloadCredentials(link, in: context)
        }
    }

    /// Reports the query or fragment items whose name, or whose placeholder's name, carries a credential.
    private func check(_ items: [QueryItem], of link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // Each item is read in place, its placeholder copied out only when its name decides nothing.
        for index in items.indices {
            let (nameIsCredential, declared) = carriesCredential(items[index].name, in: context)
            if nameIsCredential {
                found.append(
                    context.diagnostic(
                        Self.self, .credentialParam(items[index].name), link: link, span: items[index].nameSpan,
                        notes: Self.declarationNotes(declared, in: context)))
            } else if declared == nil, let placeholder = items[index].placeholder {
                let (valueIsCredential, declaredValue) = carriesCredential(placeholder.name, in: context)
                if valueIsCredential {
                    found.append(
                        context.diagnostic(
                            Self.self, .credentialPlaceholder(placeholder.name), link: link, span: placeholder.span,
                            notes: Self.declarationNotes(declaredValue, in: context)))
                }
            }
        }
    }

    /// The note pointing at a parameter's declaration (by its position in `catalogue.params`), none for nil.
    private static func declarationNotes(_ position: Int?, in context: LintContext) -> [Note] {
        guard let position else { return [] }
        let declared = context.catalogue.params[position]
        return [Note(message: .credentialDeclaredHere(declared.name.value), location: declared.location)]
    }

    /// Where a payload sits in a link: a query parameter by name, or a path component by position.
    private enum PayloadSlot {
        case query(String)
        case path(index: Int, prefixLength: Int)
    }

    /// Credential fields in the decoded payloads of the link's examples, pointing at the Base64 characters that
    /// carry each key.
    private func payloadCredentials(_ link: Link, in context: LintContext) -> [Diagnostic] {
        let template = link.template
        var slots: [PayloadSlot] = []
        let (components, query) = (template.components, template.query)
        for index in components.indices where components[index].placeholderType == .base64json {
            slots.append(.path(index: index, prefixLength: Int(components[index].prefixLength)))
        }
        for index in query.indices
        where query[index].placeholder?.type == .base64json || equalsLowercased(query[index].name, "payload") {
            slots.append(.query(query[index].name.lowercasedASCIIIfNeeded))
        }
        guard !slots.isEmpty else { return [] }
        let parser = context.templateParser
        var diagnostics: [Diagnostic] = []
        for example in link.examples {
            let parsed = parser.parse(example.value)
            for slot in slots {
                let valueSpan: Range<Int>?
                switch slot {
                case .query(let name):
                    valueSpan = parsed.query.first { $0.name.lowercasedASCIIIfNeeded == name }?.valueSpan
                case .path(let index, let prefixLength):
                    if parsed.components.count == template.components.count {
                        let span = parsed.components[index].span
                        valueSpan = min(span.lowerBound + prefixLength, span.upperBound)..<span.upperBound
                    } else {
                        valueSpan = nil
                    }
                }
                guard let valueSpan, !valueSpan.isEmpty else { continue }
                for found in Self.credentials(inPayload: String(parsed.substring(valueSpan))) {
                    let span = (valueSpan.lowerBound + found.span.lowerBound)..<(valueSpan.lowerBound + found.span.upperBound)
                    let location = link.file.location(ofBytes: example.sourceRange(ofValue: span, in: link.file))
                    diagnostics.append(
                        context.diagnostic(
                            Self.self, .credentialInPayload(found.credential.key, path: found.credential.jsonPath),
                            at: location, link: link))
                }
            }
        }
        return diagnostics
    }

    /// The credential fields of a Base64 JSON payload, each with the range of Base64 text that carries its key.
    /// A payload that is not a navigation step tree is still read as JSON, so no credential hides behind a
    /// structural mistake (`payload-invalid` reports those).
    static func credentials(inPayload text: String) -> [(credential: PayloadCredential, span: Range<Int>)] {
        let credentials: [PayloadCredential]
        let offset: (Int) -> Int?
        switch NavigationPayload.decode(base64: text) {
        case .success(let payload):
            credentials = payload.credentials
            offset = payload.sourceOffset(ofDecodedByte:)
        case .failure:
            guard case .success(let decoded) = Base64Payload.decode(text),
                let document = try? JSONDocument.parse(decoded.bytes)
            else { return [] }
            var found: [PayloadCredential] = []
            PayloadCredential.collect(in: document, path: "", into: &found)
            credentials = found
            offset = { Base64Payload.sourceOffset(ofDecodedByte: $0, symbolOffsets: decoded.symbolOffsets) }
        }
        return credentials.compactMap { credential in
            // The key without its quotes.
            let keyStart = credential.keyRange.lowerBound + 1
            let keyEnd = max(keyStart + 1, credential.keyRange.upperBound - 1)
            guard let start = offset(keyStart) else { return nil }
            let end = (offset(keyEnd - 1) ?? start) + 1
            return (credential, start..<max(start + 1, end))
        }
    }
}

extension Message {
    static func credentialParam(_ name: String) -> Message {
        "'\(name)' carries a credential in the link: URLs end up in logs, proxies and browser history, so pass it another way"
    }
    static func credentialPlaceholder(_ name: String) -> Message {
        "the placeholder '\(name)' puts a credential in the link: URLs end up in logs, proxies and browser history"
    }
    static let credentialInUserInfo: Message =
        "the link carries a user name and password before its host: URLs end up in logs, proxies and browser history"
    static func credentialInPayload(_ key: String, path: String) -> Message {
        "the payload carries the credential '\(key)' at '\(path)': Base64 hides nothing, and URLs end up in logs and history"
    }
    static func credentialDeclaredHere(_ name: String) -> Message { "'\(name)' is declared a credential here" }
}
