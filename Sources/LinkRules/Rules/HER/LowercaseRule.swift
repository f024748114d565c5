/// Links are case-insensitive, so they are written in lowercase: `her://Feed/Communities` → `her://feed/communities`.
struct LowercaseRule: LinkRule {
    static let description = RuleDescription(
        id: "lowercase",
        scope: .link,
        defaultSeverity: .warning,
        summary: "scheme, host, path components and query names are written in lowercase",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 7: "Lower case everything before processing. Deeplinks should \
            not be case sensitive." A link written with capitals is handled as its lowercase form, so writing it that \
            way hides which links are the same. Placeholders, query values and ids written out (YouTube's `dQw4w9WgXcQ`, \
            letters and digits mixed) keep their case. One finding names every capitalised part of the scheme, host \
            and path, with a safe fix: the guide's app lowercases a link before it reads it, so the lowercase form \
            opens what the capitalised one did. In a web link only the scheme and host compare without case: a web \
            server and an apple-app-site-association file read the path as written (`/Store/AbCdEf` is not \
            `/store/abcdef`), so lowercasing a web link's path is an unsafe fix. Capitalised query names are a second finding whose fix is unsafe: \
            an app reads a query name as written (`serverId`), so renaming it changes what the app reads unless it \
            lowercases names as the guide asks.
            """,
        source: .her,
        fix: .safe,
        triggeringExamples: [
            .link("her://↓Feed/Communities", fixed: "her://feed/communities"),
            .link("↓HER://feed", fixed: "her://feed"),
            // Every capitalised part is named in one finding (and fixed together).
            .link("her://↓Feed/Communities/{id:int}", fixed: "her://feed/communities/{id:int}"),
            // A query name is read as written: Slack's `slack://channel?team={TEAM}&id={ID}` and a `serverId` are
            // renamed only with --unsafe-fixes, in a finding of their own.
            .link("her://location?↓Origin=Home", fixed: "her://location?origin=Home"),
            .link("her://↓Servers/{id:int}?↓serverId=1", fixed: "her://servers/{id:int}?serverid=1"),
            // A web link's path is read as written by the server: its fix is unsafe (Uber Eats' store ids).
            .link("https://www.ubereats.com/↓Store/{slug}/{id}", fixed: "https://www.ubereats.com/store/{slug}/{id}"),
        ],
        nonTriggeringExamples: [
            // A handle written out keeps its case (Mastodon's profile links, https://mastodon.social/@Gargron).
            .link("her://profile/@Gargron"),
            .link("her://feed/communities"),
            .link("her://feed/communities/{communityID:int}"),
            .link("her://location?origin=Home"),
            // An id written out keeps its case: YouTube's short links (https://youtu.be/dQw4w9WgXcQ) and Spotify's
            // base-62 track ids are case-sensitive.
            .link("https://youtu.be/dQw4w9WgXcQ"),
            .link("https://open.spotify.com/track/6rqhFgbbKwnb9MLmUQDhG6"),
            // A percent-escape's hex digits are not letters of a word (Mail's `message://%3C{message_id}%3E`).
            .link("message://%3C{message_id}%3E"),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard template.hasASCIICapital else { return }
        func hasCapital(_ span: Range<Int>) -> Bool { Self.hasCapitalOutsideEscapes(template.utf8Slice(span)) }
        var spans: [Range<Int>] = []
        if let span = template.schemeSpan, hasCapital(span) { spans.append(span) }
        if let span = template.hostSpan, hasCapital(span) { spans.append(span) }
        for component in template.components {
            switch component.kind {
            case .literal, .integer:
                if Self.hasCapitalOutsideEscapes(component.text.utf8) { spans.append(component.span) }
            case .value:
                // A handle, email address or domain written out keeps its case (`@Gargron`).
                break
            case .placeholder(let placeholder):
                let prefix = component.span.lowerBound..<placeholder.span.lowerBound
                if hasCapital(prefix) { spans.append(prefix) }
            }
        }
        if !spans.isEmpty {
            // A web server and an apple-app-site-association file read a path as written, so lowercasing a web
            // link's path may change which page or route it is; its scheme and host compare without case.
            let pathChanges = template.isWebLink && spans.contains { $0.lowerBound >= (template.hostSpan?.upperBound ?? 0) }
            found.append(
                finding(link, spans, message: Message.notLowercase, fix: .lowercaseLink, pathChanges ? .unsafe : .safe, in: context))
        }
        // A query name is read by the app as written (`serverId` is not `serverid` to most parsers): renaming it
        // changes what the app reads, so its fix is unsafe and reported apart.
        let names = template.query.filter { hasCapital($0.nameSpan) }.map(\.nameSpan)
        if !names.isEmpty {
            found.append(finding(link, names, message: Message.queryNameNotLowercase, fix: .lowercaseQueryNames, .unsafe, in: context))
        }
    }

    /// One finding at the first of `spans`, naming every one of them, with the fix that lowercases them all.
    private func finding(
        _ link: Link, _ spans: [Range<Int>], message: ([String]) -> Message, fix: Message, _ applicability: FixApplicability,
        in context: LintContext
    ) -> Diagnostic {
        let template = link.template
        let texts = spans.map { String(template.substring($0)) }
        let edits = zip(spans, texts).map { span, text in context.urlEdit(link, replacing: span, with: text.lowercasedASCIIIfNeeded) }
        return context.diagnostic(
            Self.self, message(texts), link: link, span: spans[0], fixes: [FixIt(message: fix, edits: edits, applicability: applicability)])
    }

    /// Whether a byte is an ASCII capital letter.
    static func isASCIICapital(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// Whether `bytes` hold a capital letter outside percent-escapes: the hex digits of `%3C` are no letters of a
    /// word, and RFC 3986 prefers them in capitals.
    static func hasCapitalOutsideEscapes(_ bytes: some Sequence<UInt8>) -> Bool {
        var hexDigitsLeft = 0
        for byte in bytes {
            if hexDigitsLeft > 0, isHex(byte) {
                hexDigitsLeft -= 1
                continue
            }
            hexDigitsLeft = byte == UInt8(ascii: "%") ? 2 : 0
            if isASCIICapital(byte) { return true }
        }
        return false
    }
}

extension Message {
    static func notLowercase(_ texts: [String]) -> Message {
        """
        \(quoting: texts) \(texts.count == 1 ? "has" : "have") capitals: links are case-insensitive and are written in \
        lowercase
        """
    }
    static func queryNameNotLowercase(_ texts: [String]) -> Message {
        """
        the query \(texts.count == 1 ? "name" : "names") \(quoting: texts) \(texts.count == 1 ? "has" : "have") capitals: \
        links are written in lowercase, but the app reads a query name as written, so renaming it is unsafe
        """
    }
    static let lowercaseLink: Message = "write the link in lowercase"
    static let lowercaseQueryNames: Message = "write the query names in lowercase (the app must read them so)"
}
