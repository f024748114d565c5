import Testing
@testable import LinkRules

/// `consistent-query-params` works out its findings on most uses while their links are at hand, and reads the
/// others again at the end: a name that led its group for a while and lost has both kinds. Either way each finding
/// points at the name as written, in plain, quoted and escaped URLs and on lines that are not ASCII, and its fix
/// renames exactly that name, whether the catalogue is linted whole or in parts.
@Suite struct ConsistentQueryParamsTests {
    /// `key` leads its group for the first links, `origin` wins at the end: the first two uses of `key` were the
    /// leader's when they were visited, the later ones were not.
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
}
