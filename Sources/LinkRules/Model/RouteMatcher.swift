/// Matches concrete links (`her://feed/communities/9`) against route templates (`her://feed/communities/{id:int}`),
/// the way a path-matching handler does (NoMoreDeepLinkHandler): case-insensitively (the HER app's deep-link guide, rule 7), component by component,
/// a placeholder accepting any value of its type. Used by `example-mismatch`, `explain` and dispatch rules.
struct RouteMatcher: Sendable {
    /// The values a match captured, by placeholder name.
    struct Match: Sendable, Hashable {
        var captures: [String: String]
    }

    init() {}

    /// Whether `value` is acceptable for a placeholder of `type` (untyped placeholders accept any non-empty value).
    static func accepts(_ value: String, type: PlaceholderType?) -> Bool {
        // Read through the string's bytes in place: stepping through its UTF-8 view costs several times as much.
        value.withUTF8InPlace { accepts(bytes: $0, type: type) }
    }

    /// Whether the UTF-8 bytes of a value are acceptable for a placeholder of `type` (see `accepts(_:type:)`).
    static func accepts<Bytes: Collection<UInt8>>(bytes value: Bytes, type: PlaceholderType?) -> Bool {
        guard let first = value.first else { return false }
        switch type {
        case nil, .string: return true
        case .int:
            let digits = first == UInt8(ascii: "-") ? value.dropFirst() : value[...]
            return !digits.isEmpty && digits.allSatisfy(isDigit)
        case .uuid:
            guard value.count == 36 else { return false }
            for (index, byte) in value.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    if byte != UInt8(ascii: "-") { return false }
                } else if !isHex(byte) {
                    return false
                }
            }
            return true
        case .slug:
            return value.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        case .base64json:
            return value.allSatisfy {
                isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "%")
            }
        }
    }

    /// Matches a concrete link, parsed with the same parser, against a template: the one definition of matching
    /// (`firstMismatch(_:against:)` says where it fails). The path must match component for component; query items
    /// the template names with a placeholder or a fixed value must be present and acceptable, and so must the
    /// names of `requiredParams` (a link's `required_params:`); extra query items in the link are allowed.
    func match(_ link: LinkTemplate, against template: LinkTemplate, requiring requiredParams: [String] = []) -> Match? {
        guard firstMismatch(link, against: template) == nil,
            requiredParams.allSatisfy({ name in link.query.contains { equalsLowercased($0.name, name) } })
        else { return nil }
        var captures: [String: String] = [:]
        if let pattern = Self.hostPattern(of: template), let host = link.hostSpan {
            for capture in pattern.match(link.substring(host)) ?? [] { captures[capture.name] = capture.value }
        }
        if template.isOpaque {
            for capture in Self.opaqueCaptures(link, against: template) { captures[capture.name] = capture.value }
        }
        for (index, (value, pattern)) in zip(link.components, template.components).enumerated() {
            guard let placeholder = pattern.placeholder else { continue }
            if placeholder.spansSegments, index == template.components.count - 1 {
                // The rest of the path, as written.
                let start = value.span.lowerBound + Int(pattern.prefixLength)
                let end = link.components.last?.span.upperBound ?? start
                captures[placeholder.name] = String(link.substring(start..<max(start, end)))
            } else if placeholder.isInsideText {
                for capture in ValuePattern(Substring(pattern.text)).match(Substring(value.text)) ?? [] {
                    captures[capture.name] = capture.value
                }
            } else {
                captures[placeholder.name] = String(value.text.dropFirst(pattern.prefix.count))
            }
        }
        for item in template.query {
            guard let placeholder = item.placeholder,
                let given = link.query.first(where: { equalsLowercased($0.name, item.name) })
            else { continue }
            if placeholder.isInsideText, let value = given.value {
                for capture in ValuePattern(Substring(item.value ?? "")).match(Substring(value)) ?? [] {
                    captures[capture.name] = capture.value
                }
            } else {
                captures[placeholder.name] = given.value
            }
        }
        if let expected = template.fragmentSpan, let given = link.fragmentSpan {
            for capture in ValuePattern(template.substring(expected)).match(link.substring(given)) ?? [] {
                captures[capture.name] = capture.value
            }
        }
        return Match(captures: captures)
    }
}
