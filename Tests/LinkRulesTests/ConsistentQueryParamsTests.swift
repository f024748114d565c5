import Testing
@testable import LinkRules

/// `consistent-query-params` counts the uses of grouped names as the links are visited and reads again, at the end,
/// the links using a name that is renamed. Each finding points at the name as written, in plain, quoted and escaped
/// URLs and on lines that are not ASCII, and its fix renames exactly that name, whether the catalogue is linted
/// whole or in parts; the rule written as a function over the links finds the same.
@Suite struct ConsistentQueryParamsTests {
    /// `key` is the most used name of its group for the first links, `origin` at the end.
    static let text = """
        version: 1
        schemes: [her]
        params:
          origin: { role: tracking-origin }
          key:    { role: tracking-origin }
        links:
          - url: her://a/1?key=x
          - url: "her://a/2?key=y"
          - url: her://b/1?origin=x
          - url: her://b/2?origin=y
          - url: her://b/3?origin=z
          - url: 'her://a/3?key=it''s'
          - url: "her://a/4?x=1&key=\\u0041"
          - url: her://café/5?key=1
          - url: her://a/5?KEY=2
          - url: her://b/4?origin=1
          - url: her://b/5?origin=2
          - url: her://b/6?origin=3
          - url: her://b/7?origin=4

        """

    /// The text with each use of `key` renamed, as the fixes write it.
    static let renamed = text.replacingAll("?key=", with: "?origin=").replacingAll("&key=", with: "&origin=")
        .replacingAll("?KEY=", with: "?origin=")

    @Test func everyUseOfTheLosingNameIsFoundAndRenamed() throws {
        let file = SourceFile(path: "links.yml", text: Self.text)
        let linter = try Linter()
        for findings in [linter.lint(try CatalogueLoader().load(files: [file]))] {
            let found = findings.filter { $0.ruleID == "consistent-query-params" }
            #expect(found.map(\.location.line) == [7, 8, 12, 13, 14, 15])
            for finding in found {
                let range = finding.location.range.byteRange
                #expect(String(decoding: Array(file.bytes)[range], as: UTF8.self).lowercased() == "key")
                #expect(finding.linkKey != nil)
            }
            // The non-ASCII line's column counts characters: `é` is one.
            #expect(found.first { $0.location.line == 14 }?.location.column == 23)
            let pass = FixApplier.apply(found.flatMap(\.fixes), to: Array(file.bytes), file: file.path)
            #expect(pass.deferred.isEmpty && pass.rejected.isEmpty)
            #expect(String(decoding: pass.bytes, as: UTF8.self) == Self.renamed)
        }
    }

    /// The rule over a catalogue's links (`findings(in:catalogue:groups:context:)`, what the rule's `check` calls) gives the findings of the lint, fixes included.
    @Test func theRuleOverTheLinksFindsWhatTheLintFinds() throws {
        let file = SourceFile(path: "links.yml", text: Self.text)
        let catalogue = try CatalogueLoader().load(files: [file])
        let linted = try Linter().lint(catalogue).filter { $0.ruleID == "consistent-query-params" }
        let found = ConsistentQueryParamsRule.findings(
            in: catalogue.links, catalogue: catalogue, groups: ParamMeanings(catalogue: catalogue, synonyms: []),
            context: LintContext(catalogue: catalogue, inflector: Inflector()))
        #expect(found.count == 6)
        #expect(found.map(\.location) == linted.map(\.location))
        #expect(found.map(\.message) == linted.map(\.message))
        #expect(found.map(\.fixes) == linted.map(\.fixes))
    }
}
