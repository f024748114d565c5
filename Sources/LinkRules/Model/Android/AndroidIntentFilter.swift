/// One `<intent-filter>` (or a navigation graph's `<deepLink>`) as Android matches it: its `<data>` elements
/// combined, every scheme with every host (and its port) with every path attribute, whichever `<data>` element
/// each was written in.
struct AndroidIntentFilter: Hashable, Sendable {
    static let viewAction = "android.intent.action.VIEW"
    static let browsableCategory = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    /// Where findings about the whole filter point: `intent-filter` in its start tag, or a deep link's `app:uri`.
    var range: Range<Int>
    var activity: AndroidActivity?
    var actions: [String] = []
    var categories: [String] = []
    var autoVerify = false
    /// From `android:autoVerify` to the end of its value.
    var autoVerifyRange: Range<Int>?
    var schemes: [AndroidFilterValue] = []
    var authorities: [AndroidAuthority] = []
    var paths: [AndroidPathEntry] = []
    var mimeTypes: [AndroidFilterValue] = []
    /// Every `<data>` element's attributes by local name, for the checks of single attributes.
    var dataElements: [[String: AndroidFilterValue]] = []
    /// For a navigation graph's deep link, the `app:uri` it comes from.
    var navigationURI: String?
    /// For a navigation graph's deep link, its destination's `<argument>` types by name (`app:argType`).
    var navigationArgumentTypes: [String: String] = [:]

    init(range: Range<Int>, activity: AndroidActivity?) {
        self.range = range
        self.activity = activity
    }

    var hasView: Bool { actions.contains(Self.viewAction) }
    var hasBrowsable: Bool { categories.contains(Self.browsableCategory) }
    var hasDefault: Bool { categories.contains(Self.defaultCategory) }

    /// Whether the filter is meant to open links: VIEW with a scheme and no MIME type (a browser's intent has no
    /// type, so a filter with one never matches it).
    var isLinkFilter: Bool { hasView && !schemes.isEmpty && mimeTypes.isEmpty }

    /// Why Android would not open a link through this link filter, or nil when it would.
    var unusableReason: Message? {
        if !hasBrowsable { return .filterLacksCategory("BROWSABLE") }
        if !hasDefault { return .filterLacksCategory("DEFAULT") }
        if activity?.exported == false { return .filterActivityNotExported }
        if activity?.enabled == false { return .filterActivityDisabled }
        return nil
    }

    /// Whether the filter's `<data>` accepts a URI: its scheme, then (when the filter names hosts) its host and
    /// port, then (when it names hosts and paths) its path. Scheme and host ignore case; the path does not.
    func opens(_ uri: AndroidURI) -> Bool {
        let scheme = uri.scheme.lowercased()
        guard schemes.contains(where: { $0.isUnresolved || $0.lowercased == scheme }) else { return false }
        if authorities.isEmpty { return true }
        guard authorities.contains(where: { $0.accepts(host: uri.host, port: uri.port) }) else { return false }
        if paths.isEmpty { return true }
        guard let path = uri.path else { return false }
        return paths.contains { $0.value.isUnresolved || $0.pattern.matches(path) }
    }

    /// Whether any scheme of the filter is http or https.
    var hasWebScheme: Bool { schemes.contains { ["http", "https"].contains($0.text.lowercased()) } }
    /// Whether any scheme of the filter is neither http nor https.
    var hasCustomScheme: Bool { schemes.contains { !$0.isUnresolved && !["http", "https"].contains($0.text.lowercased()) } }

    // MARK: Reading

    /// Adds one `<data>` element: a scheme, a host with the port written beside it, path attributes, a MIME type.
    mutating func addData(_ element: XMLTree.Element, names: AndroidNamespaces) {
        var values: [String: AndroidFilterValue] = [:]
        for attribute in element.attributes {
            guard attribute.name.hasPrefix(names.android + ":") else { continue }
            let local = String(attribute.name.dropFirst(names.android.count + 1))
            values[local] = AndroidFilterValue(text: attribute.value, range: attribute.valueRange, nameRange: attribute.nameRange)
        }
        dataElements.append(values)
        if let scheme = values["scheme"] { schemes.append(scheme) }
        if let host = values["host"] { authorities.append(AndroidAuthority(host: host, port: values["port"])) }
        if let type = values["mimeType"] { mimeTypes.append(type) }
        for kind in AndroidPathPattern.Kind.allCases {
            guard let value = values[kind.rawValue] else { continue }
            let pattern = kind == .literal ? value.text : Self.resourceUnescaped(value.text)
            paths.append(AndroidPathEntry(pattern: AndroidPathPattern(kind: kind, pattern: pattern), value: value))
        }
    }

    /// The filter the build generates for a navigation graph's `<deepLink app:uri>`: VIEW, BROWSABLE and DEFAULT,
    /// the URI's scheme (http and https when it names none), host and path, each `{argument}` read as `.*`.
    static func navigationDeepLink(uri attribute: XMLTree.Attribute) -> AndroidIntentFilter {
        var filter = AndroidIntentFilter(range: attribute.valueRange, activity: nil)
        filter.actions = [viewAction]
        filter.categories = [browsableCategory, defaultCategory]
        filter.navigationURI = attribute.value
        let text = attribute.value
        let whole = attribute.valueRange
        // Sub-ranges are exact when the value holds no references (its text is as long as its bytes).
        let exact = text.utf8.count == whole.count
        func range(_ start: Int, _ end: Int) -> Range<Int> {
            exact ? (whole.lowerBound + start)..<(whole.lowerBound + end) : whole
        }
        func value(_ text: Substring, _ start: Int) -> AndroidFilterValue {
            AndroidFilterValue(text: String(text), range: range(start, start + text.utf8.count), nameRange: attribute.nameRange)
        }
        let bytes = Array(text.utf8)
        var offset = 0
        let separator = bytes.indices.first { bytes[$0...].starts(with: Array("://".utf8)) }
        if let separator {
            filter.schemes = [value(Substring(String(decoding: bytes[..<separator], as: UTF8.self)), 0)]
            offset = separator + 3
        } else {
            filter.schemes = [value("http", 0), value("https", 0)]
        }
        var end = offset
        while end < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        let authority = String(decoding: bytes[offset..<end], as: UTF8.self)
        if !authority.isEmpty {
            var host = Substring(authority)
            var port: AndroidFilterValue?
            if let colon = authority.lastIndex(of: ":"), authority[authority.index(after: colon)...].allSatisfy(\.isNumber) {
                host = authority[..<colon]
                let portText = authority[authority.index(after: colon)...]
                port = value(portText, offset + host.utf8.count + 1)
            }
            filter.authorities = [AndroidAuthority(host: value(host, offset), port: port)]
        }
        var pathEnd = end
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        let path = String(decoding: bytes[end..<pathEnd], as: UTF8.self)
        if !path.isEmpty {
            let hasArguments = path.contains("{") || path.contains(".*")
            var pattern = ""
            var inArgument = false
            for character in path {
                if character == "{" { inArgument = true; pattern += ".*"; continue }
                if character == "}" { inArgument = false; continue }
                if !inArgument { pattern.append(character) }
            }
            let kind: AndroidPathPattern.Kind = hasArguments ? .simpleGlob : .literal
            filter.paths = [
                AndroidPathEntry(
                    pattern: AndroidPathPattern(kind: kind, pattern: hasArguments ? pattern : path),
                    value: value(Substring(path), end))
            ]
        }
        return filter
    }

    /// A string attribute as the resource compiler reads it: `\\` is one backslash, `\n` a newline, `\t` a tab,
    /// `\uXXXX` a character, and a backslash before any other character just that character. (So a literal `*`
    /// in a `pathPattern` is written `\\*`.)
    static func resourceUnescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.popFirst() else {
                result.unicodeScalars.append(character)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "u":
                let digits = String(String.UnicodeScalarView(characters.prefix(4)))
                if digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                    characters = characters.dropFirst(4)
                } else {
                    result += "u"
                }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}

extension Message {
    static func filterLacksCategory(_ category: String) -> Message {
        "the filter lacks the category '\(category)'"
    }
    static let filterActivityNotExported: Message = "its activity is not exported"
    static let filterActivityDisabled: Message = "its activity is disabled (android:enabled=\"false\")"
}
