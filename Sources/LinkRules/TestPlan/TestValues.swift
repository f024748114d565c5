/// The values a test plan puts in a placeholder: a plain one of its type, then the ones apps get wrong (a `+`,
/// an `&`, an encoded `/`, a space, an emoji, a quote, the largest int, an upper-case uuid, a payload whose
/// Base64 has `+`, `/` and `=`). Values are written raw and percent-encoded for where they stand in the URL.
enum TestValues {
    /// One value for a placeholder, with what makes it worth testing.
    struct Value: Sendable, Hashable {
        /// The value as the app should receive it, before percent-encoding.
        var raw: String
        /// Why it is in the plan, in words (`a value with '+'`); nil for the plain value.
        var label: String?
    }

    /// Where a placeholder stands, which decides how its value is encoded.
    enum Position: Sendable {
        /// A path segment (or an opaque URI's part): `+`, `&`, `=` and `'` stay as they are, `/` is encoded.
        case path
        /// A query value or the fragment: `&`, `+`, `=` and `#` are encoded as well, so the value stays one item.
        case query
    }

    /// The plain value of a type: what a QA tester would type first.
    static func plain(_ type: PlaceholderType?) -> String {
        switch type {
        case .int: "42"
        case .uuid: "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        case .slug: "a-slug"
        case .base64json: "eyJpZCI6MX0="  // {"id":1}
        case .string, nil: "test"
        }
    }

    /// The values of a type that break careless parsing, after the plain one.
    static func hard(_ type: PlaceholderType?) -> [Value] {
        switch type {
        case .int: [Value(raw: String(Int64.max), label: "the largest int")]
        case .uuid: [Value(raw: "3F2504E0-4F89-41D3-9A0C-0305E82C3301", label: "an upper-case uuid")]
        case .slug: []
        case .base64json: [Value(raw: "eyJxIjoiPz8/Pz8+In0=", label: "Base64 with '+', '/' and '='")]  // {"q":"?????>"}
        case .string, nil:
            [
                Value(raw: "a+b", label: "a value with '+'"),
                Value(raw: "a&b", label: "a value with '&'"),
                Value(raw: "a/b", label: "a value with an encoded '/'"),
                Value(raw: "a b", label: "a value with a space"),
                Value(raw: "it's", label: "a value with a quote"),
                Value(raw: "🍰", label: "an emoji"),
            ]
        }
    }

    /// `raw` percent-encoded for `position`: unreserved characters stay, and so do the delimiters that mean
    /// nothing there; everything else is written `%XX` per UTF-8 byte, in upper-case hex (RFC 3986).
    static func encoded(_ raw: String, for position: Position) -> String {
        var result = ""
        for byte in raw.utf8 {
            if isUnreserved(byte) || keeps(byte, in: position) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func keeps(_ byte: UInt8, in position: Position) -> Bool {
        switch position {
        case .path: "!$&'()*+,;=:@".utf8.contains(byte)
        case .query: "!$'()*,;:@=".utf8.contains(byte)
        }
    }
}
