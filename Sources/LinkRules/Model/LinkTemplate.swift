/// One path component of a route template, with its UTF-8 range inside the template string.
public struct PathComponent: Sendable, Hashable {
    /// What a component is: a word, a number, or a placeholder.
    public enum Kind: Sendable, Hashable {
        /// A fixed word (`feed`, `communities`).
        case literal
        /// A literal number (`9`, or EXFE's `!100233`): an id value written out.
        case integer
        /// A variable part, possibly after a literal prefix (`!{id}`). Boxed: most components are literals, and
        /// an inline placeholder would triple the size of every component.
        indirect case placeholder(Placeholder)
    }

    /// The component exactly as written.
    public var text: String
    /// UTF-8 range of the component in the template.
    public var span: Range<Int>
    public var kind: Kind
    /// The lowercased literal text used to look the component up in the vocabulary (empty for placeholders).
    public var name: String
    /// Literal text before a placeholder or number, such as EXFE's `!` (empty when none).
    public var prefix: String

    /// Whether the component is an id: an integer literal or an identifier placeholder.
    public var isIdentifier: Bool {
        switch kind {
        case .integer: true
        case .placeholder(let placeholder): placeholder.isIdentifier
        case .literal: false
        }
    }

    /// Whether the component is a value (a number or any placeholder) rather than a word.
    public var isValue: Bool {
        if case .literal = kind { return false }
        return true
    }

    public var placeholder: Placeholder? {
        if case .placeholder(let placeholder) = kind { return placeholder }
        return nil
    }
}

/// One query parameter of a route template (`origin=home`, `payload={payload:base64json}`).
public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var nameSpan: Range<Int>
    public var value: String?
    public var valueSpan: Range<Int>?
    /// The placeholder the value is, when it is one.
    public var placeholder: Placeholder?

    /// The whole `name=value` item's range.
    public var span: Range<Int> { nameSpan.lowerBound..<(valueSpan?.upperBound ?? nameSpan.upperBound) }
}

/// A parsed route template: scheme, host, path components, query and fragment, each part with its UTF-8
/// range in the template string so diagnostics point at exact characters. Parsed once per link.
public struct LinkTemplate: Sendable, Hashable {
    /// The template as written.
    public var text: String
    public var scheme: String?
    public var schemeSpan: Range<Int>?
    /// Whether the URI has no `//` after its scheme (`spotify:track:1`, `mailto:x`).
    public var isOpaque: Bool
    /// The host, when there is one: a universal link's host, a custom scheme's authority listed in `hosts`, or
    /// `""` for an empty host (`exfe:///`). `nil` when a custom scheme's authority is its first component.
    public var host: String?
    public var hostSpan: Range<Int>?
    public var components: [PathComponent]
    public var query: [QueryItem]
    public var fragment: String?
    public var fragmentSpan: Range<Int>?
    /// Whether the path ends with `/`.
    public var hasTrailingSlash: Bool
    /// Whether there is no path at all after the authority (`exfe://`, which seed 003 tells apart from `exfe:///`).
    public var hasEmptyPath = false

    /// Whether this is an `http` or `https` link (a universal link candidate).
    public var isWebLink: Bool {
        guard let scheme else { return false }
        return scheme.lowercasedASCIIIfNeeded == "https" || scheme.lowercasedASCIIIfNeeded == "http"
    }

    /// Every placeholder, in the path and in query values.
    public var placeholders: [Placeholder] {
        components.compactMap(\.placeholder) + query.compactMap(\.placeholder)
    }

    /// A canonical form for comparisons: lowercased, placeholders as `{}` typed by kind (`string` is untyped),
    /// query items sorted with their fixed values or placeholder kinds. Two templates that route the same links
    /// have the same key; an opaque URI keys on its whole opaque part. Computed once, when the template is parsed.
    public internal(set) var routeKey = ""

    func computeRouteKey() -> String {
        // Built as bytes and turned into one String: this runs once per link on the loading path.
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 8)
        func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                for byte in bytes { key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            }
        }
        func append(_ placeholder: Placeholder) {
            key.append(UInt8(ascii: "{"))
            if let type = placeholder.type, type != .string { append(type.rawValue) }
            key.append(UInt8(ascii: "}"))
        }
        if let scheme { append(scheme) }
        if isOpaque {
            let opaqueStart = (schemeSpan?.upperBound ?? -1) + 1
            key.append(UInt8(ascii: ":"))
            for byte in text.utf8.dropFirst(opaqueStart) {
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
        } else {
            append("://")
            if let host { append(host) }
            if host != nil, components.isEmpty, !hasEmptyPath { key.append(UInt8(ascii: "/")) }
            for component in components {
                key.append(UInt8(ascii: "/"))
                switch component.kind {
                case .literal, .integer: append(component.text)
                case .placeholder(let placeholder):
                    append(component.prefix)
                    append(placeholder)
                }
            }
        }
        if !query.isEmpty {
            var items: [[UInt8]] = []
            items.reserveCapacity(query.count)
            for item in query {
                let mark = key.count
                append(item.name)
                if let placeholder = item.placeholder {
                    key.append(UInt8(ascii: "="))
                    append(placeholder)
                } else if let value = item.value {
                    key.append(UInt8(ascii: "="))
                    append(value)
                }
                items.append(Array(key[mark...]))
                key.removeSubrange(mark...)
            }
            items.sort { $0.lexicographicallyPrecedes($1) }
            key.append(UInt8(ascii: "?"))
            for (index, item) in items.enumerated() {
                if index > 0 { key.append(UInt8(ascii: "&")) }
                key += item
            }
        }
        return String(decoding: key, as: UTF8.self).lowercasedASCIIIfNeeded
    }

    /// A placeholder in `routeKey`: its type without its name, `string` and no type alike.
    private static func placeholderKey(_ placeholder: Placeholder) -> String {
        let type = placeholder.type == .string ? nil : placeholder.type
        return "{" + (type?.rawValue ?? "") + "}"
    }
}
