/// Path components are single words without hyphens, underscores or dots: `my_profile` → `myprofile`.
public struct NoSeparatorsRule: LinkRule {
    public static let description = RuleDescription(
        id: "no-separators",
        scope: .link,
        defaultSeverity: .warning,
        summary: "a path component contains a hyphen, underscore or dot",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 2: "Never use hyphens/underscores/etc in path compenents." \
            Its own bad example is `her://my_profile/verification`, next to the tab `myprofile`. Separators make \
            several spellings of one component possible and collide with the case-insensitive, one-word vocabulary \
            the handler matches against.
            """,
        source: .her,
        fix: .unsafe,
        triggeringExamples: [
            .link("her://↓my_profile/verification", fixed: "her://myprofile/verification"),
            .link("her://feed/↓top-communities", fixed: "her://feed/topcommunities"),
            .link("her://↓help.center", fixed: "her://helpcenter"),
        ],
        nonTriggeringExamples: [
            .link("her://myprofile/verification"),
            .link("her://feed/communities/{community_id}"),
            .link("her://location?origin_id=home"),
        ])

    public init() {}

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// Whether any of the bytes is a separator, read eight at a time (a word-wide test for a zero byte after
    /// each separator is XORed in), then one at a time for the last few.
    static func containsSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "-")))) || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "_"))))
                || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "."))))
            {
                return true
            }
            offset += 8
        }
        while offset < bytes.count {
            if isSeparator(bytes[offset]) { return true }
            offset += 1
        }
        return false
    }

    public func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        // One pass over the template's bytes, read in place, settles the links with no separator in their path.
        let path = link.template.components.withUnsafeBufferPointer { components in
            components.isEmpty ? nil : components[0].span.lowerBound..<components[components.count - 1].span.upperBound
        }
        guard let path,
            link.template.text.utf8.withContiguousStorageIfAvailable({ Self.containsSeparator(UnsafeBufferPointer(rebasing: $0[path])) })
                ?? true
        else { return }
        for component in link.template.components {
            guard case .literal = component.kind, component.text.utf8.contains(where: Self.isSeparator) else { continue }
            let joined = String(decoding: component.text.utf8.filter { !Self.isSeparator($0) }, as: UTF8.self)
            guard !joined.isEmpty else { continue }
            var notes: [Note] = []
            if let declared = context.catalogue.component(named: joined.lowercasedASCIIIfNeeded) {
                notes.append(context.declarationNote(declared, .declaredWithoutSeparators(joined)))
            }
            let fix = ComponentRename.fix(.removeSeparators(joined), link: link, component: component, to: joined, in: context)
            found.append(
                context.diagnostic(
                    Self.self, .separatorInComponent(component.text, joined: joined), link: link, span: component.span,
                    notes: notes, fixes: [fix]))
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
