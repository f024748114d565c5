/// A link, alias or example that is not a URI at all: a scheme that breaks the grammar, a raw space or another
/// character that must be percent-encoded, a `%` that does not start an escape. Every other rule reads such a link
/// as the app's URL parser never would.
struct URLInvalidRule: LinkRule {
    static let description = RuleDescription(
        id: "url-invalid",
        scope: .link,
        defaultSeverity: .error,
        summary: "a link, alias or example that RFC 3986's URI syntax does not allow",
        rationale: """
            RFC 3986, the URI syntax, section 3.1: a scheme "consists of a sequence of characters beginning with a \
            letter and followed by any combination of letters, digits, plus ("+"), period ("."), or hyphen ("-")", so \
            `my_app://` is not a scheme an app can register (iOS and Android refuse it). Section 2.1: a `%` starts \
            "a character triplet consisting of the percent character "%" followed by the two hexadecimal digits"; \
            section 2: a space, a double quote, `<`, `>`, `\\`, `^`, a backquote, `{`, `|`, `}` and control \
            characters are never written raw. Obsidian's URI documentation puts it for its users: "Ensure that your \
            values are properly URI encoded… space characters must be encoded as `%20`". A link written otherwise \
            is refused by `URL(string:)` and `Uri.parse`, or reaches the app cut at the first space. Placeholders \
            (`{name}`, `<type:name>`, `%NAME%`, `:name`) are not text of the link and are skipped; characters outside \
            ASCII are left alone, as IRIs (RFC 3987) that apps open.
            """,
        source: .rfc3986,
        triggeringExamples: [
            .link("my↓_app://open"),
            .link("obsidian://open?vault=my↓ vault"),
            .link("her://search?query=100↓%zz"),
            .link("her://feed?filter=a↓|b"),
            .catalogue(
                """
                version: 1
                schemes: [zoommtg]
                hosts: [zoom.us]
                links:
                  - url: zoommtg://zoom.us/join?confno={confno:int}
                    examples: ['zoommtg://zoom.us/join?confno=123456789&uname=Betty↓ Smith']
                    aliases: ['zoommtg://zoom.us/join?confno={confno:int}&pwd=↓%pwd']
                """),
        ],
        nonTriggeringExamples: [
            // Obsidian's URI documentation.
            .link("obsidian://open?vault=my%20vault&file=my%20note"),
            // Zoom's client URL schemes.
            .link("zoommtg://zoom.us/join?confno={confno:int}&pwd={pwd}"),
            // EXFE's URL scheme: a placeholder written %NAME%.
            .link("exfe://crosses/%CROSS_ID%"),
            .link("her://feed/communities/<int:id>"),
            // A Matrix permalink: the room in the fragment.
            .link("https://matrix.to/#/{room}"),
            .link("spotify:track:{id}"),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        if let finding = URLSyntax.firstProblem(in: link.url.value) {
            found.append(context.diagnostic(Self.self, Self.message(finding, role: .url), link: link, span: Self.span(finding, in: link.url.value)))
        }
        check(link.aliases, as: .alias, of: link, in: context, into: &found)
        check(link.examples, as: .example, of: link, in: context, into: &found)
    }

    /// Reports the first problem of each of a link's aliases or examples.
    private func check(_ values: [Scalar], as role: Role, of link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        for value in values {
            guard let finding = URLSyntax.firstProblem(in: value.value) else { continue }
            let range = value.sourceRange(ofValue: Self.span(finding, in: value.value), in: link.file)
            found.append(
                context.diagnostic(Self.self, Self.message(finding, role: role), at: link.file.location(ofBytes: range), link: link))
        }
    }

    /// Which value of the entry a problem is in, as messages name it.
    enum Role: String {
        case url = "link"
        case alias
        case example
    }

    /// The range a finding points at: the offending characters, or the whole value when it is empty.
    private static func span(_ finding: URLSyntax.Finding, in text: String) -> Range<Int> {
        finding.span.isEmpty ? 0..<text.utf8.count : finding.span
    }

    static func message(_ finding: URLSyntax.Finding, role: Role) -> Message {
        switch finding.problem {
        case .empty: .emptyURL(role.rawValue)
        case .noScheme: .urlWithoutScheme(role.rawValue)
        case .badScheme(let scheme): .badScheme(scheme, role: role.rawValue)
        case .mustBeEncoded(let character): .mustBeEncoded(character, role: role.rawValue)
        case .badPercentEscape(let written): .badPercentEscape(written, role: role.rawValue)
        }
    }
}

extension Message {
    static func emptyURL(_ role: String) -> Message { "the \(role) is empty: it is not a URL" }
    static func urlWithoutScheme(_ role: String) -> Message {
        "the \(role) has no scheme: a URL starts with one, as in 'her://feed'"
    }
    static func badScheme(_ scheme: String, role: String) -> Message {
        "the \(role)'s scheme '\(scheme)' is not a URI scheme: a scheme is a letter followed by letters, digits, '+', '-' or '.' (RFC 3986)"
    }
    static func mustBeEncoded(_ character: String, role: String) -> Message {
        let shown: String
        switch character {
        case " ": shown = "a space"
        case "\t": shown = "a tab"
        default:
            let byte = character.utf8.first ?? 0
            shown = byte < 0x20 || byte == 0x7F ? "a control character" : "'\(character)'"
        }
        let escape = character.utf8.first.map { "%" + hexDigits($0) } ?? ""
        return "the \(role) has \(shown), which a URL never carries raw: write '\(escape)' (RFC 3986)"
    }
    static func badPercentEscape(_ written: String, role: String) -> Message {
        "'\(written)' in the \(role) is not a percent escape: '%' is followed by two hex digits, and a '%' itself is written '%25' (RFC 3986)"
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
