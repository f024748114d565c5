/// Compares a base and a head catalogue the way buf and oasdiff gate pull requests: links are matched by route
/// key, then by the head's aliases, then removed and added links that differ in one path component or one query
/// parameter are paired as renames. Every step is a dictionary look-up, so the diff is linear in the links.
struct CatalogueDiffer: Sendable {
    /// The day of the diff, which tells a deprecated link removed after its sunset (not breaking) from one removed
    /// before it (breaking); nil counts every removal as breaking. The command passes it in.
    var today: CalendarDate?

    init(today: CalendarDate? = nil) {
        self.today = today
    }

    /// Every change from `base` to `head`, in source order (base-file changes by the base file's name).
    func changes(from base: Catalogue, to head: Catalogue) -> [CatalogueChange] {
        var changes: [CatalogueChange] = []
        catalogueChanges(base, head, into: &changes)

        let baseLinks = base.links
        let headLinks = head.links
        let parsers = Parsers(
            base: LinkTemplateParser(hosts: Set(base.hosts.map(\.value))),
            head: LinkTemplateParser(hosts: Set(head.hosts.map(\.value))))

        // Every route key the head still answers to: its links' and their aliases'. Links pair on their shape
        // (path with placeholder types, query names), so a changed query value type is a change of one link.
        var headQueue: [String: [Int]] = [:]
        var headRouteKeys = Set<String>()
        var aliasOwner: [String: (link: Int, alias: Scalar)] = [:]
        for (index, link) in headLinks.enumerated() {
            headQueue[Self.shapeKey(link.template), default: []].append(index)
            headRouteKeys.insert(link.template.routeKey)
            for alias in link.aliases {
                let key = parsers.head.parse(alias.value).routeKey
                if aliasOwner[key] == nil { aliasOwner[key] = (index, alias) }
            }
        }
        let context = Context(parsers: parsers, headKeys: headRouteKeys.union(aliasOwner.keys))

        // 1. Same route key.
        var pairedHead = [Bool](repeating: false, count: headLinks.count)
        var unmatchedBase: [Int] = []
        for (index, link) in baseLinks.enumerated() {
            let key = Self.shapeKey(link.template)
            if let partner = headQueue[key]?.first {
                headQueue[key]!.removeFirst()
                pairedHead[partner] = true
                compare(baseLinks[index], headLinks[partner], context: context, into: &changes)
            } else {
                unmatchedBase.append(index)
            }
        }

        // 2. Kept as an alias of a head link: the link moved and old links keep working.
        var removed: [Int] = []
        for index in unmatchedBase {
            let link = baseLinks[index]
            guard let owner = aliasOwner[link.template.routeKey] else {
                removed.append(index)
                continue
            }
            let target = headLinks[owner.link]
            pairedHead[owner.link] = true
            changes.append(
                CatalogueChange(
                    kind: .linkMoved, message: .linkMoved(link.url.value, to: target.url.value),
                    location: target.file.location(ofBytes: owner.alias.tokenRange), baseKey: link.template.routeKey,
                    headKey: target.template.routeKey, notes: [Note(message: .baseForm(link.url.value), location: link.urlLocation)]))
            compare(link, target, context: context, into: &changes)
        }

        // 3. Renames: a removed and an added link that differ in one component or one query parameter.
        let added = headLinks.indices.filter { !pairedHead[$0] }
        var byWildcard: [String: [Int]] = [:]
        var byQueryDropped: [String: [(link: Int, dropped: String)]] = [:]
        var byFullKey: [String: [Int]] = [:]
        for index in added {
            let template = headLinks[index].template
            for position in template.components.indices {
                byWildcard[Self.shapeKey(template, wildcard: position), default: []].append(index)
            }
            for name in Self.queryNames(template) {
                byQueryDropped[Self.shapeKey(template, dropping: name), default: []].append((index, name))
            }
            byFullKey[template.routeKey, default: []].append(index)
        }
        var used = Set<Int>()
        func firstUnused(_ candidates: [Int]?) -> Int? { candidates?.first { !used.contains($0) } }

        // A placeholder whose type changed pairs first, so that two changes in one pull request (`artist/{id}` →
        // `artist/{id:int}` beside `show/{id}` → `podcast/{id}`) are not read as one rename of `artist`.
        var typeChanged: [Int: (partner: Int, position: Int)] = [:]
        for index in removed {
            let template = baseLinks[index].template
            for position in template.components.indices where template.components[position].placeholder != nil {
                guard let partner = firstUnused(byWildcard[Self.shapeKey(template, wildcard: position)]),
                    headLinks[partner].template.components[position].placeholder != nil
                else { continue }
                typeChanged[index] = (partner, position)
                used.insert(partner)
                break
            }
        }

        for index in removed {
            let old = baseLinks[index]
            let template = old.template
            var paired: Int?
            if let (partner, position) = typeChanged[index] {
                paired = partner
                changes.append(componentChange(old, headLinks[partner], at: position))
            }
            // A rename keeps something to recognise the link by: another component, or a host.
            let renameable = paired == nil && (template.components.count > 1 || !(template.host ?? "").isEmpty)
            for position in template.components.indices where renameable {
                guard let partner = firstUnused(byWildcard[Self.shapeKey(template, wildcard: position)]) else { continue }
                paired = partner
                changes.append(componentChange(old, headLinks[partner], at: position))
                break
            }
            if paired == nil {
                for name in Self.queryNames(template) {
                    let key = Self.shapeKey(template, dropping: name)
                    if let hit = byQueryDropped[key]?.first(where: { !used.contains($0.link) && $0.dropped != name }) {
                        paired = hit.link
                        let new = headLinks[hit.link]
                        changes.append(
                            CatalogueChange(
                                kind: .queryParamRenamed, message: .queryParamRenamed(name, to: hit.dropped, old: old.url.value),
                                location: queryLocation(new, hit.dropped), baseKey: template.routeKey,
                                headKey: new.template.routeKey, subject: name + ">" + hit.dropped,
                                notes: [Note(message: .baseForm(old.url.value), location: old.urlLocation), keepAliasNote(old)]))
                        break
                    }
                    if let partner = firstUnused(byFullKey[key]) {
                        paired = partner
                        let new = headLinks[partner]
                        changes.append(
                            CatalogueChange(
                                kind: .queryParamRemoved, message: .queryParamRemoved(name, url: new.url.value),
                                location: new.urlLocation, baseKey: template.routeKey, headKey: new.template.routeKey,
                                subject: name, notes: [Note(message: .baseForm(old.url.value), location: old.urlLocation)]))
                        break
                    }
                }
            }
            if paired == nil, let hit = byQueryDropped[template.routeKey]?.first(where: { !used.contains($0.link) }) {
                paired = hit.link
                let new = headLinks[hit.link]
                let item = new.template.query.first { $0.name.lowercasedASCIIIfNeeded == hit.dropped }
                // An optional item (`file={file?}`) breaks no link that leaves it out.
                let required = item?.placeholder.map { !$0.isOptional } ?? (item?.value != nil)
                changes.append(
                    CatalogueChange(
                        kind: required ? .paramRequired : .queryParamAdded,
                        message: required
                            ? .paramNowRequiredInTemplate(item?.name ?? hit.dropped, url: new.url.value)
                            : .queryParamAdded(item?.name ?? hit.dropped, url: new.url.value),
                        location: queryLocation(new, hit.dropped), baseKey: template.routeKey, headKey: new.template.routeKey,
                        subject: hit.dropped, notes: [Note(message: .baseForm(old.url.value), location: old.urlLocation)]))
            }
            if let partner = paired {
                used.insert(partner)
                compare(old, headLinks[partner], context: context, into: &changes)
            } else if let sunset = old.deprecation?.sunset, let today, today > sunset {
                changes.append(
                    CatalogueChange(
                        kind: .retiredLinkRemoved, message: .retiredLinkRemoved(old.url.value, sunset: sunset),
                        location: old.urlLocation, baseKey: template.routeKey, headKey: nil))
            } else {
                var notes = [keepAliasNote(old)]
                if let sunset = old.deprecation?.sunset, let written = old.deprecation?.sunsetScalar {
                    notes.append(Note(message: .removedBeforeSunset(sunset), location: old.file.location(ofBytes: written.tokenRange)))
                }
                changes.append(
                    CatalogueChange(
                        kind: .linkRemoved, message: .linkRemoved(old.url.value), location: old.urlLocation,
                        baseKey: template.routeKey, headKey: nil, notes: notes))
            }
        }
        for index in added where !used.contains(index) {
            let link = headLinks[index]
            changes.append(
                CatalogueChange(
                    kind: .linkAdded, message: .linkAdded(link.url.value), location: link.urlLocation, baseKey: nil,
                    headKey: link.template.routeKey))
        }
        return changes.sorted(by: Self.sourceOrder)
    }

    // MARK: - Catalogue-wide settings

    private func catalogueChanges(_ base: Catalogue, _ head: Catalogue, into changes: inout [CatalogueChange]) {
        if base.dispatch != head.dispatch {
            changes.append(
                CatalogueChange(
                    kind: .dispatchChanged, message: .dispatchChanged(from: base.dispatch, to: head.dispatch),
                    location: catalogueLocation(head, head.dispatchScalar), baseKey: nil, headKey: nil,
                    subject: base.dispatch.rawValue + ">" + head.dispatch.rawValue))
        }
        let old = base.mandatoryBarrier?.value
        let new = head.mandatoryBarrier?.value
        guard old?.lowercasedASCIIIfNeeded != new?.lowercasedASCIIIfNeeded else { return }
        let location = catalogueLocation(head, head.mandatoryBarrier)
        let subject = "mandatory:" + (old ?? "") + ">" + (new ?? "")
        switch (old, new) {
        case (nil, let new?):
            changes.append(
                CatalogueChange(
                    kind: .barrierAdded, message: .mandatoryBarrierAdded(new), location: location, baseKey: nil,
                    headKey: nil, subject: subject))
        case (let old?, nil):
            changes.append(
                CatalogueChange(
                    kind: .barrierRemoved, message: .mandatoryBarrierRemoved(old),
                    location: catalogueLocation(base, base.mandatoryBarrier), baseKey: nil, headKey: nil, subject: subject))
        case (let old?, let new?):
            changes.append(
                CatalogueChange(
                    kind: .barrierChanged, message: .mandatoryBarrierChanged(from: old, to: new), location: location,
                    baseKey: nil, headKey: nil, subject: subject))
        case (nil, nil):
            break
        }
    }

    /// Where a catalogue-level value is written, or the start of the catalogue's first file.
    private func catalogueLocation(_ catalogue: Catalogue, _ scalar: Scalar?) -> SourceLocation {
        if let scalar, let file = catalogue.file(declaring: scalar) { return file.location(ofBytes: scalar.tokenRange) }
        let path = catalogue.files.first?.path ?? ""
        return SourceLocation(file: path, range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)))
    }

    // MARK: - One link against its counterpart

    /// The changes between two forms of one link (same route key, moved, or renamed).
    private func compare(_ old: Link, _ new: Link, context: Context, into changes: inout [CatalogueChange]) {
        let baseKey = old.template.routeKey
        let headKey = new.template.routeKey
        func change(_ kind: CatalogueChangeKind, _ message: Message, at location: SourceLocation, subject: String = "", notes: [Note] = []) {
            changes.append(
                CatalogueChange(
                    kind: kind, message: message, location: location, baseKey: baseKey, headKey: headKey, subject: subject,
                    notes: notes))
        }
        let url = new.url.value

        switch (old.barrier?.value, new.barrier) {
        case (nil, let barrier?):
            change(.barrierAdded, .barrierAdded(barrier.value, url: url), at: new.file.location(ofBytes: barrier.tokenRange), subject: barrier.value)
        case (let before?, nil):
            change(.barrierRemoved, .barrierRemoved(before, url: url), at: new.urlLocation, subject: before)
        case (let before?, let barrier?) where before.lowercasedASCIIIfNeeded != barrier.value.lowercasedASCIIIfNeeded:
            change(
                .barrierChanged, .barrierChanged(url: url, from: before, to: barrier.value),
                at: new.file.location(ofBytes: barrier.tokenRange), subject: before + ">" + barrier.value)
        default:
            break
        }

        let required = new.requiredParams.isEmpty ? [] : Set(old.requiredParams.map { $0.value.lowercasedASCIIIfNeeded })
        for param in new.requiredParams where !required.contains(param.value.lowercasedASCIIIfNeeded) {
            change(.paramRequired, .paramNowRequired(param.value, url: url), at: new.file.location(ofBytes: param.tokenRange), subject: param.value.lowercasedASCIIIfNeeded)
        }

        for item in new.template.query {
            guard let placeholder = item.placeholder,
                let before = old.template.query.first(where: { $0.name.lowercasedASCIIIfNeeded == item.name.lowercasedASCIIIfNeeded })?.placeholder
            else { continue }
            // An optional parameter made required (`page={page:int?}` → `page={page:int}`) breaks links without it.
            if before.isOptional, !placeholder.isOptional {
                change(
                    .paramRequired, .paramNowRequiredInTemplate(item.name, url: url), at: new.location(ofURL: item.span),
                    subject: item.name.lowercasedASCIIIfNeeded)
            }
            if let beforeType = before.type, beforeType != placeholder.type {
                let widened = Self.acceptsAnyValue(placeholder.type)
                change(
                    widened ? .placeholderTypeWidened : .placeholderTypeChanged,
                    widened
                        ? .placeholderTypeWidened(placeholder.name, from: beforeType, url: url)
                        : .placeholderTypeChanged(placeholder.name, from: beforeType, to: placeholder.type, url: url),
                    at: new.location(ofURL: item.valueSpan ?? item.span),
                    subject: item.name.lowercasedASCIIIfNeeded + ":" + beforeType.rawValue + ">" + (placeholder.type?.rawValue ?? "any"))
            }
        }

        if !old.aliases.isEmpty || !new.aliases.isEmpty {
            let oldAliases = old.aliases.map { (scalar: $0, key: context.parsers.base.parse($0.value).routeKey) }
            let newAliases = new.aliases.map { (scalar: $0, key: context.parsers.head.parse($0.value).routeKey) }
            let oldAliasKeys = Set(oldAliases.map(\.key))
            for alias in newAliases where !oldAliasKeys.contains(alias.key) && alias.key != baseKey {
                change(.aliasAdded, .aliasAdded(alias.scalar.value, url: url), at: new.file.location(ofBytes: alias.scalar.tokenRange), subject: alias.key)
            }
            // An alias dropped here but still answered by another head link or alias breaks nothing.
            for alias in oldAliases where !context.headKeys.contains(alias.key) {
                change(
                    .aliasRemoved, .aliasRemoved(alias.scalar.value, url: url), at: new.urlLocation, subject: alias.key,
                    notes: [Note(message: .baseAlias(alias.scalar.value), location: old.file.location(ofBytes: alias.scalar.tokenRange))])
            }
        }

        if old.title?.value != new.title?.value {
            change(
                .titleChanged, .titleChanged(url: url, from: old.title?.value, to: new.title?.value),
                at: new.title.map { new.file.location(ofBytes: $0.tokenRange) } ?? new.urlLocation)
        }
        if !old.deprecated, new.deprecated {
            change(.linkDeprecated, .linkDeprecated(url), at: new.urlLocation)
        }
    }

    /// Whether a placeholder of type `type` matches any value (untyped, or `string`).
    static func acceptsAnyValue(_ type: PlaceholderType?) -> Bool { type == nil || type == .string }

    /// A rename of one path component, or a change of its placeholder's type.
    private func componentChange(_ old: Link, _ new: Link, at position: Int) -> CatalogueChange {
        let before = old.template.components[position]
        let after = new.template.components[position]
        let notes = [Note(message: .baseForm(old.url.value), location: old.urlLocation), keepAliasNote(old)]
        let location = new.location(ofURL: after.span)
        if let oldPlaceholder = before.placeholder, let newPlaceholder = after.placeholder, before.prefix == after.prefix {
            // Widened to any value, the placeholder still matches every old link.
            let widened = !oldPlaceholder.isInsideText && !newPlaceholder.isInsideText
                && oldPlaceholder.spansSegments == newPlaceholder.spansSegments && Self.acceptsAnyValue(newPlaceholder.type)
            return CatalogueChange(
                kind: widened ? .placeholderTypeWidened : .placeholderTypeChanged,
                message: widened
                    ? .placeholderTypeWidened(newPlaceholder.name, from: oldPlaceholder.type, url: new.url.value)
                    : .placeholderTypeChanged(newPlaceholder.name, from: oldPlaceholder.type, to: newPlaceholder.type, url: new.url.value),
                location: location, baseKey: old.template.routeKey, headKey: new.template.routeKey,
                subject: "\(position)", notes: notes)
        }
        return CatalogueChange(
            kind: .componentRenamed, message: .componentRenamed(before.text, to: after.text, old: old.url.value),
            location: location, baseKey: old.template.routeKey, headKey: new.template.routeKey, subject: "\(position)",
            notes: notes)
    }

    /// The template parsers of each side (their `hosts` may differ).
    private struct Parsers {
        var base: LinkTemplateParser
        var head: LinkTemplateParser
    }

    /// What comparing one link needs to know about the whole head catalogue.
    private struct Context {
        var parsers: Parsers
        /// Every route key the head catalogue answers to, through a link or an alias.
        var headKeys: Set<String>
    }

    private func keepAliasNote(_ old: Link) -> Note { Note(message: .keepRemovedURLAsAlias(old.url.value)) }

    private func queryLocation(_ link: Link, _ name: String) -> SourceLocation {
        guard let item = link.template.query.first(where: { $0.name.lowercasedASCIIIfNeeded == name }) else { return link.urlLocation }
        return link.location(ofURL: item.nameSpan)
    }

    // MARK: - Keys

    /// The lowercased query names of a template, sorted.
    static func queryNames(_ template: LinkTemplate) -> [String] {
        template.query.map { $0.name.lowercasedASCIIIfNeeded }.sorted()
    }

    /// A route key (as `LinkTemplate.routeKey` spells it) with one path component written `*`, or one query name
    /// left out: two templates that differ only there have the same shape key.
    static func shapeKey(_ template: LinkTemplate, wildcard: Int? = nil, dropping dropped: String? = nil) -> String {
        var key = (template.scheme?.lowercasedASCIIIfNeeded ?? "") + "://"
        if let host = template.host { key += host.lowercasedASCIIIfNeeded }
        for (position, component) in template.components.enumerated() {
            key += "/"
            if position == wildcard {
                key += "*"
                continue
            }
            switch component.kind {
            case .literal, .integer, .value: key += component.name
            case .placeholder(let placeholder): key += component.prefix + "{" + (placeholder.type?.rawValue ?? "") + "}"
            }
        }
        var names = queryNames(template)
        if let dropped, let index = names.firstIndex(of: dropped) { names.remove(at: index) }
        if !names.isEmpty { key += "?" + names.joined(separator: "&") }
        return key
    }

    static func sourceOrder(_ lhs: CatalogueChange, _ rhs: CatalogueChange) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.range.start != rhs.location.range.start { return lhs.location.range.start < rhs.location.range.start }
        return lhs.kind.rawValue < rhs.kind.rawValue
    }
}

extension Message {
    static func linkRemoved(_ url: String) -> Message {
        "link '\(url)' was removed and no alias keeps it working: links already out in the world break"
    }
    static func retiredLinkRemoved(_ url: String, sunset: CalendarDate) -> Message {
        "deprecated link '\(url)' was removed after its sunset \(sunset), as announced"
    }
    static func removedBeforeSunset(_ sunset: CalendarDate) -> Message {
        "it is deprecated with the sunset \(sunset), which is not past: until then it must keep working"
    }
    static func linkAdded(_ url: String) -> Message { "link '\(url)' was added" }
    static func linkMoved(_ url: String, to target: String) -> Message {
        "link '\(url)' moved to '\(target)', which keeps it working as an alias"
    }
    static func componentRenamed(_ before: String, to after: String, old: String) -> Message {
        "path component '\(before)' was renamed to '\(after)': '\(old)' no longer matches and no alias keeps it"
    }
    static func queryParamRenamed(_ before: String, to after: String, old: String) -> Message {
        "query parameter '\(before)' was renamed to '\(after)': '\(old)' no longer matches and no alias keeps it"
    }
    static func queryParamRemoved(_ name: String, url: String) -> Message {
        "query parameter '\(name)' was removed from '\(url)': old links still match, but the app ignores it"
    }
    static func queryParamAdded(_ name: String, url: String) -> Message {
        "query parameter '\(name)' was added to '\(url)' as optional"
    }
    static func paramNowRequiredInTemplate(_ name: String, url: String) -> Message {
        "'\(url)' now needs the query parameter '\(name)': links without it no longer match"
    }
    static func paramNowRequired(_ name: String, url: String) -> Message {
        "'\(url)' now requires the parameter '\(name)': links without it no longer open"
    }
    static func placeholderTypeChanged(_ name: String, from before: PlaceholderType?, to after: PlaceholderType?, url: String) -> Message {
        let from = before?.rawValue ?? "any"
        let to = after?.rawValue ?? "any"
        return "placeholder '\(name)' of '\(url)' changed type from '\(from)' to '\(to)': links with values of the old type may no longer match"
    }
    static func placeholderTypeWidened(_ name: String, from before: PlaceholderType?, url: String) -> Message {
        "placeholder '\(name)' of '\(url)' accepts any value now, not only '\(before?.rawValue ?? "any")': every old link still matches"
    }
    static func barrierAdded(_ barrier: String, url: String) -> Message {
        "'\(url)' now requires the barrier '\(barrier)': users who opened it freely are stopped first"
    }
    static func barrierRemoved(_ barrier: String, url: String) -> Message {
        "'\(url)' no longer requires the barrier '\(barrier)'"
    }
    static func barrierChanged(url: String, from before: String, to after: String) -> Message {
        "the barrier of '\(url)' changed from '\(before)' to '\(after)'"
    }
    static func mandatoryBarrierAdded(_ barrier: String) -> Message {
        "the catalogue now has the mandatory barrier '\(barrier)': every link must pass it first"
    }
    static func mandatoryBarrierRemoved(_ barrier: String) -> Message {
        "the catalogue no longer has the mandatory barrier '\(barrier)'"
    }
    static func mandatoryBarrierChanged(from before: String, to after: String) -> Message {
        "the mandatory barrier changed from '\(before)' to '\(after)'"
    }
    static func dispatchChanged(from before: DispatchMode, to after: DispatchMode) -> Message {
        "dispatch changed from '\(before.rawValue)' to '\(after.rawValue)': which entry handles a link may change"
    }
    static func aliasAdded(_ alias: String, url: String) -> Message { "alias '\(alias)' was added to '\(url)'" }
    static func aliasRemoved(_ alias: String, url: String) -> Message {
        "alias '\(alias)' was removed from '\(url)': links already out in the world that use it break"
    }
    static func titleChanged(url: String, from before: String?, to after: String?) -> Message {
        "the title of '\(url)' changed from \(before.map { "'\($0)'" } ?? "none") to \(after.map { "'\($0)'" } ?? "none")"
    }
    static func linkDeprecated(_ url: String) -> Message { "link '\(url)' is now deprecated" }
    static func baseForm(_ url: String) -> Message { "the base catalogue has '\(url)' here" }
    static func baseAlias(_ alias: String) -> Message { "the base catalogue lists the alias '\(alias)' here" }
    static func keepRemovedURLAsAlias(_ url: String) -> Message {
        "keep '\(url)' in the entry's 'aliases' so links already out in the world keep working"
    }
}
