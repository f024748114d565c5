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
            return check(catalogue, in: LintContext(catalogue: catalogue, inflector: context.inflector))
        }
        // Each link's scheme and host form were recorded by the context's pass: the links themselves are read
        // only for findings.
        let facts = context.facts(for: catalogue)
        let names = facts.hostFormNames
        var tallies: [LinkFacts.HostFormKey: Tally] = [:]
        let keys = facts.hostFormKeys
        for (position, id) in facts.hostFormIDs.enumerated() where keys[Int(id)].hasHostForm {
            tallies[keys[Int(id)], default: Tally(firstLink: position)].count += 1
        }
        // Per scheme: how many forms, how many links, and the form most links use (the earliest on a tie).
        var schemes: [Int32: (forms: Int, total: Int, form: Int32, tally: Tally)] = [:]
        for (key, tally) in tallies {
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
        var diagnostics: [Diagnostic] = []
        // The note at each scheme's example link, made once: the link may have to be decoded again.
        var notes: [Int32: Note] = [:]
        for (position, id) in facts.hostFormIDs.enumerated() {
            let key = keys[Int(id)]
            guard key.hasHostForm, let winner = schemes[key.scheme], winner.forms > 1, key.form != winner.form else { continue }
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
