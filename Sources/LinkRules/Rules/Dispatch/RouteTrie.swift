/// The routes of a catalogue (links' templates and aliases) as a trie over their path components, with a root per
/// scheme and host, to find in near-linear time the routes that match every URL a given route matches: the earlier
/// links that shadow a link under first-match dispatch, or the links that match one concrete URL. A search walks
/// only the branches that could accept the route — at each component the literal child of the same word and the
/// placeholder children that accept it — never every route. Words (literal components, schemes, hosts) are
/// interned once when first seen (`InternTable`), so an edge is found by two numbers in a `RouteEdgeTable`
/// rather than by hashing text.
struct RouteTrie {
    /// A route added to the trie: a link's template (`alias` nil) or one of its aliases, with the query items it
    /// requires.
    struct Route: Equatable {
        /// The link's place in the catalogue.
        var link: Int
        /// The alias's position in the link's `aliases`, nil for the link's URL.
        var alias: Int?
        var query: [RouteShape.QueryConstraint]

        /// Whether this route was added before `other` (catalogue order, a link's URL before its aliases).
        func precedes(_ other: Route) -> Bool { (link, alias ?? -1) < (other.link, other.alias ?? -1) }
    }

    /// A node: the routes whose path ends there, and its placeholder children (its literal children are in
    /// `literalChildren`, keyed by the node and the word's number).
    private struct Node {
        var valueChildren: [(key: RouteShape.ValueKey, node: Int)] = []
        var routes: [Route] = []
    }

    private var nodes: [Node] = []
    /// A literal child by its parent node and its word's number.
    private var literalChildren: RouteEdgeTable
    /// A root by its scheme's number (-1 for none) and its host's number.
    private var roots = RouteEdgeTable()
    /// The words' numbers.
    private var words: InternTable

    init() {
        literalChildren = RouteEdgeTable()
        words = InternTable()
    }

    /// An empty trie with room for about `routes` routes' words and edges, so that building it rarely grows its
    /// tables.
    init(reservingFor routes: Int) {
        literalChildren = RouteEdgeTable(capacity: routes)
        words = InternTable(capacity: routes)
        nodes.reserveCapacity(routes)
    }

    /// Adds a route of `link` (its URL's when `alias` is nil) of shape `shape`. Routes are added in catalogue order.
    mutating func insert(_ shape: RouteShape, link: Int, alias: Int? = nil) {
        var visited = 0
        let node = walk(shape, searching: false, visited: &visited).node
        nodes[node].routes.append(Route(link: link, alias: alias, query: shape.query))
    }

    /// Adds the routes of link `link` (`shapes`: its URL's first, then its aliases', nil for an opaque one) and
    /// returns for each the earliest route of an earlier link that matches every URL it matches. Each route is
    /// searched and inserted in one walk; the link's own routes are added after all are searched.
    mutating func insertRoutes(of link: Int, _ shapes: [RouteShape?], visited: inout Int) -> [Route?] {
        var ends: [Int?] = []
        var earliest: [Route?] = []
        for shape in shapes {
            guard let shape else {
                ends.append(nil)
                earliest.append(nil)
                continue
            }
            let (node, found) = walk(shape, searching: true, visited: &visited)
            ends.append(node)
            earliest.append(found)
        }
        for (position, (shape, end)) in zip(shapes, ends).enumerated() {
            guard let shape, let end else { continue }
            nodes[end].routes.append(Route(link: link, alias: position == 0 ? nil : position - 1, query: shape.query))
        }
        return earliest
    }

    /// Walks `shape`'s own path, adding the nodes it lacks, and searches the placeholder branches beside it: the
    /// node where the path ends and (when `searching`) the earliest route already in the trie that matches every
    /// URL `shape` matches.
    private mutating func walk(_ shape: RouteShape, searching: Bool, visited: inout Int) -> (node: Int, earliest: Route?) {
        var sideBranches: [(node: Int, depth: Int)] = []
        let host = number(shape.host)
        // A route without a scheme matches any scheme.
        if shape.scheme != nil, let root = roots.child(from: -1, word: host) { sideBranches.append((root, 0)) }
        var node = Self.child(&roots, from: shape.scheme.map { number($0) } ?? -1, word: host, nodes: &nodes)
        for (depth, part) in shape.parts.enumerated() {
            visited += 1
            let next: Int
            switch part {
            case .literal(let word):
                let word = number(word)
                next = Self.child(&literalChildren, from: node, word: word, nodes: &nodes)
            case .value(let key):
                if let child = nodes[node].valueChildren.first(where: { $0.key == key })?.node {
                    next = child
                } else {
                    next = newNode()
                    nodes[node].valueChildren.append((key, next))
                }
            }
            for (key, child) in nodes[node].valueChildren
            where searching && child != next && RouteShape.part(.value(key), covers: part) {
                sideBranches.append((child, depth + 1))
            }
            node = next
        }
        visited += 1
        guard searching else { return (node, nil) }
        var earliest = earliestRoute(at: node, for: shape)
        search(shape, from: sideBranches, visited: &visited) { route in
            if earliest.map({ route.precedes($0) }) ?? true { earliest = route }
        }
        return (node, earliest)
    }

    /// A trie of every route of `links` (their URLs and aliases, with their required parameters), to find the
    /// links that match a URL in near-linear time (`link-sunset`'s replacements, the test plan's URLs).
    init(links: [Link], parser: LinkTemplateParser) {
        self.init()
        let search = DispatchSearch(links: links, parser: parser)
        for link in links {
            for (alias, shape) in search.shapes(of: link).enumerated() {
                guard let shape else { continue }
                insert(shape, link: link.index, alias: alias == 0 ? nil : alias - 1)
            }
        }
    }

    private mutating func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    /// The number of a word, given when first seen.
    private mutating func number(_ word: String) -> Int { words.intern(word) }

    /// The node the edge of `edges` from `from` on `word` leads to, a new node when the edge is new.
    private static func child(_ edges: inout RouteEdgeTable, from: Int, word: Int, nodes: inout [Node]) -> Int {
        let node = edges.child(from: from, word: word, insertingIfMissing: nodes.count)
        if node == nodes.count { nodes.append(Node()) }
        return node
    }

    private func earliestRoute(at node: Int, for shape: RouteShape) -> Route? {
        nodes[node].routes.first { RouteShape.query($0.query, isImpliedBy: shape.query) }
    }

    /// Calls `found` with every route that matches every URL `shape` matches, in the subtrees of `starts` (nodes
    /// reached at a depth of `shape`'s path).
    private func search(_ shape: RouteShape, from starts: [(node: Int, depth: Int)], visited: inout Int, found: (Route) -> Void) {
        var stack = starts
        while let (node, depth) = stack.popLast() {
            visited += 1
            guard depth < shape.parts.count else {
                for route in nodes[node].routes where RouteShape.query(route.query, isImpliedBy: shape.query) { found(route) }
                continue
            }
            let part = shape.parts[depth]
            if case .literal(let word) = part, let number = words.id(of: word),
                let child = literalChildren.child(from: node, word: number)
            {
                stack.append((child, depth + 1))
            }
            for (key, child) in nodes[node].valueChildren where RouteShape.part(.value(key), covers: part) {
                stack.append((child, depth + 1))
            }
        }
    }

    /// Every route that matches every URL `shape` matches (`RouteShape.isSubsumed(by:)`), in the order added.
    /// `visited` counts the nodes the search reaches: the work it does.
    func routes(subsuming shape: RouteShape, visited: inout Int) -> [Route] {
        var starts: [(node: Int, depth: Int)] = []
        if let host = words.id(of: shape.host) {
            if let scheme = shape.scheme.flatMap({ words.id(of: $0) }), let root = roots.child(from: scheme, word: host) {
                starts.append((root, 0))
            }
            // A route without a scheme matches any scheme.
            if let root = roots.child(from: -1, word: host) { starts.append((root, 0)) }
        }
        var found: [Route] = []
        search(shape, from: starts, visited: &visited) { found.append($0) }
        return found.sorted { $0.precedes($1) }
    }

    /// The earliest route that matches every URL `shape` matches, if any.
    func earliestRoute(subsuming shape: RouteShape, visited: inout Int) -> Route? {
        routes(subsuming: shape, visited: &visited).first
    }
}
