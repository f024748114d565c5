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

    /// What the placeholder's own spelling says it stands for: an instance (an id, a handle, a slug), an
    /// argument (a search query, free text, a path), or neither. Decided once when the template is parsed; rules
    /// ask `LintContext.role(of:component:)`, which puts the declared kind of the component before it first. (No
    /// default value, like every stored property here: a default makes the compiler copy a new placeholder and
    /// destroy the original.)
    var role: PlaceholderRole
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

    /// Whether the placeholder is written in the canonical style: `{name}` or `{name:type}` with no unknown type.
    var isCanonical: Bool { style == .braces && unknownType == nil }

    /// Whether the placeholder stands for an identifier by its own spelling (`role == .instance`).
    var isIdentifier: Bool { role == .instance }

    /// The role a placeholder's type and then its name give it: `int`, `uuid` and `slug` are ids, `base64json` is a
    /// payload argument; otherwise the name decides (`PlaceholderRole.ofName(_:)`).
    static func role(name: String, type: PlaceholderType?) -> PlaceholderRole {
        switch type {
        case .int?, .uuid?, .slug?: .instance
        case .base64json?: .argument
        case .string?, nil: PlaceholderRole.ofName(name)
        }
    }

    /// The canonical `{name}` / `{name:type}` spelling (`{name*}` for the rest of the path, `{name?}` for an
    /// optional query value).
    var canonical: String {
        let typeText = type?.rawValue ?? unknownType
        let written = name + (spansSegments ? "*" : "") + (isOptional ? "?" : "")
        return typeText.map { "{\(written):\($0)}" } ?? "{\(written)}"
    }
}

/// What a value in a link stands for, decided once in the model so every rule judges alike: an instance of the
/// word before it (`profile/{handle}`, `posts/9`) or the argument of an action (`search/{query}`,
/// `open?url={url}`). The declared kind of the component before it comes first (`LintContext.role(of:component:)`),
/// then the placeholder's type, then its name, never whether the name merely ends in `id`.
enum PlaceholderRole: UInt8, Sendable, Hashable {
    /// Neither the type nor the name says: rules that need an id do not assume one.
    case undecided
    /// An id, key, handle, slug, name, code or tag: one thing among many of a collection.
    case instance
    /// Free text, a search term, a path or a URL handed to an action.
    case argument

    /// Names whose value is handed to an action rather than naming one thing: free text, a search, a location.
    static let argumentNames: Set<String> = [
        "query", "q", "text", "term", "terms", "search", "keyword", "keywords", "path", "url", "uri", "link", "href",
        "message", "msg", "body", "subject", "title", "description", "content", "caption", "comment", "note",
        "redirect", "redirect_uri", "redirect_url", "return_to", "returnto", "next", "callback", "payload", "data",
    ]
    /// Names whose value identifies one thing.
    static let instanceNames: Set<String> = [
        "id", "uuid", "guid", "key", "handle", "username", "user", "login", "nick", "nickname", "code", "name", "slug",
        "tag", "hashtag", "sku", "isbn", "domain", "screen_name", "invite", "phone", "email",
    ]

    /// The role a name alone gives: an argument name, an instance name or one ending in an id suffix (`_id`,
    /// `-id`, a camel-case `Id`/`ID`, or `id` after a longer lowercase word: `story_id`, `listId`, `crossid`),
    /// else undecided.
    static func ofName(_ name: String) -> PlaceholderRole {
        let lower = name.lowercasedASCIIIfNeeded
        if argumentNames.contains(lower) { return .argument }
        if instanceNames.contains(lower) { return .instance }
        if lower.hasSuffix("_id") || lower.hasSuffix("-id") || name.hasSuffix("Id") || name.hasSuffix("ID") { return .instance }
        return lower.hasSuffix("id") && lower.count > 2 ? .instance : .undecided
    }
}
