/// Matches concrete links (`her://feed/communities/9`) against route templates (`her://feed/communities/{id:int}`),
/// the way a path-matching handler does (NoMoreDeepLinkHandler): case-insensitively (the HER app's deep-link guide, rule 7), component by component,
/// a placeholder accepting any value of its type. Used by `example-mismatch`, `explain` and dispatch rules.
public struct RouteMatcher: Sendable {
    /// The values a match captured, by placeholder name.
    public struct Match: Sendable, Hashable {
        public var captures: [String: String]
    }

    public init() {}

    /// Whether `value` is acceptable for a placeholder of `type` (untyped placeholders accept any non-empty value).
    public static func accepts(_ value: String, type: PlaceholderType?) -> Bool {
        accepts(bytes: value.utf8, type: type)
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

    /// Matches a concrete link, parsed with the same parser, against a template. The path must match component
    /// for component; query items the template names with a placeholder or a fixed value must be present and
    /// acceptable; extra query items in the link are allowed.
    public func match(_ link: LinkTemplate, against template: LinkTemplate) -> Match? {
        if (link.scheme?.lowercasedASCIIIfNeeded ?? "") != (template.scheme?.lowercasedASCIIIfNeeded ?? ""), template.scheme != nil {
            return nil
        }
        if (link.host?.lowercasedASCIIIfNeeded ?? "") != (template.host?.lowercasedASCIIIfNeeded ?? "") { return nil }
        guard link.components.count == template.components.count else { return nil }
        var captures: [String: String] = [:]
        for (value, pattern) in zip(link.components, template.components) {
            switch pattern.kind {
            case .literal, .integer:
                if value.text.lowercasedASCIIIfNeeded != pattern.text.lowercasedASCIIIfNeeded { return nil }
            case .placeholder(let placeholder):
                let text = value.text
                guard text.lowercasedASCIIIfNeeded.hasPrefix(pattern.prefix.lowercasedASCIIIfNeeded) else { return nil }
                let captured = String(text.dropFirst(pattern.prefix.count))
                guard Self.accepts(captured, type: placeholder.type) else { return nil }
                captures[placeholder.name] = captured
            }
        }
        for item in template.query {
            guard let given = link.query.first(where: { $0.name.lowercasedASCIIIfNeeded == item.name.lowercasedASCIIIfNeeded }) else {
                if item.placeholder != nil || item.value != nil { return nil }
                continue
            }
            if let placeholder = item.placeholder {
                guard let value = given.value, Self.accepts(value, type: placeholder.type) else { return nil }
                captures[placeholder.name] = value
            } else if let expected = item.value, given.value?.lowercasedASCIIIfNeeded != expected.lowercasedASCIIIfNeeded {
                return nil
            }
        }
        return Match(captures: captures)
    }
}
