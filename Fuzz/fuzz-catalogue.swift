// libFuzzer entry over the whole pipeline: the input is a catalogue file's bytes. It is loaded (YAML events,
// located values, URL templates), linted with every rule, rendered by the text, JSON and SARIF reporters, and
// fixed with every fix (safe and unsafe) until nothing changes. The same bytes are also read as a
// `.linkrules.yml`. Built by scripts/fuzz.sh against an instrumented build of the library; not part of the
// Swift package.
//
// Besides crashes, it stops on broken invariants that a caller would trip over: a location outside the file, a
// line:column that disagrees with its byte offset, or a fix that turns a loadable catalogue into one that no
// longer loads.

@testable import LinkRules

/// The fixed parts of a run, built once: the linter with the default configuration and the reporters.
enum CatalogueFuzzing {
    static let linter = try! Linter()
    static let reporters: [any Reporter] = [TextReporter(), JSONReporter(), SARIFReporter()]
    static let path = "fuzz.yml"

    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(path: path, bytes: bytes)
        _ = try? ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", bytes: bytes), directory: "/fuzz")
        let catalogue: Catalogue
        do {
            catalogue = try CatalogueLoader().load(files: [file])
        } catch let error as LoadError {
            check(error.location, in: file, what: "load error")
            _ = error.description
            return
        } catch {
            fatalError("the loader threw something other than a LoadError: \(error)")
        }
        let diagnostics = linter.lint(catalogue)
        for diagnostic in diagnostics {
            check(diagnostic.location, in: file, what: "diagnostic [\(diagnostic.ruleID)]")
            for note in diagnostic.notes {
                if let location = note.location { check(location, in: file, what: "note of [\(diagnostic.ruleID)]") }
            }
            for fix in diagnostic.fixes {
                for edit in fix.edits { check(edit.location, in: file, what: "fix edit of [\(diagnostic.ruleID)]") }
            }
        }
        let input = ReportInput(
            diagnostics: diagnostics, rules: RuleRegistry.descriptions, sources: [path: file], toolVersion: "fuzz",
            failOn: .warning)
        for reporter in reporters { _ = reporter.report(input, options: ReportOptions()) }
        fixEverything(file)
    }

    /// Applies every fix until nothing changes; the fixed text must still load as a catalogue.
    static func fixEverything(_ file: SourceFile) {
        let outcome: FixOutcome
        do {
            outcome = try FixLoop().run(file: path, bytes: Array(file.bytes), selecting: { _ in true }) { bytes in
                linter.lint(try CatalogueLoader().load(files: [SourceFile(path: path, bytes: bytes)]))
            }
        } catch is FixError {
            return  // rules that undo each other: reported as an error, nothing written
        } catch {
            fatalError("fixing a catalogue that loads threw: \(error)")
        }
        if outcome.changed {
            do {
                _ = try CatalogueLoader().load(files: [SourceFile(path: path, bytes: outcome.bytes)])
            } catch {
                fatalError("the fixed catalogue does not load: \(error)")
            }
        }
    }

    /// A location must lie inside the file, and its line:column must be what the file says for its offsets.
    static func check(_ location: SourceLocation, in file: SourceFile, what: String) {
        guard location.file == file.path else { return }
        let range = location.range
        guard range.start.offset >= 0, range.start.offset <= range.end.offset, range.end.offset <= file.bytes.count else {
            fatalError("\(what): byte range \(range.start.offset)..<\(range.end.offset) outside a file of \(file.bytes.count) bytes")
        }
        for position in [range.start, range.end] where file.position(ofByte: position.offset) != position {
            fatalError("\(what): position \(position) disagrees with its offset (\(file.position(ofByte: position.offset)))")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    CatalogueFuzzing.run(bytes)
    return 0
}
