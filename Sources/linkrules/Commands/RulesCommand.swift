import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules rules [ID]`: lists the rules, explains one, or writes their Markdown pages.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or show one rule's rationale and examples."
    )

    @Argument(help: "A rule id.")
    var id: String?

    @Option(name: .long, help: "Write one Markdown page per rule into this folder.")
    var markdown: String?

    func validate() throws {
        if let id, RuleRegistry.description(withID: id) == nil {
            let suggestion = RuleRegistry.closestID(to: id).map { ": did you mean '\($0)'?" } ?? ""
            throw ValidationError("unknown rule '\(id)'\(suggestion)")
        }
    }

    func run() throws {
        if let markdown {
            try FileManager.default.createDirectory(atPath: markdown, withIntermediateDirectories: true)
            for rule in RuleRegistry.descriptions {
                let path = PathName.join(markdown, RuleDocumentation.pageName(rule.id))
                try Data(RuleDocumentation.markdown(rule).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            try Data(RuleDocumentation.index(RuleRegistry.descriptions).utf8)
                .write(to: URL(fileURLWithPath: PathName.join(markdown, "README.md")), options: .atomic)
            return
        }
        if let id, let rule = RuleRegistry.description(withID: id) {
            Output.standardOutput(RuleDocumentation.text(rule))
        } else {
            Output.standardOutput(RuleDocumentation.table(RuleRegistry.descriptions))
        }
    }
}
