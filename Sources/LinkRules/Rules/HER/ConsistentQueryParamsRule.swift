/// Query parameters that mean the same thing share one name: `key`, `origin` and `origin_identifier` → `origin`.
public struct ConsistentQueryParamsRule: CatalogueRule {
    public static let description = RuleDescription(
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

    public init() { synonyms = [] }

    public init(options: RuleOptions?) throws {
        try options?.expect(known: ["synonyms"], rule: Self.description.id)
        synonyms = try options?.stringGroups("synonyms").map { $0.map { $0.lowercasedASCIIIfNeeded } } ?? []
    }

    public func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        let context = context.built(on: catalogue)
        var pass = Pass(catalogue: catalogue, synonyms: synonyms)
        pass.visit(catalogue, in: context)
        return pass.finish(in: context)
    }

    /// The rule's walk: parameter names grouped by meaning from the declarations, the uses of grouped names counted
    /// in the links with a query as they are visited, and at the end the name to keep of each group chosen and the
    /// uses of the others reported.
    private struct Pass {
        /// The catalogue's declarations (`params:`, `components:`); its links are never read.
        let catalogue: Catalogue
        /// The group of each grouped name: "role:" and its role, or "synonyms:" and the group's place in the option.
        let groupOf: [String: String]
        /// The names of each group, in the order they were grouped.
        let members: [String: [String]]
        /// The grouped names, found in queries by their bytes, not hashed as strings; `namesByID` by their ids.
        let groupedNames: InternTable
        let namesByID: [String]
        var useCounts: [Int]
        /// Each use of a grouped name, in link order: only those can be reported.
        var groupedUses: [GroupedUse] = []
        /// The group of each grouped name (by id), as a place in `leaders`.
        let groupByID: [Int]
        /// Each group's name that would be kept if the links so far were all (by id; -1 before any use): the name
        /// the others are renamed to at the end, most often.
        var leaders: [Int]
        /// The tie-breaks of `finish` between two names used as often, by id: how many names of the group contain
        /// the name, and where it is declared (`Int.max` when it is not).
        let containingCounts: [Int]
        let declarationOrderByID: [Int]
        /// What the findings on the uses of names other than their group's leader need of their links, in the order
        /// of the uses: worked out while the links are at hand, so that the end reads no link again but for a use
        /// of a name that led its group for a while and lost.
        var preparedUses: [PreparedUse] = []

        init(catalogue: Catalogue, synonyms: [[String]]) {
            // Group names by meaning: a role, or a configured synonym group.
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
            var groupedNames = InternTable(capacity: groupOf.count)
            var namesByID: [String] = []
            // The keys are distinct, so each is given the next id.
            for name in groupOf.keys {
                _ = groupedNames.intern(name)
                namesByID.append(name)
            }
            self.catalogue = catalogue
            self.groupOf = groupOf
            self.members = members
            self.groupedNames = groupedNames
            self.namesByID = namesByID
            useCounts = [Int](repeating: 0, count: namesByID.count)
            let groupKeys = Array(members.keys)
            let groupPlaces = Dictionary(uniqueKeysWithValues: groupKeys.enumerated().map { ($1, $0) })
            groupByID = namesByID.map { groupPlaces[groupOf[$0]!]! }
            leaders = [Int](repeating: -1, count: groupKeys.count)
            containingCounts = namesByID.map { name in
                members[groupOf[name]!]!.filter { $0 != name && $0.contains(name) }.count
            }
            declarationOrderByID = namesByID.map { declarationOrder[$0, default: Int.max] }
        }

        /// Whether grouped name `a` is kept rather than `b`, of the same group, with the uses counted so far: the
        /// order in which the leaders are followed and `finish` chooses the name to keep.
        private func isKept(_ a: Int, over b: Int) -> Bool {
            if useCounts[a] != useCounts[b] { return useCounts[a] > useCounts[b] }
            if containingCounts[a] != containingCounts[b] { return containingCounts[a] > containingCounts[b] }
            return declarationOrderByID[a] < declarationOrderByID[b]
        }

        /// Counts the uses of grouped names in the run's links with a query (`LinkFacts`), noting each.
        mutating func visit(_ catalogue: Catalogue, in context: LintContext) {
            guard !namesByID.isEmpty else { return }
            for position in catalogue.links.indices where context.flags(at: position).contains(.hasQuery) {
                let link = catalogue.links[position]
                link.template.query.withUnsafeBufferPointer { query in
                    for index in query.indices {
                        guard let id = ConsistentQueryParamsRule.id(ofLowercased: query[index].name, in: groupedNames)
                        else { continue }
                        useCounts[id] += 1
                        let group = groupByID[id]
                        let leader = leaders[group]
                        if leader == -1 || (leader != id && isKept(id, over: leader)) {
                            leaders[group] = id
                        } else if leader != id {
                            preparedUses.append(PreparedUse(use: groupedUses.count, link: link, item: query[index]))
                        }
                        groupedUses.append(GroupedUse(link: Int32(position), item: Int32(index), name: Int32(id)))
                    }
                }
            }
        }

        mutating func finish(in context: LintContext) -> [Diagnostic] {
            guard !groupedUses.isEmpty else { return [] }
            // Only a group written with two or more names in the links is inconsistent; the name kept is chosen as the
            // leaders were, on the final counts.
            var canonical: [String: String] = [:]
            for (key, names) in members {
                let used = names.compactMap { groupedNames.id(of: $0) }.filter { useCounts[$0] > 0 }
                guard used.count > 1, let kept = used.max(by: { isKept($1, over: $0) }) else { continue }
                canonical[key] = namesByID[kept]
            }
            // The components' `params:` entries that name a parameter, so a rename fix renames them too and the
            // link stays accepted (`unknown-query-param`).
            var declarations: [String: [TextEdit]] = [:]
            for component in catalogue.components {
                let accepted = Set(component.params.map { $0.value.lowercasedASCIIIfNeeded })
                for param in component.params {
                    let name = param.value.lowercasedASCIIIfNeeded
                    guard let key = groupOf[name], let keep = canonical[key], keep != name, !accepted.contains(keep)
                    else { continue }
                    declarations[name, default: []].append(
                        ScalarEditor.edit(param, in: component.file, replacing: 0..<param.value.utf8.count, with: keep))
                }
            }
            // Whether each grouped name is renamed: only its uses' links are read again (`context.links`).
            let renamed = namesByID.map { name in groupOf[name].flatMap { canonical[$0] }.map { $0 != name } ?? false }
            var diagnostics: [Diagnostic] = []
            // Uses come in link order, and so do the prepared ones: a link read again for several is read once.
            var last: Link?
            var nextPrepared = 0
            for (place, use) in groupedUses.enumerated() where renamed[Int(use.name)] {
                let name = namesByID[Int(use.name)]
                guard let key = groupOf[name], let keep = canonical[key] else { continue }
                while nextPrepared < preparedUses.count, preparedUses[nextPrepared].use < place { nextPrepared += 1 }
                let prepared: PreparedUse
                if nextPrepared < preparedUses.count, preparedUses[nextPrepared].use == place {
                    prepared = preparedUses[nextPrepared]
                } else {
                    let link = last.flatMap { $0.index == Int(use.link) ? $0 : nil } ?? context.links[Int(use.link)]
                    last = link
                    prepared = PreparedUse(use: place, link: link, item: link.template.query[Int(use.item)])
                }
                let meaning = key.hasPrefix("role:") ? "role '\(key.dropFirst(5))'" : "a configured synonym"
                var notes: [Note] = []
                if let declared = catalogue.param(named: keep) {
                    notes.append(Note(message: .canonicalParamDeclared(keep), location: declared.location))
                }
                let fix = FixIt(
                    message: .renameParam(keep), edits: [prepared.name.edit(with: keep)] + (declarations[name] ?? []),
                    applicability: .unsafe)
                diagnostics.append(
                    context.diagnostic(
                        ConsistentQueryParamsRule.self, .synonymParam(prepared.writtenName, keep: keep, meaning: meaning),
                        at: prepared.name.spanLocation, linkKey: prepared.linkKey, notes: notes, fixes: [fix]))
            }
            return diagnostics
        }
    }
}

extension ConsistentQueryParamsRule {
    /// One use of a grouped name in a link's query: the link's place, the item's, and the name's id.
    struct GroupedUse {
        var link: Int32
        var item: Int32
        var name: Int32
    }

    /// What a finding on one use of a grouped name needs of its link, whatever name it is renamed to: the name as
    /// written, where it is in the URL, and the link's route key.
    struct PreparedUse {
        /// The use's place among the pass's uses.
        var use: Int
        var writtenName: String
        var name: ScalarEditTarget
        var linkKey: String

        init(use: Int, link: Link, item: QueryItem) {
            self.use = use
            writtenName = item.name
            name = ScalarEditTarget(link.url, in: link.file, replacing: item.nameSpan)
            linkKey = link.template.routeKey
        }
    }

    /// The id in `table` of a name once lowercased (`lowercasedASCIIIfNeeded`): an ASCII name is looked up by its
    /// bytes, capitals folded as they are read, with no lowercased copy.
    static func id(ofLowercased name: String, in table: InternTable) -> Int? {
        var name = name
        let ascii = name.withUTF8 { bytes -> Int?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return .some(table.id(of: bytes, foldingASCIICase: true))
        }
        if let ascii { return ascii }
        return table.id(of: name.lowercasedASCIIIfNeeded)
    }
}

extension Message {
    static func synonymParam(_ name: String, keep: String, meaning: String) -> Message {
        "'\(name)' means the same as '\(keep)' (\(meaning)): use one name for one meaning, '\(keep)'"
    }
    static func renameParam(_ name: String) -> Message { "rename the parameter to '\(name)'" }
    static func canonicalParamDeclared(_ name: String) -> Message { "'\(name)' is declared here" }
}
