import Dispatch
import Synchronization

extension Linter {
    /// Every finding on the catalogue of one file read in parts (`CatalogueFileParts`), as `lint(_:)` finds them
    /// on the whole file, in the same order, without keeping the links: the parts are decoded concurrently, and
    /// each part's links are checked by the link rules, visited by the catalogue rules' passes in catalogue order,
    /// and let go. What stays is small: each link's facts (`LinkFacts`) and entry range, the links using each
    /// component a fix may rename, the passes' state and the findings. A rule that needs a link let go reads it
    /// again from the file (`LinkStore`); look-ups for such a link are made afresh.
    ///
    /// A link on which a rule asks for every link using a component (a fix renaming it in all of them) is kept and
    /// checked again once all parts are read. Gives the findings and the catalogue (its declarations with every
    /// load finding, and no links); nil when a part does not decode as planned: the caller then loads the file
    /// whole.
    func lint(parts: CatalogueFileParts) -> (diagnostics: DiagnosticList, catalogue: Catalogue)? {
        let declarations = parts.declarations
        // While the parts are read, a link of another part is decoded again when a rule asks for it.
        let prototype = LintContext(
            declarationsOf: declarations, links: LinkStore(others: parts.linkSource(keeping: [])), inflector: inflector,
            templateParser: parts.parser)
        let filter = SuppressionFilter(catalogue: declarations, knownRules: Self.knownRuleIDs)
        let passes = Mutex(catalogueRules.map { $0.makePass(over: declarations, in: prototype) })
        let partCount = parts.plan.parts.count
        let results = Mutex([PartResult?](repeating: nil, count: partCount))
        // Every link's entry range and facts, each part's appended in its turn: reserved at their final size, so
        // the parts' are not held twice when they are joined.
        var allEntries = EntryRanges()
        allEntries.reserveCapacity(parts.plan.entryCount)
        let entries = Mutex(consume allEntries)
        let facts = Mutex(LinkFacts(reservingCapacity: parts.plan.entryCount))
        // Part `n` visits the passes when turn `n` comes: after part `n - 1` has. Each semaphore is signalled once
        // and waited on once (libdispatch refuses to free one left below its starting value).
        let turns = (0..<partCount).map { _ in DispatchSemaphore(value: 0) }
        turns.first?.signal()
        // Set by the first part that does not decode: the passes must not see the links after a gap, and the parts
        // still to come only take their turns.
        let failed = Atomic(false)
        let linkRules = linkRules
        DispatchQueue.concurrentPerform(iterations: partCount) { index in
            let part = failed.load(ordering: .relaxed)
                ? nil : Self.check(part: index, of: parts, in: prototype, linkRules: linkRules)
            turns[index].wait()
            if let part, !failed.load(ordering: .relaxed) {
                passes.withLock { passes in
                    for pass in passes.indices { passes[pass].visit(part.run, in: part.context) }
                }
                var result = part.result
                entries.withLock { $0.append(contentsOf: result.takeEntries()) }
                facts.withLock { $0.append(result.takeFacts()) }
                results.withLock { $0[index] = result }
                // Done with the part's bytes: a mapped file's pages for them may go (they are read again if needed).
                parts.file.releasePages(in: parts.plan.parts[index].bytes)
            } else {
                failed.store(true, ordering: .relaxed)
            }
            if index + 1 < partCount { turns[index + 1].signal() }
        }
        guard !failed.load(ordering: .relaxed) else { return nil }
        let checked = results.withLock { $0.map { $0! } }
        return finish(
            checked, entries: entries.withLock { Self.take(&$0, leaving: EntryRanges()) },
            facts: facts.withLock { Self.take(&$0, leaving: LinkFacts(reservingCapacity: 0)) }, of: parts, prototype: prototype,
            filter: filter, passes: passes.withLock { $0 })
    }

    /// `value`, leaving `empty` in its place: a value taken out of a `Mutex` so, rather than copied, is its only
    /// copy, and is freed as soon as its taker lets it go.
    private static func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
        var taken = empty
        swap(&taken, &value)
        return taken
    }

    /// What checking one part found, and what the rest of the lint needs of its links (not the links).
    fileprivate struct PartResult: Sendable {
        /// The facts of the part's links (`LinkFacts`), which catalogue rules read at the end, until its turn joins
        /// them to the others'.
        var facts: LinkFacts.Chunk
        /// The part's links that use each component a fix may rename (`LintContext.linksUsing(_:)`).
        var renameUses: [String: [Int]]
        /// The link rules' findings on the part's links, in link order, but for the links that wait; encoded as
        /// each link is checked.
        var found = DiagnosticStore()
        /// The links checked again once every part is read (a rule asked for the whole catalogue on them:
        /// `LintContext.takeWholeCatalogueRequest()`), each with the place in `found` where its findings go.
        var waiting: [(link: Link, place: Int)] = []
        var loadFindings: [LoadFinding]
        var entrySuppressions: [SuppressionFilter.Suppression] = []
        /// Each link's `entryRange`, until its turn joins them to the others'.
        var entries = EntryRanges()
        /// The suppression comments' markers in the part's bytes (`SuppressionFilter.appendMarkerOffsets`), found
        /// while they are read, so that the end does not read the whole file again for them.
        var markers: [Int] = []
    }

    /// Decodes part `index` and runs the link rules on its links; nil when it does not decode as planned. The
    /// links, as a run, and their context are handed back for the passes' visit, then let go.
    private static func check(
        part index: Int, of parts: CatalogueFileParts, in prototype: LintContext, linkRules: [any LinkRule]
    ) -> (result: PartResult, run: LinkRun, context: LintContext)? {
        guard let (links, findings) = parts.decode(part: index) else { return nil }
        let firstIndex = parts.plan.parts[index].entries.lowerBound
        let (context, resolved) = prototype.part(links, firstIndex: firstIndex)
        var result = PartResult(facts: resolved.facts, renameUses: context.renameUses(of: resolved), loadFindings: findings)
        result.entries.reserveCapacity(links.count)
        // Each link's findings, before they are encoded.
        var found: [Diagnostic] = []
        for (offset, link) in links.enumerated() {
            result.entries.append(link.entryRange)
            if resolved.facts.flags[offset].contains(.hasIgnoredRules) {
                SuppressionFilter.appendEntrySuppressions(of: link, to: &result.entrySuppressions)
            }
            for rule in linkRules.indices {
                linkRules[rule].check(link, in: context, into: &found)
            }
            if context.takeWholeCatalogueRequest() {
                result.waiting.append((link, result.found.count))
            } else {
                for diagnostic in found { result.found.append(diagnostic) }
            }
            found.removeAll(keepingCapacity: true)
        }
        // The part's findings are kept to the end: without the room they grew into.
        result.found.shrinkToFit()
        parts.file.bytes.withUnsafeBufferPointer { bytes in
            SuppressionFilter.appendMarkerOffsets(in: bytes, range: parts.plan.parts[index].bytes, to: &result.markers)
        }
        let run = LinkRun(links: links, base: firstIndex, flags: resolved.facts.flags, routeKeyHashes: resolved.routeKeyHashes)
        return (result, run, context)
    }

    /// Joins the parts' results: checks the links that waited for the whole catalogue, finishes the passes and
    /// applies the suppressions, as `lint(_:)` does. Each part's arrays are let go as soon as they are joined.
    private func finish(
        _ checked: consuming [PartResult], entries: consuming EntryRanges, facts: consuming LinkFacts,
        of parts: CatalogueFileParts, prototype: LintContext, filter: SuppressionFilter, passes: [any CataloguePass]
    ) -> (diagnostics: DiagnosticList, catalogue: Catalogue) {
        var checked = checked
        var catalogue = parts.declarations
        catalogue.loadFindings.insert(contentsOf: checked.flatMap(\.loadFindings), at: parts.findingsBeforeLinks)
        let links = LinkStore(others: parts.linkSource(keeping: checked.flatMap { $0.waiting.map(\.link) }))
        var renameIndex: [String: [Int]] = [:]
        for index in checked.indices {
            for (name, users) in checked[index].renameUses { renameIndex[name, default: []] += users }
        }
        let context = prototype.whole(catalogue, links: links, facts: consume facts, renameIndex: renameIndex)
        // The comments' markers: the header's (before the links block and after it), searched now, and the parts'.
        // The parts cover the block, each overlapping the next by the blanks that indent its first entry, where no
        // `#` is. What reading the header mapped of the file goes again.
        let headerSegments = parts.plan.headerSegments
        var markers: [Int] = []
        parts.file.bytes.withUnsafeBufferPointer { bytes in
            SuppressionFilter.appendMarkerOffsets(in: bytes, range: headerSegments[0], to: &markers)
            for part in checked { markers += part.markers }
            for segment in headerSegments.dropFirst() {
                SuppressionFilter.appendMarkerOffsets(in: bytes, range: segment, to: &markers)
            }
        }
        for segment in headerSegments where !segment.isEmpty {
            parts.file.bytes.releasePages(around: segment.lowerBound)
            parts.file.bytes.releasePages(around: segment.upperBound - 1)
        }
        let collected = filter.collect(
            entrySuppressions: checked.flatMap(\.entrySuppressions), entries: consume entries, links: links,
            markers: markers)
        // Each pass's findings encoded in its job.
        let fromPasses = ConcurrentJobs.flatMap(count: passes.count, concurrently: passes.count > 1) { index in
            var pass = passes[index]
            return [DiagnosticStore(pass.finish(in: context))]
        }
        // Each part's findings in order, those of a link that waited checked now and put where they would have
        // been, then the passes'. The parts' stores are joined by moving their segments; the order is kept as
        // places in the joined store.
        var found = DiagnosticStore()
        var order: [Int32] = []
        order.reserveCapacity(
            checked.reduce(0) { $0 + $1.found.count } + fromPasses.reduce(0) { $0 + $1.count } + collected.problems.count
                + collected.suppressions.count)
        found.reserveCapacity(order.capacity)
        var waitingFound: [Diagnostic] = []
        for index in checked.indices {
            let base = found.count
            let partCount = checked[index].found.count
            found.append(contentsOf: checked[index].takeFound())
            var next = 0
            for (link, place) in checked[index].waiting {
                Self.appendPlaces(base + next..<base + place, to: &order)
                next = place
                for rule in linkRules.indices {
                    linkRules[rule].check(link, in: context, into: &waitingFound)
                }
                Self.appendPlaces(found.count..<found.count + waitingFound.count, to: &order)
                for diagnostic in waitingFound { found.append(diagnostic) }
                waitingFound.removeAll(keepingCapacity: true)
            }
            Self.appendPlaces(base + next..<base + partCount, to: &order)
        }
        for store in consume fromPasses {
            Self.appendPlaces(found.count..<found.count + store.count, to: &order)
            found.append(contentsOf: store)
        }
        let kept = filter.apply(to: &found, order: consume order, collected: collected, enabled: { severities[$0] != nil })
        let sorted = configuredInSourceOrder(&found, order: kept)
        return (DiagnosticList(found, order: sorted), catalogue)
    }

    /// Appends the places of a range of a joined store's findings to an order.
    private static func appendPlaces(_ places: Range<Int>, to order: inout [Int32]) {
        precondition(places.upperBound <= Int(Int32.max), "too many findings")
        for place in places { order.append(Int32(place)) }
    }
}

extension Linter.PartResult {
    /// The part's facts, leaving none.
    mutating func takeFacts() -> LinkFacts.Chunk {
        var taken = LinkFacts.Chunk(capacity: 0)
        swap(&taken, &facts)
        return taken
    }

    /// The part's entry ranges, leaving none.
    mutating func takeEntries() -> EntryRanges {
        var taken = EntryRanges()
        swap(&taken, &entries)
        return taken
    }

    /// The part's findings, leaving none.
    mutating func takeFound() -> DiagnosticStore {
        var taken = DiagnosticStore()
        swap(&taken, &found)
        return taken
    }
}
