import Testing
@testable import LinkRules

/// Putting the links together from decoded runs of entries: each link at its own index, in file order, with its
/// own values, however the runs are shared among the jobs that parse their templates.
@Suite struct LinkAssemblyTests {
    /// The number a generated link's URL ends with (the last run of digits): its index in its file.
    func writtenIndex(_ link: Link) -> Int? {
        let digits = link.url.value.split(whereSeparator: { !$0.isNumber }).last
        return digits.flatMap { Int($0) }
    }

    /// A file read in one pass is one run, which is cut into chunks when there are more cores than runs; a file
    /// decoded in runs is parsed a run to a job. Both give every link in place.
    @Test(arguments: [RunPolicy(minimumFileSize: .max), RunPolicy(minimumFileSize: 0, runCount: 3)])
    func everyLinkIsAtItsIndexWithItsOwnValues(runs: RunPolicy) throws {
        let count = 2 * 4096 + 150
        let text = GeneratedCatalogues.text(links: count, seed: 11)
        let catalogue = try CatalogueLoader(runs: runs).load(files: [SourceFile(path: "links.yml", text: text)])
        #expect(catalogue.links.count == count)
        #expect(catalogue.links.indices.allSatisfy { catalogue.links[$0].index == $0 && writtenIndex(catalogue.links[$0]) == $0 })
        #expect(catalogue.links.allSatisfy { $0.template.text == $0.url.value })
        #expect(zip(catalogue.links, catalogue.links.dropFirst()).allSatisfy { $0.entryRange.upperBound <= $1.entryRange.lowerBound })
    }

    /// Several files: the second file's links follow the first's, each knowing its own file.
    @Test func theLinksOfSeveralFilesFollowEachOther() throws {
        let first = SourceFile(path: "a.yml", text: GeneratedCatalogues.text(links: 40, seed: 3))
        let second = SourceFile(path: "b.yml", text: "links:\n" + (0..<30).map { "  - url: app://b/\($0)\n" }.joined())
        let catalogue = try CatalogueLoader().load(files: [first, second])
        #expect(catalogue.links.map(\.index) == Array(0..<70))
        #expect(catalogue.links.prefix(40).allSatisfy { $0.file === first })
        #expect(catalogue.links.suffix(30).allSatisfy { $0.file === second })
        #expect(catalogue.links.suffix(30).map(\.url.value) == (0..<30).map { "app://b/\($0)" })
    }

    /// The values few links have are kept in the link only when it has one of them.
    @Test func rareValuesAreBoxedOnlyWhenPresent() throws {
        let text = """
            links:
              - url: app://a/1
              - url: app://a/2
                aliases: [app://old/2]
                required_params: [id]
              - url: app://a/3
                deprecated: { replaced_by: app://a/1, sunset: 2030-01-31 }
              - url: app://a/4
                deprecated: false
                lint: { ignore: [lowercase] }

            """
        let links = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]).links
        #expect(links[0].aliases.isEmpty && links[0].aliasesRange == nil && links[0].deprecation == nil)
        #expect(links[1].aliases.map(\.value) == ["app://old/2"] && links[1].aliasesAreFlow && links[1].requiredParams.map(\.value) == ["id"])
        #expect(links[2].deprecated && links[2].deprecation?.replacedBy?.value == "app://a/1" && links[2].deprecation?.sunset != nil)
        #expect(!links[3].deprecated && links[3].deprecation == nil && links[3].ignoredRules.map(\.value) == ["lowercase"])
    }
}
