/// Every route a catalogue declares (each link's URL, then its aliases), in catalogue order, found by its route key
/// hash (`LinkTemplate.routeKeyHash`): `duplicate-link` reads each route's earlier ones of the same hash, and a fix
/// asks whether its new URL is already declared. Built once per lint (`LazyRouteIndex`), in one pass over the
/// hashes the context computed: an open-addressing table of the first route of each hash, placed by the hash's own
/// bits (a route key hash is already mixed, so it is not hashed again), and a chain from each route to the next
/// one of its hash (rare: duplicates).
struct DeclaredRoutes: Sendable {
    /// Where a route is declared: a link's place, and the alias's position in its `aliases` (-1 for its URL).
    struct Declaration: Sendable {
        var link: Int32
        var alias: Int32
    }

    /// Every route, in catalogue order.
    private(set) var declarations: [Declaration] = []
    private var hashes: [UInt64] = []
    /// The first route of the same hash, by position in `declarations` (a route's own position when it is first).
    private var firstOfHash: [Int32] = []
    /// The next route of the same hash; -1 for none.
    private var next: [Int32] = []
    /// For the first route of each hash, the last one of its hash, where the next one is chained; -1 for the others.
    private var last: [Int32] = []
    /// 1 + the position of the first route of a hash, or 0 for an empty slot. Never more than half full.
    private var slots: [Int32]

    /// The routes of `context`'s links, in order: each link's URL by the route key hash the context computed for
    /// it, and each alias parsed by the context's parser. Only the links with aliases are read.
    init(_ context: LintContext) {
        let links = context.links
        let linkHashes = context.routeKeyHashes
        let flags = context.linkFlags
        let parser = context.templateParser
        var size = 16
        while size < links.count * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        declarations.reserveCapacity(links.count)
        hashes.reserveCapacity(links.count)
        firstOfHash.reserveCapacity(links.count)
        next.reserveCapacity(links.count)
        last.reserveCapacity(links.count)
        for place in links.indices {
            add(Declaration(link: Int32(place), alias: -1), hash: linkHashes[place])
            guard flags[place].contains(.hasAliases) else { continue }
            for (position, alias) in links[place].aliases.enumerated() {
                add(Declaration(link: Int32(place), alias: Int32(position)), hash: parser.parse(alias.value).routeKeyHash)
            }
        }
    }

    /// How many routes there are.
    var count: Int { declarations.count }

    /// The positions of the routes declared before the one at `position` with the same route key hash, in order.
    func earlierRoutes(ofHashAt position: Int) -> [Int] {
        var found: [Int] = []
        var earlier = Int(firstOfHash[position])
        while earlier != position {
            found.append(earlier)
            earlier = Int(next[earlier])
        }
        return found
    }

    /// The routes of route key hash `hash`, in catalogue order.
    func declarations(of hash: UInt64) -> [Declaration] {
        var found: [Declaration] = []
        var position = Int(slots[slot(of: hash)]) - 1
        while position >= 0 {
            found.append(declarations[position])
            position = Int(next[position])
        }
        return found
    }

    private mutating func add(_ declaration: Declaration, hash: UInt64) {
        let position = Int32(declarations.count)
        declarations.append(declaration)
        hashes.append(hash)
        next.append(-1)
        let slot = slot(of: hash)
        if slots[slot] == 0 {
            firstOfHash.append(position)
            last.append(position)
            slots[slot] = position + 1
            if declarations.count * 2 > slots.count { grow() }
        } else {
            let first = Int(slots[slot] - 1)
            firstOfHash.append(Int32(first))
            last.append(-1)
            next[Int(last[first])] = position
            last[first] = position
        }
    }

    /// Where a hash's probe starts: its bits folded, since the low bits of a route key hash alone are weak.
    private func start(of hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ hash >> 32) & (slots.count - 1) }

    /// The slot of the first route of `hash`, or the empty slot where it would go.
    private func slot(of hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = start(of: hash)
        while slots[slot] != 0, hashes[Int(slots[slot] - 1)] != hash { slot = (slot + 1) & mask }
        return slot
    }

    /// Doubles the slots and places the first route of each hash again.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for position in declarations.indices where firstOfHash[position] == position {
            var slot = start(of: hashes[position])
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position) + 1
        }
    }
}
