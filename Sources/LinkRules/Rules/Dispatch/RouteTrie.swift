/// The links seen so far, as a trie over their path components, to find in near-linear time the earliest one that
/// matches every URL a new link matches (first-match dispatch, NoMoreDeepLinkHandler). A new link only walks the branches that
/// could accept it: at each component, the literal child of the same word and the placeholder children that accept
/// that word or value — never every earlier link.
///
/// A run of components that only one path follows is one node, an edge of several parts: most links add a path of
/// their own below a shared start (everything after the id in `her://topics/3/comments`), and that path costs one
/// node and a word per component. A node a link adds for its path is its tail, and its id is the link's place; a
/// node made where a later path leaves an edge, and a root, has an id below -1. Each (scheme, host) pair has a root,
/// found by the pair's index in the check's `RouteWords`. A node's literal children are found through one table for
/// the whole trie, keyed by (parent, first part); its few placeholder children form a list. What a link requires
/// of its query is kept one item after the other in one array. Nothing is allocated per node or per link beyond
/// their entries in those arrays, which grow with the links added.
struct RouteTrie: Sendable {
    /// A link ending at a node.
    struct End: Sendable {
        let link: Int
    }

    /// A place on a path: a node, and the index in `parts` of the part of its edge matched last (a root's is its
    /// one sentinel part).
    fileprivate struct Position: Sendable {
        var node: Int32
        var at: Int32
    }

    /// What the trie keeps for each place, in 8 bytes: the tail node the link made, if it made one, and the
    /// link's flags.
    private struct LinkEntry: Sendable {
        /// The index of the tail's first part in `parts` (`startMask`), with the node's `hasValueChildren` and the
        /// link's `hasNext` and `hasPayload`.
        var start: UInt32
        /// The tail's parent when its first part is a literal; its next sibling in its parent's list of placeholder
        /// children when it is a placeholder (-1 for none).
        var link: Int32
    }

    /// A node made where a path leaves an edge, or a root: a tail's first two fields, and the first link ending
    /// there (-1 for none; a tail's first link is the one that made it).
    private struct InnerNode: Sendable {
        var start: UInt32
        var link: Int32
        var firstEnd: Int32
    }

    /// Bit 31 of a node's `start`: the node has placeholder children, listed from `valueChildren`.
    private static let hasValueChildren: UInt32 = 1 << 31
    /// Bit 30 of a link's entry's `start`: another link ends at the same node after it (`nextEnds`).
    private static let hasNext: UInt32 = 1 << 30
    /// Bit 29 of a link's entry's `start`: the link has a payload (`payloadStarts`).
    private static let hasPayload: UInt32 = 1 << 29
    /// The bits of a `start` that are an index in `parts`.
    private static let startMask: UInt32 = (1 << 29) - 1

    /// Every edge's parts (`PartCode`), each edge's one after the other, the last one marked. Part 0 is the roots'.
    private var parts: [UInt32] = [PartCode.last]
    private var entries: [LinkEntry] = []
    /// The inner node of id `-2 - index`, by index.
    private var inner: [InnerNode] = []
    /// The root of each (scheme, host) pair by its index (`RouteShape.authority`), -1 for a pair with no link yet.
    private var roots: [Int32] = []
    /// The first placeholder child of each node that has any.
    private var valueChildren: [Int32: Int32] = [:]
    /// The link ending at the same node after a link, for the few links that have one.
    private var nextEnds: [Int32: Int32] = [:]
    /// The route key tag (`RouteTrie.tag`) of each link ending where another does, so the links ending at a node
    /// are compared by their tags first: a link that ends alone has none.
    private var endTags: [Int32: UInt32] = [:]
    /// Where each link with a payload has it in `payloads`, by place (appended in order, so sorted): first-match
    /// keeps a link's required query items there (two words each), `SpecificityGroups` its placeholders' types.
    private var payloadStarts: [(link: Int32, start: Int32)] = []
    private var payloads: [UInt32] = []
    private var children = ChildTable(size: 256)
    /// The branches off the new link's path that `insert`'s search has yet to walk, kept to reuse its storage.
    private var stack: [(position: Position, depth: Int32)] = []

    init() {}

    /// The part of a route key hash the trie keeps for a link: links whose tags differ have different keys.
    fileprivate static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

    /// Adds a link, and returns the earliest link added before it that matches every URL it matches: the link that
    /// wins its URLs under first-match dispatch. The winner may have the same route key (a duplicate rather than a
    /// shadow). A link that `keys` says has the route key of one already at its node is not added: the earlier
    /// one wins for every later link either could shadow. `keys` is asked only about links on the same path
    /// (`endsWithRouteKey(of:at:hashed:keys:)`), so comparing their route keys stays rare. Links are added in the
    /// order of their places.
    ///
    /// The link's own path is made first, so the search follows it without looking its literal children up again.
    /// A tail it adds holds no link yet and leads nowhere, so the search leaves it out.
    @discardableResult
    mutating func insert<Keys: RouteKeyComparison>(
        _ shape: RouteShape, link: Int, routeKeyHash: UInt64, in words: RouteWords, keys: inout Keys
    ) -> End? {
        let root = root(of: shape.authority)
        fillEntries(upTo: link)
        let count = shape.parts.count
        // The path's parts as codes and its positions by depth, in room on the stack rather than arrays of the
        // trie's: writing them then costs no uniqueness or bounds check.
        let (node, isNew, winner) = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { codes in
            for (index, part) in shape.parts.enumerated() { codes[index] = PartCode.of(part) }
            return withUnsafeTemporaryAllocation(of: Position.self, capacity: count + 1) { path in
                let codes = UnsafeBufferPointer(codes)
                let firstNewDepth = makePath(from: root, codes, link: Int32(link), path: path.baseAddress!)
                let winner = earliestSubsumer(
                    of: shape, codes, path: UnsafeBufferPointer(path), firstNewDepth: firstNewDepth, in: words)
                return (path[count].node, firstNewDepth <= count, winner)
            }
        }
        // A tail just made has no link ending there yet: its first end is the link itself.
        if !isNew {
            addEntryWithoutTail()
            if endsWithRouteKey(of: Int32(link), at: node, hashed: routeKeyHash, keys: &keys) { return winner }
        }
        if !shape.query.isEmpty {
            addPayload(of: link, count: shape.query.count * 2) { index in
                let item = shape.query[index / 2]
                return index % 2 == 0 ? UInt32(bitPattern: item.name) : PartCode.of(item.value)
            }
        }
        addEnd(link: Int32(link), at: node, isNew: isNew)
        return winner
    }

    /// The earliest link that matches every URL `shape` matches, `path` holding the positions of its own path,
    /// which are new from `firstNewDepth` on. The path is followed position by position; the branches off it
    /// (placeholder children that accept the link's component, other than the path's own) and the root of the
    /// links of no scheme are walked from a stack, each along its edge and then from a stack entry per child.
    /// A branch never leads back onto the path.
    private mutating func earliestSubsumer(
        of shape: RouteShape, _ codes: UnsafeBufferPointer<UInt32>, path: UnsafeBufferPointer<Position>,
        firstNewDepth: Int, in words: RouteWords
    ) -> End? {
        // `stack` is used up to `top`, and keeps its storage from link to link.
        var top = 0
        func push(_ node: Int32, _ depth: Int) {
            let entry = (Position(node: node, at: Int32(start(of: node))), Int32(depth))
            if top == stack.count { stack.append(entry) } else { stack[top] = entry }
            top += 1
        }
        var best = Int32.max
        func findEnd(at node: Int32) {
            var end = firstEnd(of: node)
            while end >= 0, end < best {
                if entries[Int(end)].start & Self.hasPayload == 0 || impliesQuery(of: end, shape.query, in: words) {
                    best = end
                    return
                }
                end = nextEnd(after: end)
            }
        }
        /// Whether the trie's part `code` accepts the link's component at `depth`.
        func accepts(_ code: UInt32, at depth: Int) -> Bool {
            guard PartCode.isValue(code) else { return code == codes[depth] }
            switch shape.parts[depth] {
            case .literal(let word): return PartCode.valueKey(code).accepts(literal: word, in: words)
            case .value(let inner): return PartCode.valueKey(code).covers(inner, in: words)
            }
        }
        /// Pushes the placeholder children of `node` that accept the component at `depth`, except `skipping`.
        func pushValueChildren(of node: Int32, at depth: Int, skipping own: Int32) {
            guard rawStart(of: node) & Self.hasValueChildren != 0 else { return }
            var child = valueChildren[node]!
            while child != -1 {
                if child != own, accepts(parts[start(of: child)] & ~PartCode.last, at: depth) { push(child, depth + 1) }
                child = link(of: child)
            }
        }
        // Templates of no scheme and the same host.
        let anySchemeAuthority = Int(shape.anySchemeAuthority)
        if !shape.hasAnyScheme, anySchemeAuthority < roots.count, roots[anySchemeAuthority] != -1 {
            push(roots[anySchemeAuthority], 0)
        }
        // Templates of the same scheme and host, along the link's own path as long as it is not new: a branch
        // leaves it only where a node ends.
        let depthOfEnds = codes.count
        var depth = 0
        while depth < firstNewDepth {
            let position = path[depth]
            if parts[Int(position.at)] & PartCode.last != 0 {
                if depth == depthOfEnds {
                    findEnd(at: position.node)
                    break
                }
                pushValueChildren(of: position.node, at: depth, skipping: path[depth + 1].node)
            }
            depth += 1
        }
        while top > 0 {
            top -= 1
            var (position, depth) = (stack[top].position, Int(stack[top].depth))
            // Along the node's edge while its parts accept the link's components, then to its children.
            while parts[Int(position.at)] & PartCode.last == 0 {
                guard depth < depthOfEnds, accepts(parts[Int(position.at) + 1] & ~PartCode.last, at: depth) else { break }
                position.at += 1
                depth += 1
            }
            guard parts[Int(position.at)] & PartCode.last != 0 else { continue }
            if depth == depthOfEnds {
                findEnd(at: position.node)
                continue
            }
            if !PartCode.isValue(codes[depth]), let next = literalChild(of: position.node, code: codes[depth]) {
                push(next, depth + 1)
            }
            pushValueChildren(of: position.node, at: depth, skipping: -1)
        }
        return best == Int32.max ? nil : End(link: Int(best))
    }

    /// Whether a URL that carries every item of `given` always carries what the link `end` requires.
    private func impliesQuery(of end: Int32, _ given: [RouteShape.QueryConstraint], in words: RouteWords) -> Bool {
        let items = payload(of: end)
        let payloads = payloads
        let required = (0..<items.count / 2).lazy.map { item in
            let index = items.lowerBound + item * 2
            return RouteShape.QueryConstraint(
                name: Int32(bitPattern: payloads[index]), value: PartCode.queryValue(payloads[index + 1]))
        }
        return RouteShape.query(required, isImpliedBy: given, in: words)
    }

    // MARK: Paths and ends, shared with `SpecificityGroups`

    /// The root of the (scheme, host) pair of index `authority`, made if it has none yet.
    @inline(__always)
    fileprivate mutating func root(of authority: Int32) -> Int32 {
        let authority = Int(authority)
        if authority < roots.count, roots[authority] != -1 { return roots[authority] }
        if authority >= roots.count { roots += repeatElement(-1, count: authority + 1 - roots.count) }
        roots[authority] = Int32(-2 - inner.count)
        inner.append(InnerNode(start: 0, link: -1, firstEnd: -1))
        return roots[authority]
    }

    /// Gives the places before `link` that were never added their entries, so the entry of `link` comes next: made
    /// with its tail, or empty (`addEntryWithoutTail`) once its path is made without one.
    @inline(__always)
    fileprivate mutating func fillEntries(upTo link: Int) {
        if link != entries.count {
            precondition(link > entries.count, "links are added in the order of their places")
            entries += repeatElement(LinkEntry(start: 0, link: -1), count: link - entries.count)
        }
    }

    /// Gives the link being added, whose path needed no tail, its entry.
    fileprivate mutating func addEntryWithoutTail() { entries.append(LinkEntry(start: 0, link: -1)) }

    /// Follows the path of `codes` from `root`, making what it lacks: a tail of id `link` for the parts no node
    /// has, and a node where the path leaves an edge or ends inside one. `path[depth]` becomes the position after
    /// the first `depth` parts; the path ends where a node ends. Returns the depth of the first position in the
    /// tail made, or `Int.max` when none was made.
    fileprivate mutating func makePath(
        from root: Int32, _ codes: UnsafeBufferPointer<UInt32>, link: Int32, path: UnsafeMutablePointer<Position>
    ) -> Int {
        let (depth, position, parent, vacancy) = withNodeView { followPath(from: root, codes, path: path, in: $0) }
        var below = position.node
        if parts[Int(position.at)] & PartCode.last == 0 {
            // The path leaves the edge there, or ends there.
            below = split(position, below: parent, path: path, depth: depth)
        }
        guard depth < codes.count else { return Int.max }
        let start = addTail(link, below: below, codes[depth...], vacancy: vacancy)
        for index in depth..<codes.count {
            path[index + 1] = Position(node: link, at: Int32(start + index - depth))
        }
        return depth + 1
    }

    /// Follows the path of `codes` from `root` as far as the trie has it, filling `path` up to the depth reached;
    /// gives that depth, the position there and the node its node hangs from. Where a node has no child for the
    /// next part, and that part is a literal, also gives the slot of the table of literal children where the
    /// child would go (`ChildTable.find`); -1 otherwise.
    private func followPath(
        from root: Int32, _ codes: UnsafeBufferPointer<UInt32>, path: UnsafeMutablePointer<Position>, in nodes: NodeView
    ) -> (depth: Int, position: Position, parent: Int32, vacancy: Int) {
        var parent: Int32 = -1
        var position = Position(node: root, at: Int32(nodes.start(of: root)))
        path[0] = position
        var depth = 0
        while depth < codes.count {
            let code = codes[depth]
            if nodes.parts[Int(position.at)] & PartCode.last != 0 {
                let found = child(of: position.node, code: code, in: nodes)
                guard let child = found.child else { return (depth, position, parent, found.vacancy) }
                parent = position.node
                position = Position(node: child, at: Int32(nodes.start(of: child)))
            } else if nodes.parts[Int(position.at) + 1] & ~PartCode.last == code {
                position.at += 1
            } else {
                return (depth, position, parent, -1)
            }
            depth += 1
            path[depth] = position
        }
        return (depth, position, parent, -1)
    }

    /// The child of `node` whose first part is `code`; when it has none and `code` is a literal, the slot of the
    /// table of literal children where it would go (`ChildTable.find`), else -1.
    @inline(__always)
    private func child(of node: Int32, code: UInt32, in nodes: NodeView) -> (child: Int32?, vacancy: Int) {
        guard PartCode.isValue(code) else { return children.find(node, code: code, in: nodes) }
        guard nodes.rawStart(of: node) & Self.hasValueChildren != 0 else { return (nil, -1) }
        var child = valueChildren[node]!
        while child != -1 {
            if nodes.firstPart(of: child) == code { return (child, -1) }
            child = nodes.link(of: child)
        }
        return (nil, -1)
    }

    /// Makes the tail of `link` with the parts `codes`, a child of `parent`, which has none whose first part is the
    /// first of `codes`: `vacancy` is the slot `followPath` gave, or -1. Returns where its parts start.
    @inline(__always)
    private mutating func addTail(
        _ link: Int32, below parent: Int32, _ codes: Slice<UnsafeBufferPointer<UInt32>>, vacancy: Int
    ) -> Int {
        let start = parts.count
        precondition(start + codes.count <= Self.startMask, "more path parts than a route trie can hold")
        for code in codes { parts.append(code) }
        parts[parts.count - 1] |= PartCode.last
        // The entry is made whole, and before the table can be made afresh from the entries.
        let first = codes.first!
        if PartCode.isValue(first) {
            entries.append(LinkEntry(start: UInt32(start), link: pushValueChild(link, below: parent)))
        } else {
            entries.append(LinkEntry(start: UInt32(start), link: parent))
            insertLiteralChild(link, parent: parent, code: first, vacancy: vacancy)
        }
        return start
    }

    /// Makes `child`, whose first part is `code`, a child of `parent`: in the table, or first in the list of its
    /// placeholder children.
    private mutating func adopt(_ child: Int32, below parent: Int32, firstPart code: UInt32) {
        if PartCode.isValue(code) {
            setLink(of: child, pushValueChild(child, below: parent))
        } else {
            setLink(of: child, parent)
            insertLiteralChild(child, parent: parent, code: code, vacancy: -1)
        }
    }

    /// Makes `child` the first placeholder child of `parent`, and returns the one it comes before (-1 for none):
    /// the `link` of `child`.
    @inline(__always)
    private mutating func pushValueChild(_ child: Int32, below parent: Int32) -> Int32 {
        let next = valueChildren.updateValue(child, forKey: parent) ?? -1
        setRawStart(of: parent, rawStart(of: parent) | Self.hasValueChildren)
        return next
    }

    /// Splits the edge of `position.node` after the part at `position.at`: a new node takes the parts up to there
    /// and the node's place below `parent`, and the node keeps the rest, its ends and its children, below the new
    /// one. The positions of `path` on the parts taken, up to `depth`, move to the new node, which is returned.
    private mutating func split(
        _ position: Position, below parent: Int32, path: UnsafeMutablePointer<Position>, depth: Int
    ) -> Int32 {
        let node = position.node
        let start = start(of: node)
        let upper = Int32(-2 - inner.count)
        inner.append(InnerNode(start: UInt32(start), link: link(of: node), firstEnd: -1))
        let firstPart = parts[start] & ~PartCode.last
        if PartCode.isValue(firstPart) {
            // In the parent's list, in the node's place.
            if valueChildren[parent] == node {
                valueChildren[parent] = upper
            } else {
                var sibling = valueChildren[parent]!
                while link(of: sibling) != node { sibling = link(of: sibling) }
                setLink(of: sibling, upper)
            }
        } else {
            children.replace(node, with: upper, parent: parent, code: firstPart)
        }
        let at = Int(position.at)
        parts[at] |= PartCode.last
        setRawStart(of: node, rawStart(of: node) & ~Self.startMask | UInt32(at + 1))
        adopt(node, below: upper, firstPart: parts[at + 1] & ~PartCode.last)
        var index = depth
        while index >= 0, path[index].node == node {
            path[index].node = upper
            index -= 1
        }
        return upper
    }

    /// The first link ending at `node`, -1 for none.
    fileprivate func firstEnd(of node: Int32) -> Int32 { node >= 0 ? node : inner[Int(-2 - node)].firstEnd }

    /// The link ending at the same node after `link`, -1 for none.
    fileprivate func nextEnd(after link: Int32) -> Int32 {
        entries[Int(link)].start & Self.hasNext == 0 ? -1 : nextEnds[link]!
    }

    /// Whether a link ending at `node` has the route key of `link`, whose route key hashes to `hash`, as `keys`
    /// says. A link that ends alone is asked about as it is, and once `link` joins it, the tags of both are kept;
    /// where more end, only those with the tag of `link` are asked about, and its tag is kept too.
    fileprivate mutating func endsWithRouteKey<Keys: RouteKeyComparison>(
        of link: Int32, at node: Int32, hashed hash: UInt64, keys: inout Keys
    ) -> Bool {
        let first = firstEnd(of: node)
        guard first >= 0 else { return false }
        let tag = Self.tag(hash)
        if nextEnd(after: first) == -1 {
            if keys.hasRouteKey(Int(first)) { return true }
            endTags[first] = Self.tag(keys.routeKeyHash(of: Int(first)))
        } else {
            var end = first
            while end >= 0 {
                if endTags[end] == tag, keys.hasRouteKey(Int(end)) { return true }
                end = nextEnd(after: end)
            }
        }
        endTags[link] = tag
        return false
    }

    /// Adds `link` last among the links ending at `node`; `isNew` when `node` is the link's own tail.
    fileprivate mutating func addEnd(link: Int32, at node: Int32, isNew: Bool) {
        if isNew { return }
        var last = firstEnd(of: node)
        guard last >= 0 else {
            inner[Int(-2 - node)].firstEnd = link
            return
        }
        var next = nextEnd(after: last)
        while next >= 0 {
            last = next
            next = nextEnd(after: last)
        }
        entries[Int(last)].start |= Self.hasNext
        nextEnds[last] = link
    }

    /// Keeps a payload of `count` words for `link`, the last link added: `word(index)` for each index.
    fileprivate mutating func addPayload(of link: Int, count: Int, _ word: (Int) -> UInt32) {
        payloadStarts.append((Int32(link), Int32(payloads.count)))
        for index in 0..<count { payloads.append(word(index)) }
        entries[link].start |= Self.hasPayload
    }

    /// Where the payload of a link with one is in `payloads`; empty for a link without one.
    fileprivate func payload(of link: Int32) -> Range<Int> {
        guard entries[Int(link)].start & Self.hasPayload != 0 else { return 0..<0 }
        var (low, high) = (0, payloadStarts.count)
        while low < high {
            let middle = (low + high) / 2
            if payloadStarts[middle].link < link { low = middle + 1 } else { high = middle }
        }
        let end = low + 1 < payloadStarts.count ? Int(payloadStarts[low + 1].start) : payloads.count
        return Int(payloadStarts[low].start)..<end
    }

    /// The payload word at an index of `payloads`.
    fileprivate func payloadWord(_ index: Int) -> UInt32 { payloads[index] }

    // MARK: Nodes

    @inline(__always)
    private func rawStart(of node: Int32) -> UInt32 { node >= 0 ? entries[Int(node)].start : inner[Int(-2 - node)].start }

    @inline(__always)
    private mutating func setRawStart(of node: Int32, _ value: UInt32) {
        if node >= 0 { entries[Int(node)].start = value } else { inner[Int(-2 - node)].start = value }
    }

    /// The index in `parts` of the first part of the node's edge.
    @inline(__always)
    private func start(of node: Int32) -> Int { Int(rawStart(of: node) & Self.startMask) }

    /// The node's parent, or its next placeholder sibling (`LinkEntry.link`).
    @inline(__always)
    private func link(of node: Int32) -> Int32 { node >= 0 ? entries[Int(node)].link : inner[Int(-2 - node)].link }

    @inline(__always)
    private mutating func setLink(of node: Int32, _ value: Int32) {
        if node >= 0 { entries[Int(node)].link = value } else { inner[Int(-2 - node)].link = value }
    }

    // MARK: The table of literal children

    private func literalChild(of parent: Int32, code: UInt32) -> Int32? {
        withNodeView { children.find(parent, code: code, in: $0).child }
    }

    /// Adds `child`, whose parent and first part are set, to the table (in `vacancy`, unless -1): in a table made
    /// afresh, half again as large, when this one has no room left. The table's storage is let go first.
    @inline(__always)
    private mutating func insertLiteralChild(_ child: Int32, parent: Int32, code: UInt32, vacancy: Int) {
        if children.hasRoom {
            children.insert(child, parent: parent, code: code, at: vacancy)
        } else {
            let size = children.size + children.size / 2
            children = ChildTable(size: 0)
            children = withNodeView { ChildTable(size: size, holdingChildrenOf: $0) }
        }
    }

    /// The literal children of every node: an open-addressing table of node ids, keyed by the parent and first part
    /// that each child records, with seven bits of each key's hash beside it so that a probe reads a node only when
    /// they match. At most four fifths full; a table that grows is made afresh from the nodes, read in order.
    private struct ChildTable: Sendable {
        /// Each slot's node id, as the bit pattern of `id + 1`.
        private var slots: [UInt32]
        /// Each slot's tag: bit 7 and the low seven bits of its key's hash; 0 for an empty slot.
        private var tags: [UInt8]
        private var count = 0

        /// An empty table of `size` slots.
        init(size: Int) {
            slots = [UInt32](repeating: 0, count: size)
            tags = [UInt8](repeating: 0, count: size)
        }

        /// A table of `size` slots that holds every node of `nodes` whose first part is a literal (every node but
        /// the roots, the entries of links that made none, and the placeholder children).
        init(size: Int, holdingChildrenOf nodes: NodeView) {
            self.init(size: size)
            var count = 0
            slots.withUnsafeMutableBufferPointer { slots in
                tags.withUnsafeMutableBufferPointer { tags in
                    func place(_ node: Int32, start: UInt32, parent: Int32) {
                        let start = Int(start & RouteTrie.startMask)
                        let code = nodes.parts[start] & ~PartCode.last
                        guard start != 0, !PartCode.isValue(code) else { return }
                        Self.place(node, hash: Self.hash(parent: parent, code: code), slots: slots, tags: tags)
                        count += 1
                    }
                    for (index, entry) in nodes.entries.enumerated() {
                        place(Int32(index), start: entry.start, parent: entry.link)
                    }
                    for (index, node) in nodes.inner.enumerated() {
                        place(Int32(-2 - index), start: node.start, parent: node.link)
                    }
                }
            }
            self.count = count
        }

        var size: Int { slots.count }

        /// Whether one more child keeps the table at most four fifths full.
        var hasRoom: Bool { (count + 1) * 5 <= slots.count * 4 }

        @inline(__always)
        private static func hash(parent: Int32, code: UInt32) -> UInt32 {
            let key = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(code)
            return UInt32(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
        }

        @inline(__always)
        private static func tag(_ hash: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: hash) | 0x80 }

        /// The first slot to probe for a key: its hash scaled to the table's size.
        @inline(__always)
        private static func home(_ hash: UInt32, size: Int) -> Int { Int((UInt64(hash) &* UInt64(size)) >> 32) }

        /// The child of `parent` whose first part is `code`, or nil and the empty slot where it would go.
        @inline(__always)
        func find(_ parent: Int32, code: UInt32, in nodes: NodeView) -> (child: Int32?, vacancy: Int) {
            let hash = Self.hash(parent: parent, code: code)
            let tag = Self.tag(hash)
            return tags.withUnsafeBufferPointer { tags in
                slots.withUnsafeBufferPointer { slots in
                    var slot = Self.home(hash, size: slots.count)
                    while tags[slot] != 0 {
                        if tags[slot] == tag {
                            let child = Int32(bitPattern: slots[slot] &- 1)
                            if nodes.link(of: child) == parent, nodes.firstPart(of: child) == code { return (child, slot) }
                        }
                        slot += 1
                        if slot == slots.count { slot = 0 }
                    }
                    return (nil, slot)
                }
            }
        }

        /// Adds `child`, the child of `parent` whose first part is `code`, in `vacancy` when it is the slot `find`
        /// gave for the key since the table last changed, else in the first empty slot from the key's home; the
        /// table must have room.
        @inline(__always)
        mutating func insert(_ child: Int32, parent: Int32, code: UInt32, at vacancy: Int) {
            count += 1
            let hash = Self.hash(parent: parent, code: code)
            slots.withUnsafeMutableBufferPointer { slots in
                tags.withUnsafeMutableBufferPointer { tags in
                    if vacancy >= 0 {
                        tags[vacancy] = Self.tag(hash)
                        slots[vacancy] = UInt32(bitPattern: child) &+ 1
                    } else {
                        Self.place(child, hash: hash, slots: slots, tags: tags)
                    }
                }
            }
        }

        /// Puts `child` in the first empty slot from the home of its key, of hash `hash`.
        @inline(__always)
        private static func place(
            _ child: Int32, hash: UInt32, slots: UnsafeMutableBufferPointer<UInt32>, tags: UnsafeMutableBufferPointer<UInt8>
        ) {
            var slot = home(hash, size: tags.count)
            while tags[slot] != 0 {
                slot += 1
                if slot == tags.count { slot = 0 }
            }
            tags[slot] = tag(hash)
            slots[slot] = UInt32(bitPattern: child) &+ 1
        }

        /// Puts `new` in the slot of `old`, the child of `parent` whose first part is `code`.
        mutating func replace(_ old: Int32, with new: Int32, parent: Int32, code: UInt32) {
            var slot = Self.home(Self.hash(parent: parent, code: code), size: slots.count)
            while slots[slot] != UInt32(bitPattern: old) &+ 1 {
                slot += 1
                if slot == slots.count { slot = 0 }
            }
            slots[slot] = UInt32(bitPattern: new) &+ 1
        }
    }

    /// The nodes' fields read in place, for the loops that read many: no bounds check.
    private struct NodeView {
        let entries: UnsafeBufferPointer<LinkEntry>
        let inner: UnsafeBufferPointer<InnerNode>
        let parts: UnsafeBufferPointer<UInt32>

        @inline(__always)
        func link(of node: Int32) -> Int32 { node >= 0 ? entries[Int(node)].link : inner[Int(-2 - node)].link }

        @inline(__always)
        func rawStart(of node: Int32) -> UInt32 { node >= 0 ? entries[Int(node)].start : inner[Int(-2 - node)].start }

        @inline(__always)
        func start(of node: Int32) -> Int { Int(rawStart(of: node) & RouteTrie.startMask) }

        /// The first part of the node's edge, unmarked.
        @inline(__always)
        func firstPart(of node: Int32) -> UInt32 { parts[start(of: node)] & ~PartCode.last }
    }

    @inline(__always)
    private func withNodeView<Result>(_ body: (NodeView) -> Result) -> Result {
        entries.withUnsafeBufferPointer { entries in
            inner.withUnsafeBufferPointer { inner in
                parts.withUnsafeBufferPointer { body(NodeView(entries: entries, inner: inner, parts: $0)) }
            }
        }
    }
}

/// What a `RouteTrie` or `SpecificityGroups` asks about the route keys of the links it holds, when the link it is
/// adding ends where others do: a link with the route key of one there is not added.
protocol RouteKeyComparison {
    /// Whether the link at place `earlier`, added before, has the route key of the link being added.
    mutating func hasRouteKey(_ earlier: Int) -> Bool
    /// The route key hash (`LinkTemplate.routeKeyHash`) of the link at place `earlier`, added before.
    mutating func routeKeyHash(of earlier: Int) -> UInt64
}

/// A path part as a `RouteTrie` keeps it, in 32 bits: bit 31 marks the last part of an edge; a number literal is
/// bit 30 and its value, a placeholder bit 29, its type in bits 26-28 and its prefix's word id below, and any other
/// literal its word id. `SpecificityGroups` spells placeholder classes and query items with the same codes, and a
/// first-match link's required query values have codes of their own (`of(_:)` for a `QueryValue`).
private enum PartCode {
    static let last: UInt32 = 1 << 31
    static let number: UInt32 = 1 << 30
    static let value: UInt32 = 1 << 29
    /// The type field of a placeholder of a type, and of a typed one when the type does not count.
    static let typed: UInt32 = 6
    /// The type field of the markers `SpecificityGroups` spells with.
    static let marker: UInt32 = 7

    static func of(_ part: RouteShape.Part) -> UInt32 {
        switch part {
        case .literal(let word): literal(word)
        case .value(let key): value(prefix: key.prefix, type: typeField(key.type))
        }
    }

    static func literal(_ word: Int32) -> UInt32 {
        if let number = RouteWords.number(word) { return Self.number | UInt32(number) }
        precondition(word < 1 << 29, "more words than a route trie can tell apart")
        return UInt32(word)
    }

    static func value(prefix: Int32, type: UInt32) -> UInt32 {
        precondition(prefix < 1 << 26, "more placeholder prefixes than a route trie can tell apart")
        return Self.value | type << 26 | UInt32(prefix)
    }

    @inline(__always)
    static func isValue(_ code: UInt32) -> Bool { code & (number | value) == value }

    /// The placeholder key of a placeholder part.
    static func valueKey(_ code: UInt32) -> RouteShape.ValueKey {
        RouteShape.ValueKey(prefix: Int32(code & ((1 << 26) - 1)), type: type((code >> 26) & 7))
    }

    static func typeField(_ type: PlaceholderType?) -> UInt32 {
        switch type {
        case nil: 0
        case .int: 1
        case .string: 2
        case .uuid: 3
        case .slug: 4
        case .base64json: 5
        }
    }

    static func type(_ field: UInt32) -> PlaceholderType? {
        switch field {
        case 1: .int
        case 2: .string
        case 3: .uuid
        case 4: .slug
        case 5: .base64json
        default: nil
        }
    }

    /// A query value of a first-match link's payload: a fixed value's word id; a placeholder's type field with bit
    /// 31; all bits for `present`.
    static func of(_ value: RouteShape.QueryValue) -> UInt32 {
        switch value {
        case .fixed(let word): UInt32(bitPattern: word)
        case .placeholder(let type): last | typeField(type)
        case .present: UInt32.max
        }
    }

    static func queryValue(_ code: UInt32) -> RouteShape.QueryValue {
        if code == UInt32.max { return .present }
        if code & last != 0 { return .placeholder(type(code & ~last)) }
        return .fixed(Int32(bitPattern: code))
    }
}

/// Links grouped by specificity, for most-specific dispatch (NoMoreDeepLinkHandler, extended): two links can only tie when,
/// component for component, they are the same literal or placeholders of the same class (same prefix, typed or
/// untyped), and their query items are the same names with the same fixed values or placeholder classes. A group
/// is a node of a `RouteTrie` whose path spells that class, and its links are the links ending there, each with
/// the types of its typed placeholders. Each group holds a handful of links (they differ only in placeholder
/// types), so a new link is compared with few.
struct SpecificityGroups: Sendable {
    /// A link of a group, with its shape.
    struct Member: Sendable {
        var link: Int
        var shape: RouteShape
    }

    private var trie = RouteTrie()

    /// The earliest link in the new link's group that can match a URL it matches, then adds the new link to the
    /// group. A link that `keys` says duplicates one in the group is left to `duplicate-link`: nil, and it is not
    /// added. `keys` is asked as `RouteTrie.insert` asks it. Links are added in the order of their places.
    mutating func insertFindingTie<Keys: RouteKeyComparison>(
        _ shape: RouteShape, link: Int, routeKeyHash: UInt64, keys: inout Keys
    ) -> Member? {
        let root = trie.root(of: shape.authority)
        trie.fillEntries(upTo: link)
        let count = shape.parts.count + 1 + shape.query.count * 2
        let (node, isNew) = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { codes in
            Self.spellClass(of: shape, into: codes)
            return withUnsafeTemporaryAllocation(of: RouteTrie.Position.self, capacity: count + 1) { path in
                let firstNewDepth = trie.makePath(
                    from: root, UnsafeBufferPointer(codes), link: Int32(link), path: path.baseAddress!)
                return (path[count].node, firstNewDepth <= count)
            }
        }
        let types = Self.types(of: shape)
        var tie: Int32 = -1
        if !isNew {
            trie.addEntryWithoutTail()
            if trie.endsWithRouteKey(of: Int32(link), at: node, hashed: routeKeyHash, keys: &keys) { return nil }
            var member = trie.firstEnd(of: node)
            while member >= 0, tie < 0 {
                if overlap(types, trie.payload(of: member)) { tie = member }
                member = trie.nextEnd(after: member)
            }
        }
        if !types.isEmpty { trie.addPayload(of: link, count: types.count) { types[$0] } }
        trie.addEnd(link: Int32(link), at: node, isNew: isNew)
        guard tie >= 0 else { return nil }
        return Member(link: Int(tie), shape: shape.withTypes(of: trie.payload(of: tie).map { trie.payloadWord($0) }))
    }

    /// Writes the class of a shape as parts: its path's, each placeholder typed or untyped, then a marker, then
    /// each query item's name and its value's class.
    private static func spellClass(of shape: RouteShape, into codes: UnsafeMutableBufferPointer<UInt32>) {
        var index = 0
        for part in shape.parts {
            switch part {
            case .literal(let word): codes[index] = PartCode.literal(word)
            case .value(let key):
                codes[index] = PartCode.value(prefix: key.prefix, type: key.type == nil ? 0 : PartCode.typed)
            }
            index += 1
        }
        codes[index] = PartCode.value(prefix: 0, type: PartCode.marker)
        index += 1
        for item in shape.query {
            codes[index] = PartCode.literal(item.name)
            switch item.value {
            case .fixed(let value): codes[index + 1] = PartCode.literal(value)
            case .placeholder(let type):
                codes[index + 1] = PartCode.value(prefix: type == nil ? 1 : 2, type: PartCode.marker)
            case .present: codes[index + 1] = PartCode.value(prefix: 3, type: PartCode.marker)
            }
            index += 2
        }
    }

    /// The type fields of a shape's typed placeholders, the path's then the query's: all that differs between
    /// the links of a group.
    private static func types(of shape: RouteShape) -> [UInt32] {
        var types: [UInt32] = []
        for case .value(let key) in shape.parts where key.type != nil { types.append(PartCode.typeField(key.type)) }
        for item in shape.query {
            if case .placeholder(let type?) = item.value { types.append(PartCode.typeField(type)) }
        }
        return types
    }

    /// Whether two links of one group, of these placeholder types, match some URL in common.
    private func overlap(_ types: [UInt32], _ other: Range<Int>) -> Bool {
        zip(types, other).allSatisfy {
            RouteShape.type(PartCode.type($0), intersects: PartCode.type(trie.payloadWord($1)))
        }
    }
}

extension RouteShape {
    /// This shape with its typed placeholders of the types `types` (type fields, the path's then the query's): the
    /// shape of another link of its specificity group.
    fileprivate func withTypes(of types: [UInt32]) -> RouteShape {
        var shape = self
        var next = types.makeIterator()
        for index in shape.parts.indices {
            if case .value(var key) = shape.parts[index], key.type != nil {
                key.type = PartCode.type(next.next()!)
                shape.parts[index] = .value(key)
            }
        }
        for index in shape.query.indices {
            if case .placeholder(_?) = shape.query[index].value {
                shape.query[index].value = .placeholder(PartCode.type(next.next()!))
            }
        }
        return shape
    }
}
