/// A design rule. Each rule lives in its own file with its description (id, severity, rationale, examples) and
/// is built from its configured options; it only returns diagnostics — it never prints, reads files or exits.
protocol Rule: Sendable {
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
protocol LinkRule: Rule {
    /// Appends the findings on one link to `found` and touches nothing else in it. The linter calls this for every
    /// rule and every link into one array per chunk of links: a rule with nothing to report returns without
    /// building and releasing an array of its own.
    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic])

    /// Appends the findings on consecutive links, link after link, as `check(_:in:into:)` on each does. The linter
    /// calls this once per rule for a block of links: one dynamic call for the block rather than one per link, and
    /// each rule's loop is compiled for that rule.
    func check(_ links: ArraySlice<Link>, in context: LintContext, into found: inout [Diagnostic])
}

/// A rule that looks at all links at once (duplicates, shadowing, consistency). It must be near-linear: an
/// index or a trie, never all pairs.
protocol CatalogueRule: Rule {
    /// The rule's findings over all links of the catalogue (`catalogue.links`, in order).
    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic]
}

extension Rule {
    init(options: RuleOptions?) throws {
        try options?.expectNoOptions(rule: Self.description.id)
        self.init()
    }

    var asLinkRule: (any LinkRule)? { nil }
    var asCatalogueRule: (any CatalogueRule)? { nil }
}

extension LinkRule {
    var asLinkRule: (any LinkRule)? { self }

    func check(_ links: ArraySlice<Link>, in context: LintContext, into found: inout [Diagnostic]) {
        // Each link is lent to the rule as the slice holds it (the slice keeps it alive): read through the slice's
        // subscript, every link would be retained and released again for every rule.
        links.withUnsafeBufferPointer { links in
            links.withMemoryRebound(to: Unmanaged<Link>.self) { links in
                for index in links.indices {
                    links[index]._withUnsafeGuaranteedRef { check($0, in: context, into: &found) }
                }
            }
        }
    }

    /// The findings on one link, as an array (those `check(_:in:into:)` appends, in its order).
    func check(_ link: Link, in context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        check(link, in: context, into: &found)
        return found
    }
}

extension CatalogueRule {
    var asCatalogueRule: (any CatalogueRule)? { self }
}

/// The options given to a rule in the configuration, with their location for error messages.
struct RuleOptions: Sendable {
    var members: [(key: Scalar, value: YAMLValue)]
    var file: SourceFile

    init(members: [(key: Scalar, value: YAMLValue)], file: SourceFile) {
        self.members = members
        self.file = file
    }

    func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }

    /// Throws for the first option key not in `known`, suggesting the closest.
    func expect(known: [String], rule: String) throws {
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

    func value(_ key: String) -> YAMLValue? { members.first { $0.key.value == key }?.value }

    /// A list of lists of strings (`[[origin, key], [id, identifier]]`).
    func stringGroups(_ key: String) throws -> [[String]] {
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
    func strings(_ key: String) throws -> [String]? {
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
    func integer(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard let scalar = value.scalar, let number = Int(scalar.value), number > 0 else {
            throw LoadError("'\(key)' must be a positive whole number", at: location(value.range))
        }
        return number
    }
}
