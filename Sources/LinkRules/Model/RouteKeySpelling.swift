/// How a route key (`LinkTemplate.routeKey`) is printed for people — in baseline files and the `linkKey` of JSON
/// and SARIF findings and of `diff`'s changes — as a link is written: a custom scheme's first component in the host
/// position (`her://feed/communities/{int}`), where the canonical key that rules compare puts it after an empty
/// host (`her:///feed/communities/{int}`). Both spell one route, since the app reads that authority as its first
/// component; a key printed this way is spelled the same when printed again.
enum RouteKeySpelling {
    /// `her:///feed/…` as `her://feed/…`; an `http` or `https` key, an opaque one, or one whose path starts with
    /// an empty component is returned as it is.
    static func written(_ key: String) -> String {
        guard let slash = droppedSlash(in: key) else { return key }
        // The key without the first of its three slashes, joined from the bytes either side of it.
        let bytes = key.utf8
        let index = bytes.index(bytes.startIndex, offsetBy: slash)
        var written = String(key[..<index])
        written += key[bytes.index(after: index)...]
        return written
    }

    /// The UTF-8 offset of the slash that `written(_:)` leaves out of `key` (the first of the three after a custom
    /// scheme's colon), or nil when the key is written as it is. Writers that copy the key's bytes skip it there.
    static func droppedSlash(in key: String) -> Int? {
        // Read from the key's contiguous UTF-8: reporters ask this of every finding's key, and slices of
        // `String.UTF8View` cost several times the test.
        var key = key
        return key.withUTF8(droppedSlash(in:))
    }

    /// `droppedSlash(in:)` of the key whose UTF-8 bytes are `bytes`.
    static func droppedSlash(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        // Compared as ASCII with capitals folded: no other character lowercases to a letter of `http`.
        if colon == 4 || colon == 5 {
            let folded = bytes[..<colon].lazy.map(asciiLowercased)
            guard !folded.elementsEqual("http".utf8), !folded.elementsEqual("https".utf8) else { return nil }
        }
        // Three slashes after the colon, then a character that starts a component.
        let slash = UInt8(ascii: "/")
        guard bytes.count - (colon + 1) > 3, bytes[colon + 1] == slash, bytes[colon + 2] == slash,
            bytes[colon + 3] == slash
        else { return nil }
        let first = bytes[colon + 4]
        guard first != slash, first != UInt8(ascii: "?"), first != UInt8(ascii: "#") else { return nil }
        return colon + 1
    }
}
