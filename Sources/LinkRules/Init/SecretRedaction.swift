/// Takes the secrets `QueryInference` does not see out of a concrete URL before `linkrules init` writes it: a
/// credential in the fragment (OAuth's implicit grant returns `#access_token=…`), and a credential field inside a
/// Base64 JSON payload of the query (the Coordinator playground's `payload=…` carries `"authToken"`). The field
/// stays, with `REDACTED` as its value, so `credential-in-url` still reports the link as it reports the original.
enum SecretRedaction {
    private static let parser = LinkTemplateParser(hosts: [])

    /// The URL with those values replaced, and the fragment's items when one of them carries a credential (nil
    /// otherwise), for the link to spell as placeholders.
    static func redacting(_ url: String) -> (url: String, fragmentItems: [String]?) {
        let template = parser.parse(url)
        var edits: [(span: Range<Int>, text: String)] = []
        for item in template.query where !QueryInference.isCredential(item.name) {
            guard let span = item.valueSpan, span.count >= 8,
                let redacted = redactingPayload(String(template.substring(span)))
            else { continue }
            edits.append((span, redacted))
        }
        var fragmentItems: [String]?
        let items = template.fragmentSpan == nil ? [] : template.fragmentItems
        if items.contains(where: { QueryInference.isCredential($0.name) }) {
            fragmentItems = items.map(\.name)
            for item in items where QueryInference.isCredential(item.name) {
                if let span = item.valueSpan, !span.isEmpty { edits.append((span, QueryInference.redacted)) }
            }
        }
        guard !edits.isEmpty else { return (url, fragmentItems) }
        var bytes = Array(url.utf8)
        for edit in edits.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) where edit.span.upperBound <= bytes.count {
            bytes.replaceSubrange(edit.span, with: Array(edit.text.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), fragmentItems)
    }

    /// A Base64 JSON payload with the value of each credential field replaced by `"REDACTED"`, encoded in the
    /// same alphabet; nil when the text is not such a payload or carries no credential.
    static func redactingPayload(_ text: String) -> String? {
        guard case .success(let decoded) = Base64Payload.decode(text), let document = try? JSONDocument.parse(decoded.bytes)
        else { return nil }
        var found: [PayloadCredential] = []
        PayloadCredential.collect(in: document, path: "", into: &found)
        guard !found.isEmpty else { return nil }
        var json = decoded.bytes
        for credential in found.sorted(by: { $0.value.range.lowerBound > $1.value.range.lowerBound }) {
            json.replaceSubrange(credential.value.range, with: Array("\"\(QueryInference.redacted)\"".utf8))
        }
        let urlSafe = text.contains("-") || text.contains("_")
        return base64(json, urlSafe: urlSafe, padded: text.hasSuffix("="))
    }

    /// Bytes in Base64 (RFC 4648), in the URL-safe alphabet when asked, with `=` padding when asked.
    static func base64(_ bytes: [UInt8], urlSafe: Bool, padded: Bool) -> String {
        let alphabet = Array(
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + (urlSafe ? "-_" : "+/")).utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var chunk = UInt32(bytes[index]) << 16
            if count > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { chunk |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    output.append(alphabet[Int((chunk >> UInt32(18 - 6 * position)) & 0x3F)])
                } else if padded {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
