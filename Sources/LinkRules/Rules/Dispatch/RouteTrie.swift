/// The links seen so far, as a trie over their path components, to find in near-linear time the earliest one that
/// matches every URL a new link matches (first-match dispatch, seed 001). A new link only walks the branches that
/// could accept it: at each component, the literal child of the same word and the placeholder children that accept
/// that word or value — never every earlier link.
///
/// Nodes live in one array and refer to each other by index. Each (scheme, host) pair has a root, found by the
/// pair's index in the check's `RouteWords`. A node's literal children are found through one table for the whole
/// trie, keyed by (parent, word id); its few placeholder children form a list. The query items the links require
/// are kept one after the other in one array. Nothing is allocated per node or per link beyond their entries in
/// those arrays.
struct RouteTrie: Sendable {
    /// A link ending at a node, with where its query constraints are kept.
    struct End: Sendable {
        /// The link's index in the catalogue.
        var link: Int { Int(linkIndex) }
        fileprivate var linkIndex: Int32
        /// The link's required query items: `queryCount` of them from `queryStart` in the trie's `queries`.
        fileprivate var queryStart: Int32
        fileprivate var queryCount: Int32
        /// The next link ending at the same node, in insertion order (-1 for none).
        fileprivate var next: Int32 = -1
    }

    /// One trie node: how it hangs from its parent, its first placeholder child and next placeholder sibling,
    /// and the links whose path ends here.
    fileprivate struct Node: Sendable {
        /// The node this one hangs from (-1 for a root).
        var parent: Int32
        /// The word id of a literal child; the prefix word id of a placeholder child (unused for a root).
        var word: Int32
        /// The placeholder type of a placeholder child; nil for an untyped placeholder and for a literal child.
        var type: PlaceholderType?
        var firstValueChild: Int32 = -1
        var nextValueSibling: Int32 = -1
        var firstEnd: Int32 = -1

        /// The placeholder key of a placeholder child.
        var valueKey: RouteShape.ValueKey { RouteShape.ValueKey(prefix: word, type: type) }
    }

    private var nodes: [Node] = []
    /// The root node of each (scheme, host) pair by its index (`RouteShape.authority`), -1 for a pair with no
    /// link yet: paths start there.
    private var roots: [Int32] = []
    private var ends: [End] = []
    /// The required query items of every link in `ends`, each link's sorted by name id.
    private var queries: [RouteShape.QueryConstraint] = []
    private var literalChildren: ChildTable
    /// The branches off the new link's path that `insert`'s search has yet to walk, kept to reuse its storage.
    private var stack: [(node: Int32, depth: Int32)] = []

    /// An empty trie with room for about `expectedLinks` links: links share most of their nodes, and most add one
    /// or two of their own.
    init(expectedLinks: Int = 0) {
        literalChildren = ChildTable(expectedChildren: expectedLinks * 2)
        nodes.reserveCapacity(expectedLinks * 2)
        ends.reserveCapacity(expectedLinks)
    }

    /// Adds a link, and returns the earliest link added before it that matches every URL it matches: the link that
    /// wins its URLs under first-match dispatch. The winner may have the same route key (a duplicate rather than a
    /// shadow). A link that `isSameRoute` says has the route of one already at its node is not added: the earlier
    /// one wins for every later link either could shadow. `isSameRoute` is asked only about links on the same
    /// path, so comparing their route keys stays rare.
    ///
    /// The link's own path is made first, so the search follows it without looking its literal children up again.
    /// The nodes it adds hold no link yet and lead only to each other, so the search leaves them out; below the
    /// first of them every node is new, and its children are made without a look-up.
    @discardableResult
    mutating func insert(_ shape: RouteShape, link: Int, in words: RouteWords, isSameRoute: (Int) -> Bool) -> End? {
        let authority = Int(shape.authority)
        if authority >= roots.count { roots += repeatElement(-1, count: authority + 1 - roots.count) }
        var firstNewDepth = Int.max
        if roots[authority] < 0 {
            roots[authority] = Int32(nodes.count)
            nodes.append(Node(parent: -1, word: -1, type: nil))
            firstNewDepth = 0
        }
        // The path's nodes by depth, its root first, in room on the stack rather than an array of the trie's:
        // writing them then costs no uniqueness or bounds check.
        let (node, winner) = withUnsafeTemporaryAllocation(of: Int32.self, capacity: shape.parts.count + 1) { path in
            var node = roots[authority]
            path[0] = node
            for (index, part) in shape.parts.enumerated() {
                if firstNewDepth == Int.max {
                    let count = nodes.count
                    switch part {
                    case .literal(let word): node = literalChild(of: node, word: word)
                    case .value(let key): node = valueChild(of: node, key)
                    }
                    if nodes.count > count { firstNewDepth = index + 1 }
                } else {
                    switch part {
                    case .literal(let word): node = newLiteralChild(of: node, word: word)
                    case .value(let key): node = valueChild(of: node, key)
                    }
                }
                path[index + 1] = node
            }
            return (node, earliestSubsumer(of: shape, path: UnsafeBufferPointer(path), firstNewDepth: firstNewDepth, in: words))
        }
        // The links already ending here, the last of which the new one follows: walked once the path's room is
        // given back, so `isSameRoute` is called as it was passed rather than captured again by the closure that
        // holds the room, which retained what it captures for every link.
        var last: Int32 = -1
        var index = nodes[Int(node)].firstEnd
        while index >= 0 {
            if isSameRoute(ends[Int(index)].link) { return winner }
            last = index
            index = ends[Int(index)].next
        }
        let end = Int32(ends.count)
        ends.append(End(linkIndex: Int32(link), queryStart: Int32(queries.count), queryCount: Int32(shape.query.count)))
        if !shape.query.isEmpty { queries.append(contentsOf: shape.query) }
        if last >= 0 { ends[Int(last)].next = end } else { nodes[Int(node)].firstEnd = end }
        return winner
    }

    /// The earliest link that matches every URL `shape` matches, `path` holding the nodes of its own path, which
    /// are new from `firstNewDepth` on. The path is followed node by node; the branches off it (placeholder
    /// children that accept the link's component, other than the path's own) and the root of the links of no
    /// scheme are walked from a stack. A branch never leads back onto the path.
    private mutating func earliestSubsumer(
        of shape: RouteShape, path: UnsafeBufferPointer<Int32>, firstNewDepth: Int, in words: RouteWords
    ) -> End? {
        // `stack` is used up to `top`, and keeps its storage from link to link.
        var top = 0
        func push(_ node: Int32, _ depth: Int32) {
            if top == stack.count { stack.append((node, depth)) } else { stack[top] = (node, depth) }
            top += 1
        }
        var best: End?
        func findEnd(at node: Int32) {
            var end = nodes[Int(node)].firstEnd
            while end >= 0, ends[Int(end)].link < best?.link ?? Int.max {
                if impliesQuery(of: ends[Int(end)], shape.query, in: words) {
                    best = ends[Int(end)]
                    return
                }
                end = ends[Int(end)].next
            }
        }
        /// Pushes the placeholder children of `node` that accept the component at `depth`, except `skipping`.
        func pushValueChildren(of node: Int32, at depth: Int, skipping own: Int32) {
            var child = nodes[Int(node)].firstValueChild
            guard child >= 0 else { return }
            switch shape.parts[depth] {
            case .literal(let word):
                while child >= 0 {
                    if nodes[Int(child)].valueKey.accepts(literal: word, in: words) { push(child, Int32(depth + 1)) }
                    child = nodes[Int(child)].nextValueSibling
                }
            case .value(let inner):
                while child >= 0 {
                    if child != own, nodes[Int(child)].valueKey.covers(inner, in: words) { push(child, Int32(depth + 1)) }
                    child = nodes[Int(child)].nextValueSibling
                }
            }
        }
        // Templates of no scheme and the same host.
        let anySchemeAuthority = Int(shape.anySchemeAuthority)
        if !shape.hasAnyScheme, anySchemeAuthority < roots.count, roots[anySchemeAuthority] >= 0 {
            push(roots[anySchemeAuthority], 0)
        }
        // Templates of the same scheme and host, along the link's own path as long as it is not new.
        let depthOfEnds = shape.parts.count
        var depth = 0
        while depth < firstNewDepth {
            if depth == depthOfEnds {
                findEnd(at: path[depth])
                break
            }
            pushValueChildren(of: path[depth], at: depth, skipping: path[depth + 1])
            depth += 1
        }
        while top > 0 {
            top -= 1
            let (index, depth) = stack[top]
            if Int(depth) == depthOfEnds {
                findEnd(at: index)
                continue
            }
            if case .literal(let word) = shape.parts[Int(depth)], let next = literalChildren.child(of: index, word: word, in: nodes) {
                push(next, depth + 1)
            }
            pushValueChildren(of: index, at: Int(depth), skipping: -1)
        }
        return best
    }

    /// Whether a URL that carries every item of `given` always carries what the link of `end` requires.
    private func impliesQuery(of end: End, _ given: [RouteShape.QueryConstraint], in words: RouteWords) -> Bool {
        if end.queryCount == 0 { return true }
        let start = Int(end.queryStart)
        return RouteShape.query(queries[start..<(start + Int(end.queryCount))], isImpliedBy: given, in: words)
    }

    private mutating func literalChild(of parent: Int32, word: Int32) -> Int32 {
        if let existing = literalChildren.child(of: parent, word: word, in: nodes) { return existing }
        return newLiteralChild(of: parent, word: word)
    }

    /// Adds a literal child that `parent` does not have (as when the parent was just made).
    private mutating func newLiteralChild(of parent: Int32, word: Int32) -> Int32 {
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
            slots.withUnsafeBufferPointer { slots in
                nodes.withUnsafeBufferPointer { nodes in
                    let mask = slots.count - 1
                    var slot = Self.hash(parent: parent, word: word) & mask
                    while slots[slot] != 0 {
                        let child = slots[slot] - 1
                        if nodes[Int(child)].parent == parent, nodes[Int(child)].word == word { return child }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
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
