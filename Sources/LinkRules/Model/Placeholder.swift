/// The syntaxes a route placeholder is written in; catalogues should use one (`placeholder-style`).
enum PlaceholderStyle: String, Sendable, Hashable, CaseIterable {
    /// `{name}` or `{name:type}`, the canonical style.
    case braces
    /// `:name`, as in Rails and Express routes.
    case colon
    /// `<type:name>` or `<name>`, as in Flask routes.
    case angle
    /// `%NAME%`, as in EXFE's URL scheme document.
    case percent
    /// `{/name*}`, RFC 6570's path expansion, read as `/{name*}`.
    case pathExpansion

    /// How the style is shown in messages.
    var example: String {
        switch self {
        case .braces: "{name}"
        case .colon: ":name"
        case .angle: "<type:name>"
        case .percent: "%NAME%"
        case .pathExpansion: "{/name*}"
        }
    }
}

/// The value types a placeholder may declare.
enum PlaceholderType: String, Sendable, Hashable, CaseIterable {
    case int, string, uuid, slug, base64json
}

/// A named variable part of a route template, with its type when declared. The one-byte properties are stored
/// last, after the strings and the range: 51 bytes rather than 65, in every boxed path placeholder and query item.
struct Placeholder: Sendable, Hashable {
    /// The name as written (`CROSS_ID` for `%CROSS_ID%`).
    var name: String
    /// The type as written when it is not one of the known types.
    var unknownType: String?
    /// UTF-8 range of the whole placeholder (delimiters included) in the template.
    var span: Range<Int>
    var type: PlaceholderType?
    var style: PlaceholderStyle

    /// Whether the placeholder stands for an identifier: typed `int` or `uuid`, or named `id` / `…_id` / `…id`.
    /// Decided once when the template is parsed; several rules ask it of every component. (No default value, like
    /// every stored property here: a default makes the compiler copy a new placeholder and destroy the original.)
    internal(set) var isIdentifier: Bool
    /// Whether the component or query value holds more than this placeholder after an optional literal prefix:
    /// literal text after it or other placeholders (Google Maps' `{lat},{lng}`, `v{major}.{minor}`, `{id}.json`).
    /// The placeholder is then the first of them, and the whole text is matched as a `ValuePattern`.
    var isInsideText: Bool
    /// Whether the placeholder takes the rest of the path, one or more components (`navigate/{path*}`): written
    /// with `*` after the name, which `name` does not include.
    var spansSegments: Bool
    /// Whether the query item this placeholder is the value of may be left out (`file={file?}`, Obsidian's
    /// `open?vault=…&file=…`): written with `?` after the name, which `name` does not include.
    var isOptional: Bool

    static func isIdentifier(name: String, type: PlaceholderType?) -> Bool {
        if let type { return type == .int || type == .uuid }
        let lower = name.lowercasedASCIIIfNeeded
        return lower == "id" || lower.hasSuffix("_id") || lower.hasSuffix("id") && lower.count > 2
    }

    /// The canonical `{name}` / `{name:type}` spelling (`{name*}` for the rest of the path, `{name?}` for an
    /// optional query value).
    var canonical: String {
        let typeText = type?.rawValue ?? unknownType
        let written = name + (spansSegments ? "*" : "") + (isOptional ? "?" : "")
        return typeText.map { "{\(written):\($0)}" } ?? "{\(written)}"
    }
}
