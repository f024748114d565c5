/// Path components are single words without hyphens, underscores or dots: `my_profile` → `myprofile`.
struct NoSeparatorsRule: LinkRule {
    static let description = RuleDescription(
        id: "no-separators",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a path component contains a hyphen, underscore or dot",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 2: "Never use hyphens/underscores/etc in path compenents." \
            Its own bad example is `her://my_profile/verification`, next to the tab `myprofile`. Separators make \
            several spellings of one component possible and collide with the case-insensitive, one-word vocabulary \
            the handler matches against. A published link of another app that the team cannot change (Telegram's \
            `tg://msg_url?url=…&text=…`) is still reported: the guide makes no exception for it, and the linter \
            cannot tell who owns a link. Its fix is unsafe, so nothing is renamed by `--fix`; mark such an entry \
            `lint: { ignore: [no-separators] }` with a comment saying whose link it is. A locale in a path (`en-us`, \
            `zh-hans`, Spotify's `intl-de`), a file name (`sharer.php`), the x-callback-url host and the actions an app's x-callback-url API \
            publishes (Bear's `open-note`) are not words, and \
            neither is a web page's slug: in an https link, hyphens are how the web joins words (Yelp's \
            `biz/joes-pizza-new-york`), and a component right after an id describes it (Reddit's \
            `comments/{id}/some_title`, or with the id written out, `comments/1e2xq7k/some_title`); an underscore or \
            dot elsewhere in a web link is still reported.
            """,
        source: .her,
        fix: .unsafe,
        triggeringExamples: [
            .link("her://↓my_profile/verification", fixed: "her://myprofile/verification"),
            // Joined and lowercased in one fix, as `lowercase` would have it next.
            .link("her://↓Shop_Items", fixed: "her://shopitems"),
            .link("her://feed/↓top-communities", fixed: "her://feed/topcommunities"),
            .link("her://↓help.center", fixed: "her://helpcenter"),
            .link("https://her.app/↓my_profile", fixed: "https://her.app/myprofile"),
            // The HER app's deep-link guide: `my_profile` next to the tab `myprofile`. The joined word is the one
            // the vocabulary declares, so it is written as declared and `plural-resource-nouns` accepts it.
            .catalogue(
                """
                version: 1
                schemes: [her]
                components:
                  myprofile: { kind: tab }
                links:
                  - url: her://↓my_profile/9
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    components:
                      myprofile: { kind: tab }
                    links:
                      - url: her://myprofile/9
                    """),
            // Undeclared and followed by an id, the joined word is given its plural in the same fix, the spelling
            // `plural-resource-nouns` asks for: one rename, not `my_post` → `mypost` → `myposts`.
            .link("her://feed/↓my_post/9", fixed: "her://feed/myposts/9"),
        ],
        nonTriggeringExamples: [
            .link("her://myprofile/verification"),
            .link("her://feed/communities/{community_id}"),
            .link("her://location?origin_id=home"),
            // Telegram's published share link, which a catalogue of links into Telegram cannot rename.
            .catalogue(
                """
                version: 1
                schemes: [tg]
                links:
                  - url: tg://msg_url?url={url}&text={text}
                    lint: { ignore: [no-separators] }   # Telegram's own link: not ours to rename
                """),
            // A value with a literal suffix or several placeholders is not a word (Reddit's `comments/{id}.json`,
            // Google Maps' `@{lat},{lng},{zoom}z`).
            .link("her://feed/posts/{id}.json"),
            .link("her://location/@{lat},{lng},{zoom}z"),
            // A custom scheme's authority that is a domain is a host (Zoom's zoommtg://zoom.us/join), and a
            // domain, email address or handle written out is a value.
            .link("zoommtg://zoom.us/join?confno={confno:int}"),
            .link("her://share/example.com"),
            .link("her://invite/alice@example.com"),
            // The x-callback-url specification fixes the host, and each app's published API names its actions
            // (Bear's open-note); a file name is written as the server serves it.
            .link("drafts://x-callback-url/create?text={text}"),
            .link("bear://x-callback-url/open-note?id={id}"),
            .link("https://www.facebook.com/sharer.php?u={url}"),
            // A locale is a value in the path, not a word: Spotify's share links
            // (https://open.spotify.com/intl-de/track/{id}) and Microsoft's store (https://www.microsoft.com/en-us/…).
            .link("https://open.spotify.com/intl-de/track/{id}"),
            .link("https://www.microsoft.com/en-us/store/apps"),
            .link("https://example.com/zh-hans/help"),
            // A web page's slug: Yelp's business pages, Reddit's post titles after the post's id.
            .link("https://www.yelp.com/biz/joes-pizza-new-york"),
            .link("https://www.reddit.com/r/swift/comments/{id}/some_title"),
            .link("https://www.reddit.com/r/swift/comments/1e2xq7k/some_title"),
        ])

    init() {}

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// Whether `component` is a word with a hyphen, underscore or dot in it. The host the x-callback-url
    /// specification requires (`bear://x-callback-url/open-note`), a file name (Facebook's `sharer.php`) and a
    /// locale (`en-us`) are not words of the app's vocabulary.
    static func hasSeparator(_ component: PathComponent) -> Bool {
        component.isLiteral && component.text.utf8.containsByte(where: isSeparator)
            && component.text.lowercasedASCIIIfNeeded != "x-callback-url" && !isFileName(component.text)
            && !isLocale(component.text)
    }

    /// Whether the component at `index` is a word with a separator that the rule reports: not a web page's slug.
    /// On the web, hyphens are how paths join words (Yelp's `biz/joes-pizza-new-york`), and a component right
    /// after an id describes it (Reddit's `comments/{id}/some_title`): both are the site's data, not the app's
    /// vocabulary. Custom schemes' components are always words.
    static func isWord(in template: LinkTemplate, at index: Int) -> Bool {
        let components = template.components
        guard hasSeparator(components[index]) else { return false }
        // An x-callback-url action is named by the app's published API (Bear's `open-note`, `add-text`).
        let previous = index > 0 ? components[index - 1].text : template.host ?? ""
        if previous.lowercasedASCIIIfNeeded == "x-callback-url" { return false }
        guard template.isWebLink else { return true }
        let hyphensOnly = !components[index].text.utf8.contains { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
        let afterValue = index > 0 && (components[index - 1].isValue || looksLikeID(components[index - 1].text))
        return !hyphensOnly && !afterValue
    }

    /// Whether a web link's word is an id written out rather than a word: five or more ASCII letters and digits,
    /// two or more of them digits (Reddit's base-36 post ids `1e2xq7k`, YouTube's `dQw4w9WgXcQ`). A word with a
    /// version (`oauth2`, `html5`) has one digit.
    static func looksLikeID(_ text: String) -> Bool {
        let bytes = text.utf8
        let digits = bytes.count { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let letters = bytes.count { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        return bytes.count >= 5 && digits >= 2 && letters > 0 && digits + letters == bytes.count
    }

    /// Languages that websites and apps put in their paths, by ISO 639-1 code.
    static let localeLanguages: Set<Substring> = [
        "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr", "he", "hi", "hr", "hu",
        "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "no", "pl", "pt", "ro", "ru", "sk", "sl", "sr", "sv",
        "ta", "th", "tl", "tr", "uk", "ur", "vi", "zh",
    ]

    /// Whether `text` is a locale (`en-us`, `pt_BR`, `zh-hans`, `es-419`, Spotify's `intl-de`): a known language,
    /// or `intl` before one, then a region of two letters or three digits, or a script of four letters.
    /// A locale is ASCII of at most twelve bytes (`zh-hant-tw`): any other word is not split at all, and in ASCII
    /// the separators split the bytes where they split the characters.
    static func isLocale(_ text: String) -> Bool {
        let lowered = text.lowercasedASCIIIfNeeded
        guard lowered.utf8.count <= 12, lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let parts = lowered.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
            .map { lowered[$0.startIndex..<$0.endIndex] }
        guard parts.count == 2 || parts.count == 3 else { return false }
        if parts.count == 2, parts[0] == "intl" { return localeLanguages.contains(parts[1]) }
        guard localeLanguages.contains(parts[0]) else { return false }
        return parts.dropFirst().allSatisfy { part in
            let letters = part.utf8.allSatisfy(isAlpha)
            return (part.count == 2 && letters) || (part.count == 4 && letters) || (part.count == 3 && part.utf8.allSatisfy(isDigit))
        }
    }

    /// Extensions of files a web server serves, which a link names as written.
    static let fileExtensions: Set<String> = ["php", "html", "htm", "asp", "aspx", "jsp", "cgi", "json", "xml", "txt", "rss"]

    /// Whether `text` is a file name: one dot, before a known extension.
    /// Every extension is three or four letters, so a word whose last dot is not followed by three or four bytes
    /// (most words have no dot) is not split.
    static func isFileName(_ text: String) -> Bool {
        guard let dot = text.utf8.lastIndex(of: UInt8(ascii: ".")),
            (4...5).contains(text.utf8.distance(from: dot, to: text.utf8.endIndex))
        else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && fileExtensions.contains(parts[1].lowercased())
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // The components are read where the array holds them; one is copied out only for a finding.
        let components = link.template.components
        for index in components.indices where Self.isWord(in: link.template, at: index) {
            let component = components[index]
            // The spelling every naming rule agrees on: `my_profile/9` is written `myprofiles/9` in one fix unless
            // the vocabulary declares `myprofile` as other than a collection.
            let joined = context.spelling(of: link, component: index).word
            guard !joined.isEmpty else { continue }
            var notes: [Note] = []
            if let declared = context.declaredComponent(named: joined.lowercasedASCIIIfNeeded) {
                notes.append(context.declarationNote(declared, .declaredWithoutSeparators(joined)))
            }
            // Every use of a word with a separator is reported, so the first link using it leads the rename.
            let (fix, whyNot) = ComponentRename.fix(
                Self.self, .removeSeparators(joined), link: link, component: component, to: joined, in: context,
                isReported: { _ in true })
            found.append(
                context.diagnostic(
                    Self.self, .separatorInComponent(component.text, joined: joined), link: link, span: component.span,
                    notes: notes + (whyNot.map { [$0] } ?? []), fixes: fix.map { [$0] } ?? []))
        }
    }
}

extension Message {
    static func separatorInComponent(_ text: String, joined: String) -> Message {
        "'\(text)' contains a separator: path components are one word, write '\(joined)'"
    }
    static func removeSeparators(_ joined: String) -> Message { "write '\(joined)'" }
    static func declaredWithoutSeparators(_ name: String) -> Message { "'\(name)' is declared here" }
}
