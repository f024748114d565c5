/// Turns English nouns into their plural and singular forms, for `plural-resource-nouns` (the HER app's deep-link guide: "use plural
/// nouns for resource descriptions"). Regular rules, irregular pairs and uncountable words, all extendable from
/// the configuration's `inflections:`.
struct Inflector: Sendable {
    /// Singular → plural pairs that follow no rule.
    let irregular: [String: String]
    /// Words with one form (`feed`, `news`, `settings`).
    let uncountable: Set<String>

    /// What the irregular pairs and uncountable words say about one lowercased word.
    private struct Forms: Sendable {
        var isUncountable = false
        /// The word's plural, when it is the singular of an irregular pair.
        var plural: String?
        /// The word's singular, when it is the plural of an irregular pair (the first pair that names it).
        var singular: String?
    }

    /// Every word that `irregular` or `uncountable` names: one lookup answers all three questions, and most words
    /// are in none, so the regular rules start after one hash of the word.
    private let forms: [String: Forms]

    static let defaultIrregular: [String: String] = [
        "person": "people", "man": "men", "woman": "women", "child": "children", "tooth": "teeth", "foot": "feet",
        "mouse": "mice", "goose": "geese", "ox": "oxen", "leaf": "leaves", "life": "lives", "knife": "knives",
        "wife": "wives", "half": "halves", "shelf": "shelves", "wolf": "wolves", "criterion": "criteria",
        "medium": "media", "datum": "data", "index": "indices", "quiz": "quizzes", "status": "statuses",
        "campus": "campuses", "bus": "buses", "analysis": "analyses", "crisis": "crises", "thesis": "theses",
        "bonus": "bonuses", "virus": "viruses", "census": "censuses", "corpus": "corpora", "focus": "foci",
        "radius": "radii", "genius": "geniuses", "cactus": "cacti", "syllabus": "syllabi", "circus": "circuses",
        "basis": "bases", "axis": "axes", "diagnosis": "diagnoses", "synopsis": "synopses", "oasis": "oases",
        "hypothesis": "hypotheses", "emphasis": "emphases", "nucleus": "nuclei", "stimulus": "stimuli",
        "alumnus": "alumni", "octopus": "octopuses", "prospectus": "prospectuses", "iris": "irises",
    ]
    static let defaultUncountable: Set<String> = [
        "feed", "news", "settings", "information", "info", "equipment", "money", "rice", "series", "species",
        "sheep", "fish", "deer", "data", "media", "metadata", "software", "hardware", "feedback", "advice",
        "music", "inbox",
    ]

    init(irregular: [String: String] = [:], uncountable: Set<String> = []) {
        var pairs = Self.defaultIrregular
        for (singular, plural) in irregular { pairs[singular.lowercasedASCIIIfNeeded] = plural.lowercasedASCIIIfNeeded }
        self.irregular = pairs
        self.uncountable = Self.defaultUncountable.union(uncountable.map { $0.lowercasedASCIIIfNeeded })
        var forms: [String: Forms] = [:]
        for word in self.uncountable { forms[word, default: Forms()].isUncountable = true }
        // In alphabetical order, so that of two singulars with one plural the first alphabetically wins, on every
        // run (a dictionary's own order changes from process to process).
        for (singular, plural) in pairs.sorted(by: { $0.key < $1.key }) {
            forms[singular, default: Forms()].plural = plural
            if forms[plural]?.singular == nil { forms[plural, default: Forms()].singular = singular }
        }
        self.forms = forms
    }

    /// Whether the word has a single form for one and many.
    func isUncountable(_ word: String) -> Bool { forms[word.lowercasedASCIIIfNeeded]?.isUncountable == true }

    /// The plural of a singular noun (`community` → `communities`, `person` → `people`, `post` → `posts`).
    func pluralize(_ word: String) -> String {
        let lower = word.lowercasedASCIIIfNeeded
        if let forms = forms[lower] {
            if forms.isUncountable { return word }
            if let plural = forms.plural { return plural }
            if forms.singular != nil { return word }
        }
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
    func singularize(_ word: String) -> String {
        let lower = word.lowercasedASCIIIfNeeded
        if let forms = forms[lower] {
            if forms.isUncountable { return word }
            if let singular = forms.singular { return singular }
            if forms.plural != nil { return word }
        }
        if lower.hasSuffix("ies"), lower.count > 3 { return String(lower.dropLast(3)) + "y" }
        for suffix in ["ches", "shes", "sses", "xes", "zes"] where lower.hasSuffix(suffix) {
            return String(lower.dropLast(2))
        }
        if lower.hasSuffix("ss") { return word }
        if lower.hasSuffix("us") || lower.hasSuffix("is") {
            // `menus`, `taxis`: what `pluralize` makes of a word ending in a vowel (see `isPlural`).
            return lower.utf8.count > 3 && pluralize(String(lower.dropLast())) == lower ? String(lower.dropLast()) : word
        }
        if lower.hasSuffix("s"), lower.count > 2 { return String(lower.dropLast()) }
        return word
    }

    /// Whether the word reads as a plural (or has one form), so it can name a collection. On the per-link hot
    /// path: the regular rules look at the last bytes without building the singular.
    func isPlural(_ word: String) -> Bool {
        let lower = word.lowercasedASCIIIfNeeded
        if let forms = forms[lower] {
            if forms.isUncountable || forms.singular != nil { return true }
            if forms.plural != nil { return false }
        }
        // The same regular rules as `singularize`: a final "s" that is not part of "ss", "us" or "is" ("ies",
        // "ches", "sses" and "xes" all end in "es").
        let bytes = lower.utf8
        guard bytes.last == UInt8(ascii: "s") else { return false }
        let before = bytes.count > 1 ? bytes[bytes.index(bytes.endIndex, offsetBy: -2)] : 0
        if bytes.count > 2, before != UInt8(ascii: "s") && before != UInt8(ascii: "u") && before != UInt8(ascii: "i") {
            return true
        }
        // What `pluralize` makes of a word ending in a vowel (`menu` → `menus`, `taxi` → `taxis`) is a plural too:
        // a word is never pluralised twice. The singulars of that spelling (`bonus`, `basis`) are irregular pairs.
        return bytes.count > 3 && (before == UInt8(ascii: "u") || before == UInt8(ascii: "i"))
            && pluralize(String(lower.dropLast())) == lower
    }
}

