import Testing
@testable import LinkRules

/// Runs every documented example of every registered rule: triggering examples must report exactly at their
/// `↓` markers (and fix to their `fixed` text), non-triggering ones must report nothing.
@Suite struct RuleExampleTests {
    static let rules: [any Rule.Type] = RuleRegistry.all

    /// A rule example materialised as a catalogue file, with the byte offsets where findings are expected.
    struct MaterialisedExample {
        var text: String
        /// Where findings are expected, as "file@offset" (the catalogue is `example.yml`).
        var expectedOffsets: [String]
        /// The association file's text without markers, when the example has one.
        var association: String?
        /// The platform files' texts without markers, by name.
        var files: [String: String] = [:]
        /// For link examples, the byte range of the URL value in `text`, to compare fixed URLs.
        var urlPrefix: String?
    }

    static func materialise(_ example: RuleExample, of description: RuleDescription) -> MaterialisedExample {
        let marked: String
        var prefix = ""
        switch example.source {
        case .link(let url):
            prefix = description.exampleContext + "links:\n  - url: '"
            marked = prefix + url.replacingAll("'", with: "''") + "'\n"
        case .catalogue(let text):
            marked = text + "\n"
        }
        let (text, offsets) = stripMarkers(marked, file: exampleFileName)
        var association: String?
        var associationOffsets: [String] = []
        if let marked = example.association {
            (association, associationOffsets) = stripMarkers(marked, file: RuleExample.associationFileName)
        }
        var files: [String: String] = [:]
        for (name, marked) in example.files {
            let (text, offsets) = stripMarkers(marked, file: name)
            files[name] = text
            associationOffsets += offsets
        }
        return MaterialisedExample(
            text: text, expectedOffsets: offsets + associationOffsets, association: association, files: files,
            urlPrefix: example.source.isLink ? prefix : nil)
    }

    static let exampleFileName = "example.yml"

    /// The text without its `↓` markers, and where each marker was as "file@offset".
    static func stripMarkers(_ marked: String, file: String) -> (String, [String]) {
        var text = ""
        var offsets: [String] = []
        var byteCount = 0
        for character in marked {
            if character == RuleExample.marker {
                offsets.append("\(file)@\(byteCount)")
            } else {
                text.append(character)
                byteCount += character.utf8.count
            }
        }
        return (text, offsets)
    }

    static func lint(
        _ text: String, rule: any Rule.Type, options: String?, association: String? = nil, files: [String: String] = [:]
    ) throws -> [Diagnostic] {
        var configuration = Configuration()
        if let options {
            let optionsFile = SourceFile(path: "options.yml", text: "rules:\n  \(rule.description.id): \(options)\n")
            configuration = try ConfigurationLoader().load(file: optionsFile, directory: ".")
        }
        var linter = try Linter(configuration: configuration)
        linter.today = RuleExample.today
        var catalogue = try CatalogueLoader().load(files: [SourceFile(path: exampleFileName, text: text)])
        // The association file an example's `aasa:` names is its `association` text; any other is missing.
        AssociationLoader { path in
            guard path == RuleExample.associationFileName, let association else {
                throw LoadError(.unreadableFile("no such file"), file: path)
            }
            return SourceFile(path: path, text: association)
        }.load(into: &catalogue)
        AndroidFilesLoader { path in
            guard let text = files[path] else { throw LoadError(.unreadableFile("no such file"), file: path) }
            return SourceFile(path: path, text: text)
        }.load(into: &catalogue)
        IOSFilesLoader { path in
            guard let text = files[path] else { throw LoadError(.unreadableFile("no such file"), file: path) }
            return SourceFile(path: path, text: text)
        }.load(into: &catalogue)
        return linter.lint(catalogue).filter { $0.ruleID == rule.description.id }
    }

    static func fixAll(
        _ text: String, rule: any Rule.Type, options: String?, association: String?, files: [String: String] = [:]
    ) throws -> String {
        let outcome = try FixLoop().run(file: exampleFileName, bytes: Array(text.utf8), selecting: { _ in true }) { bytes in
            try lint(String(decoding: bytes, as: UTF8.self), rule: rule, options: options, association: association, files: files)
        }
        return String(decoding: outcome.bytes, as: UTF8.self)
    }

    static var triggering: [(String, RuleExample)] {
        rules.flatMap { rule in rule.description.triggeringExamples.map { (rule.description.id, $0) } }
    }

    static var nonTriggering: [(String, RuleExample)] {
        rules.flatMap { rule in rule.description.nonTriggeringExamples.map { (rule.description.id, $0) } }
    }

    @Test(arguments: triggering)
    func triggeringExampleReportsAtItsMarkers(ruleID: String, example: RuleExample) throws {
        let rule = try #require(RuleRegistry.rule(withID: ruleID))
        let materialised = Self.materialise(example, of: rule.description)
        #expect(!materialised.expectedOffsets.isEmpty, "a triggering example needs a ↓ marker (\(example.file):\(example.line))")
        let diagnostics = try Self.lint(
            materialised.text, rule: rule, options: example.options, association: materialised.association, files: materialised.files)
        let found = diagnostics.map { "\($0.location.file)@\($0.location.range.start.offset)" }.sorted()
        #expect(
            found == materialised.expectedOffsets.sorted(),
            "\(ruleID) example at \(example.file):\(example.line): expected findings at \(materialised.expectedOffsets), found \(diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" })")
        for diagnostic in diagnostics {
            let message = diagnostic.message.text
            #expect(message.first?.isUppercase != true && !message.hasSuffix("."), "message style: \(message)")
        }
        if let fixed = example.fixed {
            let result = try Self.fixAll(
                materialised.text, rule: rule, options: example.options, association: materialised.association, files: materialised.files)
            let expected: String
            if let prefix = materialised.urlPrefix {
                expected = prefix + fixed.replacingAll("'", with: "''") + "'\n"
            } else {
                expected = fixed + "\n"
            }
            #expect(result == expected, "\(ruleID) example at \(example.file):\(example.line) fixes to:\n\(result)")
            #expect(
                try Self.lint(result, rule: rule, options: example.options, association: materialised.association, files: materialised.files)
                    .filter { !$0.fixes.isEmpty }.isEmpty)
        }
    }

    @Test(arguments: nonTriggering)
    func nonTriggeringExampleReportsNothing(ruleID: String, example: RuleExample) throws {
        let rule = try #require(RuleRegistry.rule(withID: ruleID))
        let materialised = Self.materialise(example, of: rule.description)
        let diagnostics = try Self.lint(
            materialised.text, rule: rule, options: example.options, association: materialised.association, files: materialised.files)
        #expect(
            diagnostics.isEmpty,
            "\(ruleID) example at \(example.file):\(example.line) should not trigger: \(diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" })")
    }

    @Test(arguments: rules.map { $0.description.id })
    func everyRuleIsDocumented(ruleID: String) throws {
        let description = try #require(RuleRegistry.rule(withID: ruleID)).description
        #expect(!description.triggeringExamples.isEmpty)
        #expect(!description.nonTriggeringExamples.isEmpty)
        #expect(!description.summary.hasSuffix("."))
        #expect(description.summary.first?.isLowercase == true)
        #expect(description.rationale.count > 80)
        if description.source != .users {
            #expect(
                description.rationale.lowercased().contains(description.source.name.lowercased()),
                "the rationale names its source")
        }
        if description.fix != nil {
            #expect(description.triggeringExamples.contains { $0.fixed != nil }, "a fixable rule shows a fixed example")
        }
    }

    @Test func ruleIDsAreUnique() {
        let ids = Self.rules.map { $0.description.id }
        #expect(Set(ids).count == ids.count)
    }
}

extension RuleExample.Source {
    var isLink: Bool {
        if case .link = self { return true }
        return false
    }
}
