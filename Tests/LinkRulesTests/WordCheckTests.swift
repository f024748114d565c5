import Testing
@testable import LinkRules

/// The word checks the naming rules and "did you mean" ask on every finding, around the cheap tests that settle
/// most words before the full one: the answers are those of the full check.
struct WordCheckTests {
    @Test func localesAreShortASCIIWordsOfTwoOrThreeParts() {
        for locale in ["en-us", "pt_BR", "zh-hans", "zh-hant-tw", "es-419", "intl-de", "EN-US"] {
            #expect(NoSeparatorsRule.isLocale(locale), "\(locale)")
        }
        for word in ["my_profile", "en", "en-us-x", "en-usa-419-extra", "xx-us", "intl-xx", "en--us", "en-u5", "ën-us"] {
            #expect(!NoSeparatorsRule.isLocale(word), "\(word)")
        }
        // Lowercased before it is split: the Kelvin sign lowercases to an ASCII `k`.
        #expect(NoSeparatorsRule.isLocale("\u{212A}o-kr"))
    }

    @Test func fileNamesAreOneDotBeforeAKnownExtension() {
        for name in ["index.php", "feed.JSON", "page.html", "a.rss"] {
            #expect(NoSeparatorsRule.isFileName(name), "\(name)")
        }
        for word in ["shared.users", "my_profile", ".php", "a.b.php", "index.phpx", "index.ph", "index."] {
            #expect(!NoSeparatorsRule.isFileName(word), "\(word)")
        }
    }

    @Test func suggestionIsTheClosestCandidateWithinTheLimit() {
        #expect(Suggestion.closest(to: "hots", in: ["links.her.app.example", "hosts"]) == "hosts")
        #expect(Suggestion.closest(to: "communitie", in: ["community", "communities"]) == "communities")
        #expect(Suggestion.closest(to: "communitie", in: ["communities", "community"]) == "communities")
        // Equally close: the first one named.
        #expect(Suggestion.closest(to: "bart", in: ["bar", "barts"]) == "bar")
        #expect(Suggestion.closest(to: "abc", in: ["abcdefgh"]) == nil)
        #expect(Suggestion.closest(to: "Verifed", in: ["authentication", "verified"]) == "verified")
        #expect(Suggestion.closest(to: "Météo", in: ["forecast", "météo"]) == "météo")
    }

    /// A rule id with words left out is matched by the one id that has its words in order; the words of two ids,
    /// or words out of order, suggest nothing.
    @Test func aRuleIDWithWordsLeftOutSuggestsTheIDThatHasThem() {
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Suggestion.closestRuleID(to: "plural-nouns", in: ids) == "plural-resource-nouns")
        #expect(Suggestion.closestRuleID(to: "separators", in: ids) == "no-separators")
        #expect(Suggestion.closestRuleID(to: "lowercas", in: ids) == "lowercase")
        #expect(Suggestion.closestRuleID(to: "nouns-plural", in: ids) == nil)
        #expect(Suggestion.closestRuleID(to: "query", in: ["unknown-query-param", "consistent-query-params"]) == nil)
        #expect(RuleRegistry.closestID(to: "tab-switch") == "redundant-tab-switch")
    }
}
