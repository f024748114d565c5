/// Query parameters that mean the same thing share one name: `key`, `origin` and `origin_identifier` → `origin`.
struct ConsistentQueryParamsRule: CatalogueRule {
    static let description = RuleDescription(
        id: "consistent-query-params",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "query parameters with one meaning must share one name",
        rationale: """
            The HER app's deep-link guide, "Designing a Deeplink", rule 3: "If using a query param and it has the same relative \
            functionality as one for a different url component, use the same name for complimentary functionality. \
            Bad example: `key`, `origin`, and `origin_identifier` all have the same functionality but for different \
            url components." Parameters declared with the same `role`, or listed together in the `synonyms` option, \
            mean one thing; the name to keep is the most used one, then the one the others contain (`origin` in \
            `origin_identifier`), then the first declared. Roles that are categories rather than meanings \
            (`credential`, `url`) do not group names.
            """,
        source: .her,
        fix: .unsafe,
        options: [
            RuleOptionDescription(
                name: "synonyms", summary: "groups of parameter names that mean one thing", defaultValue: "[]")
        ],
        exampleContext: """
            version: 1
            schemes: [her]
            components:
              premium:  { kind: modal, params: [key] }
              location: { kind: screen, params: [origin] }
              boosts:   { kind: screen, params: [origin_identifier] }
            params:
              key:               { role: tracking-origin }
              origin:            { role: tracking-origin }
              origin_identifier: { role: tracking-origin }

            """,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                params:
                  key:               { role: tracking-origin }
                  origin:            { role: tracking-origin }
                  origin_identifier: { role: tracking-origin }
                links:
                  - url: her://premium?↓key=home
                  - url: her://location?origin=home
                  - url: her://boosts?↓origin_identifier=home
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    params:
                      key:               { role: tracking-origin }
                      origin:            { role: tracking-origin }
                      origin_identifier: { role: tracking-origin }
                    links:
                      - url: her://premium?origin=home
                      - url: her://location?origin=home
                      - url: her://boosts?origin=home
                    """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://premium?↓source=home
                  - url: her://location?origin=home
                  - url: her://boosts?origin=feed
                """,
                fixed: """
                    version: 1
                    schemes: [her]
                    links:
                      - url: her://premium?origin=home
                      - url: her://location?origin=home
                      - url: her://boosts?origin=feed
                    """,
                options: "{ synonyms: [[origin, source]] }"),
        ],
        nonTriggeringExamples: [
            .link("her://location?origin=home"),
            .catalogue(
                """
                version: 1
                schemes: [her]
                params:
                  token:    { role: credential }
                  password: { role: credential }
                links:
                  - url: her://login?token={token}
                  - url: her://reset?password={password}
                """),
        ])

    static let categoryRoles: Set<String> = ["credential", "url", "redirect", "identifier"]

    let synonyms: [[String]]

    init() { synonyms = [] }

    init(options: RuleOptions?) throws {
        try options?.expect(known: ["synonyms"], rule: Self.description.id)
        synonyms = try options?.stringGroups("synonyms").map { $0.map { $0.lowercasedASCIIIfNeeded } } ?? []
    }

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let groups = ParamMeanings(catalogue: catalogue, synonyms: synonyms)
        guard !groups.groupOf.isEmpty else { return [] }
        let context = context.built(on: catalogue)
        // Only a link with a query has names to count or rename: the others are passed over by their flags, unread.
        let links = catalogue.links
        let withQuery = links.indices.lazy.filter { context.flags(at: $0).contains(.hasQuery) }.map { links[$0] }
        return Self.findings(in: withQuery, catalogue: catalogue, groups: groups, context: context)
    }

    /// The rule over a catalogue's links: count the uses of each grouped name, choose the name to keep in each
    /// group written with two or more names, and report every use of another name.
    static func findings(
        in links: some Sequence<Link>, catalogue: Catalogue, groups: ParamMeanings, context: LintContext
    ) -> [Diagnostic] {
        var useCounts: [String: Int] = [:]
        // Counted item by item: a list of each link's grouped names would be made and dropped for every link.
        for link in links {
            let query = link.template.query
            for index in query.indices {
                let name = query[index].name.lowercasedASCIIIfNeeded
                if groups.groupOf[name] != nil { useCounts[name, default: 0] += 1 }
            }
        }
        let renaming = renaming(in: catalogue, groups: groups, canonical: groups.namesToKeep(useCounts: useCounts))
        return links.flatMap { findings(in: $0, renaming, context: context) }
    }

    /// What a catalogue's links are renamed to: the name each group keeps, and the edits renaming the
    /// components' `params:` entries naming a renamed parameter.
    struct Renaming {
        let groups: ParamMeanings
        /// The name kept by each group written with two or more names.
        let canonical: [String: String]
        /// By lowercased name renamed.
        let declarationEdits: [String: [TextEdit]]
        let catalogue: Catalogue

        /// The name a grouped name (lowercased) is renamed to, with its group's key; nil when it is kept.
        func rename(_ name: String) -> (keep: String, group: String)? {
            guard let key = groups.groupOf[name], let keep = canonical[key], keep != name else { return nil }
            return (keep, key)
        }

        func isRenamed(_ name: String) -> Bool { rename(name) != nil }
    }

    static func renaming(in catalogue: Catalogue, groups: ParamMeanings, canonical: [String: String]) -> Renaming {
        Renaming(
            groups: groups, canonical: canonical,
            declarationEdits: declarationEdits(in: catalogue, groups: groups, canonical: canonical), catalogue: catalogue)
    }

    /// A finding on each query item of `link` whose name is renamed, with a fix renaming it (and the components'
    /// `params:` entries naming it).
    static func findings(in link: Link, _ renaming: Renaming, context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for item in link.template.query {
            let name = item.name.lowercasedASCIIIfNeeded
            guard let (keep, key) = renaming.rename(name) else { continue }
            let meaning = key.hasPrefix("role:") ? "role '\(key.dropFirst(5))'" : "a configured synonym"
            var notes: [Note] = []
            if let declared = renaming.catalogue.param(named: keep) {
                notes.append(Note(message: .canonicalParamDeclared(keep), location: declared.location))
            }
            let target = ScalarEditTarget(link.url, in: link.file, replacing: item.nameSpan)
            // A query that has the kept name already would carry it twice (`?origin=home&key=2` → `?origin=…&origin=…`):
            // no fix is offered, and a note says why.
            var fixes: [FixIt] = []
            if link.template.query.contains(where: { $0.name.lowercasedASCIIIfNeeded == keep.lowercasedASCIIIfNeeded }) {
                notes.append(Note(message: .renameWouldRepeatParam(keep)))
            } else {
                fixes.append(
                    FixIt(
                        message: .renameParam(keep), edits: [target.edit(with: keep)] + (renaming.declarationEdits[name] ?? []),
                        applicability: .unsafe))
            }
            diagnostics.append(
                context.diagnostic(
                    ConsistentQueryParamsRule.self, .synonymParam(item.name, keep: keep, meaning: meaning),
                    at: target.spanLocation, link: link, notes: notes, fixes: fixes))
        }
        return diagnostics
    }

    /// The edits renaming the components' `params:` entries that name a parameter renamed (by its lowercased
    /// name), so a renamed link stays accepted (`unknown-query-param`).
    static func declarationEdits(
        in catalogue: Catalogue, groups: ParamMeanings, canonical: [String: String]
    ) -> [String: [TextEdit]] {
        var declarations: [String: [TextEdit]] = [:]
        for component in catalogue.components {
            let accepted = Set(component.params.map { $0.value.lowercasedASCIIIfNeeded })
            for param in component.params {
                let name = param.value.lowercasedASCIIIfNeeded
                guard let key = groups.groupOf[name], let keep = canonical[key], keep != name, !accepted.contains(keep)
                else { continue }
                declarations[name, default: []].append(
                    ScalarEditor.edit(param, in: component.file, replacing: 0..<param.value.utf8.count, with: keep))
            }
        }
        return declarations
    }
}

/// Parameter names grouped by meaning: the names declared with one role (other than a category role), and each
/// group of the `synonyms` option; and the rule that chooses the name a group keeps.
struct ParamMeanings: Sendable {
    /// The group of each grouped name (lowercased): "role:" and its role, or "synonyms:" and the group's place.
    let groupOf: [String: String]
    /// The names of each group, in the order they were grouped.
    let members: [String: [String]]
    /// Where each name is first declared in `params:`.
    let declarationOrder: [String: Int]

    init(catalogue: Catalogue, synonyms: [[String]]) {
        var groupOf: [String: String] = [:]
        var members: [String: [String]] = [:]
        var declarationOrder: [String: Int] = [:]
        for (order, param) in catalogue.params.enumerated() {
            let name = param.name.value.lowercasedASCIIIfNeeded
            declarationOrder[name] = declarationOrder[name] ?? order
            guard let role = param.role?.value.lowercasedASCIIIfNeeded,
                !ConsistentQueryParamsRule.categoryRoles.contains(role)
            else { continue }
            let key = "role:" + role
            groupOf[name] = key
            members[key, default: []].append(name)
        }
        for (index, group) in synonyms.enumerated() {
            let key = "synonyms:\(index)"
            for name in group where groupOf[name] == nil {
                groupOf[name] = key
                members[key, default: []].append(name)
            }
        }
        self.groupOf = groupOf
        self.members = members
        self.declarationOrder = declarationOrder
    }

    /// The name each group keeps, by group, for the groups whose links use two or more of its names: the most
    /// used, then the one most of the group's other names contain (`origin` in `origin_identifier`), then the
    /// first declared.
    func namesToKeep(useCounts: [String: Int]) -> [String: String] {
        var canonical: [String: String] = [:]
        for (key, names) in members {
            let used = names.filter { useCounts[$0, default: 0] > 0 }
            guard used.count > 1 else { continue }
            func rank(_ name: String) -> (uses: Int, containing: Int, order: Int) {
                let containing = names.filter { $0 != name && $0.contains(name) }.count
                return (useCounts[name, default: 0], containing, -declarationOrder[name, default: Int.max])
            }
            canonical[key] = used.max { rank($0) < rank($1) }
        }
        return canonical
    }
}

extension Message {
    static func synonymParam(_ name: String, keep: String, meaning: String) -> Message {
        "'\(name)' means the same as '\(keep)' (\(meaning)): use one name for one meaning, '\(keep)'"
    }
    static func renameParam(_ name: String) -> Message { "rename the parameter to '\(name)'" }
    static func canonicalParamDeclared(_ name: String) -> Message { "'\(name)' is declared here" }
}

extension Message {
    static func renameWouldRepeatParam(_ keep: String) -> Message {
        "no fix is offered: the query has '\(keep)' already, and renaming would pass it twice"
    }
}
