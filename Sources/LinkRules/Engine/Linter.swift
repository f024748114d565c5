import Foundation

/// Runs the enabled rules over a catalogue and returns its diagnostics in source order, with configured
/// severities applied and suppressions honoured. The one place where severity is decided.
public struct Linter: Sendable {
    public let configuration: Configuration
    private let linkRules: [any LinkRule]
    private let catalogueRules: [any CatalogueRule]
    private let severities: [String: Severity]
    /// Each enabled rule's default severity, to tell findings a rule deliberately reports lower (infos).
    private let defaultSeverities: [String: Severity]
    private let inflector: Inflector

    /// Builds every enabled rule with its configured options; bad options throw a `LoadError`.
    public init(configuration: Configuration = Configuration(), registry: [any Rule.Type] = RuleRegistry.all) throws {
        self.configuration = configuration
        var linkRules: [any LinkRule] = []
        var catalogueRules: [any CatalogueRule] = []
        var severities: [String: Severity] = [:]
        var defaultSeverities: [String: Severity] = [:]
        for type in registry {
            let id = type.description.id
            let setting = configuration.rules[id]
            if setting?.enabled == false { continue }
            severities[id] = setting?.severity ?? type.description.defaultSeverity
            defaultSeverities[id] = type.description.defaultSeverity
            let rule = try type.init(options: setting?.options)
            if let rule = rule as? any LinkRule { linkRules.append(rule) }
            if let rule = rule as? any CatalogueRule { catalogueRules.append(rule) }
        }
        self.linkRules = linkRules
        self.catalogueRules = catalogueRules
        self.severities = severities
        self.defaultSeverities = defaultSeverities
        self.inflector = configuration.inflector
    }

    /// Whether a rule runs under this configuration.
    public func isEnabled(_ id: String) -> Bool { severities[id] != nil }

    public func lint(_ catalogue: Catalogue) -> [Diagnostic] {
        let context = LintContext(catalogue: catalogue, inflector: inflector)
        var diagnostics = checkLinks(of: catalogue, in: context)
        for rule in catalogueRules {
            diagnostics += rule.check(catalogue, in: context)
        }
        diagnostics = SuppressionFilter(catalogue: catalogue, knownRules: Set(RuleRegistry.all.map { $0.description.id }))
            .apply(to: diagnostics, enabled: { severities[$0] != nil })
        // The configured severity replaces the default. A finding a rule reports below its default (an info
        // about an unused pattern from a warning rule) keeps its lower severity, capped by the configured one.
        for index in diagnostics.indices {
            let id = diagnostics[index].ruleID
            guard let severity = severities[id] else { continue }
            let reported = diagnostics[index].severity
            if let standard = defaultSeverities[id], reported < standard {
                diagnostics[index].severity = min(reported, severity)
            } else {
                diagnostics[index].severity = severity
            }
        }
        diagnostics = diagnostics.filter { severities[$0.ruleID] != nil }
        diagnostics.sort(by: Diagnostic.sourceOrder)
        return diagnostics
    }

    /// Links per worker below which splitting the link rules over the cores costs more than it saves.
    static let linksPerWorker = 4096

    /// Runs the link rules over every link, split into contiguous chunks over the cores for large catalogues;
    /// chunk results are joined in order, so the output does not depend on scheduling.
    private func checkLinks(of catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let links = catalogue.links
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, links.count / Self.linksPerWorker)
        @Sendable func check(_ range: Range<Int>) -> [Diagnostic] {
            var found: [Diagnostic] = []
            for index in range {
                for rule in linkRules { found += rule.check(links[index], in: context) }
            }
            return found
        }
        guard workers > 1 else { return check(links.indices) }
        let chunk = (links.count + workers - 1) / workers
        let results = ChunkResults(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let range = (worker * chunk)..<min(links.count, (worker + 1) * chunk)
            results.store(check(range), at: worker)
        }
        return results.joined()
    }
}

/// One slot per worker for `Linter.checkLinks`; each worker writes only its own slot.
private final class ChunkResults: @unchecked Sendable {
    private var slots: [[Diagnostic]]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: [], count: count) }

    func store(_ diagnostics: [Diagnostic], at index: Int) {
        lock.lock()
        slots[index] = diagnostics
        lock.unlock()
    }

    func joined() -> [Diagnostic] { slots.flatMap { $0 } }
}
