/// Gives each distinct byte string, exactly as written, a dense index (0, 1, 2… in the order first seen), hashing
/// and comparing it eight bytes at a time. The dispatch rules find through it the words that recur from link to
/// link as they are spelt (schemes and hosts, query names and values) for less than an `InternTable` lookup,
/// which folds case byte by byte.
struct SpellingTable: Sendable {
    /// Every spelling's bytes, one after the other.
    private var arena: [UInt8] = []
    /// Where each spelling starts in `arena`, and where the last one ends: spelling `index` is
    /// `arena[starts[index]..<starts[index + 1]]`.
    private var starts: [Int32] = [0]
    /// Each spelling's hash, so a probe rarely compares bytes and growing never hashes a spelling again.
    private var hashes: [UInt32] = []
    /// Open addressing with linear probing: `index + 1`, or 0 for an empty slot. Never more than half full.
    private var slots: [Int32] = [Int32](repeating: 0, count: 64)

    /// How many distinct spellings the table holds.
    var count: Int { hashes.count }

    /// The index of `bytes`, and whether they were new (then added with the next index).
    mutating func index(of bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, isNew: Bool) {
        let key = UnsafeRawBufferPointer(bytes)
        let hash = WordBytes.hash(key)
        let (found, slot) = slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                starts.withUnsafeBufferPointer { starts in
                    arena.withUnsafeBytes { arena -> (Int?, Int) in
                        let mask = slots.count - 1
                        var slot = Int(hash) & mask
                        while slots[slot] != 0 {
                            let index = Int(slots[slot] - 1)
                            if hashes[index] == hash {
                                let start = Int(starts[index])
                                if Int(starts[index + 1]) - start == key.count,
                                    WordBytes.equal(UnsafeRawBufferPointer(rebasing: arena[start..<(start + key.count)]), key)
                                {
                                    return (index, slot)
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                        return (nil, slot)
                    }
                }
            }
        }
        if let found { return (found, false) }
        let index = hashes.count
        arena.append(contentsOf: bytes)
        starts.append(Int32(arena.count))
        hashes.append(hash)
        slots[slot] = Int32(index + 1)
        if hashes.count * 2 > slots.count { grow() }
        return (index, true)
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [Int32](repeating: 0, count: size)
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & (size - 1)
            while grown[slot] != 0 { slot = (slot + 1) & (size - 1) }
            grown[slot] = Int32(index + 1)
        }
        slots = grown
    }
}
