import Foundation
import Testing
@testable import LinkRules

/// Every rule type declared under `Sources/LinkRules/Rules` is registered, once: a rule written but never added to
/// `RuleRegistry.all` would never run and never be documented, and nothing else would notice.
@Suite struct RuleRegistryTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LinkRules/Rules")

    /// The names of the types declared in the rule sources as conforming to a rule protocol
    /// (`struct NoSeparatorsRule: LinkRule`), read from the text of every Swift file under the folder.
    static func declaredRuleTypes() throws -> [String] {
        let conformance = /(?m)^\s*(?:public\s+|internal\s+)?(?:struct|final class|class|enum)\s+(\w+)\s*:\s*([\w\s,&]+?)\s*\{/
        let ruleProtocols: Set<String> = ["Rule", "LinkRule", "CatalogueRule"]
        guard let files = FileManager.default.enumerator(atPath: rulesFolder.path) else { return [] }
        var names: [String] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOf: rulesFolder.appendingPathComponent(path), encoding: .utf8)
            for match in text.matches(of: conformance) {
                let protocols = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if protocols.contains(where: ruleProtocols.contains) { names.append(String(match.1)) }
            }
        }
        return names.sorted()
    }

    @Test func everyRuleTypeInTheRulesFolderIsRegistered() throws {
        let declared = try Self.declaredRuleTypes()
        let registered = RuleRegistry.all.map { String(describing: $0) }.sorted()
        #expect(declared.count >= 29, "the scan found too few rule types: \(declared)")
        #expect(Set(declared).subtracting(registered).isEmpty, "not in RuleRegistry.all: \(Set(declared).subtracting(registered).sorted())")
        #expect(Set(registered).subtracting(declared).isEmpty, "registered but not declared under Rules/: \(Set(registered).subtracting(declared).sorted())")
    }

    @Test func everyRuleIsRegisteredOnceWithItsOwnID() {
        let types = RuleRegistry.all.map { String(describing: $0) }
        #expect(Set(types).count == types.count, "a rule type is registered twice")
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count, "two rules share an id")
    }
}
