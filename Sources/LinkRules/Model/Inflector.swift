/// Turns English nouns into their plural and singular forms, for `plural-resource-nouns` (seed 000: "use plural
/// nouns for resource descriptions"). Regular rules, irregular pairs and uncountable words, all extendable from
/// the configuration's `inflections:`.
public struct Inflector: Sendable {
    /// Singular → plural pairs that follow no rule.
    public private(set) var irregular: [String: String]
    private var irregularPlurals: [String: String]
    /// Words with one form (`feed`, `news`, `settings`).
    public private(set) var uncountable: Set<String>

    public static let defaultIrregular: [String: String] = [
        "person": "people", "man": "men", "woman": "women", "child": "children", "tooth": "teeth", "foot": "feet",
        "mouse": "mice", "goose": "geese", "ox": "oxen", "leaf": "leaves", "life": "lives", "knife": "knives",
        "wife": "wives", "half": "halves", "shelf": "shelves", "wolf": "wolves", "criterion": "criteria",
        "medium": "media", "datum": "data", "index": "indices", "quiz": "quizzes", "status": "statuses",
        "campus": "campuses", "bus": "buses", "analysis": "analyses", "crisis": "crises", "thesis": "theses",
    ]
    public static let defaultUncountable: Set<String> = [
        "feed", "news", "settings", "information", "info", "equipment", "money", "rice", "series", "species",
        "sheep", "fish", "deer", "data", "media", "metadata", "software", "hardware", "feedback", "advice",
        "music", "inbox",
    ]

    public init(irregular: [String: String] = [:], uncountable: Set<String> = []) {
        var pairs = Self.defaultIrregular
        for (singular, plural) in irregular { pairs[singular.lowercasedASCIIIfNeeded] = plural.lowercasedASCIIIfNeeded }
        self.irregular = pairs
        self.irregularPlurals = Dictionary(pairs.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        self.uncountable = Self.defaultUncountable.union(uncountable.map { $0.lowercasedASCIIIfNeeded })
    }

    /// Whether the word has a single form for one and many.
    public func isUncountable(_ word: String) -> Bool { uncountable.contains(word.lowercasedASCIIIfNeeded) }

    /// The plural of a singular noun (`community` → `communities`, `person` → `people`, `post` → `posts`).
    public func pluralize(_ word: String) -> String {
        let lower = word.lowercasedASCIIIfNeeded
        if uncountable.contains(lower) { return word }
        if let plural = irregular[lower] { return plural }
        if irregularPlurals[lower] != nil { return word }
        let scalars = Array(lower.unicodeScalars)
        guard let last = scalars.last else { return word }
        let beforeLast = scalars.count > 1 ? scalars[scalars.count - 2] : " "
        let vowels: Set<Unicode.Scalar> = ["a", "e", "i", "o", "u"]
        if last == "y", !vowels.contains(beforeLast) { return String(lower.dropLast()) + "ies" }
        if last == "s" || last == "x" || last == "z" || lower.hasSuffix("ch") || lower.hasSuffix("sh") {
            return lower + "es"
        }
        return lower + "s"
    }

    /// The singular of a plural noun, or the word itself when it does not look plural.
    public func singularize(_ word: String) -> String {
        let lower = word.lowercasedASCIIIfNeeded
        if uncountable.contains(lower) { return word }
        if let singular = irregularPlurals[lower] { return singular }
        if irregular[lower] != nil { return word }
        if lower.hasSuffix("ies"), lower.count > 3 { return String(lower.dropLast(3)) + "y" }
        for suffix in ["ches", "shes", "sses", "xes", "zes"] where lower.hasSuffix(suffix) {
            return String(lower.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
        if lower.hasSuffix("s"), lower.count > 2 { return String(lower.dropLast()) }
        return word
    }

    /// Whether the word reads as a plural (or has one form), so it can name a collection. On the per-link hot
    /// path: the regular rules look at the last bytes without building the singular.
    public func isPlural(_ word: String) -> Bool {
        let lower = word.lowercasedASCIIIfNeeded
        if uncountable.contains(lower) { return true }
        if irregularPlurals[lower] != nil { return true }
        if irregular[lower] != nil { return false }
        // The same regular rules as `singularize`: a final "s" that is not part of "ss", "us" or "is" ("ies",
        // "ches", "sses" and "xes" all end in "es").
        let bytes = lower.utf8
        guard bytes.count > 2, bytes.last == UInt8(ascii: "s") else { return false }
        let before = bytes[bytes.index(bytes.endIndex, offsetBy: -2)]
        return before != UInt8(ascii: "s") && before != UInt8(ascii: "u") && before != UInt8(ascii: "i")
    }
}

