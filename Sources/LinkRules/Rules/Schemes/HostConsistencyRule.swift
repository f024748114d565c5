/// All links of one custom scheme write their host the same way: all an empty host (`exfe:///…`), all the same
/// declared host, or all with their first component in the host position (`her://feed/…`).
struct HostConsistencyRule: CatalogueRule {
    static let description = RuleDescription(
        id: "host-consistency",
        scope: .catalogue,
        defaultSeverity: .warning,
        summary: "the links of one custom scheme use one host form",
        rationale: """
            EXFE's URL scheme, "Host": "iOS支持空Host，目前建议使用 空，实现目前不进行判断" (iOS supports an empty host; \
            for now we recommend leaving it empty, and the implementation does not check it). Its current links are \
            `exfe:///!100233`, while the deprecated index still lists `exfe://crosses/%CROSS_ID%`, where `crosses` \
            sits in the host position. A handler that ignores the host reads `exfe://crosses/9` and `exfe:///crosses/9` \
            alike, and one that does not reads them differently; mixing the forms in one scheme makes that choice \
            matter. Per custom scheme, the form most of its links use wins (the earliest on a tie) and every link \
            written another way is reported, with a note at a link in the winning form. Universal links are left \
            alone: several associated domains are normal; so is a bare launch link (`shortcuts://`), which has no path.
            """,
        source: .exfe,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [exfe]
                links:
                  - url: exfe:///!{cross_id}
                  - url: exfe:///profile
                  - url: exfe://↓crosses/{cross_id}
                """),
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/pay
                  - url: app://localhost/transaction/{transaction_id}
                  - url: app↓:///orders
                  - url: app://↓orders/{order_id}
                """),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/9"),
            .catalogue(
                """
                version: 1
                schemes: { exfe: production, black: beta }
                links:
                  - url: exfe:///!{cross_id}
                  - url: exfe://
                  - url: black://crosses/{cross_id}
                  - url: https://exfe.com/crosses/{cross_id}
                  - url: https://www.exfe.com/crosses/{cross_id}
                """),
            // A bare launch link has no host form of its own (Apple's `shortcuts://` opens the Shortcuts app).
            .catalogue(
                """
                version: 1
                schemes: [shortcuts]
                links:
                  - url: shortcuts://
                  - url: shortcuts://run-shortcut?name={name}
                  - url: shortcuts://open-shortcut?name={name}
                """),
        ])

    init() {}

    /// How a link writes its authority.
    enum HostForm: Hashable {
        /// `exfe:///…`
        case empty
        /// A host declared in `hosts:`, lowercased (`app://localhost/…`).
        case host(String)
        /// The first path component in the host position (`her://feed/…`).
        case firstComponent
    }

    /// How many links of a scheme use one form, and the first of them (for the note).
    private struct Tally {
        var count = 0
        var firstLink: Int
    }

    /// The form a key stands for, its host read back from `names`.
    private static func form(_ form: Int32, in names: InternTable) -> HostForm {
        switch form {
        case LinkFacts.HostFormKey.emptyForm: .empty
        case LinkFacts.HostFormKey.firstComponentForm: .firstComponent
        default: .host(names.string(Int(form)))
        }
    }

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        // The facts and the links must be the same catalogue's.
        guard context.isBuilt(on: catalogue) else {
            return check(catalogue, in: LintContext(
                catalogue: catalogue, inflector: context.inflector, pluralizesCollections: context.pluralizesCollections,
                lowercasesWords: context.lowercasesWords))
        }
        // Each link's scheme and host form were recorded by the context's pass: the links themselves are read
        // only for findings.
        let facts = context.facts(for: catalogue)
        let names = facts.hostFormNames
        let keys = facts.hostFormKeys
        // Each key's links are counted at the key's place among the keys: a catalogue has few keys, and a place is
        // read without hashing the key for every link.
        var tallies = [Tally](repeating: Tally(firstLink: -1), count: keys.count)
        for (position, id) in facts.hostFormIDs.enumerated() where keys[Int(id)].hasHostForm {
            if tallies[Int(id)].count == 0 { tallies[Int(id)].firstLink = position }
            tallies[Int(id)].count += 1
        }
        // Per scheme: how many forms, how many links, and the form most links use (the earliest on a tie).
        var schemes: [Int32: (forms: Int, total: Int, form: Int32, tally: Tally)] = [:]
        for (id, tally) in tallies.enumerated() where tally.count > 0 {
            let key = keys[id]
            guard var scheme = schemes[key.scheme] else {
                schemes[key.scheme] = (1, tally.count, key.form, tally)
                continue
            }
            scheme.forms += 1
            scheme.total += tally.count
            if tally.count > scheme.tally.count || tally.count == scheme.tally.count && tally.firstLink < scheme.tally.firstLink {
                scheme.form = key.form
                scheme.tally = tally
            }
            schemes[key.scheme] = scheme
        }
        guard schemes.values.contains(where: { $0.forms > 1 }) else { return [] }
        // The scheme's figures for each key whose links use another form than most of the scheme's, by the key's
        // place: nil for the others.
        let outvoted = keys.map { key in
            schemes[key.scheme].flatMap { key.hasHostForm && $0.forms > 1 && key.form != $0.form ? $0 : nil }
        }
        var diagnostics: [Diagnostic] = []
        // The note at each scheme's example link, made once: the link may have to be decoded again.
        var notes: [Int32: Note] = [:]
        for (position, id) in facts.hostFormIDs.enumerated() {
            guard let winner = outvoted[Int(id)] else { continue }
            let key = keys[Int(id)]
            let link = context.links[position]
            guard let span = Self.span(of: link.template) else { continue }
            let scheme = names.string(Int(key.scheme))
            let note = notes[key.scheme] ?? {
                let example = context.links[winner.tally.firstLink]
                return Note(message: .hostFormExample(example.url.value), location: example.urlLocation)
            }()
            notes[key.scheme] = note
            diagnostics.append(
                context.diagnostic(
                    Self.self,
                    .inconsistentHost(
                        this: Self.describe(Self.form(key.form, in: names), link.template),
                        scheme: link.template.scheme ?? scheme,
                        majority: Self.describe(Self.form(winner.form, in: names), scheme: scheme),
                        count: winner.tally.count, total: winner.total),
                    link: link, span: span, notes: [note]))
        }
        return diagnostics
    }

    /// Where the host form shows: `://` for an empty host, else the host or the first component.
    static func span(of template: LinkTemplate) -> Range<Int>? {
        guard let authority = template.authority, let schemeSpan = template.schemeSpan else { return nil }
        if authority.isEmpty { return schemeSpan.upperBound..<(schemeSpan.upperBound + 3) }
        return authority.span
    }

    static func describe(_ form: HostForm, _ template: LinkTemplate) -> String {
        switch form {
        case .empty: "has an empty host"
        case .host(let host): "has the host '\(host)'"
        case .firstComponent:
            "puts '\(template.components.first.map(\.text) ?? "")' in the host position"
        }
    }

    static func describe(_ form: HostForm, scheme: String) -> String {
        switch form {
        case .empty: "use an empty host ('\(scheme):///…')"
        case .host(let host): "use the host '\(host)' ('\(scheme)://\(host)/…')"
        case .firstComponent: "start with a path component in the host position ('\(scheme)://name/…')"
        }
    }
}

extension Message {
    static func inconsistentHost(this: String, scheme: String, majority: String, count: Int, total: Int) -> Message {
        "this link \(this), but \(count) of \(total) '\(scheme)' links \(majority): write one scheme's links one way"
    }
    static func hostFormExample(_ url: String) -> Message { "'\(url)' is written the common way" }
}
