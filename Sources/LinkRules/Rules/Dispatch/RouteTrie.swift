/// The links seen so far, as a trie over their path components, to find in near-linear time the earliest one that
/// matches every URL a new link matches (first-match dispatch, seed 001). A new link only walks the branches that
/// could accept it: at each component, the literal child of the same word and the placeholder children that accept
/// that word or value — never every earlier link.
struct RouteTrie: Sendable {
    /// A link ending at a node, with what it requires of the query.
    struct End: Sendable {
        var link: Int
        var routeKey: String
        var query: [RouteShape.QueryConstraint]
    }

    /// One trie node: children by lowercased literal and by placeholder kind, and the links whose path ends here.
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        /// Few per node (one per placeholder type and prefix), so a list.
        var values: [(key: RouteShape.ValueKey, node: Int)] = []
        var ends: [End] = []
    }

    private var nodes: [Node] = []
    private var roots: [String: Int] = [:]

    /// Adds a link. A link with the route key of one already at its node is left out: the earlier one wins for
    /// every later link either could shadow.
    mutating func insert(_ shape: RouteShape, link: Int, routeKey: String) {
        var node = root(shape.root)
        for part in shape.parts {
            node = child(of: node, part)
        }
        if nodes[node].ends.contains(where: { $0.routeKey == routeKey }) { return }
        nodes[node].ends.append(End(link: link, routeKey: routeKey, query: shape.query))
    }

    /// The earliest inserted link that matches every URL `shape` matches: the link that wins its URLs under
    /// first-match dispatch. It may have the same route key (a duplicate rather than a shadow).
    func earliestSubsumer(of shape: RouteShape) -> End? {
        var starts: [Int] = []
        if let root = roots[shape.root] { starts.append(root) }
        if !shape.hasAnyScheme, let root = roots[RouteShape.rootKey(scheme: RouteShape.wildcardScheme, host: shape.host)] {
            starts.append(root)
        }
        var best: End?
        var stack: [(node: Int, depth: Int)] = starts.map { ($0, 0) }
        while let (index, depth) = stack.popLast() {
            let node = nodes[index]
            if depth == shape.parts.count {
                for end in node.ends where best.map({ end.link < $0.link }) ?? true {
                    if RouteShape.query(end.query, isImpliedBy: shape.query) {
                        best = end
                        break
                    }
                }
                continue
            }
            switch shape.parts[depth] {
            case .literal(let text):
                if let next = node.literals[text] { stack.append((next, depth + 1)) }
                for (key, next) in node.values where key.accepts(literal: text) { stack.append((next, depth + 1)) }
            case .value(let inner):
                for (key, next) in node.values where key.covers(inner) { stack.append((next, depth + 1)) }
            }
        }
        return best
    }

    private mutating func root(_ key: String) -> Int {
        if let existing = roots[key] { return existing }
        nodes.append(Node())
        roots[key] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func child(of node: Int, _ part: RouteShape.Part) -> Int {
        switch part {
        case .literal(let text):
            if let existing = nodes[node].literals[text] { return existing }
            nodes.append(Node())
            nodes[node].literals[text] = nodes.count - 1
        case .value(let key):
            if let existing = nodes[node].values.first(where: { $0.key == key }) { return existing.node }
            nodes.append(Node())
            nodes[node].values.append((key, nodes.count - 1))
        }
        return nodes.count - 1
    }
}

/// Links grouped by specificity, for most-specific dispatch (seed 001 extended): two links can only tie when,
/// component for component, they are the same literal or placeholders of the same class (same prefix, typed or
/// untyped), and their query items are the same names with the same fixed values or placeholder classes. Each
/// group holds a handful of links (they differ only in placeholder types), so a new link is compared with few.
struct SpecificityGroups: Sendable {
    private var groups: [String: [(link: Int, shape: RouteShape, routeKey: String)]] = [:]

    /// The earliest link in the new link's group that can match a URL it matches, then adds the new link to the
    /// group. A link with a duplicate in the group is left to `duplicate-link`: nil, and it is not added.
    mutating func insertFindingTie(_ shape: RouteShape, link: Int, routeKey: String) -> (link: Int, shape: RouteShape)? {
        let key = Self.key(shape)
        let members = groups[key, default: []]
        if members.contains(where: { $0.routeKey == routeKey }) { return nil }
        groups[key, default: []].append((link, shape, routeKey))
        return members.first { Self.overlap($0.shape, shape) }.map { ($0.link, $0.shape) }
    }

    /// The specificity class of a shape: equal keys mean equal specificity.
    static func key(_ shape: RouteShape) -> String {
        var key = shape.root
        for part in shape.parts {
            key += "/"
            switch part {
            case .literal(let text): key += "=" + text
            case .value(let value): key += "{" + value.prefix + (value.type == nil ? "}" : ":t}")
            }
        }
        key += "?"
        for item in shape.query {
            key += item.name
            switch item.value {
            case .fixed(let value): key += "=" + value
            case .placeholder(let type): key += type == nil ? "{}" : "{t}"
            case .present: key += "!"
            }
            key += "&"
        }
        return key
    }

    /// Whether two shapes of one group match some URL in common.
    static func overlap(_ a: RouteShape, _ b: RouteShape) -> Bool {
        for (x, y) in zip(a.parts, b.parts) {
            if case .value(let left) = x, case .value(let right) = y, !left.overlaps(right) { return false }
        }
        for (x, y) in zip(a.query, b.query) {
            if case .placeholder(let left) = x.value, case .placeholder(let right) = y.value,
                !RouteShape.type(left, intersects: right)
            {
                return false
            }
        }
        return true
    }
}
