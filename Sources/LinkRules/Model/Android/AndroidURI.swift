/// A URL split the way Android's `Uri` splits it for intent filters: the scheme, then for `scheme://authority…`
/// the host and port, and the path (nil for an opaque URI such as `mailto:x`; `/` for a web URL without one, as
/// browsers send it).
struct AndroidURI: Hashable, Sendable, CustomStringConvertible {
    var scheme: String
    var host: String?
    var port: Int?
    var path: String?

    /// Splits a URL; nil when it has no scheme.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            !bytes[..<colon].contains(where: { [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains($0) })
        else { return nil }
        scheme = String(decoding: bytes[..<colon], as: UTF8.self)
        var index = colon + 1
        func isDelimiter(_ byte: UInt8, _ set: [UInt8]) -> Bool { set.contains(byte) }
        let pathEnds: [UInt8] = [UInt8(ascii: "?"), UInt8(ascii: "#")]
        if bytes[index...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            index += 2
            var end = index
            while end < bytes.count, !isDelimiter(bytes[end], [UInt8(ascii: "/")] + pathEnds) { end += 1 }
            var authority = bytes[index..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            if let portColon = authority.lastIndex(of: UInt8(ascii: ":")),
                authority[(portColon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            {
                port = Int(String(decoding: authority[(portColon + 1)...], as: UTF8.self))
                authority = authority[..<portColon]
            }
            host = String(decoding: authority, as: UTF8.self)
            index = end
        } else if index >= bytes.count || bytes[index] != UInt8(ascii: "/") {
            return  // opaque: no host, no path
        }
        var end = index
        while end < bytes.count, !isDelimiter(bytes[end], pathEnds) { end += 1 }
        path = String(decoding: bytes[index..<end], as: UTF8.self)
        // A browser sends a web URL without a path as '/' (https://example.com is https://example.com/).
        if path == "", host != nil, ["http", "https"].contains(scheme.lowercased()) { path = "/" }
    }

    init(scheme: String, host: String?, port: Int? = nil, path: String?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
    }

    var description: String {
        guard let host else { return scheme + ":" + (path ?? "") }
        return scheme + "://" + host + (port.map { ":\($0)" } ?? "") + (path ?? "")
    }

    /// A concrete URL for a route template: each placeholder replaced by a value of its type.
    static func sample(of template: LinkTemplate) -> AndroidURI? {
        AndroidURI(template.text(replacingPlaceholders: { sampleValue(for: $0.type) }))
    }

    static func sampleValue(for type: PlaceholderType?) -> String {
        switch type {
        case .int: "1"
        case .uuid: "123e4567-e89b-12d3-a456-426614174000"
        case .slug: "a-slug"
        case .base64json: "e30"
        default: "sample"
        }
    }
}
