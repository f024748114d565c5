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
        var diagnostics: [Diagnostic] = []
        for link in catalogue.links {
            for rule in linkRules {
                diagnostics += rule.check(link, in: context)
            }
        }
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
}
