/// The search behind `unreachable-route`: the links of a catalogue, in order, checked against the links before
/// them by `DispatchOrder`'s definitions. Under first-match a link is shadowed when, for each of its routes (its
/// URL and its aliases), an earlier link's route matches every URL it matches (found in a `RouteTrie`); under
/// most-specific a link ties with the earliest link of its `DispatchOrder.TieClass` whose placeholder types overlap
/// its own (found among the routes of its class, `TieClasses`), shown with a URL that `explain` shows as that tie.
struct DispatchSearch {
    /// A link that earlier links always win, with the one that wins its URL.
    struct Shadowed {
        var link: Link
        var winner: Link
    }

    /// A link as specific as an earlier one, with a URL both match and no more specific link takes.
    struct Tie {
        var link: Link
        var earlier: Link
        /// The earlier link's alias that ties, nil when its URL does.
        var earlierAlias: Int?
        var example: String
    }

    let links: [Link]
    let parser: LinkTemplateParser
    /// The nodes the trie searches reached, all searches together: the work done, which a test checks grows
    /// linearly with the links.
    private(set) var visited = 0

    init(links: [Link], parser: LinkTemplateParser) {
        self.links = links
        self.parser = parser
    }

    /// The template of a route: a link's, or an alias parsed.
    func template(of link: Link, alias: Int?) -> LinkTemplate {
        alias.map { parser.parse(link.aliases[$0].value) } ?? link.template
    }

    /// Calls `body` with each of a link's routes that has a shape, its URL's first, then its aliases' in order:
    /// the alias's position (nil for the URL), its template (each alias parsed once) and its shape. Whether a
    /// route was an opaque URI, which has no shape and is skipped, is returned. No list of shapes is made: most
    /// links have one route. The shapes share their scheme and host strings through `names`.
    @discardableResult
    func forEachRoute(
        of link: Link, names: inout RouteNames, _ body: (_ alias: Int?, _ template: LinkTemplate, _ shape: RouteShape) -> Void
    ) -> Bool {
        let required = link.requiredParams.map(\.value)
        var skippedOpaque = false
        if let shape = RouteShape(link.template, requiredParams: required, names: &names) {
            body(nil, link.template, shape)
        } else {
            skippedOpaque = true
        }
        for (position, alias) in link.aliases.enumerated() {
            let template = parser.parse(alias.value)
            if let shape = RouteShape(template, requiredParams: required, names: &names) {
                body(position, template, shape)
            } else {
                skippedOpaque = true
            }
        }
        return skippedOpaque
    }

    /// How many schemes and hosts the routes' shapes share (`RouteNames`): a catalogue has a few.
    static let namesKept = 8

    // MARK: First match

    /// The links that earlier links always win under first-match, each with the link that wins its URL. A link
    /// whose winner has the same route is left to `duplicate-link`, and one whose winner is the same path with no
    /// query items documents that route's parameters, which its handler receives too (the HER guide's rule 4).
    mutating func shadowedLinks() -> [Shadowed] {
        var trie = RouteTrie(reservingFor: links.count)
        var found: [Shadowed] = []
        var visited = visited
        defer { self.visited = visited }
        // One path, filled again for each route: a route's words are numbered where the template holds them.
        var path = RoutePath()
        for link in links {
            let required = link.requiredParams.map(\.value)
            var urlWinner: RouteTrie.Route?
            var isShadowed = true
            // A link's routes are searched first and added after, so that none of them wins another; the node where
            // the URL's path ends waits in a local, and the aliases' in an array made only for a link that has them.
            var urlEnd: (node: Int, query: [RouteShape.QueryConstraint])?
            var aliasEnds: [(alias: Int, node: Int, query: [RouteShape.QueryConstraint])] = []
            let aliases = link.aliases
            if trie.fill(&path, withURLOf: link, requiredParams: required) {
                let (node, earliest) = trie.walk(path, visited: &visited)
                // A link without aliases has no other route its URL could win: the URL is added at once.
                if aliases.isEmpty {
                    trie.add(RouteTrie.Route(link: link.index, alias: nil), requiring: path.query, at: node)
                } else {
                    urlEnd = (node, path.query)
                }
                urlWinner = earliest
                if earliest == nil { isShadowed = false }
            } else {
                // An opaque URI has no path to compare.
                isShadowed = false
            }
            for (position, alias) in aliases.enumerated() {
                guard trie.fill(&path, with: parser.parse(alias.value), requiredParams: required) else {
                    isShadowed = false
                    continue
                }
                let (node, earliest) = trie.walk(path, visited: &visited)
                aliasEnds.append((position, node, path.query))
                if earliest == nil { isShadowed = false }
            }
            if let urlEnd { trie.add(RouteTrie.Route(link: link.index, alias: nil), requiring: urlEnd.query, at: urlEnd.node) }
            for end in aliasEnds { trie.add(RouteTrie.Route(link: link.index, alias: end.alias), requiring: end.query, at: end.node) }
            // The URL's shape is made only when an earlier route wins it: most links are not shadowed.
            guard isShadowed, let winner = urlWinner, let shape = RouteShape(link.template, requiredParams: required) else { continue }
            let winnerTemplate = template(of: links[winner.link], alias: winner.alias)
            let isDuplicate = winnerTemplate.routeKey == link.template.routeKey
            let isParameterVariant = RouteShape(winnerTemplate).map { shape.isParameterVariant(of: $0) } ?? false
            if !isDuplicate, !isParameterVariant { found.append(Shadowed(link: link, winner: links[winner.link])) }
        }
        return found
    }

    // MARK: Most specific

    /// A route in its tie class.
    private struct Member {
        var link: Int
        var alias: Int?
        var shape: RouteShape
        var routeKeyHash: UInt64
    }

    /// The routes of each tie class, in the order added, as lists threaded through flat arrays (`ThreadedLists`)
    /// rather than an array per class: a large catalogue has nearly as many classes as routes.
    private struct TieClasses {
        /// Each class's number, given when first seen: its list's in `members`.
        private var numbers: [DispatchOrder.TieClass: Int] = [:]
        private var members = ThreadedLists<Member>()

        /// Empty lists with room for about `routes` routes and classes: the table of classes then rarely grows,
        /// and growing hashes every class again.
        init(reservingFor routes: Int) {
            numbers.reserveCapacity(routes)
            members.reserve(elements: routes, lists: routes)
        }

        /// The number of a class, a new one when it is first seen.
        mutating func number(of tieClass: DispatchOrder.TieClass) -> Int {
            let new = numbers.count
            // Through the dictionary's accessor that adds the default when the key is missing: one look-up.
            let number = Self.value(&numbers[tieClass, default: new])
            if number == new { _ = members.makeList() }
            return number
        }

        /// The value of an entry passed in place: `numbers[tieClass, default: new]` passed so stores the default
        /// when the key is missing, in the same look-up.
        private static func value(_ number: inout Int) -> Int { number }

        /// The first route of class `number`, in the order added, for which `predicate` holds.
        func first(inClass number: Int, where predicate: (Member) -> Bool) -> Member? {
            members.first(inList: number, where: predicate)
        }

        /// Adds a route at the end of class `number`.
        mutating func add(_ member: Member, toClass number: Int) {
            members.append(member, toList: number)
        }
    }

    /// The links that tie under most-specific with an earlier link, each with the earliest of them and a URL that
    /// shows the tie. A link with the route of an earlier one is left to `duplicate-link`.
    mutating func tiedLinks() -> [Tie] {
        var classes = TieClasses(reservingFor: links.count)
        var pairs: [(link: Link, earlier: Link, earlierAlias: Int?, shape: RouteShape, earlierShape: RouteShape)] = []
        var names = RouteNames(capacity: Self.namesKept)
        for link in links {
            forEachRoute(of: link, names: &names) { alias, template, shape in
                let member = Member(link: link.index, alias: alias, shape: shape, routeKeyHash: template.routeKeyHash)
                let tieClass = classes.number(of: DispatchOrder.TieClass(shape))
                if alias == nil {
                    let (isDuplicate, earlier) = tie(of: member, template, inClass: tieClass, of: classes)
                    if isDuplicate { return }
                    if let earlier { pairs.append((link, links[earlier.link], earlier.alias, shape, earlier.shape)) }
                }
                classes.add(member, toClass: tieClass)
            }
        }
        guard !pairs.isEmpty else { return [] }
        // The URLs that show the ties are checked against every route, later ones too, as `explain` would.
        let trie = RouteTrie(links: links, parser: parser)
        return pairs.map { pair in
            Tie(
                link: pair.link, earlier: pair.earlier, earlierAlias: pair.earlierAlias,
                example: example(pair.link, pair.shape, pair.earlier, pair.earlierShape, trie))
        }
    }

    /// Whether a link's URL route `member` (of template `template`) has the route of one of the earlier routes of
    /// its tie class (number `tieClass` of `classes`), and else the earliest of them of another link that it ties
    /// with.
    private func tie(
        of member: Member, _ template: LinkTemplate, inClass tieClass: Int, of classes: TieClasses
    ) -> (isDuplicate: Bool, earlier: Member?) {
        let duplicate = classes.first(inClass: tieClass) { other in
            other.routeKeyHash == member.routeKeyHash
                && self.template(of: links[other.link], alias: other.alias).routeKey == template.routeKey
        }
        if duplicate != nil { return (true, nil) }
        let earlier = classes.first(inClass: tieClass) { $0.link != member.link && DispatchOrder.overlaps($0.shape, member.shape) }
        return (false, earlier)
    }

    /// A URL both tied links match: the later template with each placeholder replaced by a value both accept, the
    /// first of a few choices of values that no more specific link takes (`explain` then shows the tie).
    private mutating func example(_ link: Link, _ shape: RouteShape, _ earlier: Link, _ earlierShape: RouteShape, _ trie: RouteTrie) -> String {
        let choices = (0..<Self.sampleChoices).map { Self.commonURL(link.template, shape, earlierShape, choice: $0) }
        let order = DispatchOrder(mode: .mostSpecific)
        for url in choices {
            let concrete = parser.parse(url.lowercasedASCIIIfNeeded)
            guard let concreteShape = RouteShape(concrete) else { continue }
            let routes = trie.routes(subsuming: concreteShape, visited: &visited)
            var candidates: [DispatchOrder.Candidate] = []
            for index in Set(routes.map(\.link)).sorted() {
                if let route = DispatchOrder.matchingRoute(of: links[index], for: concrete, parser: parser, mode: .mostSpecific) {
                    candidates.append(DispatchOrder.Candidate(link: index, specificity: route.specificity))
                }
            }
            if let decision = order.decide(candidates), candidates[decision.winner].link == earlier.index,
                decision.ties.contains(where: { candidates[$0].link == link.index })
            {
                return url
            }
        }
        return choices[0]
    }

    private static let sampleChoices = 4

    /// The later template with each placeholder replaced by a value of choice `choice` that placeholders of its
    /// type and of the earlier link's type there both accept.
    static func commonURL(_ template: LinkTemplate, _ shape: RouteShape, _ other: RouteShape, choice: Int) -> String {
        var replacements: [(span: Range<Int>, value: String)] = []
        for (index, component) in template.components.enumerated() {
            guard let placeholder = component.placeholder, case .value(let key) = other.parts[index] else { continue }
            replacements.append((placeholder.span, sample(placeholder.type, key.type, choice: choice)))
        }
        for item in template.query {
            guard let placeholder = item.placeholder else { continue }
            let name = item.name.lowercasedASCIIIfNeeded
            var otherType: PlaceholderType?
            if let constraint = other.query.first(where: { $0.name == name }), case .placeholder(let type) = constraint.value {
                otherType = type
            }
            replacements.append((placeholder.span, sample(placeholder.type, otherType, choice: choice)))
        }
        var bytes = Array(template.text.utf8)
        for replacement in replacements.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
            bytes.replaceSubrange(replacement.span, with: Array(replacement.value.utf8))
        }
        let missing = requiredItems(shape, other, notSpelledIn: template, choice: choice)
        guard !missing.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
        // The items go at the end of the query, before a fragment.
        let fragmentStart = template.fragmentSpan.map { $0.lowerBound - 1 }
        let queryEnd = fragmentStart.map { $0 - (template.text.utf8.count - bytes.count) } ?? bytes.count
        let hasQuery = bytes[..<queryEnd].contains(UInt8(ascii: "?"))
        let items = missing.map { $0.value.isEmpty ? $0.name : $0.name + "=" + $0.value }.joined(separator: "&")
        bytes.insert(contentsOf: Array(((hasQuery ? "&" : "?") + items).utf8), at: queryEnd)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The query items that either route requires (`required_params:`, or the earlier link's own items) and the
    /// later template does not spell, each with a value both accept: without them neither link opens the URL.
    static func requiredItems(
        _ shape: RouteShape, _ other: RouteShape, notSpelledIn template: LinkTemplate, choice: Int
    ) -> [(name: String, value: String)] {
        let spelled = Set(template.query.map { $0.name.lowercasedASCIIIfNeeded })
        var items: [(name: String, value: String)] = []
        for constraint in shape.query + other.query where !spelled.contains(constraint.name) {
            let value: String
            switch constraint.value {
            case .fixed(let fixed): value = fixed
            case .placeholder(let type): value = sample(type, nil, choice: choice)
            case .present: value = "1"
            case .pattern: continue
            }
            if let index = items.firstIndex(where: { $0.name == constraint.name }) {
                // A fixed value or a typed placeholder says more than presence alone.
                if case .present = constraint.value { continue }
                items[index].value = value
            } else {
                items.append((constraint.name, value))
            }
        }
        return items
    }

    /// A value placeholders of both types accept; an untyped pair's later choices are values no typed
    /// placeholder accepts, so no typed link there is more specific.
    static func sample(_ a: PlaceholderType?, _ b: PlaceholderType?, choice: Int) -> String {
        let types = [a, b]
        let values: [String]
        if types.contains(.uuid) {
            values = ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-4000-8000-000000000001"]
        } else if types.contains(.int) {
            values = ["1", "2", "7", "9001"]
        } else if types.contains(.slug) {
            values = ["abc", "x9", "q-z", "k_1"]
        } else if types.contains(.base64json) {
            values = ["e30=", "e3x9"]
        } else {
            values = ["abc", "a.b", "x~y", "q.r.s"]
        }
        return values[choice % values.count]
    }
}
