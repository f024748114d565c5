import Testing

@testable import LinkRules

/// The look-ups a rule makes through `LintContext` answer the same whether they read what the context resolved up
/// front for its own links or look a link up afresh.
@Suite struct LintContextLookupTests {
    static let text = """
        version: 1
        schemes: [her]
        components:
          community: { kind: collection, id: int }
          Posts: { kind: collection, id: int }
          feed: { kind: screen }
        links:
          - url: her://feed/Community/9
          - url: her://feed/posts/{id:int}
          - url: her://people/7/story/{story_id}
          - url: her://feed/COMMUNITY/{id:int}/post/3
        """

    static func catalogue() throws -> Catalogue {
        try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
    }

    @Test func pluralityOfResolvedComponentsMatchesTheInflector() throws {
        let catalogue = try Self.catalogue()
        // The same links parsed again are not the context's own: they are looked up afresh.
        let other = try Self.catalogue()
        let context = LintContext(catalogue: catalogue)
        for (own, stranger) in zip(catalogue.links, other.links) {
            let components = own.template.components
            for index in components.indices {
                let resolved = context.isPlural(own, component: index)
                #expect(resolved == context.inflector.isPlural(components[index].name), "\(components[index].text)")
                #expect(context.isPlural(stranger, component: index) == resolved)
            }
        }
    }

    @Test func pluralResourceNounsFindsTheSameForALinkTheContextDidNotResolve() throws {
        let catalogue = try Self.catalogue()
        let other = try Self.catalogue()
        let context = LintContext(catalogue: catalogue)
        func findings(_ links: [Link]) -> [String] {
            links.flatMap { PluralResourceNounsRule().check($0, in: context) }.map {
                "\($0.location.line):\($0.location.column) \($0.message.text)"
            }
        }
        let own = findings(catalogue.links)
        // The catalogue's singular collections, in any case, each followed by an id or a placeholder.
        #expect(own.map { $0.prefix { $0 != " " } }.count == Set(own.map { $0.prefix { $0 != " " } }).count)
        #expect(!own.isEmpty)
        #expect(findings(other.links) == own)
    }
}
