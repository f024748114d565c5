/// A link, or an example of it, longer than browsers, servers and the apps in between reliably carry.
struct URLTooLongRule: LinkRule {
    static let description = RuleDescription(
        id: "url-too-long",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a link and its examples stay under a length every browser and server carries",
        rationale: """
            The Coordinator playground carries a whole navigation tree as Base64 JSON in one query parameter: \
            its example is already over 600 characters for five steps, and every step, field and token makes it \
            longer (Base64 adds a third). The HTTP standard sets no limit and RFC 9110 recommends supporting at \
            least 8,000 octets, but in practice browsers, proxies, CDNs, link shorteners, messaging apps and \
            analytics cut or refuse long URLs, and about 2,000 characters is the length known to work everywhere. \
            Past it a link fails in some places and not others. The length is measured on the template and on every \
            example as sent (a character outside ASCII counts as its percent-encoded `%XX` bytes), and the finding \
            points at the first character over the limit, set by the `max_length` option.
            """,
        source: .coordinatorPlayground,
        options: [
            RuleOptionDescription(name: "max_length", summary: "the longest link allowed, in characters", defaultValue: "2000")
        ],
        triggeringExamples: [
            .link("her://feed/communities/{id:int}?origin=h↓ome", options: "{ max_length: 40 }"),
            .catalogue(
                """
                version: 1
                schemes: [app]
                links:
                  - url: app://deeplink?payload={payload:base64json}
                    examples: [app://deeplink?payload=eyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZ↓W5CIjp7ImlkIjoxfX19fX0=]
                """,
                options: "{ max_length: 64 }"),
            .link("her://search/↓é", options: "{ max_length: 13 }"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/{id:int}?origin=home"),
            .link("her://feed/communities/{id:int}?origin=home", options: "{ max_length: 43 }"),
            .catalogue(
                """
                version: 1
                schemes: [app]
                links:
                  - url: app://deeplink?payload={payload:base64json}
                    examples: [app://deeplink?payload=eyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZW5CIjp7ImlkIjoxfX19fX0=]
                """),
        ])

    static let defaultMaximumLength = 2000

    let maximumLength: Int

    init() { maximumLength = Self.defaultMaximumLength }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["max_length"], rule: Self.description.id)
        maximumLength = try options?.integer("max_length") ?? Self.defaultMaximumLength
    }

    /// The length of a URL as sent (bytes outside ASCII count three, as `%XX`) and, when it is over the limit,
    /// the UTF-8 offset of the first character past it.
    func measure(_ text: String) -> (length: Int, overflowStart: Int?) {
        // ASCII, as links almost always are: one character per byte, so the byte past the limit starts the overflow.
        if !text.utf8.containsByte(where: { $0 >= 0x80 }) {
            let length = text.utf8.count
            return (length, length > maximumLength ? maximumLength : nil)
        }
        var length = 0
        var offset = 0
        var overflowStart: Int?
        var characterStart = 0
        for byte in text.utf8 {
            // A UTF-8 continuation byte belongs to the character that started before it.
            if byte & 0xC0 != 0x80 { characterStart = offset }
            length += byte < 0x80 ? 1 : 3
            if overflowStart == nil, length > maximumLength { overflowStart = characterStart }
            offset += 1
        }
        return (length, overflowStart)
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let url = link.url.value
        if url.utf8.count * 3 > maximumLength {
            let (length, overflow) = measure(url)
            if let overflow {
                found.append(
                    context.diagnostic(
                        Self.self, .linkTooLong(length, limit: maximumLength), link: link,
                        span: overflow..<url.utf8.count))
            }
        }
        for example in link.examples where example.value.utf8.count * 3 > maximumLength {
            let (length, overflow) = measure(example.value)
            guard let overflow else { continue }
            let range = example.sourceRange(ofValue: overflow..<example.value.utf8.count, in: link.file)
            found.append(
                context.diagnostic(
                    Self.self, .exampleTooLong(length, limit: maximumLength), at: link.file.location(ofBytes: range),
                    link: link))
        }
    }
}

extension Message {
    static func linkTooLong(_ length: Int, limit: Int) -> Message {
        "the link is \(length) characters long, over the limit of \(limit): some browsers, servers and apps cut or refuse it"
    }
    static func exampleTooLong(_ length: Int, limit: Int) -> Message {
        "this example is \(length) characters long, over the limit of \(limit): some browsers, servers and apps cut or refuse it"
    }
}
