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
        let hash = Self.hash(key)
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
                                    Self.equal(UnsafeRawBufferPointer(rebasing: arena[start..<(start + key.count)]), key)
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

    /// All the bytes of a string of fewer than eight as one number: two overlapping four-byte loads from four
    /// bytes on, the first, middle and last bytes below that. Two strings of the same length have the same number
    /// only when their bytes are the same.
    @inline(__always)
    private static func shortWord(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        if count >= 4 {
            return UInt64(bytes.loadUnaligned(as: UInt32.self))
                | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        }
        if count == 0 { return 0 }
        return UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1]) << 16
    }

    /// A multiplicative hash of the length and of each eight bytes (the last eight overlapping the ones before
    /// when the length is not a multiple of eight). Not keyed: the words come from the user's own catalogue.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        if bytes.count < 8 {
            hash = (hash ^ shortWord(bytes)) &* 0xFF51_AFD7_ED55_8CCD
        } else {
            var offset = 0
            while offset + 8 < bytes.count {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                offset += 8
            }
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        }
        return UInt32(truncatingIfNeeded: (hash ^ (hash >> 29)) >> 32)
    }

    /// Whether two byte strings of the same length are equal, compared eight bytes at a time.
    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        if count < 8 { return shortWord(a) == shortWord(b) }
        var offset = 0
        while offset + 8 < count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
