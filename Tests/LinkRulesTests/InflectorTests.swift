import Testing
@testable import LinkRules

/// The inflector behind `plural-resource-nouns`: regular rules, irregular pairs, uncountable words.
@Suite struct InflectorTests {
    let inflector = Inflector(irregular: ["cactus": "cacti"], uncountable: ["staff"])

    @Test(arguments: [
        ("community", "communities"), ("post", "posts"), ("person", "people"), ("box", "boxes"), ("match", "matches"),
        ("wish", "wishes"), ("bus", "buses"), ("day", "days"), ("cactus", "cacti"), ("feed", "feed"), ("staff", "staff"),
        ("status", "statuses"),
    ])
    func pluralizes(singular: String, plural: String) {
        #expect(inflector.pluralize(singular) == plural)
        #expect(inflector.isPlural(plural))
        if singular != plural { #expect(!inflector.isPlural(singular)) }
    }

    @Test(arguments: ["communities", "posts", "people", "boxes", "matches", "news", "settings", "data", "cacti", "ads"])
    func recognisesPlurals(word: String) {
        #expect(inflector.isPlural(word))
        #expect(inflector.isPlural(word.uppercased()))
    }

    @Test(arguments: ["community", "address", "campus", "analysis", "as", "s", "", "premium", "profile"])
    func recognisesSingulars(word: String) {
        #expect(!inflector.isPlural(word))
    }

    /// A fix is applied once: the plural the rule suggests reads as a plural, so it is never pluralised again
    /// (`menu` → `menus`, not `menuses`), for short, odd, irregular and already-plural words alike.
    @Test(arguments: [
        "menu", "taxi", "guru", "emoji", "wiki", "bonus", "virus", "basis", "axis", "bus", "gas", "ox", "quiz",
        "status", "person", "people", "communities", "news", "series", "data", "child", "children", "box", "day",
        "story", "key", "photo", "hero", "halo", "cafe", "ski", "tofu", "emu", "alumnus", "cactus", "v2", "j",
    ])
    func aPluralIsNeverPluralisedAgain(word: String) {
        let inflector = Inflector()
        // The rule suggests a plural only for a word that is not one already and may take one.
        guard !inflector.isPlural(word), PluralResourceNounsRule.takesPlural(word) else {
            #expect(word.utf8.count <= 2 || word.contains("2") || inflector.isPlural(word))
            return
        }
        let plural = inflector.pluralize(word)
        #expect(plural != word && inflector.isPlural(plural), "\(word) → \(plural)")
    }

    @Test func isPluralAgreesWithSingularize() {
        let words = ["communities", "ies", "boxes", "sses", "classes", "bus", "buses", "is", "us", "ss", "cats", "as",
                     "ox", "oxen", "quizzes", "analyses", "people", "person", "geese", "s", "xs", "abs", "menus", "taxis",
                     "gurus", "emojis", "menu", "bonus", "basis"]
        for word in words where inflector.irregular[word] == nil && !inflector.isUncountable(word) {
            #expect(inflector.isPlural(word) == (inflector.singularize(word) != word), "\(word)")
        }
    }
}
