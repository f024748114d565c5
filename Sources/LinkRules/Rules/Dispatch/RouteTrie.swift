/// The links seen so far, as a trie over their path components, to find in near-linear time the earliest one that
/// matches every URL a new link matches (first-match dispatch, seed 001). A new link only walks the branches that
/// could accept it: at each component, the literal child of the same word and the placeholder children that accept
/// that word or value — never every earlier link.
///
/// Nodes live in one array and refer to each other by index. A node's literal children are found through one
/// table for the whole trie, keyed by (parent, word id); its few placeholder children form a list. Nothing is
/// allocated per node beyond its entry in the array.
struct RouteTrie: Sendable {
    /// A link ending at a node, with what it requires of the query.
    struct End: Sendable {
        var link: Int
        var query: [RouteShape.QueryConstraint]
        /// The next link ending at the same node, in insertion order (-1 for none).
        fileprivate var next: Int32 = -1
    }

    /// One trie node: how it hangs from its parent, its first placeholder child and next placeholder sibling,
    /// and the links whose path ends here.
    fileprivate struct Node: Sendable {
        var parent: Int32
        /// The word id of a literal child; the prefix word id of a placeholder child.
        var word: Int32
        /// The placeholder type of a placeholder child; nil for an untyped placeholder and for a literal child
        /// (literal children are found through `literalChildren`, placeholder ones through their parent's list).
        var type: PlaceholderType?
        var firstValueChild: Int32 = -1
        var nextValueSibling: Int32 = -1
        var firstEnd: Int32 = -1
        var lastEnd: Int32 = -1

        /// The placeholder key of a placeholder child.
        var valueKey: RouteShape.ValueKey { RouteShape.ValueKey(prefix: word, type: type) }
    }

    /// Node 0 is above the roots: a scheme is its literal child, and a host the scheme's; paths start at hosts.
    private var nodes: [Node] = [Node(parent: -1, word: -1, type: nil)]
    private var ends: [End] = []
    private var literalChildren: ChildTable

    /// An empty trie with room for about `expectedLinks` links: links share most of their nodes, and most add one
    /// or two of their own.
    init(expectedLinks: Int = 0) {
        literalChildren = ChildTable(expectedChildren: expectedLinks * 2)
        nodes.reserveCapacity(expectedLinks * 2 + 1)
        ends.reserveCapacity(expectedLinks)
    }
    /// The walk of `earliestSubsumer`, kept to reuse its storage.
    private var stack: [(node: Int32, depth: Int32)] = []

    /// Adds a link. A link that `isSameRoute` says has the route of one already at its node is left out: the
    /// earlier one wins for every later link either could shadow. `isSameRoute` is asked only about links on the
    /// same path, so comparing their route keys stays rare.
    mutating func insert(_ shape: RouteShape, link: Int, isSameRoute: (Int) -> Bool) {
        var node = literalChild(of: literalChild(of: 0, word: shape.scheme), word: shape.host)
        for part in shape.parts {
            switch part {
            case .literal(let word): node = literalChild(of: node, word: word)
            case .value(let key): node = valueChild(of: node, key)
            }
        }
        let position = Int(node)
        var index = nodes[position].firstEnd
        while index >= 0 {
            if isSameRoute(ends[Int(index)].link) { return }
            index = ends[Int(index)].next
        }
        let end = Int32(ends.count)
        ends.append(End(link: link, query: shape.query))
        if nodes[position].lastEnd >= 0 {
            ends[Int(nodes[position].lastEnd)].next = end
        } else {
            nodes[position].firstEnd = end
        }
        nodes[position].lastEnd = end
    }

    /// The earliest inserted link that matches every URL `shape` matches: the link that wins its URLs under
    /// first-match dispatch. It may have the same route key (a duplicate rather than a shadow). Mutating only to
    /// reuse the storage of its walk.
    mutating func earliestSubsumer(of shape: RouteShape, in words: RouteWords) -> End? {
        stack.removeAll(keepingCapacity: true)
        // Templates of the same scheme and host, and those of no scheme and the same host.
        for pass in 0..<(shape.hasAnyScheme ? 1 : 2) {
            let scheme = pass == 0 ? shape.scheme : words.anyScheme
            if let schemeNode = literalChildren.child(of: 0, word: scheme, in: nodes),
                let root = literalChildren.child(of: schemeNode, word: shape.host, in: nodes)
            {
                stack.append((root, 0))
            }
        }
        var best: End?
        let depthOfEnds = Int32(shape.parts.count)
        while let (index, depth) = stack.popLast() {
            let node = nodes[Int(index)]
            if depth == depthOfEnds {
                var end = node.firstEnd
                while end >= 0, ends[Int(end)].link < best?.link ?? Int.max {
                    if RouteShape.query(ends[Int(end)].query, isImpliedBy: shape.query, in: words) {
                        best = ends[Int(end)]
                        break
                    }
                    end = ends[Int(end)].next
                }
                continue
            }
            var child = node.firstValueChild
            switch shape.parts[Int(depth)] {
            case .literal(let word):
                if let next = literalChildren.child(of: index, word: word, in: nodes) { stack.append((next, depth + 1)) }
                while child >= 0 {
                    let key = nodes[Int(child)].valueKey
                    if key.accepts(literal: word, in: words) { stack.append((child, depth + 1)) }
                    child = nodes[Int(child)].nextValueSibling
                }
            case .value(let inner):
                while child >= 0 {
                    let key = nodes[Int(child)].valueKey
                    if key.covers(inner, in: words) { stack.append((child, depth + 1)) }
                    child = nodes[Int(child)].nextValueSibling
                }
            }
        }
        return best
    }

    private mutating func literalChild(of parent: Int32, word: Int32) -> Int32 {
        if let existing = literalChildren.child(of: parent, word: word, in: nodes) { return existing }
        let child = Int32(nodes.count)
        nodes.append(Node(parent: parent, word: word, type: nil))
        literalChildren.insert(child, parent: parent, word: word, in: nodes)
        return child
    }

    private mutating func valueChild(of parent: Int32, _ key: RouteShape.ValueKey) -> Int32 {
        var child = nodes[Int(parent)].firstValueChild
        var last: Int32 = -1
        while child >= 0 {
            if nodes[Int(child)].word == key.prefix, nodes[Int(child)].type == key.type { return child }
            last = child
            child = nodes[Int(child)].nextValueSibling
        }
        child = Int32(nodes.count)
        nodes.append(Node(parent: parent, word: key.prefix, type: key.type))
        if last >= 0 { nodes[Int(last)].nextValueSibling = child } else { nodes[Int(parent)].firstValueChild = child }
        return child
    }

    /// The literal children of every node: an open-addressing table of node indices, keyed by the parent and word
    /// that each child node records. Never more than half full.
    fileprivate struct ChildTable: Sendable {
        /// `child + 1`, or 0 for an empty slot.
        private var slots: [Int32]
        private var count = 0

        init(expectedChildren: Int) {
            var size = 1024
            while size < expectedChildren * 2 { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
        }

        private static func hash(parent: Int32, word: Int32) -> Int {
            let key = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: word))
            return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
        }

        func child(of parent: Int32, word: Int32, in nodes: [Node]) -> Int32? {
            let mask = slots.count - 1
            var slot = Self.hash(parent: parent, word: word) & mask
            while slots[slot] != 0 {
                let child = slots[slot] - 1
                let node = nodes[Int(child)]
                if node.parent == parent, node.word == word { return child }
                slot = (slot + 1) & mask
            }
            return nil
        }

        mutating func insert(_ child: Int32, parent: Int32, word: Int32, in nodes: [Node]) {
            count += 1
            if count * 2 > slots.count { grow(nodes) }
            place(child, parent: parent, word: word)
        }

        private mutating func place(_ child: Int32, parent: Int32, word: Int32) {
            let mask = slots.count - 1
            var slot = Self.hash(parent: parent, word: word) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = child + 1
        }

        private mutating func grow(_ nodes: [Node]) {
            let old = slots
            slots = [Int32](repeating: 0, count: old.count * 2)
            for entry in old where entry != 0 {
                let node = nodes[Int(entry - 1)]
                place(entry - 1, parent: node.parent, word: node.word)
            }
        }
    }
}

/// Links grouped by specificity, for most-specific dispatch (seed 001 extended): two links can only tie when,
/// component for component, they are the same literal or placeholders of the same class (same prefix, typed or
/// untyped), and their query items are the same names with the same fixed values or placeholder classes. Each
/// group holds a handful of links (they differ only in placeholder types), so a new link is compared with few.
struct SpecificityGroups: Sendable {
    /// A link of a group, with its shape.
    struct Member: Sendable {
        var link: Int
        var shape: RouteShape
    }

    private var groups: [[Int32]: [Member]] = [:]

    /// The earliest link in the new link's group that can match a URL it matches, then adds the new link to the
    /// group. A link that `isSameRoute` says duplicates one in the group is left to `duplicate-link`: nil, and it
    /// is not added.
    mutating func insertFindingTie(_ shape: RouteShape, link: Int, isSameRoute: (Int) -> Bool) -> Member? {
        let key = Self.key(shape)
        let members = groups[key, default: []]
        if members.contains(where: { isSameRoute($0.link) }) { return nil }
        groups[key, default: []].append(Member(link: link, shape: shape))
        return members.first { Self.overlap($0.shape, shape) }
    }

    /// The specificity class of a shape, as word ids and markers: equal keys mean equal specificity.
    static func key(_ shape: RouteShape) -> [Int32] {
        var key: [Int32] = [shape.scheme, shape.host]
        key.reserveCapacity(1 + shape.parts.count * 2 + shape.query.count * 2)
        for part in shape.parts {
            switch part {
            case .literal(let word): key += [-1, word]
            case .value(let value): key += [value.type == nil ? -2 : -3, value.prefix]
            }
        }
        key.append(-4)
        for item in shape.query {
            key.append(item.name)
            switch item.value {
            case .fixed(let value): key += [-5, value]
            case .placeholder(let type): key.append(type == nil ? -6 : -7)
            case .present: key.append(-8)
            }
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
