/// An id belongs to the collection before it: `feed/9` pairs an id with a tab, which holds no resources.
struct IntegerPairingRule: LinkRule {
    static let description = RuleDescription(
        id: "integer-pairing",
        scope: .link,
        defaultSeverity: .warning,
        summary: "an id must follow the collection it belongs to",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 3: "Any integer value path component is obviously paired to \
            the path compenent beforehand." So an id must come right after a collection (a component of kind \
            `collection`, or one declaring an `id:` type), of the type that collection declares; an id after a tab, \
            a screen or a modal, or with nothing before it, pairs with nothing the app can open. Two kinds of links \
            are the exception for a root id: an empty host (EXFE's `exfe:///!100233`), whose path is the app's \
            resource path, and a domain (`https://youtu.be/{id}`, `https://wa.me/{phone}`, \
            `zoommtg://zoom.us/{id}`), where a short-link or profile host itself says what its root values are; a root \
            address (`facetime://{user}@{domain}`) is the destination itself.
            """,
        source: .her,
        triggeringExamples: [
            .link("her://feed/↓9"),
            .link("her://↓42"),
            .link("her://premium/↓{id:int}"),
            .link("her://feed/communities/↓{id:uuid}"),
            // Medium's published story links name a story by its slug: after a collection of `int` ids it is a
            // mismatch whatever its name.
            .link("her://communities/↓{slug:string}"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/communities/9"),
            .link("her://communities/{id:int}"),
            .link("her://feed/community/9"),
            .link("her://feed/ads/12/5"),
            .link("exfe:///!{cross_id:int}/conversation"),
            // A screen takes arguments: a handle after one is not an id that lost its collection.
            .link("her://settings/{handle}"),
            // A short-link domain names its root values: WhatsApp's click-to-chat https://wa.me/{phone}, YouTube's
            // https://youtu.be/{id}, Discord's https://discord.gg/{code}.
            .link("https://wa.me/{phone:int}"),
            .link("https://discord.gg/{code}"),
            // An address is where the link goes, not an id of a collection: Apple's facetime://{user}@{domain}.
            .link("facetime://{user}@{domain}"),
        ])

    init() {}

    /// Whether the link's host is a domain (a web link's, or a custom scheme's domain authority): its root values
    /// are the domain's own (short links, profiles).
    static func hostIsDomain(_ template: LinkTemplate) -> Bool {
        guard let host = template.host, !host.isEmpty else { return false }
        return template.isWebLink || host.contains(".")
    }

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let template = link.template
        let components = template.components
        // Components are read in place, and copied out only for a finding.
        for index in components.indices where components[index].isValue {
            guard index > 0 else {
                // With an empty host (`exfe:///!100233`, EXFE's URL scheme) the path is the app's own resource path, whose
                // root ids the app defines; elsewhere a leading id pairs with nothing.
                let component = components[index]
                if component.isIdentifier, !template.hasEmptyHost && (template.hostSpan != nil || template.schemeSpan != nil),
                    !Self.hostIsDomain(template), !component.text.contains("@")
                {
                    found.append(context.diagnostic(Self.self, .idWithoutCollection(component.text), link: link, span: component.span))
                }
                continue
            }
            // An id after an id is `malformed-trailing-id`'s finding; an undeclared owner is `plural-resource-nouns`'.
            guard components[index - 1].isLiteral, let position = context.vocabularyPosition(of: link, component: index - 1)
            else { continue }
            // The entry is copied out only for a finding's note.
            func note() -> Note {
                let declared = context.catalogue.components[position]
                return context.declarationNote(declared, .declaredAs(components[index - 1].name, kind: declared.kind))
            }
            let kind = context.catalogue.components[position].kind
            let idType = context.catalogue.components[position].idType
            if kind != .collection, idType == nil {
                // A number or a value typed as an id pairs with the word before it whatever its kind; a value that
                // is an id by its name only is a screen's or an action's argument (`profile/{handle}` on a screen).
                guard Self.isIDByNumberOrType(components[index])
                    || components[index].isIdentifier && context.role(of: link, component: index) != .argument
                else { continue }
                found.append(
                    context.diagnostic(
                        Self.self, .idAfterNonCollection(components[index].text, owner: components[index - 1].text, kind: kind),
                        link: link, span: components[index].span, notes: [note()]))
            } else if let expected = idType, let type = components[index].placeholderType, type != expected {
                // After a collection every value is its id (the declared kind comes first): a `{slug:string}` after
                // a collection of `int` ids is as much a mismatch as a `uuid`.
                found.append(
                    context.diagnostic(
                        Self.self, .idTypeMismatch(components[index - 1].text, expected: expected, found: type), link: link,
                        span: components[index].span, notes: [note()]))
            }
        }
    }

    /// Whether a value is an id by what it is, not by its name: a number, or a placeholder typed `int`, `uuid`
    /// or `slug`.
    static func isIDByNumberOrType(_ component: PathComponent) -> Bool {
        if case .integer = component.kind { return true }
        let type = component.placeholderType
        return type == .int || type == .uuid || type == .slug
    }
}

extension Message {
    static func idWithoutCollection(_ id: String) -> Message {
        "the id '\(id)' has no component before it to belong to"
    }
    static func idAfterNonCollection(_ id: String, owner: String, kind: ComponentKind) -> Message {
        "the id '\(id)' follows '\(owner)', a \(kind.rawValue): an id must follow the collection it belongs to"
    }
    static func idTypeMismatch(_ owner: String, expected: PlaceholderType, found: PlaceholderType) -> Message {
        "'\(owner)' takes an '\(expected.rawValue)' id, not '\(found.rawValue)'"
    }
    static func declaredAs(_ name: String, kind: ComponentKind) -> Message { "'\(name)' is declared as a \(kind.rawValue) here" }
}
