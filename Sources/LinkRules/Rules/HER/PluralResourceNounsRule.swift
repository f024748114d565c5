/// A word followed by an id names a collection, so it must be plural: `community/9` → `communities/9`.
struct PluralResourceNounsRule: LinkRule {
    static let description = RuleDescription(
        id: "plural-resource-nouns",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a component followed by an id names a collection and must be a plural noun",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 1: "Use plural nouns for resource descriptions, singular for \
            all else." Its bad examples: "`her://feed/community/9` and `her://feed/communities`. `community` should \
            have been implemented as plural `communities`. `her://feed/post/23423` is the same way and should be \
            `her://feed/posts/23423`". A component followed by an id (a number or an id placeholder) names the \
            collection the id belongs to. What counts as an id is decided once for every rule: the declared kind of the \
            word first (a `collection` takes ids; a `screen` or an `action` takes arguments), then the value's type \
            (`int`, `uuid`, `slug`), then its name (`handle`, `username`, `key`, `code`, `name`, `slug` and `…_id` \
            are instances; `query`, `q`, `text`, `term`, `path`, `url` are arguments). No plural is suggested for a word of one or two letters (an abbreviation: `s/{code}`, \
            `j/{id}`, `go/{slug}`), a word with a digit (a version: `v2/…`) or a verb links use as a command \
            (`join`, `open`, `share`, `resolve`): the inflector knows English plurals, not which words are nouns. \
            A word already plural is left alone, so a fix is never applied to its own result. Inflections are configurable (`inflections:` in `.linkrules.yml`).
            """,
        source: .her,
        fix: .unsafe,
        triggeringExamples: [
            .link("her://feed/↓community/9", fixed: "her://feed/communities/9"),
            .link("her://feed/↓post/23423", fixed: "her://feed/posts/23423"),
            .link("her://↓person/{id:int}", fixed: "her://people/{id:int}"),
            .link("her://↓story/{story_id}", fixed: "her://stories/{story_id}"),
            // Instagram's and Twitter's profile links name a person by a handle (`instagram.com/{username}`): a
            // handle is an instance, as `profile/9` is.
            .link("her://↓profile/{handle}", fixed: "her://profiles/{handle}"),
            // A typed slug names an instance whatever it is called (Medium's story links end in one).
            .link("her://↓story/{title:slug}", fixed: "her://stories/{title:slug}"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                components:
                  community: { kind: collection, id: int }
                links:
                  - url: her://↓community/9
                  - url: her://feed/↓community/{id:int}
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    components:
                      communities: { kind: collection, id: int }
                    links:
                      - url: her://communities/9
                      - url: her://feed/communities/{id:int}
                    """),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/9"),
            // Not a word: no plural is spelled by adding letters to it (`url-invalid` reports the '<').
            .link("her://feed/<script>alert/9"),
            // Commands and adjectives, not collections: Telegram's boosts, YouTube's live streams.
            .link("https://t.me/boost/{username}"),
            .link("https://www.youtube.com/live/{video_id}"),
            .link("her://feed/communities"),
            .link("her://people/{id:int}"),
            .link("her://news/12"),
            .link("her://settings"),
            .link("her://feed/posts/{id:int}"),
            // A search query, free text or a path is an action's argument, not an instance (Cookpad's
            // `cookpad.com/search/{query}`, Home Assistant's `navigate?path=…`).
            .link("her://search/{query}"),
            .link("her://compose/{text}"),
            // A declared screen takes arguments, whatever they are called.
            .link("her://settings/{handle}"),
            // Abbreviations, versions and verbs take no plural: Telegram's `t.me/s/{channel}`, Zoom's
            // `zoom.us/j/{id}`, a `go/{slug}` short link, a versioned API path, Zoom's `join`.
            .link("her://s/{channel_id}"),
            .link("her://j/{id:int}"),
            .link("her://go/{link:slug}"),
            .link("her://v2/{id:int}"),
            .link("her://join/{code}"),
            // The vocabulary decides first: the HER app's tab `myprofile` is not a collection, whatever follows it.
            .catalogue(
                """
                version: 1
                schemes: [her]
                components:
                  myprofile: { kind: tab }
                links:
                  - url: her://myprofile/9
                """),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let components = link.template.components
        for index in components.indices.dropLast() where Self.namesSingularCollection(link, at: index, in: context) {
            // The spelling every naming rule agrees on: a word the vocabulary declares as other than a collection
            // (the tab `myprofile`) is not one, and a word with separators gets the plural of the joined word.
            let spelling = context.spelling(of: link, component: index)
            guard spelling.addsPlural else { continue }
            let noun = components[index]
            let plural = spelling.word
            var notes: [Note] = []
            if let declared = context.declaredComponent(named: plural) {
                notes.append(context.declarationNote(declared, .pluralDeclared(plural)))
            }
            // A link using the word with no id after it is not reported, but its use is renamed with the rest.
            let (fix, whyNot) = ComponentRename.fix(
                Self.self, .usePlural(plural), link: link, component: noun, to: plural, in: context,
                isReported: { user in Self.hasIdentifier(after: noun.name, in: user, context) })
            found.append(
                context.diagnostic(
                    Self.self, .singularCollection(noun.text, plural: plural), link: link, span: noun.span,
                    notes: notes + (whyNot.map { [$0] } ?? []), fixes: fix.map { [$0] } ?? []))
        }
    }

    /// Whether the component at `index` of the link's path is a word that is not a plural, followed by an id.
    static func namesSingularCollection(_ link: Link, at index: Int, in context: LintContext) -> Bool {
        let components = link.template.components
        return components[index].isLiteral && context.namesInstance(link, component: index + 1)
            && !context.isPlural(link, component: index) && takesPlural(components[index].name)
    }

    /// Whether a word may be given a plural: not an abbreviation of one or two letters (Telegram's `t.me/s/…`,
    /// Zoom's `zoom.us/j/{id}`, a `go/{slug}` short link), not a version or anything with a digit (`v2`) or a symbol
    /// (`<script>`), and not one of the verbs and function words links use as commands (`join/{code}`, `open/{id}`), which the inflector
    /// does not know as nouns.
    static func takesPlural(_ word: String) -> Bool {
        word.utf8.count > 2 && !word.utf8.contains(where: { isDigit($0) || isMarkOrSymbol($0) }) && !nonNouns.contains(word)
    }

    /// Whether an ASCII byte is neither a letter nor a digit nor a separator: a word with one (`<script>`, `a+b`)
    /// is not a noun whose plural can be spelled by adding letters.
    private static func isMarkOrSymbol(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let letter = byte | 0x20
        return !(letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) && !isDigit(byte)
            && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") && byte != UInt8(ascii: ".")
    }

    /// Verbs, adjectives and function words that real link schemes use before a value (Zoom's `join`, Telegram's
    /// `resolve`, `share`, `addstickers`, `addlist`, `boost`; YouTube's `live`, `embed` and `browse`; the
    /// x-callback-url actions of Bear and Things): no plural is suggested.
    static let nonNouns: Set<String> = [
        "add", "addemoji", "addlist", "addstickers", "addtheme", "auth", "authorize", "boost", "browse", "call",
        "callback", "compose", "confirm", "connect", "create", "delete", "download", "edit", "embed", "find",
        "follow", "get", "goto", "install", "invite", "join", "joinchat", "launch", "live", "login", "logout", "new",
        "open", "pay", "play", "preview", "read", "redeem", "redirect", "register", "remove", "reset", "resolve",
        "search", "send", "set", "share", "show", "signin", "signup", "start", "stop", "subscribe", "update",
        "upload", "verify", "view", "watch", "with", "for", "from", "via",
    ]

    /// Whether `link` uses the word `name` followed by an id (the use this rule reports, for a word not plural).
    static func hasIdentifier(after name: String, in link: Link, _ context: LintContext) -> Bool {
        let components = link.template.components
        return components.indices.dropLast().contains { index in
            components[index].isLiteral && components[index].name == name && context.namesInstance(link, component: index + 1)
        }
    }
}

extension Message {
    static func singularCollection(_ noun: String, plural: String) -> Message {
        "'\(noun)' is followed by an id, so it names a collection: use the plural '\(plural)'"
    }
    static func usePlural(_ plural: String) -> Message { "use '\(plural)'" }
    static func pluralDeclared(_ plural: String) -> Message { "'\(plural)' is declared here" }
}
