/// A query parameter that only picks one fixed option is a path component in disguise:
/// `boosts?open=buy` → `boosts/purchase`.
struct PreferPathOverQueryRule: LinkRule {
    static let description = RuleDescription(
        id: "prefer-path-over-query",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a query parameter with a fixed word value should be a path component",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 3: "Use query params only for complex parameterization. A \
            bad example is `her://boosts?open=buy` which is a current valid deeplink. Instead, it could have simply \
            been `her://boosts/purchase`." A parameter whose value in the catalogue is a fixed word (not a \
            placeholder) selects a destination. Only such a value is reported: a boolean (`true`, `no`, `on`), a \
            number or free text is a setting, not a place; a parameter declared with a `role`, a tracking parameter \
            (`utm_*`, `ref`, `source`, `fbclid`, `gclid`: the `tracking` option), a credential (`credential-in-url` \
            reports it; a secret is never moved into the path), a parameter named as an instance (`id`, `*_id`, \
            `key`, `name`, `slug`, `handle`, `code`) or as an action's argument (`q`, `query`, `text`, `url`, `path`) \
            carry data and are left alone. So are a link whose query already carries placeholders, and a fixed \
            value beside other parameters (tracking and declared ones aside): it is one argument of an action among \
            several, the "complex parameterization" the guide keeps in the query (Uber's \
            `ul/?action=setPickup&pickup=my_location`, Things' `add?title=…&when=tomorrow`).
            """,
        source: .her,
        fix: .unsafe,
        options: [
            RuleOptionDescription(
                name: "nouns", summary: "verb → noun map used to name the suggested component",
                defaultValue: "{ buy: purchase, sell: sale, edit: edit }"),
            RuleOptionDescription(
                name: "tracking",
                summary: "parameters that record where a visit came from, never an option (`name`, or `prefix*`)",
                defaultValue: "[utm_*, ref, referrer, source, src, fbclid, gclid, msclkid, igshid, igsh, si, feature, usp, mc_cid, mc_eid, ttclid, twclid, yclid]"),
        ],
        triggeringExamples: [
            .link("her://boosts?↓open=buy", fixed: "her://boosts/purchase"),
            .link("her://settings?↓tab=privacy", fixed: "her://settings/privacy"),
        ],
        nonTriggeringExamples: [
            .link("her://boosts/purchase"),
            .link("her://location?origin=home"),
            .link("her://search?q={query}"),
            .link("her://feed?page=2"),
            // Slack's and Things' published links: `slack://app?team=…&id=…&tab=messages`, `things:///show?id=inbox`.
            .link("her://app?team={team}&id={id}&tab=messages"),
            .link("her://show?id=inbox"),
            // Bear's x-callback-url actions take yes/no switches: `bear://x-callback-url/open-note?id=…&show_window=yes`.
            .link("her://notes?show_window=yes"),
            // Campaign tags are tracking, not destinations (Google Analytics' `utm_*` parameters).
            .link("her://boosts?utm_source=newsletter"),
            // Share attribution: Spotify's and YouTube's `si=`, Google Docs' `usp=sharing`.
            .link("her://feed?usp=sharing"),
            .link("her://premium?ref=banner"),
            // Zoom's client URL scheme: `zoommtg://zoom.us/join?confno=…&pwd=…&zc=0&browser=chrome&uname=…` passes
            // a password (credential-in-url's finding) and is the complex parameterisation the guide allows.
            .link("her://join?pwd=secret"),
            .link("her://join?confno=123456789&pwd=abc&zc=0&browser=chrome&uname=Betty"),
            // Telegram's `tg://msg_url?url=…&text=…` passes a URL and free text to share.
            .link("her://share?text=hello"),
            // A value in capitals is a code or an id, not an option: YouTube's Watch Later and Liked playlists.
            .link("https://www.youtube.com/playlist?list=WL"),
            // Uber's universal link and Things' add command: a fixed value beside other arguments of the action.
            .link("https://m.uber.com/ul/?action=setPickup&pickup=my_location"),
            .link("things:///add?title=Buy%20milk&when=tomorrow"),
        ])

    static let defaultNouns = ["buy": "purchase", "sell": "sale", "edit": "edit", "pay": "payment"]

    let nouns: [String: String]
    let trackingNames: Set<String>
    let trackingPrefixes: [String]

    init() { self.init(nouns: Self.defaultNouns, tracking: Self.defaultTracking) }

    private init(nouns: [String: String], tracking: [String]) {
        self.nouns = nouns
        let lowered = tracking.map(\.lowercasedASCIIIfNeeded)
        trackingNames = Set(lowered.filter { !$0.hasSuffix("*") })
        trackingPrefixes = lowered.filter { $0.hasSuffix("*") }.map { String($0.dropLast()) }
    }

    init(options: RuleOptions?) throws {
        var nouns = Self.defaultNouns
        var tracking = Self.defaultTracking
        if let options {
            try options.expect(known: ["nouns", "tracking"], rule: Self.description.id)
            if let names = try options.strings("tracking") { tracking = names }
            if case .mapping(let members, _)? = options.value("nouns") {
                for member in members {
                    guard let noun = member.value.scalar else {
                        throw LoadError("each verb maps to one noun", at: options.location(member.value.range))
                    }
                    nouns[member.key.value.lowercasedASCIIIfNeeded] = noun.value
                }
            } else if let value = options.value("nouns") {
                throw LoadError("'nouns' must be a mapping of verb to noun", at: options.location(value.range))
            }
        }
        self.init(nouns: nouns, tracking: tracking)
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // Most links have no query, and most query items are not options: nothing is copied for them.
        guard !link.template.query.isEmpty, !link.template.components.isEmpty,
            let position = firstOptionPosition(link.template, in: context)
        else { return }
        let template = link.template
        let last = template.components[template.components.count - 1]
        let item = template.query[position]
        let value = item.value ?? ""
        let component = nouns[value.lowercasedASCIIIfNeeded] ?? value.lowercasedASCIIIfNeeded
        // One edit from the end of the path to the end of the query: the new component, then the other items.
        let others = template.query.enumerated().filter { $0.offset != position }.map { String(template.substring($0.element.span)) }
        let replaced = last.span.upperBound..<template.query[template.query.count - 1].span.upperBound
        let rest = others.isEmpty ? "" : "?" + others.joined(separator: "&")
        let (fixes, whyNot) = context.urlFixUnlessDuplicating(
            .moveToPath(component), link, replacing: replaced, with: "/" + component + rest,
            examples: { example in Self.movingToPath(item.name, component: component, in: example) })
        found.append(
            context.diagnostic(
                Self.self, .optionInQuery(item.name, value: value, component: component), link: link, span: item.span,
                notes: whyNot, fixes: fixes))
    }

    /// In an example, the edit moving the query item named `name` into the path as `component`, as the fix does
    /// in the link (nil when the example has no such item or no path).
    static func movingToPath(_ name: String, component: String, in example: LinkTemplate) -> [(span: Range<Int>, text: String)]? {
        let lowered = name.lowercasedASCIIIfNeeded
        guard let last = example.components.last,
            let position = example.query.firstIndex(where: { $0.name.lowercasedASCIIIfNeeded == lowered })
        else { return nil }
        let others = example.query.enumerated().filter { $0.offset != position }.map { String(example.substring($0.element.span)) }
        let rest = others.isEmpty ? "" : "?" + others.joined(separator: "&")
        return [(span: last.span.upperBound..<example.query[example.query.count - 1].span.upperBound, text: "/" + component + rest)]
    }

    /// The position of the first query item that picks a fixed option: a fixed value of letters only that is not
    /// a boolean, nor all capitals (a code or an id: YouTube's `playlist?list=WL`), for a parameter that names a
    /// destination (`isOption(named:in:)`), in a query without placeholders.
    private func firstOptionPosition(_ template: LinkTemplate, in context: LintContext) -> Int? {
        guard !template.query.contains(where: { $0.placeholder != nil }),
            let position = template.query.firstIndex(where: { item in
                guard let valueSpan = item.valueSpan, !valueSpan.isEmpty else { return false }
                return template.allBytes(in: valueSpan, satisfy: isAlpha)
                    && !template.allBytes(in: valueSpan, satisfy: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
                    && isOption(named: item.name, in: context) && !Self.isBoolean(template.utf8Slice(valueSpan))
            })
        else { return nil }
        // Beside other parameters (tracking and declared ones aside), a fixed value is one argument of an action
        // among several, the "complex parameterization" the guide keeps in the query: Uber's
        // `ul/?action=setPickup&pickup=my_location`, Things' `add?title=…&when=tomorrow`, Zoom's `join?confno=…`.
        // (Asked only of a query with an option: most have none.)
        guard template.query.lazy.filter({ !self.isTracking($0.name) && !context.hasDeclaredRole(named: $0.name) }).count < 2
        else { return nil }
        return position
    }

    /// Whether a parameter of this name may pick a destination: not declared with a role, not named as an
    /// instance or an argument (`PlaceholderRole.ofName`: `id`, `key`, `q`, `text`, `url`…), not a tracking
    /// parameter, not a credential (`credential-in-url` reports those: a secret is never moved into the path).
    /// The declaration is asked first: most parameters of a catalogue with declarations are declared.
    func isOption(named name: String, in context: LintContext) -> Bool {
        !context.hasDeclaredRole(named: name) && !isTracking(name) && PlaceholderRole.ofName(name) == .undecided
            && !Self.credentials.looksLikeCredential(name)
    }

    /// The credential heuristic of `credential-in-url`, with its default names.
    private static let credentials = CredentialInURLRule()

    /// Values that switch something on or off rather than name a destination.
    static let booleans: Set<String> = ["true", "false", "yes", "no", "on", "off"]

    static func isBoolean(_ value: some Collection<UInt8>) -> Bool {
        value.count <= 5 && booleans.contains(String(decoding: value, as: UTF8.self).lowercasedASCIIIfNeeded)
    }

    /// Parameters that record where a visit came from (campaign tags, click ids), by default; an entry ending in
    /// `*` names a prefix.
    static let defaultTracking = [
        "utm_*", "ref", "referrer", "source", "src", "fbclid", "gclid", "msclkid", "igshid", "igsh", "si", "feature", "usp",
        "mc_cid", "mc_eid", "ttclid", "twclid", "yclid",
    ]

    /// Whether a parameter is a tracking parameter: a configured name, or a configured prefix (`utm_*`).
    func isTracking(_ name: String) -> Bool {
        let lower = name.lowercasedASCIIIfNeeded
        return trackingNames.contains(lower) || trackingPrefixes.contains { lower.hasPrefix($0) }
    }
}

extension Message {
    static func optionInQuery(_ name: String, value: String, component: String) -> Message {
        "'\(name)=\(value)' picks a fixed option: use the path component '\(component)' instead of a query parameter"
    }
    static func moveToPath(_ component: String) -> Message { "write '/\(component)' in the path" }
}
