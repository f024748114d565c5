/// How a route key (`LinkTemplate.routeKey`) is printed for people — in baseline files and the `linkKey` of JSON
/// and SARIF findings and of `diff`'s changes — as a link is written: a custom scheme's first component in the host
/// position (`her://feed/communities/{int}`), where the canonical key that rules compare puts it after an empty
/// host (`her:///feed/communities/{int}`). Both spell one route, since the app reads that authority as its first
/// component; a key printed this way is spelled the same when printed again.
enum RouteKeySpelling {
    /// `her:///feed/…` as `her://feed/…`; an `http` or `https` key, an opaque one, or one whose path starts with
    /// an empty component is returned as it is.
    static func written(_ key: String) -> String {
        let bytes = key.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return key }
        // Compared as ASCII with capitals folded: no other character lowercases to a letter of `http`.
        let scheme = bytes[..<colon].lazy.map(asciiLowercased)
        guard !scheme.elementsEqual("http".utf8), !scheme.elementsEqual("https".utf8) else { return key }
        let rest = bytes[bytes.index(after: colon)...]
        let slash = UInt8(ascii: "/")
        guard rest.count > 3, rest.prefix(3).allSatisfy({ $0 == slash }) else { return key }
        let first = rest[rest.index(rest.startIndex, offsetBy: 3)]
        guard first != slash, first != UInt8(ascii: "?"), first != UInt8(ascii: "#") else { return key }
        // The key without the first of its three slashes, joined from the bytes either side of it.
        var written = String(key[..<rest.startIndex])
        written += key[bytes.index(after: rest.startIndex)...]
        return written
    }
}
