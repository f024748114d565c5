import FoundationEssentials
import Synchronization

/// Runs the enabled rules over a catalogue and returns its diagnostics in source order, with configured
/// severities applied and suppressions honoured. The one place where severity is decided.
public struct Linter: Sendable {
    public let configuration: Configuration
    let linkRules: [any LinkRule]
    let catalogueRules: [any CatalogueRule]
    let severities: [String: Severity]
    /// Each enabled rule's default severity, to tell findings a rule deliberately reports lower (infos).
    private let defaultSeverities: [String: Severity]
    let inflector: Inflector
    /// Whether a large catalogue's rules run as jobs over the cores (the default); the findings are the same
    /// either way, in the same order.
    var runsRulesConcurrently = true

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

    /// The id of every registered rule, enabled or not: what a suppression may name.
    static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    /// Whether a rule runs under this configuration.
    public func isEnabled(_ id: String) -> Bool { severities[id] != nil }

    /// Every finding on the catalogue, suppressions honoured, with configured severities, in source order.
    public func lint(_ catalogue: Catalogue) -> [Diagnostic] {
        let context = LintContext(catalogue: catalogue, inflector: inflector)
        let filter = SuppressionFilter(
            catalogue: catalogue, knownRules: Self.knownRuleIDs,
            facts: context.facts(for: catalogue))
        let (ran, suppressions) = runRules(on: catalogue, in: context, collecting: filter)
        let found = filter.apply(to: consume ran, collected: suppressions, enabled: { severities[$0] != nil })
        return configuredInSourceOrder(found)
    }

    /// The findings of enabled rules with their configured severities, in `Diagnostic.sourceOrder`; findings that
    /// order the same keep the order they were found in (`sourceOrder(of:)`). The diagnostics are moved into that
    /// order where they are (swapped along the permutation's cycles, never copied).
    func configuredInSourceOrder(_ found: consuming [Diagnostic]) -> [Diagnostic] {
        var found = found
        let (places, severities) = sourceOrder(of: DiagnosticList(found))
        // Where each place's diagnostic comes from: the kept ones in order, then those of disabled rules, which
        // are dropped from the end.
        var source = places
        if source.count < found.count {
            var isKept = [Bool](repeating: false, count: found.count)
            for index in source { isKept[index] = true }
            source += found.indices.filter { !isKept[$0] }
        }
        found.withUnsafeMutableBufferPointer { diagnostics in
            var placed = [Bool](repeating: false, count: diagnostics.count)
            for start in diagnostics.indices where !placed[start] {
                var place = start
                while true {
                    placed[place] = true
                    let from = source[place]
                    if from == start { break }
                    diagnostics.swapAt(place, from)
                    place = from
                }
            }
            for place in places.indices { diagnostics[place].severity = severities[place] }
        }
        found.removeLast(found.count - places.count)
        return found
    }

    /// `configuredInSourceOrder(_:)` for encoded findings: the places of `order` (findings of `store`) in source
    /// order, those of disabled rules left out; the configured severities are written into the store.
    func configuredInSourceOrder(_ store: inout DiagnosticStore, order: [Int32]) -> [Int32] {
        let (places, severities) = sourceOrder(of: DiagnosticList(store, order: order))
        var sorted: [Int32] = []
        sorted.reserveCapacity(places.count)
        for (place, from) in places.enumerated() {
            let index = order[from]
            store.setSeverity(severities[place], at: Int(index))
            sorted.append(index)
        }
        return sorted
    }

    /// The positions of the findings of enabled rules in `Diagnostic.sourceOrder`, findings that order the same in
    /// the order found, and each one's configured severity. The configured severity replaces the default, except
    /// that a finding a rule reports below its default (an info about an unused pattern from a warning rule)
    /// keeps its lower severity, capped by the configured one.
    ///
    /// Sorted as small keys (ranks of the file and the rule, the offset, the place found), read without decoding
    /// the findings, and each rule's severities are looked up once, not once per finding: a large catalogue has
    /// many thousands of findings.
    private func sourceOrder(of found: DiagnosticList) -> (places: [Int], severities: [Severity]) {
        // Each distinct rule and file gets a number in the order first seen, then a rank in the order names sort.
        // Findings come in runs of one file, whose number is reused without hashing; rules are few, and a rule
        // other than the last one is found among them by comparing ids (one rule's findings share their id's
        // storage).
        var ruleNames: [String] = []
        var fileNumbers: [String: Int32] = [:]
        var fileNames: [String] = []
        var ruleOf: [Int32] = []
        var fileOf: [Int32] = []
        ruleOf.reserveCapacity(found.count)
        fileOf.reserveCapacity(found.count)
        var lastRule = -1
        var lastFile: Int32 = -1
        for index in found.indices {
            let id = found.ruleID(at: index)
            if lastRule < 0 || id != ruleNames[lastRule] {
                // Lengths first: most ids differ in length, and comparing those costs nothing.
                if let number = ruleNames.firstIndex(where: { $0.utf8.count == id.utf8.count && $0 == id }) {
                    lastRule = number
                } else {
                    lastRule = ruleNames.count
                    ruleNames.append(id)
                }
            }
            let file = found.file(at: index)
            if lastFile < 0 || file != fileNames[Int(lastFile)] {
                lastFile = Self.number(of: file, in: &fileNumbers, names: &fileNames)
            }
            ruleOf.append(Int32(lastRule))
            fileOf.append(lastFile)
        }
        let ruleRanks = Self.ranks(of: ruleNames)
        let fileRanks = Self.ranks(of: fileNames)
        let configured = ruleNames.map { severities[$0] }
        let standard = ruleNames.map { defaultSeverities[$0] }

        var keys: [SourceOrderKey] = []
        keys.reserveCapacity(found.count)
        for index in found.indices where configured[Int(ruleOf[index])] != nil {
            keys.append(
                SourceOrderKey(
                    file: fileRanks[Int(fileOf[index])], offset: found.startOffset(at: index),
                    rule: ruleRanks[Int(ruleOf[index])], found: Int32(index)))
        }
        keys.sort()
        var places: [Int] = []
        var placedSeverities: [Severity] = []
        places.reserveCapacity(keys.count)
        placedSeverities.reserveCapacity(keys.count)
        for key in keys {
            let index = Int(key.found)
            let rule = Int(ruleOf[index])
            let severity = configured[rule]!
            let reported = found.severity(at: index)
            places.append(index)
            if let standard = standard[rule], reported < standard {
                placedSeverities.append(min(reported, severity))
            } else {
                placedSeverities.append(severity)
            }
        }
        return (places, placedSeverities)
    }

    /// The number of `name` among `names`, adding it when it is new.
    private static func number(of name: String, in numbers: inout [String: Int32], names: inout [String]) -> Int32 {
        if let number = numbers[name] { return number }
        let number = Int32(names.count)
        numbers[name] = number
        names.append(name)
        return number
    }

    /// For each of some distinct names, its place when they are sorted.
    private static func ranks(of names: [String]) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: names.count)
        for (rank, number) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() { ranks[number] = Int32(rank) }
        return ranks
    }

    /// Links per chunk below which splitting the link rules over the cores costs more than it saves.
    static let linksPerChunk = 4096

    /// Runs the rules as independent jobs spread over the cores: the link rules over contiguous chunks of links,
    /// each catalogue rule on its own, and one job that collects the suppressions the findings are then filtered
    /// by. The catalogue rules, each one long job, start first and the chunks fill the cores around them. Results
    /// are joined in job order, so the output does not depend on scheduling; a small catalogue runs everything on
    /// the calling thread.
    private func runRules(
        on catalogue: Catalogue, in context: LintContext, collecting filter: SuppressionFilter
    ) -> (found: [Diagnostic], suppressions: SuppressionFilter.Collected) {
        let links = catalogue.links
        let chunks = ConcurrentJobs.chunks(of: links.count, minimum: Self.linksPerChunk, perCore: 4)
        let linkRules = linkRules
        let catalogueRules = catalogueRules
        let collected = Mutex<SuppressionFilter.Collected?>(nil)
        let collectingJob = chunks.count + catalogueRules.count
        @Sendable func job(_ index: Int) -> [Diagnostic] {
            if index == collectingJob {
                let suppressions = filter.collect()
                collected.withLock { $0 = suppressions }
                return []
            }
            guard index < chunks.count else { return catalogueRules[index - chunks.count].check(catalogue, in: context) }
            var found: [Diagnostic] = []
            for position in chunks[index] {
                let link = links[position]
                // By index: each rule is called where it is stored, not copied out of the array for every link. Each
                // appends its findings to the chunk's, so no array is built and released per rule and link.
                for rule in linkRules.indices {
                    linkRules[rule].check(link, in: context, into: &found)
                }
            }
            return found
        }
        let startOrder = Array(chunks.count...collectingJob) + Array(0..<chunks.count)
        // Room for the findings about suppressions, which the filter appends.
        let found = ConcurrentJobs.flatMap(
            count: collectingJob + 1, concurrently: runsRulesConcurrently && chunks.count > 1, startOrder: startOrder,
            extraCapacity: { collected.withLock { $0.map { $0.problems.count + $0.suppressions.count } ?? 0 } }, job)
        return (found, collected.withLock { $0 }!)
    }
}

/// Where a finding goes in `Diagnostic.sourceOrder`, as numbers: the rank of its file's name, its offset, the rank
/// of its rule's id, and then its place among the findings, so equal findings keep the order they were found in.
private struct SourceOrderKey: Comparable {
    var file: Int32
    var offset: Int
    var rule: Int32
    var found: Int32

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.offset, lhs.rule, lhs.found) < (rhs.file, rhs.offset, rhs.rule, rhs.found)
    }
}
