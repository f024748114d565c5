/// The routes of a catalogue (links' templates and aliases) as a trie over their path components, with a root per
/// scheme and host, to find in near-linear time the routes that match every URL a given route matches: the earlier
/// links that shadow a link under first-match dispatch, or the links that match one concrete URL. A search walks
/// only the branches that could accept the route — at each component the literal child of the same word and the
/// placeholder children that accept it — never every route.
struct RouteTrie {
    /// A route added to the trie: a link's template (`alias` nil) or one of its aliases, with the query items it
    /// requires.
    struct Route: Equatable {
        /// The link's place in the catalogue.
        var link: Int
        /// The alias's position in the link's `aliases`, nil for the link's URL.
        var alias: Int?
        var query: [RouteShape.QueryConstraint]
    }

    /// A node: the routes whose path ends there, and its placeholder children (its literal children are in
    /// `literalChildren`, keyed by the node and the word).
    private struct Node {
        var valueChildren: [(key: RouteShape.ValueKey, node: Int)] = []
        var routes: [Route] = []
    }

    private struct LiteralEdge: Hashable {
        var parent: Int
        var word: String
    }

    private struct Authority: Hashable {
        var scheme: String?
        var host: String
    }

    private var nodes: [Node] = []
    private var literalChildren: [LiteralEdge: Int] = [:]
    private var roots: [Authority: Int] = [:]

    /// An empty trie with room for about `routes` routes of a few components each.
    init(routes: Int = 0) {
        nodes.reserveCapacity(routes * 2)
        literalChildren.reserveCapacity(routes * 2)
    }

    /// Adds a route of `link` (its URL's when `alias` is nil) of shape `shape`. Routes are added in catalogue order.
    mutating func insert(_ shape: RouteShape, link: Int, alias: Int? = nil) {
        let authority = Authority(scheme: shape.scheme, host: shape.host)
        var node: Int
        if let root = roots[authority] {
            node = root
        } else {
            node = newNode()
            roots[authority] = node
        }
        for part in shape.parts {
            switch part {
            case .literal(let word):
                let edge = LiteralEdge(parent: node, word: word)
                if let child = literalChildren[edge] {
                    node = child
                } else {
                    let child = newNode()
                    literalChildren[edge] = child
                    node = child
                }
            case .value(let key):
                if let child = nodes[node].valueChildren.first(where: { $0.key == key })?.node {
                    node = child
                } else {
                    let child = newNode()
                    nodes[node].valueChildren.append((key, child))
                    node = child
                }
            }
        }
        nodes[node].routes.append(Route(link: link, alias: alias, query: shape.query))
    }

    /// A trie of every route of `links` (their URLs and aliases, with their required parameters), to find the
    /// links that match a URL in near-linear time (`link-sunset`'s replacements, the test plan's URLs).
    init(links: [Link], parser: LinkTemplateParser) {
        self.init(routes: links.count)
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

    /// Every route that matches every URL `shape` matches (`RouteShape.isSubsumed(by:)`), in the order added.
    /// `visited` counts the nodes the search reaches: the work it does.
    func routes(subsuming shape: RouteShape, visited: inout Int) -> [Route] {
        var found: [Route] = []
        var stack: [(node: Int, depth: Int)] = []
        if let root = roots[Authority(scheme: shape.scheme, host: shape.host)] { stack.append((root, 0)) }
        if shape.scheme != nil, let root = roots[Authority(scheme: nil, host: shape.host)] { stack.append((root, 0)) }
        while let (node, depth) = stack.popLast() {
            visited += 1
            guard depth < shape.parts.count else {
                found += nodes[node].routes.filter { RouteShape.query($0.query, isImpliedBy: shape.query) }
                continue
            }
            let part = shape.parts[depth]
            if case .literal(let word) = part, let child = literalChildren[LiteralEdge(parent: node, word: word)] {
                stack.append((child, depth + 1))
            }
            for (key, child) in nodes[node].valueChildren where RouteShape.part(.value(key), covers: part) {
                stack.append((child, depth + 1))
            }
        }
        return found.sorted { ($0.link, $0.alias ?? -1) < ($1.link, $1.alias ?? -1) }
    }

    /// The earliest route that matches every URL `shape` matches, if any.
    func earliestRoute(subsuming shape: RouteShape, visited: inout Int) -> Route? {
        routes(subsuming: shape, visited: &visited).first
    }
}
