import FoundationEssentials

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
            if let rule = rule.asLinkRule { linkRules.append(rule) }
            if let rule = rule.asCatalogueRule { catalogueRules.append(rule) }
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
        var diagnostics = runRules(on: catalogue, in: context)
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

    /// Links per chunk below which splitting the link rules over the cores costs more than it saves.
    static let linksPerChunk = 4096

    /// Runs the rules as independent jobs spread over the cores: the link rules over contiguous chunks of links,
    /// and each catalogue rule on its own. The catalogue rules, each one long job, start first and the chunks
    /// fill the cores around them. Results are joined in job order, so the output does not depend on
    /// scheduling; a small catalogue runs everything on the calling thread.
    private func runRules(on catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let links = catalogue.links
        let chunks = ConcurrentJobs.chunks(of: links.count, minimum: Self.linksPerChunk, perCore: 4)
        let linkRules = linkRules
        let catalogueRules = catalogueRules
        @Sendable func job(_ index: Int) -> [Diagnostic] {
            guard index < chunks.count else { return catalogueRules[index - chunks.count].check(catalogue, in: context) }
            var found: [Diagnostic] = []
            for position in chunks[index] {
                let link = links[position]
                // By index: each rule is called where it is stored, not copied out of the array for every link.
                for rule in linkRules.indices { found += linkRules[rule].check(link, in: context) }
            }
            return found
        }
        let startOrder = Array(chunks.count..<(chunks.count + catalogueRules.count)) + Array(0..<chunks.count)
        return ConcurrentJobs.flatMap(
            count: chunks.count + catalogueRules.count, concurrently: chunks.count > 1, startOrder: startOrder, job)
    }
}
