/// Why a concrete link does not match a route template, and where: the first part of the link that the template
/// refuses. `RouteMatcher.firstMismatch` finds it by the same rules as `RouteMatcher.match`, so that it is nil
/// exactly when `match` succeeds (used by `example-mismatch` and `explain`).
struct RouteMismatch: Sendable, Hashable {
    /// What differs.
    enum Reason: Sendable, Hashable {
        /// The link's scheme is not the template's.
        case scheme(expected: String)
        /// The link's host is not the template's (`""` when the template has none).
        case host(expected: String)
        /// A literal component differs from the template's.
        case literal(expected: String)
        /// A value is not acceptable for the template's placeholder (wrong type, or its literal prefix is missing).
        case value(expected: String)
        /// The link ends before the template's component.
        case missingComponent(expected: String)
        /// The link has a component past the end of the template.
        case extraComponent
        /// The link lacks a query item the template requires.
        case missingQueryItem(name: String)
        /// A query item's value is not the template's fixed value or not acceptable for its placeholder.
        case queryValue(name: String, expected: String)
        /// The template spells a fragment and the link has none.
        case missingFragment(expected: String)
        /// The link's fragment does not fit the template's.
        case fragment(expected: String)
    }

    var reason: Reason
    /// The UTF-8 range of the concrete link's text that goes wrong (empty where something is missing).
    var span: Range<Int>
    /// The UTF-8 range of the template's text that refuses it, when there is one.
    var templateSpan: Range<Int>?
}

extension RouteMatcher {
    /// Whether the link's host is the template's, ignoring case; a template host with placeholders
    /// (Wikipedia's `{lang}.wikipedia.org`) is a pattern whose placeholders take the link's text.
    static func hostsMatch(_ link: LinkTemplate, _ template: LinkTemplate) -> Bool {
        if spansEqualLowercased(link, link.hostSpan ?? 0..<0, template, template.hostSpan ?? 0..<0) { return true }
        guard let span = link.hostSpan, let pattern = hostPattern(of: template) else { return false }
        return pattern.match(link.substring(span)) != nil
    }

    /// Whether a range of one template's text equals a range of another's once lowercased (`equalsLowercased`),
    /// both read in place.
    static func spansEqualLowercased(_ a: LinkTemplate, _ aSpan: Range<Int>, _ b: LinkTemplate, _ bSpan: Range<Int>) -> Bool {
        // The texts are passed on alone: a closure that captured a whole template would copy it.
        spansEqualLowercased(a.text, aSpan, b.text, bSpan)
    }

    private static func spansEqualLowercased(_ a: String, _ aSpan: Range<Int>, _ b: String, _ bSpan: Range<Int>) -> Bool {
        a.withUTF8InPlace { aBytes in
            b.withUTF8InPlace { bBytes in
                equalsLowercased(
                    bytes: UnsafeBufferPointer(rebasing: aBytes[aSpan]), UnsafeBufferPointer(rebasing: bBytes[bSpan]))
            }
        }
    }

    /// The template's host as a pattern, when it has placeholders (`{lang}.wikipedia.org`).
    static func hostPattern(of template: LinkTemplate) -> ValuePattern? {
        guard let span = template.hostSpan, template.utf8Slice(span).contains(UInt8(ascii: "{")) else { return nil }
        return ValuePattern(template.substring(span))
    }

    /// The first reason `link` does not match `template`, or nil when it matches (`match` returns a match).
    func firstMismatch(_ link: LinkTemplate, against template: LinkTemplate) -> RouteMismatch? {
        let linkEnd = link.text.utf8.count
        // Parts are compared lowercased, without lowercased copies (`equalsLowercased`).
        if let schemeSpan = template.schemeSpan, !Self.spansEqualLowercased(link, link.schemeSpan ?? 0..<0, template, schemeSpan) {
            return RouteMismatch(
                reason: .scheme(expected: String(template.substring(schemeSpan))), span: link.schemeSpan ?? 0..<0,
                templateSpan: template.schemeSpan)
        }
        if !Self.hostsMatch(link, template) {
            let span = link.hostSpan ?? link.components.first?.span ?? (link.schemeSpan.map { $0.upperBound..<$0.upperBound } ?? 0..<0)
            return RouteMismatch(reason: .host(expected: template.host ?? ""), span: span, templateSpan: template.hostSpan)
        }
        if link.isOpaque || template.isOpaque, let mismatch = opaqueMismatch(link, against: template) {
            return mismatch
        }
        // A last `{path*}` takes every remaining component of the link.
        let spansRest = template.components.last?.placeholder?.spansSegments == true
        // The components are read in place; a literal is compared through the templates' bytes.
        let (values, patterns) = (link.components, template.components)
        for index in values.indices {
            guard index < patterns.count || spansRest else { break }
            let patternIndex = min(index, patterns.count - 1)
            if !patterns[patternIndex].isPlaceholder {
                if !Self.spansEqualLowercased(link, values[index].span, template, patterns[patternIndex].span) {
                    let pattern = patterns[patternIndex]
                    return RouteMismatch(reason: .literal(expected: pattern.text), span: values[index].span, templateSpan: pattern.span)
                }
                continue
            }
            let (value, pattern) = (values[index], patterns[patternIndex])
            guard case .placeholder(let placeholder) = pattern.kind else { continue }
            let text = value.text
            // Placeholders among literal text are matched as a pattern; without a literal prefix the whole
            // component is the value.
            let fits = placeholder.isInsideText
                ? ValuePattern(Substring(pattern.text)).match(Substring(text)) != nil
                : pattern.prefixLength == 0
                ? Self.accepts(text, type: placeholder.type)
                : text.lowercasedASCIIIfNeeded.hasPrefix(pattern.prefix.lowercasedASCIIIfNeeded)
                    && Self.accepts(String(text.dropFirst(pattern.prefix.count)), type: placeholder.type)
            if !fits {
                return RouteMismatch(reason: .value(expected: pattern.text), span: value.span, templateSpan: pattern.span)
            }
        }
        if link.components.count < template.components.count {
            let missing = template.components[link.components.count]
            let end = link.components.last?.span.upperBound ?? link.hostSpan?.upperBound ?? firstQueryOrEnd(link)
            return RouteMismatch(reason: .missingComponent(expected: missing.text), span: end..<end, templateSpan: missing.span)
        }
        if link.components.count > template.components.count, !spansRest {
            let extra = link.components[template.components.count]
            return RouteMismatch(reason: .extraComponent, span: extra.span, templateSpan: nil)
        }
        for item in template.query {
            guard let given = link.query.first(where: { equalsLowercased($0.name, item.name) }) else {
                // `file={file?}` may be left out.
                if item.placeholder.map({ !$0.isOptional }) ?? (item.value != nil) {
                    let end = link.fragmentSpan.map { $0.lowerBound - 1 } ?? linkEnd
                    return RouteMismatch(reason: .missingQueryItem(name: item.name), span: end..<end, templateSpan: item.span)
                }
                continue
            }
            let fits: Bool
            if let placeholder = item.placeholder {
                fits = given.value.map { given in
                    placeholder.isInsideText
                        ? ValuePattern(Substring(item.value ?? "")).match(Substring(given)) != nil
                        : Self.accepts(given, type: placeholder.type)
                } ?? false
            } else if let expected = item.value {
                fits = given.value.map { equalsLowercased($0, expected) } ?? false
            } else {
                fits = true
            }
            if !fits {
                return RouteMismatch(
                    reason: .queryValue(name: item.name, expected: item.value ?? ""), span: given.valueSpan ?? given.nameSpan,
                    templateSpan: item.valueSpan ?? item.nameSpan)
            }
        }
        return fragmentMismatch(link, against: template)
    }

    /// Where a link's fragment differs from the one its template spells (`#post/{id}`, `#url={url}`); a template
    /// without a fragment accepts any.
    private func fragmentMismatch(_ link: LinkTemplate, against template: LinkTemplate) -> RouteMismatch? {
        guard let expected = template.fragmentSpan else { return nil }
        let pattern = String(template.substring(expected))
        guard let given = link.fragmentSpan else {
            let end = link.text.utf8.count
            return RouteMismatch(reason: .missingFragment(expected: pattern), span: end..<end, templateSpan: expected)
        }
        guard ValuePattern(Substring(pattern)).match(link.substring(given)) != nil else {
            return RouteMismatch(reason: .fragment(expected: pattern), span: given, templateSpan: expected)
        }
        return nil
    }

    /// Where an opaque URI (`spotify:track:{id}`, `mailto:{address}`) differs from an opaque template: the text
    /// after the scheme, up to the query, is compared segment by segment between `:`s, a literal segment
    /// case-insensitively and a segment with a `{placeholder}` by its literal text around the placeholder and a
    /// value of its type. A URI with `//` never matches an opaque template, nor the other way round.
    private func opaqueMismatch(_ link: LinkTemplate, against template: LinkTemplate) -> RouteMismatch? {
        let linkPart = Self.opaquePart(of: link)
        let templatePart = Self.opaquePart(of: template)
        let mismatch = RouteMismatch(
            reason: .literal(expected: String(template.substring(templatePart))), span: linkPart, templateSpan: templatePart)
        guard link.isOpaque && template.isOpaque else { return mismatch }
        let values = Self.opaqueSegments(of: link.substring(linkPart))
        let patterns = Self.opaqueSegments(of: template.substring(templatePart))
        guard values.count == patterns.count else { return mismatch }
        for (value, pattern) in zip(values, patterns) where !Self.opaqueSegment(value, fits: pattern) { return mismatch }
        return nil
    }

    /// The UTF-8 range of an opaque URI's text after `scheme:`, up to its query or fragment.
    private static func opaquePart(of template: LinkTemplate) -> Range<Int> {
        let start = template.schemeSpan.map { $0.upperBound + 1 } ?? 0
        let end = template.query.first.map { $0.nameSpan.lowerBound - 1 } ?? template.fragmentSpan.map { $0.lowerBound - 1 }
            ?? template.text.utf8.count
        return start..<max(start, end)
    }

    /// The `:`-separated segments of an opaque URI's text; a `:` inside braces (a `{name:type}` placeholder)
    /// separates nothing, so a text is split the same way as a link and as a template.
    private static func opaqueSegments(of text: Substring) -> [Substring] {
        var segments: [Substring] = []
        var start = text.startIndex
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "{": depth += 1
            case "}": depth = max(0, depth - 1)
            case ":" where depth == 0:
                segments.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        segments.append(text[start...])
        return segments
    }

    /// Whether one `:`-separated segment of an opaque URI fits the template's segment: equal ignoring case, or, for
    /// a segment holding `{name}` or `{name:type}`, the same text around it and a value of the type in its place.
    private static func opaqueSegment(_ value: Substring, fits pattern: Substring) -> Bool {
        value.lowercased() == pattern.lowercased() || ValuePattern(pattern).match(value) != nil
    }

    /// The values an opaque link's segments give the placeholders of an opaque template's (`spotify:track:{id}`),
    /// when the two match.
    static func opaqueCaptures(_ link: LinkTemplate, against template: LinkTemplate) -> [(name: String, value: String)] {
        let values = opaqueSegments(of: link.substring(opaquePart(of: link)))
        let patterns = opaqueSegments(of: template.substring(opaquePart(of: template)))
        guard values.count == patterns.count else { return [] }
        return zip(values, patterns).flatMap { value, pattern in ValuePattern(pattern).match(value) ?? [] }
    }

    /// Where a link's path ends: its `?` or `#`, or the end of its text.
    private func firstQueryOrEnd(_ link: LinkTemplate) -> Int {
        if let first = link.query.first { return first.nameSpan.lowerBound - 1 }
        if let fragment = link.fragmentSpan { return fragment.lowerBound - 1 }
        return link.text.utf8.count
    }
}
