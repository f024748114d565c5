/// The literal edges of a `RouteTrie`: for a node and a word's number, the child node they lead to. Both are
/// small integers, so an edge is one 64-bit key in an open-addressing table of slots, placed by a multiplication
/// (Fibonacci hashing): finding an edge costs a multiplication and a comparison or two, where a `Dictionary` hashes
/// every key through `Hasher`. A slot holds the key and the child together, so finding an edge reads one cache line.
/// Every route of a catalogue walks one edge per component.
struct RouteEdgeTable {
    /// An edge's key (`key(from:word:)`, never 0; 0 when the slot is empty) and the child node it leads to.
    private struct Slot {
        var key: UInt64
        var child: Int32
    }

    private var slots: [Slot]
    /// How many edges the table holds; it grows before it is half full.
    private var count = 0
    /// 64 minus the base-2 logarithm of the number of slots: a key's slot is the top bits of its product.
    private var shift: UInt64

    /// An empty table with room for about `capacity` edges before it grows.
    init(capacity: Int = 8) {
        var bits: UInt64 = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        slots = Array(repeating: Slot(key: 0, child: 0), count: 1 << bits)
        shift = 64 - bits
    }

    /// The child that the edge from node `from` on word `word` leads to, if there is one. `from` and `word` are at
    /// least -1 (a trie's roots hang from node -1, and -1 stands for "no scheme").
    func child(from: Int, word: Int) -> Int? {
        let key = Self.key(from: from, word: word)
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key { return Int(slots[slot].child) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The child that the edge from `from` on `word` leads to, or `newChild` stored as that child when the edge is
    /// new (one probe sequence either way).
    mutating func child(from: Int, word: Int, insertingIfMissing newChild: Int) -> Int {
        let key = Self.key(from: from, word: word)
        var slot = slot(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key { return Int(slots[slot].child) }
            slot = (slot + 1) & (slots.count - 1)
        }
        precondition(newChild >= 0 && newChild < Int(Int32.max), "a route trie of more than 2^31 nodes")
        slots[slot] = Slot(key: key, child: Int32(newChild))
        count += 1
        if count * 2 > slots.count { grow() }
        return newChild
    }

    /// An edge as one number: `from + 2` in the high half and `word + 2` in the low half, so no key is 0.
    private static func key(from: Int, word: Int) -> UInt64 {
        precondition(from >= -1 && from < Int(UInt32.max) - 2 && word >= -1 && word < Int(UInt32.max) - 2)
        return UInt64(from + 2) << 32 | UInt64(word + 2)
    }

    private func slot(of key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// Doubles the slots and places every edge again.
    private mutating func grow() {
        let old = slots
        shift -= 1
        slots = Array(repeating: Slot(key: 0, child: 0), count: old.count * 2)
        for edge in old where edge.key != 0 {
            var slot = slot(of: edge.key)
            while slots[slot].key != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = edge
        }
    }
}

/// The literal edges of a `RouteTrie`, by node and word number: each word's first edge is kept in an array by the
/// word's number, then each node's first edge whose word had one already in an array by the node's number, and only
/// the others in a `RouteEdgeTable`. Most words of a large catalogue hang from one node only (the id in
/// `/posts/4512`), and most nodes deep in it have one literal child (`/posts/4512/comments`), so most edges are
/// found or added near the end of a small array, where the last routes' were, rather than at a random slot of a
/// large table; a node with several children under words seen elsewhere (a tab's `posts`, `photos`…) has its
/// later ones in the table.
struct LiteralEdgeTable {
    /// Each word's first edge: the node it hangs from and the child it leads to, by the word's number; words
    /// without an edge yet are past the end or have `from` -2.
    private var firstEdges: [(from: Int32, child: Int32)] = []
    /// Each node's first edge that is not its word's first edge: the word and the child, by the node's number;
    /// nodes without one are past the end or have `word` -2. A node without one has no edge in `others`.
    private var nodeEdges: [(word: Int32, child: Int32)] = []
    /// Every other edge: neither its word's first nor its node's first.
    private var others: RouteEdgeTable

    /// An empty table with room for about `capacity` edges before it grows.
    init(capacity: Int = 8) {
        firstEdges.reserveCapacity(capacity)
        nodeEdges.reserveCapacity(capacity)
        others = RouteEdgeTable(capacity: capacity / 4)
    }

    /// The child that the edge from node `from` on word `word` leads to, if there is one.
    func child(from: Int, word: Int) -> Int? {
        guard word < firstEdges.count, firstEdges[word].from != -2 else { return nil }
        if firstEdges[word].from == from { return Int(firstEdges[word].child) }
        guard from < nodeEdges.count, nodeEdges[from].word != -2 else { return nil }
        if nodeEdges[from].word == word { return Int(nodeEdges[from].child) }
        return others.child(from: from, word: word)
    }

    /// The child that the edge from `from` on `word` leads to, or `newChild` stored as that child when the edge is
    /// new.
    mutating func child(from: Int, word: Int, insertingIfMissing newChild: Int) -> Int {
        precondition(from >= 0 && from < Int(Int32.max) && newChild >= 0 && newChild < Int(Int32.max))
        while firstEdges.count <= word { firstEdges.append((from: -2, child: 0)) }
        if firstEdges[word].from == -2 {
            firstEdges[word] = (Int32(from), Int32(newChild))
            return newChild
        }
        if firstEdges[word].from == from { return Int(firstEdges[word].child) }
        while nodeEdges.count <= from { nodeEdges.append((word: -2, child: 0)) }
        if nodeEdges[from].word == -2 {
            nodeEdges[from] = (Int32(word), Int32(newChild))
            return newChild
        }
        if nodeEdges[from].word == word { return Int(nodeEdges[from].child) }
        return others.child(from: from, word: word, insertingIfMissing: newChild)
    }
}
