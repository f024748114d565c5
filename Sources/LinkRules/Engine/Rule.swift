/// A design rule. Each rule lives in its own file with its description (id, severity, rationale, examples) and
/// is built from its configured options; it only returns diagnostics — it never prints, reads files or exits.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Builds the rule with its default options.
    init()
    /// Builds the rule from its options under `rules:` in the configuration (nil when none are given).
    /// Unknown or invalid options throw a `LoadError` pointing at them.
    init(options: RuleOptions?) throws
    /// The rule as a check of one link, when it is one. `LinkRule` supplies it, so the linter sorts rules by what
    /// they check through their witness tables rather than with dynamic casts (a failed cast searches every
    /// conformance in the process).
    var asLinkRule: (any LinkRule)? { get }
    /// The rule as a check of the whole catalogue, when it is one; `CatalogueRule` supplies it.
    var asCatalogueRule: (any CatalogueRule)? { get }
}

/// A rule that looks at one link with the catalogue's vocabulary. It runs on the per-link hot path: no regex
/// compiled per link, no scan of all links.
public protocol LinkRule: Rule {
    /// Appends the findings on one link to `found` and touches nothing else in it. The linter calls this for every
    /// rule and every link into one array per chunk of links: a rule with nothing to report returns without
    /// building and releasing an array of its own.
    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic])
}

/// A rule that looks at all links at once (duplicates, shadowing, consistency). It must be near-linear: an
/// index or a trie, never all pairs. It walks the links as a `CataloguePass`: the linter hands the pass every
/// link once, in catalogue order, then asks for its findings, so a rule never needs every link in memory at once.
public protocol CatalogueRule: Rule {
    /// A new walk of this rule over `catalogue`, whose links `context.links` holds.
    func makePass(over catalogue: Catalogue, in context: LintContext) -> any CataloguePass
}

/// One catalogue rule's walk over a catalogue's links. `visit` is called with every link once, in catalogue
/// order, in runs of consecutive links: one run of them all when the catalogue is held, a part at a time when a
/// lint decodes the links in parts and lets each part go (`StreamingLint`). Then `finish` gives the findings. A
/// pass keeps what it needs of the links it has seen, small (hashes, ids, places); a finding that needs an
/// earlier link reads it again through `context.links`.
public protocol CataloguePass: Sendable {
    /// Sees the next run of links, with the context they were resolved in.
    mutating func visit(_ run: LinkRun, in context: LintContext)
    /// The findings, once every link has been visited; `context` is the whole catalogue's.
    mutating func finish(in context: LintContext) -> [Diagnostic]
}

/// A catalogue rule that walks no links: it reads the declarations, the facts `LintContext` recorded about every
/// link (`facts(for:)`, `routeKeyHashes(for:)`) and only the links it reports on, through `context.links`.
public protocol CatalogueReportRule: CatalogueRule {
    /// The rule's findings on `catalogue`, whose links `context.links` holds.
    func report(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic]
}

extension Rule {
    public init(options: RuleOptions?) throws {
        try options?.expectNoOptions(rule: Self.description.id)
        self.init()
    }

    public var asLinkRule: (any LinkRule)? { nil }
    public var asCatalogueRule: (any CatalogueRule)? { nil }
}

extension LinkRule {
    public var asLinkRule: (any LinkRule)? { self }

    /// The findings on one link, as an array (those `check(_:in:into:)` appends, in its order).
    public func check(_ link: Link, in context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        check(link, in: context, into: &found)
        return found
    }
}

extension CatalogueRule {
    public var asCatalogueRule: (any CatalogueRule)? { self }

    /// The rule's findings on a held catalogue: one pass over all its links in one run. A context built on
    /// another catalogue (a test's) is replaced by one built on this catalogue with the same inflector.
    public func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let context = context.isBuilt(on: catalogue) ? context : LintContext(catalogue: catalogue, inflector: context.inflector)
        var pass = makePass(over: catalogue, in: context)
        pass.visit(LinkRun(allOf: context), in: context)
        return pass.finish(in: context)
    }
}

extension CatalogueReportRule {
    public func makePass(over catalogue: Catalogue, in context: LintContext) -> any CataloguePass {
        ReportPass(rule: self)
    }
}

/// The pass of a `CatalogueReportRule`: it visits nothing and reports at the end on the context's catalogue
/// (whose load findings, in a streaming lint, are complete only then).
private struct ReportPass<R: CatalogueReportRule>: CataloguePass {
    let rule: R

    mutating func visit(_ run: LinkRun, in context: LintContext) {}

    mutating func finish(in context: LintContext) -> [Diagnostic] { rule.report(context.catalogue, in: context) }
}

/// Consecutive links of a catalogue as a `CataloguePass` sees them: their places in the catalogue, and for each
/// place the link and what `LintContext` recorded about it in its one pass (flags, route key hash). A run reads
/// the arrays it was given where they lie: the whole catalogue's, or one part's.
public struct LinkRun: Sendable {
    /// The places of the run's links in the catalogue, in order.
    public let positions: Range<Int>
    private let links: [Link]
    private let flags: [LinkFacts.Flags]
    private let routeKeyHashes: [UInt64]
    /// The catalogue place of the first element of the arrays.
    private let base: Int

    /// The run of links `links`, the first at catalogue place `base`, with their flags and route key hashes.
    init(links: [Link], base: Int, flags: [LinkFacts.Flags], routeKeyHashes: [UInt64]) {
        precondition(flags.count == links.count && routeKeyHashes.count == links.count, "a run's facts are not its links'")
        positions = base..<(base + links.count)
        self.links = links
        self.flags = flags
        self.routeKeyHashes = routeKeyHashes
        self.base = base
    }

    /// Every link of the context's held catalogue in one run.
    init(allOf context: LintContext) {
        let links = context.links.heldLinks ?? Array(context.links)
        self.init(
            links: links, base: 0, flags: context.facts(for: context.catalogue).flags,
            routeKeyHashes: context.routeKeyHashes(for: context.catalogue) ?? links.map(\.template.routeKeyHash))
    }

    /// The link at a catalogue place of the run.
    public func link(at position: Int) -> Link { links[position - base] }

    /// The flags `LinkFacts` recorded for the link at a place of the run.
    public func flags(at position: Int) -> LinkFacts.Flags { flags[position - base] }

    /// The link's `LinkTemplate.routeKeyHash`, at a place of the run.
    public func routeKeyHash(at position: Int) -> UInt64 { routeKeyHashes[position - base] }
}

/// The options given to a rule in the configuration, with their location for error messages.
public struct RuleOptions: Sendable {
    public var members: [(key: Scalar, value: YAMLValue)]
    public var file: SourceFile

    public init(members: [(key: Scalar, value: YAMLValue)], file: SourceFile) {
        self.members = members
        self.file = file
    }

    public func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }

    /// Throws for the first option key not in `known`, suggesting the closest.
    public func expect(known: [String], rule: String) throws {
        for member in members where !known.contains(member.key.value) {
            var message = Message("unknown option '\(member.key.value)' for rule '\(rule)'")
            if let suggestion = Suggestion.closest(to: member.key.value, in: known) {
                message = Message(message.text + ": did you mean '\(suggestion)'?")
            } else if known.isEmpty {
                message = Message(message.text + ": the rule takes no options")
            }
            throw LoadError(message, at: location(member.key.tokenRange))
        }
    }

    func expectNoOptions(rule: String) throws { try expect(known: [], rule: rule) }

    public func value(_ key: String) -> YAMLValue? { members.first { $0.key.value == key }?.value }

    /// A list of lists of strings (`[[origin, key], [id, identifier]]`).
    public func stringGroups(_ key: String) throws -> [[String]] {
        guard let value = value(key) else { return [] }
        guard case .sequence(let groups, _) = value else {
            throw LoadError("'\(key)' must be a list of lists of names", at: location(value.range))
        }
        return try groups.map { group in
            guard case .sequence(let items, _) = group else {
                throw LoadError("each group in '\(key)' must be a list of names", at: location(group.range))
            }
            return try items.map { item in
                guard let scalar = item.scalar else { throw LoadError("expected a name", at: location(item.range)) }
                return scalar.value
            }
        }
    }

    /// A list of strings.
    public func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        if let scalar = value.scalar { return [scalar.value] }
        guard case .sequence(let items, _) = value else {
            throw LoadError("'\(key)' must be a list of names", at: location(value.range))
        }
        return try items.map { item in
            guard let scalar = item.scalar else { throw LoadError("expected a name", at: location(item.range)) }
            return scalar.value
        }
    }

    /// A positive integer.
    public func integer(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard let scalar = value.scalar, let number = Int(scalar.value), number > 0 else {
            throw LoadError("'\(key)' must be a positive whole number", at: location(value.range))
        }
        return number
    }
}
