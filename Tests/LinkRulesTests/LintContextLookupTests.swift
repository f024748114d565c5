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

    /// A link's host form is the same whether `LinkFacts` finds its key by scanning the few keys seen so far or, past
    /// that many, by hashing: 40 hosts, each used by two links far apart, in both cases name the link's own host.
    @Test func hostFormsAreTheLinksOwnPastTheScannedKeys() throws {
        let hosts = (0..<40).map { "Host\($0)" }
        let urls = (hosts + hosts.reversed()).enumerated().map { "her://\($0.element)/p\($0.offset)" }
        let text = "version: 1\nschemes: [her]\nhosts: [\(hosts.joined(separator: ", "))]\nlinks:\n" + urls.map { "  - url: '\($0)'\n" }.joined()
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        let facts = LintContext(catalogue: catalogue).facts(for: catalogue)
        #expect(facts.hostFormKeys.count == 40)
        for (position, url) in urls.enumerated() {
            let key = facts.hostForm(at: position)
            #expect(facts.hostFormNames.string(Int(key.scheme)) == "her")
            #expect(facts.hostFormNames.string(Int(key.form)) == url.dropFirst(6).prefix { $0 != "/" }.lowercased())
        }
    }
}
