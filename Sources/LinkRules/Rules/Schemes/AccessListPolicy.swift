/// Allow and deny lists for one part of a link (its scheme or its host), merged from the catalogue's `allow:` /
/// `deny:` and the rule's `allow` / `deny` options in `.linkrules.yml`. NoMoreDeepLinkHandler: "only the hosts or schemes in
/// the whitelist will be handled if this field is set … The priority is `blacklist` >> `whitelist`."
struct AccessListPolicy: Sendable {
    /// Entries given in the rule options, with the configuration file they are written in.
    var optionAllow: [Scalar] = []
    var optionDeny: [Scalar] = []
    var optionsFile: SourceFile?

    init() {}

    /// Reads the `allow` and `deny` options (a name or a list of names).
    init(options: RuleOptions?, rule: String) throws {
        guard let options else { return }
        try options.expect(known: ["allow", "deny"], rule: rule)
        optionAllow = try Self.names(options, "allow")
        optionDeny = try Self.names(options, "deny")
        optionsFile = options.file
    }

    private static func names(_ options: RuleOptions, _ key: String) throws -> [Scalar] {
        guard let value = options.value(key) else { return [] }
        if let scalar = value.scalar { return [scalar] }
        guard case .sequence(let items, _) = value else {
            throw LoadError("'\(key)' must be a list of names", at: options.location(value.range))
        }
        return try items.map { item in
            guard let scalar = item.scalar else { throw LoadError("expected a name", at: options.location(item.range)) }
            return scalar
        }
    }

    /// What the lists say about a name.
    enum Decision {
        case permitted
        /// A deny entry names it; `allowance` is an allow entry that names it too (deny beats allow).
        case denied(denial: SourceLocation?, allowance: SourceLocation?)
        /// There is an allow list and it does not name it; `allowList` is its first entry.
        case notAllowed(allowList: SourceLocation?)
    }

    /// Decides the name a link spells at `span` against the catalogue's lists and the options' lists, comparing
    /// ASCII case-insensitively (`LinkTemplate.spells(_:at:)`). The catalogue is read through `context` only to
    /// locate the entries of a finding: every link asks, and a copy of the catalogue per link would retain each of
    /// its lists.
    func decide(
        _ span: Range<Int>, of template: LinkTemplate, catalogueAllow: [Scalar], catalogueDeny: [Scalar],
        in context: LintContext
    ) -> Decision {
        /// An entry that names the name: its scalar, and whether the rule options (not the catalogue) give it.
        struct Entry {
            var scalar: Scalar
            var fromOptions: Bool
        }
        func find(_ catalogueList: [Scalar], _ optionList: [Scalar]) -> Entry? {
            if let entry = catalogueList.first(where: { template.spells($0.value, at: span) }) {
                return Entry(scalar: entry, fromOptions: false)
            }
            if let entry = optionList.first(where: { template.spells($0.value, at: span) }) {
                return Entry(scalar: entry, fromOptions: true)
            }
            return nil
        }
        // Locations are computed only for findings.
        func location(_ entry: Entry?) -> SourceLocation? {
            guard let entry else { return nil }
            return entry.fromOptions
                ? optionsFile?.location(ofBytes: entry.scalar.tokenRange) : context.catalogue.location(ofDeclared: entry.scalar)
        }
        let hasAllowList = !catalogueAllow.isEmpty || !optionAllow.isEmpty
        if let denial = find(catalogueDeny, optionDeny) {
            let allowance = hasAllowList ? find(catalogueAllow, optionAllow) : nil
            return .denied(denial: location(denial), allowance: location(allowance))
        }
        guard hasAllowList else { return .permitted }
        if find(catalogueAllow, optionAllow) != nil { return .permitted }
        let first = catalogueAllow.first.map { Entry(scalar: $0, fromOptions: false) }
            ?? optionAllow.first.map { Entry(scalar: $0, fromOptions: true) }
        return .notAllowed(allowList: location(first))
    }

    /// The notes of a decision: where the name is denied, and where it is also allowed.
    static func notes(for decision: Decision, name: String) -> [Note] {
        switch decision {
        case .permitted: return []
        case .denied(let denial, let allowance):
            var notes = [Note(message: .accessDeniedHere(name), location: denial)]
            if let allowance { notes.append(Note(message: .accessAlsoAllowedHere(name), location: allowance)) }
            return notes
        case .notAllowed(let allowList):
            return [Note(message: .accessAllowListStart, location: allowList)]
        }
    }
}

extension Message {
    static func accessDeniedHere(_ name: String) -> Message { "'\(name)' is denied here" }
    static func accessAlsoAllowedHere(_ name: String) -> Message { "'\(name)' is also allowed here, but deny beats allow" }
    static let accessAllowListStart: Message = "the allow list starts here"
}
