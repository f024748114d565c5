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

    @Test func isPluralAgreesWithSingularize() {
        let words = ["communities", "ies", "boxes", "sses", "classes", "bus", "buses", "is", "us", "ss", "cats", "as",
                     "ox", "oxen", "quizzes", "analyses", "people", "person", "geese", "s", "xs", "abs"]
        for word in words where inflector.irregular[word] == nil && !inflector.isUncountable(word) {
            #expect(inflector.isPlural(word) == (inflector.singularize(word) != word), "\(word)")
        }
    }
}
