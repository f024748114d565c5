/// One path attribute of an intent filter's `<data>` (`path`, `pathPrefix`, `pathPattern`, `pathSuffix`,
/// `pathAdvancedPattern`), matched the way Android's `PatternMatcher` documents it: a literal, a prefix, a suffix,
/// the simple glob (`.` any character, `x*` zero or more `x`, `.*` anything up to the next pattern character, `\`
/// escapes, though an escaped `.` still matches any character), or the advanced glob (sets `[a-z]`, `[^/]`, modifiers `*`, `+`, `{m,n}`), both matched left to right
/// without backtracking. Not regular expressions: `/recipes/.*/edit` reads as Android reads it.
struct AndroidPathPattern: Hashable, Sendable {
    /// Which attribute the pattern comes from.
    enum Kind: String, Hashable, Sendable, CaseIterable {
        case literal = "path"
        case prefix = "pathPrefix"
        case simpleGlob = "pathPattern"
        case suffix = "pathSuffix"
        case advancedGlob = "pathAdvancedPattern"

        /// The API level that introduced the attribute (`pathSuffix` and `pathAdvancedPattern` need 31).
        var minimumSDK: Int { self == .suffix || self == .advancedGlob ? 31 : 1 }
    }

    var kind: Kind
    /// The pattern after the resource compiler's escapes (`\\*` in the XML is `\*` here).
    var pattern: String
    /// The parsed advanced pattern; nil for the other kinds, or when the advanced pattern is invalid.
    private var advanced: [AdvancedToken]?
    /// Why an advanced pattern is refused by the platform (it throws when the manifest is read), if it is.
    private(set) var advancedError: String?

    init(kind: Kind, pattern: String) {
        self.kind = kind
        self.pattern = pattern
        if kind == .advancedGlob {
            switch Self.parseAdvanced(Array(pattern.unicodeScalars)) {
            case .success(let tokens): advanced = tokens
            case .failure(let error): advancedError = error.message
            }
        }
    }

    /// Whether the pattern matches a URL path (case-sensitive, as Android compares paths).
    func matches(_ path: String) -> Bool {
        switch kind {
        case .literal: return path == pattern
        case .prefix: return path.hasPrefix(pattern)
        case .suffix: return path.hasSuffix(pattern)
        case .simpleGlob: return Self.matchSimpleGlob(Array(pattern.unicodeScalars), Array(path.unicodeScalars))
        case .advancedGlob:
            guard let advanced else { return false }
            return Self.matchAdvanced(advanced, Array(path.unicodeScalars))
        }
    }

    /// Whether the pattern opens every path: no restriction at all (`.*`, `/.*`, a prefix `/`).
    var matchesEveryPath: Bool {
        switch kind {
        case .literal: return false
        case .prefix: return pattern.isEmpty || pattern == "/"
        case .suffix: return pattern.isEmpty
        case .simpleGlob, .advancedGlob: return pattern == ".*" || pattern == "/.*"
        }
    }

    // MARK: The simple glob

    /// Android's simple glob, step by step: a character followed by `*` consumes a run of that character; `.*`
    /// skips to the first occurrence of the next pattern character (no backtracking); `.` matches one character;
    /// `\` makes the next character literal.
    static func matchSimpleGlob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        if pattern.isEmpty { return text.isEmpty }
        var p = 0
        var t = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < pattern.count ? pattern[index] : nil }
        while p < pattern.count, t < text.count {
            var character = pattern[p]
            p += 1
            let escaped = character == "\\"
            if escaped, let next = at(p) {
                character = next
                p += 1
            }
            if at(p) == "*" {
                if !escaped && character == "." {
                    // `.*` at the end matches whatever is left.
                    if p >= pattern.count - 1 { return true }
                    p += 1
                    var stop = pattern[p]
                    if stop == "\\", let next = at(p + 1) {
                        p += 1
                        stop = next
                    }
                    while t < text.count, text[t] != stop { t += 1 }
                    if t == text.count { return false }
                    p += 1
                    t += 1
                } else {
                    while t < text.count, text[t] == character { t += 1 }
                    p += 1
                }
            } else {
                // As in Android's own matcher, '.' matches any character even when escaped.
                if character != ".", text[t] != character { return false }
                t += 1
            }
        }
        if p >= pattern.count && t >= text.count { return true }
        // The text is used up but the pattern ends with `.*`, which matches nothing too.
        return p == pattern.count - 2 && pattern[p] == "." && pattern[p + 1] == "*"
    }

    // MARK: The advanced glob

    /// One token of an advanced pattern with how often it repeats.
    private struct AdvancedToken: Hashable, Sendable {
        enum Matcher: Hashable, Sendable {
            case any
            case literal(Unicode.Scalar)
            /// Inclusive ranges; `inverted` for `[^…]`.
            case set([ClosedRange<UInt32>], inverted: Bool)
        }
        var matcher: Matcher
        var minimum: Int
        var maximum: Int

        func accepts(_ scalar: Unicode.Scalar) -> Bool {
            switch matcher {
            case .any: return true
            case .literal(let literal): return scalar == literal
            case .set(let ranges, let inverted):
                return ranges.contains { $0.contains(scalar.value) } != inverted
            }
        }
    }

    private struct AdvancedPatternError: Error { var message: String }

    private static func parseAdvanced(_ pattern: [Unicode.Scalar]) -> Result<[AdvancedToken], AdvancedPatternError> {
        var tokens: [AdvancedToken] = []
        var index = 0
        func modifierNeedsToken() -> AdvancedPatternError? {
            tokens.isEmpty ? AdvancedPatternError(message: "a modifier must follow a token") : nil
        }
        var lastWasModifier = false
        while index < pattern.count {
            let character = pattern[index]
            switch character {
            case "[":
                var inverted = false
                index += 1
                if index < pattern.count, pattern[index] == "^" {
                    inverted = true
                    index += 1
                }
                var ranges: [ClosedRange<UInt32>] = []
                while index < pattern.count, pattern[index] != "]" {
                    var low = pattern[index]
                    if low == "\\", index + 1 < pattern.count {
                        index += 1
                        low = pattern[index]
                    }
                    if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                        let high = pattern[index + 2]
                        ranges.append(min(low.value, high.value)...max(low.value, high.value))
                        index += 3
                    } else {
                        ranges.append(low.value...low.value)
                        index += 1
                    }
                }
                guard index < pattern.count else { return .failure(AdvancedPatternError(message: "a set '[' is not closed with ']'")) }
                guard !ranges.isEmpty else { return .failure(AdvancedPatternError(message: "a set '[]' must name characters")) }
                index += 1
                tokens.append(AdvancedToken(matcher: .set(ranges, inverted: inverted), minimum: 1, maximum: 1))
                lastWasModifier = false
            case "*", "+":
                if let error = modifierNeedsToken() { return .failure(error) }
                if lastWasModifier { return .failure(AdvancedPatternError(message: "a modifier must follow a token")) }
                tokens[tokens.count - 1].minimum = character == "*" ? 0 : 1
                tokens[tokens.count - 1].maximum = Int.max
                index += 1
                lastWasModifier = true
            case "{":
                if let error = modifierNeedsToken() { return .failure(error) }
                guard let close = pattern[index...].firstIndex(of: "}") else {
                    return .failure(AdvancedPatternError(message: "a range '{' is not closed with '}'"))
                }
                let body = String(String.UnicodeScalarView(pattern[(index + 1)..<close]))
                let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                guard let minimum = Int(parts[0]) else {
                    return .failure(AdvancedPatternError(message: "the range '{\(body)}' is not '{n}', '{m,n}' or '{m,}'"))
                }
                var maximum = minimum
                if parts.count == 2 {
                    if parts[1].isEmpty {
                        maximum = Int.max
                    } else if let value = Int(parts[1]) {
                        maximum = value
                    } else {
                        return .failure(AdvancedPatternError(message: "the range '{\(body)}' is not '{n}', '{m,n}' or '{m,}'"))
                    }
                }
                guard minimum <= maximum else {
                    return .failure(AdvancedPatternError(message: "the range '{\(body)}' has its minimum above its maximum"))
                }
                tokens[tokens.count - 1].minimum = minimum
                tokens[tokens.count - 1].maximum = maximum
                index = close + 1
                lastWasModifier = true
            case ".":
                tokens.append(AdvancedToken(matcher: .any, minimum: 1, maximum: 1))
                index += 1
                lastWasModifier = false
            case "\\":
                guard index + 1 < pattern.count else {
                    return .failure(AdvancedPatternError(message: "the pattern ends with an escape '\\'"))
                }
                tokens.append(AdvancedToken(matcher: .literal(pattern[index + 1]), minimum: 1, maximum: 1))
                index += 2
                lastWasModifier = false
            default:
                tokens.append(AdvancedToken(matcher: .literal(character), minimum: 1, maximum: 1))
                index += 1
                lastWasModifier = false
            }
        }
        return .success(tokens)
    }

    /// Each token takes as many characters as it can, up to its maximum, and never gives any back.
    private static func matchAdvanced(_ tokens: [AdvancedToken], _ text: [Unicode.Scalar]) -> Bool {
        var t = 0
        for token in tokens {
            var taken = 0
            while taken < token.maximum, t + taken < text.count, token.accepts(text[t + taken]) { taken += 1 }
            if taken < token.minimum { return false }
            t += taken
        }
        return t >= text.count
    }
}
