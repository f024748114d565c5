import Foundation
import Testing
@testable import LinkRules

/// A catalogue declaring `my_account` (a screen, so `no-separators` renames it) and `person` (a collection, so
/// `plural-resource-nouns` renames it), with `links` links starting with `my_account` and a tenth of them using
/// `person`, half of those without an id after it (uses no finding reaches, renamed with the rest).
private func renameCatalogue(links: Int) -> String {
    var text = """
        version: 1
        schemes: [app]
        components:
          my_account: { kind: screen }
          person: { kind: collection, id: int }
        links:

        """
    for index in 0..<links {
        // A word of its own per link, in letters, so no two links share a route.
        var word = ""
        var rest = index
        repeat {
            word.append(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(rest % 26))))
            rest /= 26
        } while rest > 0
        let tail = index % 10 == 0 ? "/person" : index % 10 == 5 ? "/person/{id:int}" : ""
        text += "  - url: app://my_account/page\(word)\(tail)\n"
    }
    return text
}

@Suite struct ComponentRenameTests {
    private func lint(_ text: String) throws -> LintResult {
        let folder = try FixFolder(files: ["links.yml": text])
        defer { folder.remove() }
        let session = try LintSession(workspace: Workspace(files: ["links.yml"], configPath: nil, workingDirectory: folder.path))
        return try session.lint(files: [SourceFile(path: "links.yml", text: text)])
    }

    /// The edits the findings of the two renaming rules carry, all together.
    private func renameEdits(_ result: LintResult) -> Int {
        result.diagnostics.filter { ["no-separators", "plural-resource-nouns"].contains($0.ruleID) }
            .reduce(0) { total, finding in total + finding.fixes.reduce(0) { $0 + $1.edits.count } }
    }

    /// A declared component renamed in every link: the findings grow with the links, and so must their edits and
    /// the JSON report, not with findings times links.
    @Test func renameEditsAndReportGrowWithTheLinks() throws {
        let small = try lint(renameCatalogue(links: 100))
        let large = try lint(renameCatalogue(links: 800))
        #expect(small.diagnostics.filter { $0.ruleID == "no-separators" }.count == 100)
        #expect(large.diagnostics.filter { $0.ruleID == "no-separators" }.count == 800)
        let smallEdits = renameEdits(small)
        let largeEdits = renameEdits(large)
        #expect(smallEdits >= 300)  // every no-separators finding renames its link and the declaration
        #expect(largeEdits <= 10 * smallEdits, "\(smallEdits) edits for 100 links, \(largeEdits) for 800")

        func jsonBytes(_ result: LintResult) -> Int {
            let input = ReportInput(
                diagnostics: result.diagnostics, rules: [], sources: result.sources, toolVersion: "test", failOn: nil)
            return JSONReporter().report(input, options: ReportOptions()).utf8.count
        }
        let smallJSON = jsonBytes(small)
        let largeJSON = jsonBytes(large)
        #expect(largeJSON <= 10 * smallJSON, "\(smallJSON) bytes of JSON for 100 links, \(largeJSON) for 800")
    }

    /// `--fix --unsafe-fixes` renames the declarations and every use in one run (the first use of each in an entry
    /// that ignores the rule), keeps each changed link's old URL as an alias once, and leaves a catalogue that loads
    /// and has no finding of either rule.
    @Test func unsafeFixRenamesTheDeclarationAndEveryUse() throws {
        let ignoring = "    lint: { ignore: [no-separators, plural-resource-nouns] }\n"
        var text = renameCatalogue(links: 60)
        for url in ["app://my_account/pagea/person\n", "app://my_account/pagef/person/{id:int}\n"] {
            text = text.replacingOccurrences(of: url, with: url + ignoring)
        }
        #expect(text.components(separatedBy: ignoring).count == 3)
        let folder = try FixFolder(files: ["links.yml": text])
        defer { folder.remove() }
        let result = try folder.fix(unsafe: true)
        #expect(result.rolledBack.isEmpty)
        let fixed = try #require(result.fixedFiles.first)
        let fixedText = String(decoding: fixed.bytes, as: UTF8.self)
        #expect(!fixedText.contains("my_account:") && fixedText.contains("myaccount: { kind: screen }"))
        #expect(!fixedText.contains("  person:") && fixedText.contains("people: { kind: collection, id: int }"))

        let original = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: fixedText)])
        #expect(catalogue.links.count == original.links.count)
        for (before, after) in zip(original.links, catalogue.links) {
            let expected = before.url.value.replacingOccurrences(of: "my_account", with: "myaccount")
                .replacingOccurrences(of: "/person", with: "/people")
            #expect(after.url.value == expected)
            #expect(after.aliases.map(\.value) == [before.url.value])
        }

        let relinted = try lint(fixedText)
        #expect(!relinted.diagnostics.contains { ["no-separators", "plural-resource-nouns"].contains($0.ruleID) })
    }

    /// The applier merges an edit two fixes share: both apply, the shared change is made once, and a fix with a
    /// different edit over the same text still waits for the next pass.
    @Test func identicalEditsOfTwoFixesAreMadeOnce() {
        let file = SourceFile(path: "links.yml", text: "a: my_b\nx: my_b/c\ny: my_b/d\n")
        func edit(_ range: Range<Int>, _ replacement: String) -> TextEdit {
            TextEdit(location: file.location(ofBytes: range), replacement: replacement)
        }
        let declaration = edit(3..<7, "myb")
        let first = FixIt(message: "first", edits: [declaration, edit(11..<15, "myb")], applicability: .unsafe)
        let second = FixIt(message: "second", edits: [declaration, edit(21..<25, "myb")], applicability: .unsafe)
        let other = FixIt(message: "other", edits: [edit(3..<7, "mine")], applicability: .unsafe)
        let pass = FixApplier.apply([first, second, other], to: Array(file.bytes), file: file.path)
        #expect(String(decoding: pass.bytes, as: UTF8.self) == "a: myb\nx: myb/c\ny: myb/d\n")
        #expect(pass.applied == [first, second])
        #expect(pass.deferred == [other])

        let catalogue = FixApplier.apply([second, other, first], to: [file])
        #expect(String(decoding: catalogue.files[0].bytes, as: UTF8.self) == "a: myb\nx: myb/c\ny: myb/d\n")
        #expect(catalogue.outcomes == [.applied, .deferred, .applied])
    }
}
