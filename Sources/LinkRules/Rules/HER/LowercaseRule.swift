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
            way hides which links are the same. Placeholders and query values keep their case.
            """,
        source: .her,
        fix: .safe,
        triggeringExamples: [
            .link("her://↓Feed/Communities", fixed: "her://feed/communities"),
            .link("↓HER://feed", fixed: "her://feed"),
            .link("her://location?↓Origin=Home", fixed: "her://location?origin=Home"),
        ],
        nonTriggeringExamples: [
            // A handle written out keeps its case (Mastodon's profile links, https://mastodon.social/@Gargron).
            .link("her://profile/@Gargron"),
            .link("her://feed/communities"),
            .link("her://feed/communities/{communityID:int}"),
            .link("her://location?origin=Home"),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        guard template.text.utf8.contains(where: Self.isASCIICapital) else { return }
        func hasCapital(_ span: Range<Int>) -> Bool { template.utf8Slice(span).contains(where: Self.isASCIICapital) }
        var spans: [Range<Int>] = []
        if let span = template.schemeSpan, hasCapital(span) { spans.append(span) }
        if let span = template.hostSpan, hasCapital(span) { spans.append(span) }
        for component in template.components {
            switch component.kind {
            case .literal, .integer:
                if component.text.utf8.contains(where: Self.isASCIICapital) { spans.append(component.span) }
            case .value:
                // A handle, email address or domain written out keeps its case (`@Gargron`).
                break
            case .placeholder(let placeholder):
                let prefix = component.span.lowerBound..<placeholder.span.lowerBound
                if hasCapital(prefix) { spans.append(prefix) }
            }
        }
        for item in template.query where hasCapital(item.nameSpan) { spans.append(item.nameSpan) }
        guard let first = spans.first else { return }
        let edits = spans.map { span in
            context.urlEdit(link, replacing: span, with: String(template.substring(span)).lowercasedASCIIIfNeeded)
        }
        let fix = FixIt(message: .lowercaseLink, edits: edits, applicability: .safe)
        found.append(
            context.diagnostic(Self.self, .notLowercase(String(template.substring(first))), link: link, span: first, fixes: [fix]))
    }

    /// Whether a byte is an ASCII capital letter.
    static func isASCIICapital(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}

extension Message {
    static func notLowercase(_ text: String) -> Message {
        "'\(text)' has capitals: links are case-insensitive and are written in lowercase"
    }
    static let lowercaseLink: Message = "write the link in lowercase"
}
