/// One placeholder syntax per catalogue, the canonical `{name}` / `{name:type}`: `:name`, `<type:name>` and
/// `%NAME%` are rewritten, and a type that is not one of the known types is reported.
struct PlaceholderStyleRule: CatalogueRule {
    static let description = RuleDescription(
        id: "placeholder-style",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "placeholders are written '{name}' or '{name:type}' with a known type",
        rationale: """
            NoMoreDeepLinkHandler writes its path templates as "/transaction/{transaction_id}"; EXFE's URL scheme \
            writes ids as "!%CROSS_ID%", and route documents elsewhere use `:name` and `<type:name>`. A \
            catalogue that mixes syntaxes hides which links are the same and which parts are variables, so linkrules \
            reads them all and asks for one: `{name}`, or `{name:type}` with a type of `int`, `string`, `uuid`, \
            `slug` or `base64json`; the rest of a path, one or more components, is `{name*}` as the last component \
            (RFC 6570's `{/name*}` is read and rewritten to `/{name*}`). The rewrite is safe: placeholder names and syntax are not part of the public \
            URL (a `%NAME%` name is lowercased, `{cross_id}`). An unknown type (`{id:number}`) would match like an \
            untyped placeholder; the known types are listed, with an unsafe fix when one is clearly meant.
            """,
        source: .noMoreDeepLinkHandler,
        fix: .safe,
        triggeringExamples: [
            .link("her://feed/communities/↓:id", fixed: "her://feed/communities/{id}"),
            .link("her://feed/communities/↓<int:id>", fixed: "her://feed/communities/{id:int}"),
            .link("her://feed/communities/↓<id>", fixed: "her://feed/communities/{id}"),
            .link("exfe:///!↓%CROSS_ID%/conversation", fixed: "exfe:///!{cross_id}/conversation"),
            .link("her://location?origin=↓:origin", fixed: "her://location?origin={origin}"),
            .link("her://feed/communities/{id:↓number}", fixed: "her://feed/communities/{id:int}"),
            .link("her://feed/events/{day:↓date}"),
            .link("her://feed/communities/{id:↓integer}", fixed: "her://feed/communities/{id:int}"),
            // RFC 6570's path expansion: the rest of the path is written `/{name*}`.
            .link("her://help↓{/path*}", fixed: "her://help/{path*}"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/{id:int}"),
            .link("her://feed/communities/{id}"),
            .link("her://feed/posts/{post_id:uuid}?origin={origin:slug}"),
            .link("her://feed/%20"),
            // The rest of the path, one or more components (Obsidian's shorthand `obsidian://vault/{vault}/{path*}`).
            .link("her://help/{path*}"),
        ])

    /// Type names that clearly mean a known type.
    static let typeSynonyms: [String: PlaceholderType] = [
        "integer": .int, "number": .int, "num": .int, "long": .int, "str": .string, "text": .string, "guid": .uuid,
        "base64": .base64json, "json": .base64json,
    ]

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        findings(in: catalogue.links, in: context.built(on: catalogue))
    }

    /// The findings on the placeholders of `links`, the catalogue's links in order, written another way than
    /// `{name}` or `{name:type}` or with an unknown type; those restyled point at the catalogue's first placeholder
    /// written the canonical way, when it has one.
    /// A link is read only when its flags (`LinkFacts`) say it has a placeholder of the kind looked for.
    func findings(in links: [Link], in context: LintContext) -> [Diagnostic] {
        var findings = Findings()
        for position in links.indices {
            let flags = context.flags(at: position)
            let looksForCanonical = !findings.hasCanonicalNote && flags.contains(.hasCanonicalPlaceholder)
            guard looksForCanonical || flags.contains(.hasNonCanonicalPlaceholder) else { continue }
            let link = links[position]
            if looksForCanonical, let span = Self.canonicalExample(in: link) {
                findings.canonicalNote = Note(message: .canonicalPlaceholderHere, location: link.location(ofURL: span))
            }
            guard flags.contains(.hasNonCanonicalPlaceholder) else { continue }
            for placeholder in link.template.placeholders { check(placeholder, of: link, in: context, into: &findings) }
        }
        if let note = findings.canonicalNote {
            // One array of notes that every restyled finding shares (they have no other notes).
            let notes = [note]
            for index in findings.restyled {
                if findings.diagnostics[index].notes.isEmpty {
                    findings.diagnostics[index].notes = notes
                } else {
                    findings.diagnostics[index].notes.append(note)
                }
            }
        }
        return findings.diagnostics
    }

    /// The span of the first placeholder of a link written `{name}` or `{name:type}` with a known type, path before
    /// query.
    private static func canonicalExample(in link: Link) -> Range<Int>? {
        link.template.placeholders.first { $0.style == .braces && $0.unknownType == nil }?.span
    }

    /// What the rule has found so far in one catalogue.
    private struct Findings {
        var diagnostics: [Diagnostic] = []
        /// Indices in `diagnostics` of the findings about a placeholder's syntax.
        var restyled: [Int] = []
        /// The note at the catalogue's first placeholder written `{name}` or `{name:type}` (with a known type),
        /// once seen.
        var canonicalNote: Note?
        /// Whether `canonicalNote` is set: asked for every link, without copying the note out to compare it.
        var hasCanonicalNote: Bool {
            if case .none = canonicalNote { return false }
            return true
        }
    }

    private func check(_ placeholder: Placeholder, of link: Link, in context: LintContext, into findings: inout Findings) {
        if placeholder.style != .braces {
            var rewritten = placeholder
            if placeholder.style == .percent { rewritten.name = placeholder.name.lowercasedASCIIIfNeeded }
            var replacement = rewritten.canonical
            if placeholder.style == .pathExpansion, placeholder.span.lowerBound > 0,
                Array(link.template.text.utf8)[placeholder.span.lowerBound - 1] != UInt8(ascii: "/")
            {
                // RFC 6570's `{/path*}` expands with its leading '/'.
                replacement = "/" + replacement
            }
            let fix = context.urlFix(
                .rewritePlaceholder(replacement), link, replacing: placeholder.span, with: replacement, applicability: .safe)
            findings.restyled.append(findings.diagnostics.count)
            findings.diagnostics.append(
                context.diagnostic(
                    Self.self, .placeholderStyle(text(of: placeholder, in: link), style: placeholder.style, use: replacement),
                    link: link, span: placeholder.span, fixes: [fix]))
        }
        if let unknown = placeholder.unknownType, let span = typeSpan(of: placeholder, in: link) {
            let known = PlaceholderType.allCases.map(\.rawValue)
            var fixes: [FixIt] = []
            let meant = Self.typeSynonyms[unknown.lowercasedASCIIIfNeeded]
                ?? Suggestion.closest(to: unknown, in: known).flatMap(PlaceholderType.init(rawValue:))
            if let meant {
                fixes.append(
                    context.urlFix(.useType(meant.rawValue), link, replacing: span, with: meant.rawValue, applicability: .unsafe))
            }
            findings.diagnostics.append(
                context.diagnostic(
                    Self.self, .unknownPlaceholderType(unknown, known: known, meant: meant?.rawValue), link: link, span: span,
                    fixes: fixes))
        }
    }

    private func text(of placeholder: Placeholder, in link: Link) -> String {
        String(decoding: link.template.text.utf8.dropFirst(placeholder.span.lowerBound).prefix(placeholder.span.count), as: UTF8.self)
    }

    /// The range of a placeholder's written type: after the colon in `{name:type}`, before it in `<type:name>`.
    private func typeSpan(of placeholder: Placeholder, in link: Link) -> Range<Int>? {
        let bytes = Array(link.template.text.utf8[...])
        let inner = (placeholder.span.lowerBound + 1)..<(placeholder.span.upperBound - 1)
        guard let colon = inner.first(where: { bytes[$0] == UInt8(ascii: ":") }) else { return nil }
        return placeholder.style == .angle ? inner.lowerBound..<colon : (colon + 1)..<inner.upperBound
    }
}

extension Message {
    static func placeholderStyle(_ written: String, style: PlaceholderStyle, use replacement: String) -> Message {
        "placeholder '\(written)' is written in the '\(style.example)' style: write '\(replacement)', one placeholder syntax per catalogue"
    }
    static func rewritePlaceholder(_ replacement: String) -> Message { "write '\(replacement)'" }
    static func unknownPlaceholderType(_ type: String, known: [String], meant: String?) -> Message {
        guard let meant else {
            return "unknown placeholder type '\(type)': the known types are \(quoting: known, lastSeparator: ", ")"
        }
        return """
            unknown placeholder type '\(type)': the known types are \(quoting: known, lastSeparator: ", "): \
            did you mean '\(meant)'?
            """
    }
    static func useType(_ type: String) -> Message { "use the type '\(type)'" }
    static let canonicalPlaceholderHere: Message = "placeholders are written '{name}' as here"
}
