#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Runs the enabled rules over a catalogue and returns its diagnostics in source order, with configured
/// severities applied and suppressions honoured. The one place where severity is decided.
struct Linter: Sendable {
    let configuration: Configuration
    let linkRules: [any LinkRule]
    let catalogueRules: [any CatalogueRule]
    let severities: [String: Severity]
    /// What ordering and configuring each enabled rule's findings needs, by rule id.
    private let ruleOrders: [String: RuleOrder]
    let inflector: Inflector
    /// Whether a large catalogue's rules run as jobs over the cores (the default); the findings are the same
    /// either way, in the same order.
    var runsRulesConcurrently = true
    /// The day the catalogue is linted on, for rules that compare dates (`link-sunset`); nil leaves those checks
    /// out. The command passes it in (`--today` or the clock): the library never reads the clock.
    var today: CalendarDate?

    /// Builds every enabled rule with its configured options; bad options throw a `LoadError`.
    init(configuration: Configuration = Configuration(), registry: [any Rule.Type] = RuleRegistry.all) throws {
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
        ruleOrders = Dictionary(
            uniqueKeysWithValues: severities.keys.sorted().enumerated().map { rank, id in
                (id, RuleOrder(rank: rank, configured: severities[id]!, standard: defaultSeverities[id]))
            })
        self.inflector = configuration.inflector
    }

    /// The id of every registered rule, enabled or not: what a suppression may name.
    static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    /// Whether a rule runs under this configuration.
    func isEnabled(_ id: String) -> Bool { severities[id] != nil }

    /// Every finding on the catalogue, suppressions honoured, with configured severities, in source order.
    func lint(_ catalogue: Catalogue) -> [Diagnostic] {
        let context = LintContext(
            catalogue: catalogue, inflector: inflector, today: today,
            pluralizesCollections: isEnabled(PluralResourceNounsRule.description.id),
            lowercasesWords: isEnabled(LowercaseRule.description.id))
        let filter = SuppressionFilter(
            catalogue: catalogue, knownRules: Self.knownRuleIDs,
            facts: context.facts(for: catalogue))
        let (ran, suppressions) = runRules(on: catalogue, in: context, collecting: filter)
        let found = filter.apply(to: consume ran, collected: suppressions, enabled: { severities[$0] != nil })
        return configuredInSourceOrder(found)
    }

    /// The findings of enabled rules with their configured severities, in `Diagnostic.sourceOrder`; findings that
    /// order the same keep the order they were found in. The configured severity replaces the default, except
    /// that a finding a rule reports below its default (an info about an unused pattern from a warning rule)
    /// keeps its lower severity, capped by the configured one. The findings are changed and ordered where they
    /// are: none is copied.
    func configuredInSourceOrder(_ found: consuming [Diagnostic]) -> [Diagnostic] {
        var kept = found
        var offCount = 0
        // Each finding is read and changed in the array's storage, and moved into source order along the
        // permutation's cycles: read through `Array`'s subscript or swapped by `Array.swapAt`, a finding is
        // copied (a retain and a release of each of its strings and arrays); in the buffer its bytes are moved.
        kept.withUnsafeMutableBufferPointer { found in
            // Files are compared by their interned names, which copies no path.
            var files: [FileName] = []
            var lastIdentity: ObjectIdentifier?
            for place in found.indices where found[place].location.fileIdentity != lastIdentity {
                lastIdentity = found[place].location.fileIdentity
                files.append(found[place].location.fileName)
            }
            let fileRanks = Self.ranks(of: files)
            var lastRule = (id: "", order: RuleOrder?.none)
            var lastFile = (identity: ObjectIdentifier?.none, rank: 0)
            var keys: [SourceOrderKey] = []
            keys.reserveCapacity(found.count)
            for place in found.indices {
                // Looked up once for a run of findings of one rule.
                if found[place].ruleID != lastRule.id || place == 0 {
                    lastRule = (found[place].ruleID, ruleOrders[found[place].ruleID])
                }
                if found[place].location.fileIdentity != lastFile.identity {
                    lastFile = (found[place].location.fileIdentity, fileRanks[found[place].location.fileIdentity]!)
                }
                guard let order = lastRule.order else {
                    // A finding of a rule that is off (about a suppression, which the filter reports whatever is on)
                    // goes after all the others, to be dropped.
                    offCount += 1
                    keys.append(SourceOrderKey(file: SourceOrderKey.offFile, offset: found[place].location.range.start.offset, rule: 0, place: place))
                    continue
                }
                if let standard = order.standard, found[place].severity < standard {
                    found[place].severity = min(found[place].severity, order.configured)
                } else {
                    found[place].severity = order.configured
                }
                keys.append(
                    SourceOrderKey(
                        file: lastFile.rank, offset: found[place].location.range.start.offset, rule: order.rank, place: place))
            }
            // `source[place]`: where the finding that goes at `place` is now. Along each cycle the first finding is
            // held aside and each other one is moved once, into the place it goes.
            keys.sort()
            var source = keys.map(\.place)
            guard let base = found.baseAddress else { return }
            for start in source.indices where source[start] != start {
                let first = (base + start).move()
                var place = start
                while source[place] != start {
                    let from = source[place]
                    (base + place).moveInitialize(from: base + from, count: 1)
                    source[place] = place
                    place = from
                }
                (base + place).initialize(to: first)
                source[place] = place
            }
        }
        kept.removeLast(offCount)
        return kept
    }

    /// A rule's place in text order among the enabled rules, its configured severity and its default one.
    private struct RuleOrder {
        var rank: Int
        var configured: Severity
        var standard: Severity?
    }

    /// Where a finding goes in `Diagnostic.sourceOrder`, then in the order found: its file's rank and its start's
    /// byte offset (in a file, the offset decides the line and column), then its rule's rank and its place, each
    /// pair packed into one integer so that a comparison is two at most.
    private struct SourceOrderKey: Comparable {
        /// The file rank of a finding to drop, after every file.
        static let offFile = (1 << 23) - 1

        private let position: UInt64
        private let order: UInt64

        var place: Int { Int(order & (1 << 40 - 1)) }

        init(file: Int, offset: Int, rule: Int, place: Int) {
            precondition(file <= Self.offFile && rule < 1 << 23 && offset < 1 << 40 && place < 1 << 40, "a source order key past its bits")
            position = UInt64(file) << 40 | UInt64(offset)
            order = UInt64(rule) << 40 | UInt64(place)
        }

        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.position != rhs.position ? lhs.position < rhs.position : lhs.order < rhs.order
        }
    }

    /// Each distinct file's place in the text order of the paths, by its interned name.
    private static func ranks(of files: [FileName]) -> [ObjectIdentifier: Int] {
        var distinct: [ObjectIdentifier: FileName] = [:]
        for file in files { distinct[ObjectIdentifier(file)] = file }
        let ordered = distinct.values.sorted { $0.path < $1.path }
        return Dictionary(uniqueKeysWithValues: ordered.enumerated().map { (ObjectIdentifier($1), $0) })
    }

    /// Links per chunk below which splitting the work of reading every link over the cores costs more than it saves.
    static let linksPerChunk = 4096
    /// Links per chunk of the link rules, at least: small enough that the last chunk to finish leaves the other
    /// cores idle only briefly (a chunk where most links have findings takes a few milliseconds), large enough
    /// that a job costs far less than its links.
    static let linksPerRuleChunk = 1024
    /// Links each link rule checks in one call: few enough that their templates stay in the cache from one rule
    /// to the next.
    static let linksPerBlock = 32

    /// Runs the rules as independent jobs spread over the cores: the link rules over contiguous chunks of links,
    /// each catalogue rule on its own, and one job that collects the suppressions the findings are then filtered
    /// by. The catalogue rules, each one long job, start first and the chunks fill the cores around them: up to 32
    /// chunks a core, so that the last one to finish leaves the other cores idle only briefly. Results are joined
    /// in job order, so the output does not depend on scheduling; a small catalogue runs everything on the calling
    /// thread.
    private func runRules(
        on catalogue: Catalogue, in context: LintContext, collecting filter: SuppressionFilter
    ) -> (found: [Diagnostic], suppressions: SuppressionFilter.Collected) {
        let links = catalogue.links
        let chunks = ConcurrentJobs.chunks(of: links.count, minimum: Self.linksPerRuleChunk, perCore: 32)
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
            // Room for a finding per link from the start: a catalogue where most links have one does not copy its
            // findings as the array grows, and room no finding uses is never touched, so it costs no memory.
            var found: [Diagnostic] = []
            found.reserveCapacity(chunks[index].count)
            // Each rule checks a block of links at a time: a few dynamic calls per block, while the block's links
            // stay in the cache. By index: each rule is called where it is stored, not copied out of the array. Each
            // appends its findings to the chunk's, so no array is built and released per rule and link. (Findings
            // come rule after rule within a block; the linter puts them in source order afterwards.)
            for block in stride(from: chunks[index].lowerBound, to: chunks[index].upperBound, by: Self.linksPerBlock) {
                let blockLinks = links[block..<min(block + Self.linksPerBlock, chunks[index].upperBound)]
                for rule in linkRules.indices {
                    linkRules[rule].check(blockLinks, in: context, into: &found)
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
