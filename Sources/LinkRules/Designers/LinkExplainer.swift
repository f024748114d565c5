/// Explains how the app would handle a concrete link against a catalogue: lowercases it (the HER app's deep-link guide, rule 7), picks
/// the handling entry the way the catalogue's `dispatch:` says (`DispatchOrder`), then walks the components with the
/// vocabulary's kinds, pairs ids with the component before them, stops where the HER app's deep-link guide says navigation stops, and
/// routes each query parameter to every component that accepts it.
struct LinkExplainer: Sendable {
    let catalogue: Catalogue
    /// How many entries to suggest when none matches.
    var suggestionLimit = 3

    private let parser: LinkTemplateParser
    private let matcher = RouteMatcher()

    private typealias Capture = LinkExplanation.Capture
    private typealias ConsideredEntry = LinkExplanation.ConsideredEntry
    private typealias ParameterDelivery = LinkExplanation.ParameterDelivery
    private typealias ParameterReceiver = LinkExplanation.ParameterReceiver
    private typealias BarrierCheck = LinkExplanation.BarrierCheck

    init(catalogue: Catalogue) {
        self.catalogue = catalogue
        self.parser = LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
    }

    /// How the app handles `url`. With `among`, only those links (by catalogue place, in order) are tried, as
    /// found by a route index that holds every link matching the URL, and the entries tried before the winner
    /// are not listed (`tried` stays empty): the test plan explains many URLs and needs the winner and its steps.
    func explain(_ url: String, among: [Int]? = nil) -> LinkExplanation {
        // Matching compares schemes, hosts and words case-insensitively; values keep their case.
        let link = parser.parse(url)
        var explanation = LinkExplanation(
            url: url, normalized: Self.normalized(link), dispatch: catalogue.dispatch, match: nil, tried: [], shadowed: [],
            steps: [], stop: nil, parameters: [], barriers: [], suggestions: [])
        let candidates = matchingEntries(link, among: among)
        guard let winner = pickWinner(candidates, link: link, listingTried: among == nil, into: &explanation) else {
            explanation.suggestions = suggestions(for: link)
            return explanation
        }
        let (steps, stop) = walk(link, matchedTemplate: winner.template)
        explanation.steps = steps
        explanation.stop = stop
        explanation.parameters = deliveries(link, steps: steps, matchedTemplate: winner.template)
            + fragmentDeliveries(link, matchedTemplate: winner.template)
        explanation.barriers = barriers(for: catalogue.links[winner.index])
        return explanation
    }

    /// The link with its scheme and host lowercased and everything else as written.
    static func normalized(_ link: LinkTemplate) -> String {
        var bytes = Array(link.text.utf8)
        for span in [link.schemeSpan, link.hostSpan].compactMap({ $0 }) {
            for offset in span { bytes[offset] = asciiLowercased(bytes[offset]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Dispatch

    /// An entry whose template (or one of its aliases) matches the link.
    private struct Candidate {
        var index: Int
        var alias: String?
        var template: LinkTemplate
        var captures: [Capture]
        var specificity: DispatchOrder.Specificity
    }

    private func matchingEntries(_ link: LinkTemplate, among: [Int]?) -> [Candidate] {
        (among ?? Array(catalogue.links.indices)).compactMap { index in
            let entry = catalogue.links[index]
            guard let route = DispatchOrder.matchingRoute(of: entry, for: link, parser: parser, mode: catalogue.dispatch) else { return nil }
            var captures: [Capture] = []
            for name in route.template.placeholderNames {
                if let value = route.match.captures[name], !captures.contains(where: { $0.name == name }) {
                    // The value as the app receives it: percent-escapes decoded (`Union%20Square` → `Union Square`).
                    captures.append(Capture(name: name, value: URLComponentPercentDecoding.decode(value)))
                }
            }
            return Candidate(
                index: index, alias: route.alias.map { entry.aliases[$0].value }, template: route.template, captures: captures,
                specificity: route.specificity)
        }
    }

    private func reference(_ index: Int) -> LinkExplanation.Entry {
        let entry = catalogue.links[index]
        return LinkExplanation.Entry(index: index, url: entry.url.value, location: entry.urlLocation)
    }

    /// Picks the handling entry by `DispatchOrder` and records the entries tried before it (first-match) or the
    /// other matching entries and why they lose (most-specific); nil when nothing matches.
    private func pickWinner(
        _ candidates: [Candidate], link: LinkTemplate, listingTried: Bool, into explanation: inout LinkExplanation
    ) -> Candidate? {
        let order = DispatchOrder(mode: catalogue.dispatch)
        let decision = order.decide(candidates.map { DispatchOrder.Candidate(link: $0.index, specificity: $0.specificity) })
        guard let decision else { return nil }
        let winner = candidates[decision.winner]
        let ties = decision.ties.map { reference(candidates[$0].index) }
        switch catalogue.dispatch {
        case .firstMatch:
            explanation.tried = (0..<(listingTried ? winner.index : 0)).map { index in
                let entry = catalogue.links[index]
                let reason = matcher.declineReason(link, against: entry.template, requiring: entry.requiredParams.map(\.value))
                return ConsideredEntry(entry: reference(index), matches: false, reason: reason ?? .declined)
            }
            explanation.shadowed = candidates.dropFirst().map { reference($0.index) }
        case .mostSpecific:
            explanation.tried = candidates.filter { $0.index != winner.index }.map { candidate in
                let reason: Message
                switch DispatchOrder.compare(candidate.specificity, winner.specificity) {
                case .tie: reason = .equallySpecific
                case .unordered: reason = .unorderedSpecificity
                case .lessSpecific(let difference), .moreSpecific(let difference): reason = .lessSpecific(difference)
                }
                return ConsideredEntry(entry: reference(candidate.index), matches: true, reason: reason)
            }
        }
        explanation.match = entryMatch(winner, ambiguousWith: ties)
        return winner
    }

    private func entryMatch(_ candidate: Candidate, ambiguousWith: [LinkExplanation.Entry]) -> LinkExplanation.Match {
        LinkExplanation.Match(
            entry: reference(candidate.index), viaAlias: candidate.alias, captures: candidate.captures,
            ambiguousWith: ambiguousWith)
    }

    /// The entries closest to the link: by edit distance on path keys whose values are blanked (`{}`), so
    /// `feed/community/9` is one edit from `feed/communities/{id:int}` rather than several, then by the query
    /// names one has and the other lacks, so `twitter://user?id=12` is closest to `twitter://user?screen_name=…`.
    /// A path edit outweighs `pathWeight` query names.
    private func suggestions(for link: LinkTemplate) -> [ConsideredEntry] {
        var distance = BoundedEditDistance(Array(Self.suggestionKey(link).utf8))
        let names = Set(Self.queryNames(link))
        // The best `suggestionLimit` so far, closest first; a later entry must be closer than the last to get in.
        var ranked: [(distance: Int, index: Int)] = []
        for (index, entry) in catalogue.links.enumerated() {
            let bound = ranked.count == suggestionLimit ? ranked[ranked.count - 1].distance - 1 : Int.max
            guard bound >= 0,
                let path = distance.to(Array(Self.suggestionKey(entry.template).utf8), atMost: bound / Self.pathWeight)
            else { continue }
            let found = path * Self.pathWeight + names.symmetricDifference(Self.queryNames(entry.template)).count
            guard found <= bound else { continue }
            let position = ranked.firstIndex { $0.distance > found } ?? ranked.count
            ranked.insert((found, index), at: position)
            if ranked.count > suggestionLimit { ranked.removeLast() }
        }
        return ranked.map { ranked in
            let reason = matcher.declineReason(link, against: catalogue.links[ranked.index].template) ?? .declined
            return ConsideredEntry(entry: reference(ranked.index), matches: false, reason: reason)
        }
    }

    /// How many query names one path edit outweighs in `suggestions(for:)`.
    static let pathWeight = 8

    /// `scheme://host/component/{}`, values of any kind written `{}`, lowercased.
    static func suggestionKey(_ template: LinkTemplate) -> String {
        var key = (template.scheme ?? "") + "://" + (template.host ?? "")
        for component in template.components {
            key += "/"
            key += component.isValue ? component.prefix + "{}" : component.name
        }
        return key.lowercasedASCIIIfNeeded
    }

    /// The template's query names, lowercased.
    static func queryNames(_ template: LinkTemplate) -> [String] {
        template.query.map { $0.name.lowercasedASCIIIfNeeded }
    }

    // MARK: - Navigation

    /// Walks the path components in order (the HER app's deep-link guide, rule 1) and finds where navigation stops. A component is a
    /// value (an id to pair with the component before it, the HER app's deep-link guide, rule 3) when it is a number or when the matched
    /// template has a placeholder there.
    private func walk(_ link: LinkTemplate, matchedTemplate: LinkTemplate) -> ([LinkExplanation.Step], LinkExplanation.Stop?) {
        let components = link.components
        let isValue = components.indices.map { position in
            components[position].isValue
                || position < matchedTemplate.components.count && matchedTemplate.components[position].isValue
        }
        let hasVocabulary = catalogue.hasVocabulary
        var steps: [LinkExplanation.Step] = []
        var position = 0

        /// Words by their vocabulary name (they match case-insensitively), values as written.
        func remaining(from start: Int) -> [String] { components[start...].map { $0.isLiteral ? $0.name : $0.text } }

        // A last `{path*}` of the matched template takes the rest of the path: one step, not ids after ids.
        let restStart = matchedTemplate.components.last?.placeholder?.spansSegments == true
            ? matchedTemplate.components.count - 1 : components.count
        while position < components.count {
            let component = components[position]
            if position >= restStart {
                let rest = components[position...].map(\.text).joined(separator: "/")
                steps.append(
                    LinkExplanation.Step(
                        component: rest, componentIndex: position, action: .passPath, kind: nil, id: nil, opened: true,
                        summary: .passPathStep(rest), remark: nil, declaration: nil))
                break
            }
            if isValue[position] {
                if position > 0, isValue[position - 1] {
                    // The HER app's deep-link guide, rule 3: an id after an id is malformed; only the first component opens.
                    let previous = components[position - 1].text
                    steps.append(
                        LinkExplanation.Step(
                            component: component.text, componentIndex: position, action: .malformedID, kind: nil, id: nil,
                            opened: false, summary: .malformedIDStep(component.text, after: previous), remark: nil,
                            declaration: nil))
                    for index in steps.indices { steps[index].opened = index == 0 }
                    let first = steps.first?.component
                    let notOpened = steps.dropFirst().map(\.component) + remaining(from: position + 1)
                    let stop = LinkExplanation.Stop(
                        reason: .malformedTrailingID, component: component.text, componentIndex: position,
                        notOpened: notOpened, summary: .trailingIDStop(component.text, after: previous, opens: first))
                    return (steps, stop)
                }
                steps.append(
                    LinkExplanation.Step(
                        component: component.text, componentIndex: position, action: .passID, kind: nil, id: component.text,
                        opened: true, summary: .passIDStep(component.text), remark: nil, declaration: nil))
                position += 1
                continue
            }

            let hasID = position + 1 < components.count && isValue[position + 1]
            let id = hasID ? components[position + 1].text : nil
            let next = position + (hasID ? 2 : 1)
            let spec = catalogue.component(named: component.name)
            let role = hasID ? Self.role(ofValueAt: position + 1, after: spec, in: link, matched: matchedTemplate) : .undecided
            guard let spec else {
                if hasVocabulary {
                    steps.append(
                        LinkExplanation.Step(
                            component: component.name, componentIndex: position, action: .unknownComponent, kind: nil,
                            id: id, idRole: role, opened: false, summary: .unknownComponentStep(component.name), remark: nil,
                            declaration: nil))
                    let opened = steps.last(where: \.opened)?.component
                    let stop = LinkExplanation.Stop(
                        reason: .unknownComponent, component: component.name, componentIndex: position,
                        notOpened: remaining(from: position), summary: .unknownComponentStop(component.name, after: opened))
                    return (steps, stop)
                }
                steps.append(
                    LinkExplanation.Step(
                        component: component.name, componentIndex: position, action: .open, kind: nil, id: id, idRole: role,
                        opened: true, summary: .openStep(component.name, id: id, role: role), remark: nil, declaration: nil))
                position = next
                continue
            }

            var step = Self.step(component.name, at: position, spec: spec, id: id, role: role)
            switch spec.kind {
            case .tab:
                if id == nil, next < components.count, !isValue[next],
                    catalogue.component(named: components[next].name)?.kind == .tab
                {
                    step.remark = .tabSelectedForNothing(component.name, next: components[next].name)
                }
            case .collection:
                if let id, let type = spec.idType, !RouteMatcher.accepts(id, type: type) {
                    step.remark = .idOfWrongType(id, collection: component.name, type: type)
                }
            case .screen, .action, .modal:
                // An id written out after a component that declares none (a placeholder is the template's intent).
                if let id, position + 1 < matchedTemplate.components.count,
                    matchedTemplate.components[position + 1].placeholder == nil
                {
                    step.remark = .idWithoutDeclaredType(id, component: component.name)
                }
            }
            steps.append(step)
            if spec.kind == .modal, !spec.navigable, next < components.count {
                // The HER app's deep-link guide, rule 5: a modal without a navigation stack is terminal.
                let notOpened = remaining(from: next)
                let stop = LinkExplanation.Stop(
                    reason: .modalTerminal, component: component.name, componentIndex: position, notOpened: notOpened,
                    summary: .modalTerminalStop(component.name, notOpened: notOpened))
                appendNotOpened(from: next, of: link, matched: matchedTemplate, isValue: isValue, to: &steps)
                return (steps, stop)
            }
            position = next
        }
        return (steps, nil)
    }

    /// The step a declared component makes, by its kind.
    private static func step(
        _ name: String, at position: Int, spec: ComponentSpec, id: String?, role: PlaceholderRole
    ) -> LinkExplanation.Step {
        let (action, summary): (LinkExplanation.Step.Action, Message) =
            switch spec.kind {
            case .tab: (.selectTab, .selectTabStep(name, id: id, role: role))
            case .collection: (.openCollection, .openCollectionStep(name, id: id))
            case .screen: (.pushScreen, .pushScreenStep(name, id: id, role: role))
            case .action: (.performAction, .performActionStep(name, id: id, role: role))
            case .modal: (.presentModal, .presentModalStep(name, id: id, role: role, navigable: spec.navigable))
            }
        return LinkExplanation.Step(
            component: name, componentIndex: position, action: action, kind: spec.kind, id: id, idRole: role,
            opened: true, summary: summary, remark: nil, declaration: spec.location)
    }

    /// What the value at `position` stands for, as the rules decide it (`LintContext.role(of:component:)`): the
    /// declared kind of the word before it first (a `collection` or an entry with an `id:` type takes ids; a
    /// `screen` or an `action` takes arguments), then the matched template's placeholder there (its type, then its
    /// name), then the value as written (a number is an id). Cookpad's `search/{query}` passes an argument.
    static func role(
        ofValueAt position: Int, after spec: ComponentSpec?, in link: LinkTemplate, matched: LinkTemplate
    ) -> PlaceholderRole {
        if let spec {
            if spec.kind == .collection || spec.idType != nil { return .instance }
            if spec.kind == .screen || spec.kind == .action { return .argument }
        }
        if position < matched.components.count, matched.components[position].isValue {
            let role = matched.components[position].role
            if role != .undecided { return role }
        }
        return link.components[position].role
    }

    /// Records the components after a terminal modal as steps never taken, so their parameters show as lost.
    private func appendNotOpened(
        from start: Int, of link: LinkTemplate, matched: LinkTemplate, isValue: [Bool], to steps: inout [LinkExplanation.Step]
    ) {
        let components = link.components
        var position = start
        while position < components.count {
            let component = components[position]
            let hasID = position + 1 < components.count && isValue[position + 1]
            let id = hasID ? components[position + 1].text : nil
            var step: LinkExplanation.Step
            if isValue[position] {
                step = LinkExplanation.Step(
                    component: component.text, componentIndex: position, action: .passID, kind: nil, id: component.text,
                    opened: false, summary: .passIDStep(component.text), remark: nil, declaration: nil)
                position += 1
            } else if let spec = catalogue.component(named: component.name) {
                let role = hasID ? Self.role(ofValueAt: position + 1, after: spec, in: link, matched: matched) : .undecided
                step = Self.step(component.name, at: position, spec: spec, id: id, role: role)
                position += hasID ? 2 : 1
            } else {
                step = LinkExplanation.Step(
                    component: component.name, componentIndex: position, action: .unknownComponent, kind: nil, id: id,
                    opened: false, summary: .unknownComponentStep(component.name), remark: nil, declaration: nil)
                position += hasID ? 2 : 1
            }
            step.opened = false
            steps.append(step)
        }
    }

    // MARK: - Parameters and barriers

    /// Routes each query parameter to every component on the path that accepts it (the HER app's deep-link guide, rule 4).
    private func deliveries(_ link: LinkTemplate, steps: [LinkExplanation.Step], matchedTemplate: LinkTemplate) -> [ParameterDelivery] {
        link.query.map { item in
            let name = item.name.lowercasedASCIIIfNeeded
            var receivers: [ParameterReceiver] = []
            for step in steps {
                guard let spec = catalogue.component(named: step.component.lowercasedASCIIIfNeeded),
                    spec.params.contains(where: { $0.value.lowercasedASCIIIfNeeded == name })
                else { continue }
                receivers.append(ParameterReceiver(component: step.component, componentIndex: step.componentIndex, opened: step.opened))
            }
            var capturedBy: String?
            if let templateItem = matchedTemplate.query.first(where: { $0.name.lowercasedASCIIIfNeeded == name }) {
                // Placeholders among literal text read the whole value (`center={lat},{lng}`).
                capturedBy = templateItem.placeholder.map { $0.isInsideText ? templateItem.value ?? $0.canonical : $0.canonical }
                    ?? templateItem.value.map { "\(templateItem.name)=\($0)" }
            }
            let group = catalogue.paramGroups.first { $0.contains { $0.value.lowercasedASCIIIfNeeded == name } }?.map(\.value)
            let summary: Message
            if !receivers.isEmpty {
                let reached = receivers.filter(\.opened).map(\.component)
                let lost = receivers.filter { !$0.opened }.map(\.component)
                summary = .parameterDelivered(item.name, to: reached, lostWith: lost)
            } else if let capturedBy {
                summary = .parameterCaptured(item.name, by: capturedBy)
            } else if let group {
                summary = .parameterInGroup(item.name, group: group)
            } else if !catalogue.hasVocabulary {
                summary = .parameterReceiversUnknown(item.name)
            } else {
                summary = .parameterDropped(item.name)
            }
            return ParameterDelivery(
                name: item.name, value: item.value, receivers: receivers, capturedBy: capturedBy, group: group,
                summary: summary)
        }
    }

    /// The items of the link's fragment (`#url=…`): no component receives them; the app's code reads them, and the
    /// matched entry's fragment may capture them.
    private func fragmentDeliveries(_ link: LinkTemplate, matchedTemplate: LinkTemplate) -> [ParameterDelivery] {
        guard link.fragmentSpan != nil else { return [] }
        let captured = matchedTemplate.fragmentItems
        return link.fragmentItems.map { item in
            let capturedBy = captured.first { equalsLowercased($0.name, item.name) }?.placeholder?.canonical
            return ParameterDelivery(
                name: item.name, value: item.value, inFragment: true, receivers: [], capturedBy: capturedBy, group: nil,
                summary: .fragmentParameter(item.name, capturedBy: capturedBy))
        }
    }

    /// The catalogue's mandatory barrier first (every link passes it before any handler), then the entry's own.
    private func barriers(for entry: Link) -> [BarrierCheck] {
        let declared = Set(catalogue.barriers.map { $0.value.lowercasedASCIIIfNeeded })
        var checks: [BarrierCheck] = []
        if let mandatory = catalogue.mandatoryBarrier, let owner = catalogue.file(declaring: mandatory) ?? catalogue.files.first {
            checks.append(
                BarrierCheck(
                    name: mandatory.value, source: .mandatory, declared: declared.contains(mandatory.value.lowercasedASCIIIfNeeded),
                    location: owner.location(ofBytes: mandatory.tokenRange)))
        }
        if let barrier = entry.barrier,
            barrier.value.lowercasedASCIIIfNeeded != catalogue.mandatoryBarrier?.value.lowercasedASCIIIfNeeded
        {
            checks.append(
                BarrierCheck(
                    name: barrier.value, source: .entry, declared: declared.contains(barrier.value.lowercasedASCIIIfNeeded),
                    location: entry.file.location(ofBytes: barrier.tokenRange)))
        }
        return checks
    }
}

/// Levenshtein distance from one fixed key to many others, over UTF-8 bytes (route keys are ASCII), that gives
/// up as soon as every cell of a row exceeds the bound, so ranking 100k entries costs little more than reading them.
struct BoundedEditDistance {
    private let source: [UInt8]
    private var previous: [Int]
    private var current: [Int]

    init(_ source: [UInt8]) {
        self.source = source
        previous = [Int](repeating: 0, count: source.count + 1)
        current = previous
    }

    /// The distance to `target`, or nil when it is greater than `bound`.
    mutating func to(_ target: [UInt8], atMost bound: Int) -> Int? {
        if abs(target.count - source.count) > bound { return nil }
        if source.isEmpty || target.isEmpty { return max(source.count, target.count) }
        for column in 0...source.count { previous[column] = column }
        for row in 1...target.count {
            current[0] = row
            var rowMinimum = row
            for column in 1...source.count {
                let cost = source[column - 1] == target[row - 1] ? 0 : 1
                current[column] = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                rowMinimum = min(rowMinimum, current[column])
            }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        let distance = previous[source.count]
        return distance <= bound ? distance : nil
    }
}

extension Message {
    static func lessSpecific(_ difference: DispatchOrder.Difference) -> Message {
        switch difference {
        case .component(let index, let winner, over: let loser):
            return Message(
                "matches too but is less specific: at path component \(index + 1) the winner has \(describe(winner)), "
                    + "this entry \(describe(loser))")
        case .fixedQueryValues: return "matches too but is less specific: the winner requires more fixed query values"
        case .typedQueryValues: return "matches too but is less specific: the winner requires more typed query values"
        case .queryItems: return "matches too but is less specific: the winner requires more query items"
        }
    }
    static let equallySpecific: Message =
        "matches and is exactly as specific, with the same query items: the app cannot choose, catalogue order breaks the tie"
    static let unorderedSpecificity: Message =
        "matches and is ranked the same, but requires other query items: catalogue order decides"
    private static func describe(_ rank: DispatchOrder.ComponentRank) -> String {
        switch rank.kind {
        case .literal: "a literal"
        case .prefixedPlaceholder:
            "a placeholder after a \(rank.prefixLength)-byte literal prefix\(rank.isTyped ? ", typed" : "")"
        case .typedPlaceholder: "a typed placeholder"
        case .untypedPlaceholder: "an untyped placeholder"
        }
    }

    /// The value after a component in words: an action's argument is not called an id (Cookpad's
    /// `search/{query}` passes the argument 'chicken').
    static func withValue(_ id: String?, role: PlaceholderRole) -> String {
        guard let id else { return "" }
        return role == .argument ? " with the argument '\(id)'" : " with id '\(id)'"
    }

    static func selectTabStep(_ name: String, id: String?, role: PlaceholderRole) -> Message {
        "select the tab '\(name)'\(withValue(id, role: role))"
    }
    static func openCollectionStep(_ name: String, id: String?) -> Message {
        guard let id else { return "open the collection '\(name)'" }
        return "open the item '\(id)' of the collection '\(name)'"
    }
    static func pushScreenStep(_ name: String, id: String?, role: PlaceholderRole) -> Message {
        "push the screen '\(name)'\(withValue(id, role: role))"
    }
    static func performActionStep(_ name: String, id: String?, role: PlaceholderRole) -> Message {
        "perform the action '\(name)'\(withValue(id, role: role))"
    }
    static func presentModalStep(_ name: String, id: String?, role: PlaceholderRole, navigable: Bool) -> Message {
        let stack = navigable ? " (it has its own navigation stack)" : ""
        return "present the modal '\(name)'\(withValue(id, role: role))\(stack)"
    }
    static func openStep(_ name: String, id: String?, role: PlaceholderRole) -> Message {
        "open '\(name)'\(withValue(id, role: role)) (the catalogue declares no vocabulary, so its kind is unknown)"
    }
    static func passPathStep(_ path: String) -> Message { "pass the rest of the path '\(path)'" }
    static func passIDStep(_ id: String) -> Message { "pass the id '\(id)', with no component before it to pair with" }
    static func malformedIDStep(_ id: String, after previous: String) -> Message {
        "'\(id)' follows the id '\(previous)' with no component naming it"
    }
    static func unknownComponentStep(_ name: String) -> Message { "'\(name)' is not in the vocabulary" }
    static func tabSelectedForNothing(_ name: String, next: String) -> Message {
        "'\(name)' is selected only to be left for the tab '\(next)' (the HER app's deep-link guide, rule 6)"
    }
    static func idOfWrongType(_ id: String, collection: String, type: PlaceholderType) -> Message {
        "'\(id)' is not a valid '\(type.rawValue)' id for '\(collection)'"
    }
    static func idWithoutDeclaredType(_ id: String, component: String) -> Message {
        "'\(id)' is paired with '\(component)', the component before it (the HER app's deep-link guide, rule 3), though the vocabulary declares no id for it"
    }

    static func trailingIDStop(_ id: String, after previous: String, opens first: String?) -> Message {
        let opened = first.map { "only '\($0)'" } ?? "nothing"
        return "'\(id)' follows the id '\(previous)' with no component naming it: the link is malformed and the app opens \(opened) (the HER app's deep-link guide, rule 3)"
    }
    static func unknownComponentStop(_ name: String, after opened: String?) -> Message {
        if let opened { return "'\(name)' is not in the vocabulary: navigation stops after '\(opened)'" }
        return "'\(name)' is not in the vocabulary: the link matches its entry, but the vocabulary does not say what '\(name)' opens"
    }
    static func modalTerminalStop(_ modal: String, notOpened: [String]) -> Message {
        let names = notOpened.map { "'\($0)'" }.joined(separator: ", ")
        let verb = notOpened.count == 1 ? "is" : "are"
        return "'\(modal)' is a modal without a navigation stack, so it is terminal: \(names) after it \(verb) never opened (the HER app's deep-link guide, rule 5)"
    }

    static func parameterDelivered(_ name: String, to reached: [String], lostWith lost: [String]) -> Message {
        let quote: (String) -> String = { "'\($0)'" }
        var text = reached.isEmpty ? "'\(name)' reaches no component" : "'\(name)' goes to \(reached.map(quote).joined(separator: ", "))"
        if !lost.isEmpty {
            let verb = lost.count == 1 ? "is" : "are"
            text += "; \(lost.map(quote).joined(separator: ", ")) would take it but \(verb) never opened"
        }
        return Message(text)
    }
    static func parameterCaptured(_ name: String, by capture: String) -> Message {
        "'\(name)' is read by the matched entry as '\(capture)'"
    }
    static func parameterInGroup(_ name: String, group: [String]) -> Message {
        let names = group.map { "'\($0)'" }.joined(separator: ", ")
        return "'\(name)' travels with its group \(names)"
    }
    static func parameterReceiversUnknown(_ name: String) -> Message {
        "'\(name)': the catalogue declares no vocabulary, so which components take it is unknown"
    }
    static func fragmentParameter(_ name: String, capturedBy capture: String?) -> Message {
        let captured = capture.map { ": captured by '\($0)'" } ?? ""
        return "'\(name)' is in the fragment, which the app's code reads\(captured)"
    }
    static func parameterDropped(_ name: String) -> Message {
        "'\(name)' is dropped: no component on the path accepts it"
    }
}
