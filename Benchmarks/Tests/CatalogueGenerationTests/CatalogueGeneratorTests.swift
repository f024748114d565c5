import Testing
@testable import CatalogueGeneration

/// The benchmark's catalogues must be reproducible and of the shape asked for: deterministic per seed, about a
/// tenth (or, in the findings shape, nine tenths) of the links planted with mistakes from every family, URLs
/// unique apart from planted repeats, or every link under the one renamed screen.
@Suite struct CatalogueGeneratorTests {
    private func generate(
        links: Int, seed: UInt64, shape: CatalogueShape = .planted
    ) -> (text: String, summary: GenerationSummary) {
        var text = ""
        let summary = CatalogueGenerator(linkCount: links, seed: seed, shape: shape).write(to: &text)
        return (text, summary)
    }

    /// The URL values of the link entries, quotes removed.
    private func urls(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  - url: ") else { return nil }
            var value = line.dropFirst("  - url: ".count)
            if let first = value.first, first == "\"" || first == "'" { value = value.dropFirst().dropLast() }
            return String(value)
        }
    }

    @Test func splitMixMatchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func drawsStayInRange() {
        var random = SplitMix64(seed: 99)
        for bound in [1, 2, 7, 1000] {
            for _ in 0..<500 { #expect((0..<bound).contains(random.below(bound))) }
        }
        #expect(random.weightedIndex([0, 5, 0]) == 1)
    }

    @Test func sameSeedGivesSameBytesAndOtherSeedsDiffer() {
        let first = generate(links: 2_000, seed: 11)
        #expect(first.text == generate(links: 2_000, seed: 11).text)
        #expect(first.text != generate(links: 2_000, seed: 12).text)
    }

    @Test func writesTheRequestedNumberOfLinks() {
        for count in [0, 1, 200, 3_000] {
            #expect(urls(in: generate(links: count, seed: 5).text).count == count)
        }
    }

    @Test func aboutATenthOfTheLinksArePlantedAndEveryKindAppears() {
        let summary = generate(links: 10_000, seed: 3).summary
        let share = Double(summary.plantedLinkCount) / 10_000
        #expect(share >= 0.08 && share <= 0.12)
        for kind in PlantedFinding.allCases {
            #expect(summary.count(of: kind) > 0, "no '\(kind.ruleID)' planted")
        }
    }

    @Test func urlsAreUniqueApartFromPlantedRepeats() {
        let (text, summary) = generate(links: 10_000, seed: 8)
        let all = urls(in: text)
        let repeats = summary.count(of: .duplicate) + summary.count(of: .shadowed)
        #expect(Set(all).count >= all.count - repeats)
    }

    @Test func vocabularyHasAboutTwoHundredDistinctComponentsOfEveryKind() {
        let vocabulary = Vocabulary()
        let names = vocabulary.allComponentNames
        #expect(Set(names).count == names.count)
        #expect((180...220).contains(names.count))
        #expect(!vocabulary.screensWithOrigin.isEmpty && !vocabulary.modalsWithOption.isEmpty)
        #expect(vocabulary.collections.contains { $0.idType == "uuid" })
    }

    @Test func headerDeclaresEveryRuleFamilysVocabulary() {
        let text = generate(links: 10, seed: 1).text
        for expected in [
            "schemes: [her]", "hosts: [her.app, links.her.app]", "barriers: [", "{ kind: tab }",
            "{ kind: collection, id: int }", "{ kind: modal, params: [origin, open] }", "navigable: true",
            "key:               { role: tracking-origin }", "token:             { role: credential }",
            "- [user_id, token, username]",
        ] {
            #expect(text.contains(expected), "header lacks '\(expected)'")
        }
    }

    @Test func theFindingsShapePlantsNineLinksInTenAndEveryKind() {
        let summary = generate(links: 10_000, seed: 3, shape: .findings).summary
        let share = Double(summary.plantedLinkCount) / 10_000
        #expect(share >= 0.88 && share <= 0.92)
        for kind in PlantedFinding.allCases {
            #expect(summary.count(of: kind) > 0, "no '\(kind.ruleID)' planted")
        }
    }

    @Test func theRenamedComponentShapeDeclaresTheScreenAndStartsEveryLinkWithIt() {
        let (text, summary) = generate(links: 2_000, seed: 4, shape: .renamedComponent)
        let all = urls(in: text)
        #expect(text.contains("  my_account: { kind: screen }\n"))
        #expect(all.count == 2_000)
        #expect(all.allSatisfy { $0.hasPrefix("her://my_account/") })
        #expect(Set(all).count == all.count)
        #expect(summary.plantedLinkCount == 0)
        #expect(!generate(links: 10, seed: 4).text.contains("my_account"))
    }
}
