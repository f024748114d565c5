/// Links are case-insensitive, so they are written in lowercase: `her://Feed/Communities` → `her://feed/communities`.
public struct LowercaseRule: LinkRule {
    public static let description = RuleDescription(
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
            .link("her://feed/communities"),
            .link("her://feed/communities/{communityID:int}"),
            .link("her://location?origin=Home"),
        ])

    public init() {}

    public func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // Most links have no capital anywhere: one pass over the bytes, read in place, settles them.
        guard Self.hasCapital(link.template.text) else { return }
        let template = link.template
        let bytes = Array(template.text.utf8)
        func hasUppercase(_ span: Range<Int>) -> Bool { bytes[span].contains { $0 >= 0x41 && $0 <= 0x5A } }
        var spans: [Range<Int>] = []
        if let span = template.schemeSpan, hasUppercase(span) { spans.append(span) }
        if let span = template.hostSpan, hasUppercase(span) { spans.append(span) }
        for component in template.components {
            switch component.kind {
            case .literal, .integer:
                if hasUppercase(component.span) { spans.append(component.span) }
            case .placeholder(let placeholder):
                let prefix = component.span.lowerBound..<placeholder.span.lowerBound
                if hasUppercase(prefix) { spans.append(prefix) }
            }
        }
        for item in template.query where hasUppercase(item.nameSpan) { spans.append(item.nameSpan) }
        guard let first = spans.first else { return }
        let edits = spans.map { span in
            context.urlEdit(link, replacing: span, with: String(decoding: bytes[span], as: UTF8.self).lowercasedASCIIIfNeeded)
        }
        let lowered = String(decoding: bytes[first], as: UTF8.self)
        let fix = FixIt(message: .lowercaseLink, edits: edits, applicability: .safe)
        found.append(context.diagnostic(Self.self, .notLowercase(lowered), link: link, span: first, fixes: [fix]))
    }
}

extension LowercaseRule {
    /// Whether a text has an ASCII capital, its bytes read in place eight at a time.
    static func hasCapital(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // Per byte under 0x80: the high bit of `low + 0x3F` is set from `A` up, that of `low + 0x25` past `Z`.
                let low = word & 0x7F7F_7F7F_7F7F_7F7F
                let fromA = low &+ 0x3F3F_3F3F_3F3F_3F3F
                let pastZ = low &+ 0x2525_2525_2525_2525
                if fromA & ~pastZ & ~word & 0x8080_8080_8080_8080 != 0 { return true }
                offset += 8
            }
            while offset < bytes.count {
                if bytes[offset] >= 0x41 && bytes[offset] <= 0x5A { return true }
                offset += 1
            }
            return false
        }
        return found ?? text.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
    }
}

extension Message {
    static func notLowercase(_ text: String) -> Message {
        "'\(text)' has capitals: links are case-insensitive and are written in lowercase"
    }
    static let lowercaseLink: Message = "write the link in lowercase"
}
