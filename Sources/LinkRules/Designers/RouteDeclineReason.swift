extension RouteMatcher {
    /// Why a template does not match a concrete link, in words: `firstMismatch(_:against:)` told for people, then a
    /// missing `required_params:` name; nil when it matches. Only computed for the few entries an explanation shows,
    /// never on the lint hot path.
    func declineReason(_ link: LinkTemplate, against template: LinkTemplate, requiring requiredParams: [String] = []) -> Message? {
        guard let mismatch = firstMismatch(link, against: template) else {
            let missing = requiredParams.first { name in !link.query.contains { equalsLowercased($0.name, name) } }
            return missing.map { .missingQueryItem($0) }
        }
        // Values keep their case: only schemes and hosts are shown lowercased, as they compare.
        let found = String(decoding: link.utf8Slice(mismatch.span), as: UTF8.self)
        switch mismatch.reason {
        case .scheme(let expected):
            return .otherScheme(link.scheme?.lowercasedASCIIIfNeeded ?? "", entry: expected.lowercasedASCIIIfNeeded)
        case .host(let expected):
            return .otherHost(link.host?.lowercasedASCIIIfNeeded ?? "", entry: expected.lowercasedASCIIIfNeeded)
        case .missingComponent, .extraComponent:
            return .componentCount(link.components.count, entry: template.components.count)
        case .literal(let expected):
            let position = link.components.firstIndex { $0.span == mismatch.span } ?? 0
            return .otherComponent(position + 1, found, entry: expected.lowercasedASCIIIfNeeded)
        case .value:
            let position = link.components.firstIndex { $0.span == mismatch.span } ?? 0
            let pattern = template.components[position]
            guard let placeholder = pattern.placeholder else { return .declined }
            if placeholder.isInsideText { return .notOfPattern(position + 1, found, pattern: pattern.text) }
            guard found.lowercasedASCIIIfNeeded.hasPrefix(pattern.prefix.lowercasedASCIIIfNeeded) else {
                return .missingPrefix(position + 1, found, prefix: pattern.prefix)
            }
            return .notOfType(String(found.dropFirst(pattern.prefix.count)), placeholder: placeholder.canonical, type: placeholder.type)
        case .missingQueryItem(let name):
            return .missingQueryItem(name)
        case .queryValue(let name, let expected):
            let given = link.query.first { equalsLowercased($0.name, name) }?.value ?? ""
            if let placeholder = template.query.first(where: { equalsLowercased($0.name, name) })?.placeholder {
                return .notOfType(given, placeholder: placeholder.canonical, type: placeholder.type)
            }
            return .otherQueryValue(name, given, entry: expected)
        case .missingFragment(let expected):
            return .missingFragment(expected)
        case .fragment(let expected):
            return .otherFragment(found, entry: expected)
        }
    }
}

extension Message {
    static func otherScheme(_ scheme: String, entry: String) -> Message {
        "the link's scheme is '\(scheme)', the entry's '\(entry)'"
    }
    static func otherHost(_ host: String, entry: String) -> Message {
        "the link's host is '\(host)', the entry's '\(entry)'"
    }
    static func componentCount(_ count: Int, entry: Int) -> Message {
        "the link has \(count) path component\(count == 1 ? "" : "s"), the entry \(entry)"
    }
    static func otherComponent(_ position: Int, _ text: String, entry: String) -> Message {
        "path component \(position) is '\(text)', the entry's '\(entry)'"
    }
    static func missingPrefix(_ position: Int, _ text: String, prefix: String) -> Message {
        "path component \(position) '\(text)' does not start with '\(prefix)'"
    }
    static func notOfPattern(_ position: Int, _ text: String, pattern: String) -> Message {
        "path component \(position) '\(text)' does not fit '\(pattern)'"
    }
    static func notOfType(_ value: String, placeholder: String, type: PlaceholderType?) -> Message {
        "'\(value)' is not a valid \(type.map { "'\($0.rawValue)'" } ?? "value") for '\(placeholder)'"
    }
    static func missingQueryItem(_ name: String) -> Message { "the entry needs the query parameter '\(name)'" }
    static func otherQueryValue(_ name: String, _ value: String, entry: String) -> Message {
        "the entry needs '\(name)=\(entry)', the link has '\(name)=\(value)'"
    }
    static func missingFragment(_ expected: String) -> Message { "the entry needs the fragment '#\(expected)'" }
    static func otherFragment(_ fragment: String, entry: String) -> Message {
        "the link's fragment is '#\(fragment)', the entry's '#\(entry)'"
    }
    static let declined: Message = "the entry does not match"
}
