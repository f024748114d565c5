/// Gives each distinct byte string a dense id (0, 1, 2… in the order first seen). The bytes live in one arena and
/// an open-addressing table of ids finds them, so interning or looking up a word hashes its bytes once and
/// allocates nothing per word; it hashes and compares words eight bytes at a time. Used where many short names are
/// compared over and over: the vocabulary lookups of the per-link rules, the words of the dispatch trie, the route
/// keys of `duplicate-link`.
///
/// A lookup can fold ASCII case (`A`–`Z` read as `a`–`z`), so a component written `Feed` finds `feed` without a
/// lowercased copy. Interning with folding stores the folded bytes; a folding lookup only finds words stored
/// without capitals.
struct InternTable: Sendable {
    /// Every word's bytes, one after the other.
    private var arena: [UInt8] = []
    /// Where each word ends in `arena`; word `id` starts where word `id - 1` ends.
    private var ends: [Int32] = []
    /// Each word's hash, so growing the table never hashes a word again.
    private var hashes: [UInt32] = []
    /// Open addressing with linear probing: `id + 1`, or 0 for an empty slot. Never more than half full.
    private var slots: [Int32]

    /// A table sized for about `capacity` words before it grows.
    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// How many distinct words the table holds.
    var count: Int { ends.count }

    /// The id of `word`, adding it when it is new.
    mutating func intern(_ word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool = false) -> Int {
        let hash = Self.hash(word, foldingASCIICase: foldingASCIICase)
        let found = find(word, hash: hash, foldingASCIICase: foldingASCIICase)
        if let id = found.id { return id }
        let id = ends.count
        if foldingASCIICase {
            for byte in word { arena.append(asciiLowercased(byte)) }
        } else {
            arena.append(contentsOf: word)
        }
        ends.append(Int32(arena.count))
        hashes.append(hash)
        slots[found.slot] = Int32(id + 1)
        if ends.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `word`, or nil when the table does not hold it.
    func id(of word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool = false) -> Int? {
        find(word, hash: Self.hash(word, foldingASCIICase: foldingASCIICase), foldingASCIICase: foldingASCIICase).id
    }

    /// The id of a string's UTF-8 bytes, adding it when it is new.
    @inline(__always)
    mutating func intern(_ word: String, foldingASCIICase: Bool = false) -> Int {
        var word = word
        return word.withUTF8 { intern($0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of some bytes, adding them when they are new.
    @inline(__always)
    mutating func intern(_ word: [UInt8], foldingASCIICase: Bool = false) -> Int {
        word.withUnsafeBufferPointer { intern($0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of a string's UTF-8 bytes, or nil when the table does not hold it.
    @inline(__always)
    func id(of word: String, foldingASCIICase: Bool = false) -> Int? {
        var word = word
        return word.withUTF8 { id(of: $0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of a string lowercased as `lowercasedASCIIIfNeeded` does it: ASCII text is folded as it is read,
    /// without a lowercased copy.
    @inline(__always)
    mutating func intern(lowercasing word: String) -> Int {
        var word = word
        return word.withUTF8 { intern(lowercasingUTF8: $0) }
    }

    /// `intern(lowercasing:)` for the UTF-8 bytes of a text (a slice of a string's `utf8`).
    @inline(__always)
    mutating func intern<Bytes: Collection<UInt8>>(lowercasing word: Bytes) -> Int {
        if let id = word.withContiguousStorageIfAvailable({ intern(lowercasingUTF8: $0) }) { return id }
        return Array(word).withUnsafeBufferPointer { intern(lowercasingUTF8: $0) }
    }

    private mutating func intern(lowercasingUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.allSatisfy({ $0 < 0x80 }) { return intern(bytes, foldingASCIICase: true) }
        return intern(String(decoding: bytes, as: UTF8.self).lowercased())
    }

    /// Whether the word with `id` is `word` once its ASCII capitals are read as lowercase letters, for a `word`
    /// all in ASCII (false otherwise): a caller that expects the word it interned last checks it without hashing.
    func isWord(_ id: Int, asciiFolded word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard id >= 0, id < ends.count, word.allSatisfy({ $0 < 0x80 }) else { return false }
        return equals(id, word, foldingASCIICase: true)
    }

    /// The word's id if the table holds it, else the empty slot where it would go.
    private func find(_ word: UnsafeBufferPointer<UInt8>, hash: UInt32, foldingASCIICase: Bool) -> (id: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash, equals(id, word, foldingASCIICase: foldingASCIICase) { return (id, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// The range of a word's bytes in `arena`.
    private func range(of id: Int) -> Range<Int> { (id == 0 ? 0 : Int(ends[id - 1]))..<Int(ends[id]) }

    /// The bytes of the word with an id.
    func bytes(of id: Int) -> ArraySlice<UInt8> { arena[range(of: id)] }

    /// The word with an id, as a string.
    func string(_ id: Int) -> String { String(decoding: bytes(of: id), as: UTF8.self) }

    private func equals(_ id: Int, _ word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool) -> Bool {
        let range = range(of: id)
        guard range.count == word.count else { return false }
        return arena.withUnsafeBytes { arena in
            let stored = UnsafeRawBufferPointer(rebasing: arena[range])
            let word = UnsafeRawBufferPointer(word)
            let count = word.count
            if count < 8 { return Self.shortWord(stored) == Self.fold(Self.shortWord(word), foldingASCIICase) }
            var offset = 0
            while offset + 8 < count {
                let given = Self.fold(word.loadUnaligned(fromByteOffset: offset, as: UInt64.self), foldingASCIICase)
                if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != given { return false }
                offset += 8
            }
            let last = Self.fold(word.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), foldingASCIICase)
            return stored.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == last
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [Int32](repeating: 0, count: size)
        for (id, hash) in hashes.enumerated() {
            var slot = Int(hash) & (size - 1)
            while grown[slot] != 0 { slot = (slot + 1) & (size - 1) }
            grown[slot] = Int32(id + 1)
        }
        slots = grown
    }

    /// A multiplicative hash of the length and of each eight (folded) bytes, the last eight overlapping the ones
    /// before when the length is not a multiple of eight: a word costs a few multiplications rather than one a
    /// byte. A multiplication only carries upwards, so the result is mixed once more, high bits into low, before
    /// its top half is taken: the slot comes from the low bits, and words that differ only in their last bytes
    /// (`item1`, `item2`…) must not crowd into a few neighbouring slots. Not keyed: the words come from the
    /// user's own catalogue.
    static func hash(_ word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool) -> UInt32 {
        let bytes = UnsafeRawBufferPointer(word)
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count < 8 {
            hash = (hash ^ fold(shortWord(bytes), foldingASCIICase)) &* 0xFF51_AFD7_ED55_8CCD
        } else {
            var offset = 0
            while offset + 8 < count {
                let next = fold(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), foldingASCIICase)
                hash = (hash ^ next) &* 0xFF51_AFD7_ED55_8CCD
                offset += 8
            }
            let last = fold(bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), foldingASCIICase)
            hash = (hash ^ last) &* 0xFF51_AFD7_ED55_8CCD
        }
        hash = (hash ^ (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    /// All the bytes of a word of fewer than eight as one number, each byte in a lane of its own: two overlapping
    /// four-byte loads from four bytes on, the first, middle and last bytes below that. Two words of the same
    /// length have the same number only when their bytes are the same.
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

    /// Eight bytes with their ASCII capitals lowercased when `folding` (`asciiLowercased` on each byte at once):
    /// a byte is a capital when its low seven bits lie in `A`...`Z` and its top bit is clear; adding to the seven
    /// bits never carries into the next byte.
    @inline(__always)
    static func fold(_ word: UInt64, _ folding: Bool) -> UInt64 {
        guard folding else { return word }
        let sevenBits = word & 0x7F7F_7F7F_7F7F_7F7F
        let fromA = sevenBits &+ 0x3F3F_3F3F_3F3F_3F3F  // top bit set from 0x41 (`A`) on
        let pastZ = sevenBits &+ 0x2525_2525_2525_2525  // top bit set from 0x5B (past `Z`) on
        let capitals = fromA & ~pastZ & ~word & 0x8080_8080_8080_8080
        return word | (capitals >> 2)
    }
}
