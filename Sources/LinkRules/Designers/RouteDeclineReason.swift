extension RouteMatcher {
    /// Why a template does not match a concrete link, in words, checking in the same order as `match`; nil when it
    /// matches. Only computed for the few entries an explanation shows, never on the lint hot path.
    public func declineReason(_ link: LinkTemplate, against template: LinkTemplate) -> Message? {
        guard match(link, against: template) == nil else { return nil }
        let linkScheme = link.scheme?.lowercasedASCIIIfNeeded ?? ""
        if let scheme = template.scheme, scheme.lowercasedASCIIIfNeeded != linkScheme {
            return .otherScheme(linkScheme, entry: scheme.lowercasedASCIIIfNeeded)
        }
        let linkHost = link.host?.lowercasedASCIIIfNeeded ?? ""
        let templateHost = template.host?.lowercasedASCIIIfNeeded ?? ""
        if linkHost != templateHost {
            return .otherHost(linkHost, entry: templateHost)
        }
        if link.components.count != template.components.count {
            return .componentCount(link.components.count, entry: template.components.count)
        }
        for (position, (value, pattern)) in zip(link.components, template.components).enumerated() {
            switch pattern.kind {
            case .literal, .integer:
                if value.text.lowercasedASCIIIfNeeded != pattern.text.lowercasedASCIIIfNeeded {
                    return .otherComponent(position + 1, value.text.lowercasedASCIIIfNeeded, entry: pattern.text.lowercasedASCIIIfNeeded)
                }
            case .placeholder(let placeholder):
                let text = value.text.lowercasedASCIIIfNeeded
                guard text.hasPrefix(pattern.prefix.lowercasedASCIIIfNeeded) else {
                    return .missingPrefix(position + 1, text, prefix: pattern.prefix)
                }
                let captured = String(text.dropFirst(pattern.prefix.count))
                if !Self.accepts(captured, type: placeholder.type) {
                    return .notOfType(captured, placeholder: placeholder.canonical, type: placeholder.type)
                }
            }
        }
        for item in template.query {
            let name = item.name.lowercasedASCIIIfNeeded
            guard let given = link.query.first(where: { $0.name.lowercasedASCIIIfNeeded == name }) else {
                if item.placeholder != nil || item.value != nil { return .missingQueryItem(item.name) }
                continue
            }
            if let placeholder = item.placeholder {
                let value = given.value ?? ""
                if !Self.accepts(value, type: placeholder.type) {
                    return .notOfType(value, placeholder: placeholder.canonical, type: placeholder.type)
                }
            } else if let expected = item.value, given.value?.lowercasedASCIIIfNeeded != expected.lowercasedASCIIIfNeeded {
                return .otherQueryValue(item.name, given.value ?? "", entry: expected)
            }
        }
        return .declined
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
    static func notOfType(_ value: String, placeholder: String, type: PlaceholderType?) -> Message {
        "'\(value)' is not a valid \(type.map { "'\($0.rawValue)'" } ?? "value") for '\(placeholder)'"
    }
    static func missingQueryItem(_ name: String) -> Message { "the entry needs the query parameter '\(name)'" }
    static func otherQueryValue(_ name: String, _ value: String, entry: String) -> Message {
        "the entry needs '\(name)=\(entry)', the link has '\(name)=\(value)'"
    }
    static let declined: Message = "the entry does not match"
}
