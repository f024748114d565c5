extension RouteMatcher {
    /// Whether a concrete link certainly matches `template`, decided from its text without parsing it: true only
    /// when `firstMismatch(parser.parse(text), against: template)` is nil (for the parser `template` was read
    /// with); false when it does not match or when this shortcut cannot tell, and the full match must decide.
    ///
    /// It tells only for the plainest pair, as most examples are: a template of a scheme, an authority and path
    /// components, each a word, a number or a whole-component placeholder (no query, fragment, trailing slash,
    /// prefix, or placeholder inside text or over several components); a link in ASCII with no `?`, `#` or `{`,
    /// that writes the scheme and authority byte for byte as the template does (so the parser reads them the
    /// same way), then one non-empty component per template component, each equal to the template's word
    /// ignoring case or a value the placeholder's type accepts. `example-mismatch` asks it of every example.
    static func plainlyMatches(_ text: String, against template: LinkTemplate) -> Bool {
        guard !template.isOpaque, template.schemeSpan != nil, template.query.isEmpty, template.fragmentSpan == nil,
            !template.hasTrailingSlash, !template.components.isEmpty
        else { return false }
        let firstIsAuthority = template.hostSpan == nil
        // The components are read in place, not copied out with their texts.
        return template.components.withUnsafeBufferPointer { patterns in
            template.withTextBytes { templateBytes in
                text.withUTF8InPlace { link in
                    plainlyMatches(link, patterns, in: templateBytes, firstIsAuthority: firstIsAuthority)
                }
            }
        }
    }

    /// `plainlyMatches(_:against:)` on the link's bytes, the template's components and the template's bytes.
    /// `firstIsAuthority`: the template has no host, and its first component stands in the authority.
    private static func plainlyMatches(
        _ link: UnsafeBufferPointer<UInt8>, _ patterns: UnsafeBufferPointer<PathComponent>,
        in template: UnsafeBufferPointer<UInt8>, firstIsAuthority: Bool
    ) -> Bool {
        // A `?` or `#` ends the path, and a `{` changes which `/` separates components.
        for byte in link where byte >= 0x80 || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "{") {
            return false
        }
        // The scheme and the authority (the first component, when it stands there) written as the template has
        // them, up to where the template's first component to compare starts.
        let prefixEnd = firstIsAuthority ? patterns[0].span.upperBound : patterns[0].span.lowerBound
        guard link.count >= prefixEnd,
            UnsafeBufferPointer(rebasing: link[0..<prefixEnd]).elementsEqual(UnsafeBufferPointer(rebasing: template[0..<prefixEnd]))
        else { return false }
        var patternIndex = firstIsAuthority ? 1 : 0
        var start = prefixEnd
        if firstIsAuthority {
            // The authority is the template's only when the text ends there or a `/` follows.
            if start == link.count { return patternIndex == patterns.count }
            guard link[start] == UInt8(ascii: "/") else { return false }
            start += 1
        }
        while true {
            var end = start
            while end < link.count, link[end] != UInt8(ascii: "/") { end += 1 }
            // An empty component (`//`, a trailing `/`) or one past the template's last is left to the full match.
            guard end > start, patternIndex < patterns.count,
                fits(UnsafeBufferPointer(rebasing: link[start..<end]), patterns[patternIndex], in: template)
            else { return false }
            patternIndex += 1
            if end == link.count { break }
            start = end + 1
        }
        return patternIndex == patterns.count
    }

    /// Whether a component's bytes fit a plain template component, as `firstMismatch` compares them: a word or
    /// number equal once lowercased, a value of a whole-component placeholder's type; false for any other
    /// placeholder, which the full match decides.
    private static func fits(
        _ value: UnsafeBufferPointer<UInt8>, _ pattern: PathComponent, in template: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch pattern.kind {
        case .literal, .integer, .value:
            return equalsLowercased(bytes: value, UnsafeBufferPointer(rebasing: template[pattern.span]))
        case .placeholder(let placeholder):
            guard pattern.prefixLength == 0, !placeholder.isInsideText, !placeholder.spansSegments else { return false }
            return accepts(bytes: value, type: placeholder.type)
        }
    }
}
