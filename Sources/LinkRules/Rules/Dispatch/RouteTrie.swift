/// The routes of a catalogue (links' templates and aliases) as a trie over their path components, with a root per
/// scheme and host, to find in near-linear time the routes that match every URL a given route matches: the earlier
/// links that shadow a link under first-match dispatch, or the links that match one concrete URL. A search walks
/// only the branches that could accept the route — at each component the literal child of the same word and the
/// placeholder children that accept it — never every route. Routes are followed as `RoutePath`s, whose words and
/// placeholder keys `RouteWords` numbers once when first seen, so an edge is found by two numbers
/// (`LiteralEdgeTable`) rather than by hashing text.
struct RouteTrie {
    /// A route added to the trie: a link's template (`alias` nil) or one of its aliases.
    struct Route: Equatable {
        /// The link's place in the catalogue.
        var link: Int
        /// The alias's position in the link's `aliases`, nil for the link's URL.
        var alias: Int?

        /// Whether this route was added before `other` (catalogue order, a link's URL before its aliases).
        func precedes(_ other: Route) -> Bool { (link, alias ?? -1) < (other.link, other.alias ?? -1) }
    }

    /// A route as its node holds it: three plain numbers, the query items it requires kept apart (most routes
    /// require none), so that adding and dropping routes counts no references.
    fileprivate struct Entry {
        var link: Int32
        /// The alias's position, -1 for the link's URL.
        var alias: Int32
        /// The route's required query items' place in `queries`, -1 when it requires none.
        var query: Int32

        var route: Route { Route(link: Int(link), alias: alias < 0 ? nil : Int(alias)) }
    }

    /// The nodes, by number, as lists threaded through flat arrays rather than two arrays in each node: a node's
    /// routes (those whose path ends there, in the order added) and its placeholder children, by their keys'
    /// numbers; its literal children are in `literalChildren`, keyed by the node and the word's number.
    private var nodes = NodeLists()
    /// A literal child by its parent node and its word's number.
    private var literalChildren: LiteralEdgeTable
    /// A root by its scheme's number (-1 for none) and its host's number.
    private var roots = RouteEdgeTable()
    /// The query items required by the routes that require some, by `Entry.query`.
    private var queries: [[RouteShape.QueryConstraint]] = []
    /// The numbers of the routes' words and placeholder keys.
    private(set) var words: RouteWords
    /// The last answer of `roots(of:)`, by the scheme and host it was asked for.
    private var lastRoots: (scheme: Int, host: Int, root: Int, anyScheme: Int?)?

    init() {
        literalChildren = LiteralEdgeTable()
        words = RouteWords()
    }

    /// An empty trie with room for about `routes` routes' words and edges, so that building it rarely grows its
    /// tables.
    init(reservingFor routes: Int) {
        literalChildren = LiteralEdgeTable(capacity: routes)
        words = RouteWords(capacity: routes)
        // A route makes about two nodes (`/posts/4512` after its tab is two).
        nodes.reserve(routes * 2)
    }

    /// A trie of every route of `links` (their URLs and aliases, with their required parameters), to find the
    /// links that match a URL in near-linear time (`link-sunset`'s replacements, the test plan's URLs).
    init(links: [Link], parser: LinkTemplateParser) {
        self.init()
        var path = RoutePath()
        for link in links {
            let required = link.requiredParams.map(\.value)
            if fill(&path, with: link.template, requiredParams: required) { insert(path, link: link.index, alias: nil) }
            for (position, alias) in link.aliases.enumerated()
            where fill(&path, with: parser.parse(alias.value), requiredParams: required) {
                insert(path, link: link.index, alias: position)
            }
        }
    }

    /// Fills `path` with a template's route (`RouteWords.fill(_:with:requiredParams:)`), numbering its words in
    /// this trie's tables; false for an opaque URI.
    @inline(__always)
    mutating func fill(_ path: inout RoutePath, with template: borrowing LinkTemplate, requiredParams: [String]) -> Bool {
        words.fill(&path, with: template, requiredParams: requiredParams)
    }

    /// `fill(_:with:requiredParams:)` with a link's URL, read from the link without copying its template.
    @inline(__always)
    mutating func fill(_ path: inout RoutePath, withURLOf link: Link, requiredParams: [String]) -> Bool {
        words.fill(&path, withURLOf: link, requiredParams: requiredParams)
    }

    /// Adds a route of `link` (its URL's when `alias` is nil) of shape `shape`. Routes are added in catalogue order.
    mutating func insert(_ shape: RouteShape, link: Int, alias: Int? = nil) {
        insert(words.path(of: shape), link: link, alias: alias)
    }

    /// Adds a route of `link` (its URL's when `alias` is nil) of path `path`, numbered in this trie's tables.
    mutating func insert(_ path: RoutePath, link: Int, alias: Int?) {
        var visited = 0
        let node = walk(path, searching: false, visited: &visited).node
        add(Route(link: link, alias: alias), requiring: path.query, at: node)
    }

    /// Adds a route that requires the query items `query` at the node where its path ends (`walk(_:visited:)`). A
    /// link's routes are each walked, then added, so that none of them is found as the earliest route of another.
    mutating func add(_ route: Route, requiring query: [RouteShape.QueryConstraint], at node: Int) {
        precondition(route.link < Int32.max && (route.alias ?? 0) < Int32.max, "a catalogue of more than 2^31 links or aliases")
        var queryNumber: Int32 = -1
        if !query.isEmpty {
            queryNumber = Int32(queries.count)
            queries.append(query)
        }
        nodes.add(Entry(link: Int32(route.link), alias: Int32(route.alias ?? -1), query: queryNumber), at: node)
    }

    /// Whether a URL that `path` matches always carries the query items the route `entry` requires.
    private func query(of entry: Entry, isImpliedBy path: RoutePath) -> Bool {
        entry.query < 0 || RouteShape.query(queries[Int(entry.query)], isImpliedBy: path.query)
    }

    /// Walks `path`'s own components (a path this trie's tables numbered), adding the nodes it lacks, and searches
    /// the placeholder branches beside it: the node where the path ends, and the earliest route already in the trie
    /// that matches every URL `path` matches. `visited` counts the nodes reached.
    mutating func walk(_ path: RoutePath, visited: inout Int) -> (node: Int, earliest: Route?) {
        walk(path, searching: true, visited: &visited)
    }

    /// `walk(_:visited:)`, searching the placeholder branches only when `searching`: `insert` needs only the node
    /// where the path ends.
    private mutating func walk(_ path: RoutePath, searching: Bool, visited: inout Int) -> (node: Int, earliest: Route?) {
        var sideBranches: [(node: Int, depth: Int)] = []
        let (root, anySchemeRoot) = roots(of: path)
        // A route without a scheme matches any scheme.
        if path.scheme != RoutePath.noScheme, let anySchemeRoot { sideBranches.append((anySchemeRoot, 0)) }
        var node = root
        for depth in 0..<path.count {
            visited += 1
            let next: Int
            let part = path.part(at: depth)
            switch part {
            case .word(let word):
                next = literalChildren.child(from: node, word: word, insertingIfMissing: nodes.count)
                if next == nodes.count { _ = nodes.newNode() }
            case .value(let key):
                if let child = nodes.valueChild(of: node, key: key) {
                    next = child
                } else {
                    next = nodes.newNode()
                    nodes.addValueChild(next, key: key, to: node)
                }
            }
            if searching {
                nodes.forEachValueChild(of: node) { key, child in
                    if child != next, words.key(key, covers: part, of: path) { sideBranches.append((child, depth + 1)) }
                }
            }
            node = next
        }
        visited += 1
        guard searching else { return (node, nil) }
        var earliest = earliestRoute(at: node, for: path)
        guard !sideBranches.isEmpty else { return (node, earliest) }
        search(path, from: sideBranches, visited: &visited) { route in
            if earliest.map({ route.precedes($0) }) ?? true { earliest = route }
        }
        return (node, earliest)
    }

    /// The root of a path's scheme and host (added when new), and the root of the routes without a scheme on the
    /// same host, if there are any. Neighbouring links mostly share their scheme and host, so the last answer is
    /// kept and given again for the same pair without a look-up; a new root may change the answer for another
    /// pair, so it clears what is kept.
    private mutating func roots(of path: RoutePath) -> (root: Int, anyScheme: Int?) {
        if let last = lastRoots, last.scheme == path.scheme, last.host == path.host { return (last.root, last.anyScheme) }
        let anyScheme = roots.child(from: RoutePath.noScheme, word: path.host)
        let nodesBefore = nodes.count
        let root = Self.child(&roots, from: path.scheme, word: path.host, nodes: &nodes)
        let isNew = root == nodesBefore
        lastRoots = isNew ? nil : (path.scheme, path.host, root, anyScheme)
        return (root, anyScheme)
    }

    /// The node the edge of `edges` from `from` on `word` leads to, a new node when the edge is new.
    private static func child(_ edges: inout RouteEdgeTable, from: Int, word: Int, nodes: inout NodeLists) -> Int {
        let node = edges.child(from: from, word: word, insertingIfMissing: nodes.count)
        if node == nodes.count { _ = nodes.newNode() }
        return node
    }

    private func earliestRoute(at node: Int, for path: RoutePath) -> Route? {
        var earliest: Route?
        nodes.forEachRoute(at: node) { entry in
            if query(of: entry, isImpliedBy: path) {
                earliest = entry.route
                return false
            }
            return true
        }
        return earliest
    }

    /// Calls `found` with every route that matches every URL `path` matches, in the subtrees of `starts` (nodes
    /// reached at a depth of `path`).
    private func search(_ path: RoutePath, from starts: [(node: Int, depth: Int)], visited: inout Int, found: (Route) -> Void) {
        var stack = starts
        while let (node, depth) = stack.popLast() {
            visited += 1
            guard depth < path.count else {
                nodes.forEachRoute(at: node) { entry in
                    if query(of: entry, isImpliedBy: path) { found(entry.route) }
                    return true
                }
                continue
            }
            let part = path.part(at: depth)
            if case .word(let word) = part, let child = literalChildren.child(from: node, word: word) {
                stack.append((child, depth + 1))
            }
            nodes.forEachValueChild(of: node) { key, child in
                if words.key(key, covers: part, of: path) { stack.append((child, depth + 1)) }
            }
        }
    }

    /// Every route that matches every URL `shape` matches (`RouteShape.isSubsumed(by:)`), in the order added.
    /// `visited` counts the nodes the search reaches: the work it does.
    func routes(subsuming shape: RouteShape, visited: inout Int) -> [Route] {
        let path = words.lookUpPath(of: shape)
        var starts: [(node: Int, depth: Int)] = []
        if path.scheme != RoutePath.noScheme, let root = roots.child(from: path.scheme, word: path.host) {
            starts.append((root, 0))
        }
        // A route without a scheme matches any scheme.
        if let root = roots.child(from: RoutePath.noScheme, word: path.host) { starts.append((root, 0)) }
        var found: [Route] = []
        search(path, from: starts, visited: &visited) { found.append($0) }
        return found.sorted { $0.precedes($1) }
    }

    /// The earliest route that matches every URL `shape` matches, if any.
    func earliestRoute(subsuming shape: RouteShape, visited: inout Int) -> Route? {
        routes(subsuming: shape, visited: &visited).first
    }
}

/// The nodes of a `RouteTrie` and what hangs from each: its routes, in the order added, and its placeholder
/// children. Both are lists threaded through flat arrays (`ThreadedLists`, and a node's first placeholder child with
/// each child's next), so a node costs a few integers and a trie of 100k routes makes no array per node.
private struct NodeLists {
    /// Each node's routes, the node's number being its list's.
    private var routes = ThreadedLists<RouteTrie.Entry>()
    /// Each node's first placeholder child in `valueChildren` (-1 for none).
    private var firstValueChild: [Int32] = []
    private var valueChildren: [(key: Int32, node: Int32)] = []
    /// The next placeholder child of the same node (-1 for none).
    private var nextValueChild: [Int32] = []

    var count: Int { routes.listCount }

    mutating func reserve(_ capacity: Int) {
        routes.reserve(elements: capacity, lists: capacity)
        firstValueChild.reserveCapacity(capacity)
    }

    /// A new node with no routes and no children, by its number.
    mutating func newNode() -> Int {
        firstValueChild.append(-1)
        return routes.makeList()
    }

    /// Adds a route at the end of a node's routes.
    mutating func add(_ route: RouteTrie.Entry, at node: Int) {
        routes.append(route, toList: node)
    }

    /// Calls `body` with each route of a node in the order added, while it returns true.
    func forEachRoute(at node: Int, _ body: (RouteTrie.Entry) -> Bool) {
        routes.forEach(inList: node, body)
    }

    /// The placeholder child of a node for `key`, if it has one.
    func valueChild(of node: Int, key: Int) -> Int? {
        var position = firstValueChild[node]
        while position >= 0 {
            if Int(valueChildren[Int(position)].key) == key { return Int(valueChildren[Int(position)].node) }
            position = nextValueChild[Int(position)]
        }
        return nil
    }

    mutating func addValueChild(_ child: Int, key: Int, to node: Int) {
        valueChildren.append((Int32(key), Int32(child)))
        nextValueChild.append(firstValueChild[node])
        firstValueChild[node] = Int32(valueChildren.count - 1)
    }

    /// Calls `body` with each placeholder child of a node and its key.
    func forEachValueChild(of node: Int, _ body: (_ key: Int, _ child: Int) -> Void) {
        var position = firstValueChild[node]
        while position >= 0 {
            body(Int(valueChildren[Int(position)].key), Int(valueChildren[Int(position)].node))
            position = nextValueChild[Int(position)]
        }
    }
}
