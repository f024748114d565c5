/// One apple-app-site-association pattern string compiled for matching: `*` matches any run of characters
/// (`/` included), `?` exactly one, anything else itself. Matching is the greedy glob algorithm with a single
/// backtrack point, so it takes at most pattern × text steps and never goes exponential.
struct AssociationWildcard: Hashable, Sendable {
    /// One step of a compiled pattern: a character to match exactly, `*` or `?`.
    enum Token: Hashable, Sendable {
        case literal(Unicode.Scalar)
        case anyRun
        case single
    }

    let tokens: [Token]
    let caseSensitive: Bool
    let percentEncoded: Bool

    /// Compiles a pattern. With `percentEncoded` its `%XX` escapes are decoded first and stand for literal
    /// characters (an escaped `%2A` is a plain `*`, not a wildcard).
    init(_ pattern: String, caseSensitive: Bool, percentEncoded: Bool) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        var tokens: [Token] = []
        var literals: [UInt8] = []
        func flushLiterals() {
            guard !literals.isEmpty else { return }
            for scalar in String(decoding: literals, as: UTF8.self).unicodeScalars {
                tokens.append(contentsOf: Self.literalTokens(scalar, caseSensitive: caseSensitive))
            }
            literals.removeAll()
        }
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") {
                flushLiterals()
                // Consecutive stars mean the same as one; collapsing them keeps matching linear in practice.
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                index += 1
            } else if byte == UInt8(ascii: "?") {
                flushLiterals()
                tokens.append(.single)
                index += 1
            } else if percentEncoded, byte == UInt8(ascii: "%"), let decoded = URLComponentPercentDecoding.byte(in: bytes, at: index) {
                literals.append(decoded)
                index += 3
            } else {
                literals.append(byte)
                index += 1
            }
        }
        flushLiterals()
        self.tokens = tokens
    }

    private static func literalTokens(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> [Token] {
        if caseSensitive { return [.literal(scalar)] }
        return String(scalar).lowercasedASCIIIfNeeded.unicodeScalars.map { .literal($0) }
    }

    /// Whether the pattern matches the whole of a URL component as written in the URL (percent-encoded);
    /// the component is percent-decoded before the comparison.
    func matches(_ component: String) -> Bool {
        var text = URLComponentPercentDecoding.decode(component)
        if !caseSensitive { text = text.lowercasedASCIIIfNeeded }
        return matches(scalars: Array(text.unicodeScalars))
    }

    func matches(scalars text: [Unicode.Scalar]) -> Bool {
        var textIndex = 0
        var tokenIndex = 0
        var starToken = -1
        var starText = 0
        while textIndex < text.count {
            if tokenIndex < tokens.count {
                switch tokens[tokenIndex] {
                case .literal(let scalar) where scalar == text[textIndex]:
                    tokenIndex += 1
                    textIndex += 1
                    continue
                case .single:
                    tokenIndex += 1
                    textIndex += 1
                    continue
                case .anyRun:
                    starToken = tokenIndex
                    starText = textIndex
                    tokenIndex += 1
                    continue
                case .literal:
                    break
                }
            }
            guard starToken >= 0 else { return false }
            // Let the last star swallow one more character and retry from just after it.
            starText += 1
            textIndex = starText
            tokenIndex = starToken + 1
        }
        while tokenIndex < tokens.count, tokens[tokenIndex] == .anyRun { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }
}

/// Percent-decoding of URL components for pattern matching: valid `%XX` escapes become their bytes, anything
/// else (a stray `%`, or escapes that do not form UTF-8) is kept as written.
enum URLComponentPercentDecoding {
    static func byte(in bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let byte = byte(in: bytes, at: index) {
                decoded.append(byte)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? text
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
