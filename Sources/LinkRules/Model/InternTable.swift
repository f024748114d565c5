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
    /// Open addressing with linear probing: a word's hash in the high half and its `id + 1` in the low half, or 0
    /// for an empty slot. Never more than half full. A probe compares hashes in the slot itself, so it reads a
    /// word's bytes only when its hash matches, and growing the table never hashes a word again.
    private var slots: [UInt64]

    /// A table sized for about `capacity` words before it grows.
    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        ends.reserveCapacity(capacity)
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
        slots[found.slot] = Self.slotValue(hash: hash, id: id)
        if ends.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `word`, or nil when the table does not hold it.
    func id(of word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool = false) -> Int? {
        find(word, hash: Self.hash(word, foldingASCIICase: foldingASCIICase), foldingASCIICase: foldingASCIICase).id
    }

    /// The id of a string's UTF-8 bytes, adding it when it is new. (The string's bytes are read in place, so a
    /// look-up neither copies nor retains it.)
    @inline(__always)
    mutating func intern(_ word: String, foldingASCIICase: Bool = false) -> Int {
        word.withUTF8InPlace { intern($0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of some bytes, adding them when they are new.
    @inline(__always)
    mutating func intern(_ word: [UInt8], foldingASCIICase: Bool = false) -> Int {
        word.withUnsafeBufferPointer { intern($0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of a string's UTF-8 bytes, or nil when the table does not hold it.
    @inline(__always)
    func id(of word: String, foldingASCIICase: Bool = false) -> Int? {
        word.withUTF8InPlace { id(of: $0, foldingASCIICase: foldingASCIICase) }
    }

    /// The id of a string lowercased as `lowercasedASCIIIfNeeded` does it: ASCII text is folded as it is read,
    /// without a lowercased copy.
    @inline(__always)
    mutating func intern(lowercasing word: String) -> Int {
        word.withUTF8InPlace { intern(lowercasingUTF8: $0) }
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
    @inline(__always)
    private func find(_ word: UnsafeBufferPointer<UInt8>, hash: UInt32, foldingASCIICase: Bool) -> (id: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            if UInt32(truncatingIfNeeded: slots[slot] >> 32) == hash {
                let id = Int(UInt32(truncatingIfNeeded: slots[slot])) - 1
                if equals(id, word, foldingASCIICase: foldingASCIICase) { return (id, slot) }
            }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// What a slot holds for the word `id` of hash `hash`.
    private static func slotValue(hash: UInt32, id: Int) -> UInt64 { UInt64(hash) << 32 | UInt64(id + 1) }

    /// The range of a word's bytes in `arena`.
    @inline(__always)
    private func range(of id: Int) -> Range<Int> { (id == 0 ? 0 : Int(ends[id - 1]))..<Int(ends[id]) }

    /// The bytes of the word with an id.
    func bytes(of id: Int) -> ArraySlice<UInt8> { arena[range(of: id)] }

    /// The word with an id, as a string.
    func string(_ id: Int) -> String { String(decoding: bytes(of: id), as: UTF8.self) }

    @inline(__always)
    private func equals(_ id: Int, _ word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool) -> Bool {
        let range = range(of: id)
        guard range.count == word.count else { return false }
        return arena.withUnsafeBytes { arena in
            WordBytes.equal(
                UnsafeRawBufferPointer(rebasing: arena[range]), UnsafeRawBufferPointer(word), foldingASCIICase: foldingASCIICase)
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [UInt64](repeating: 0, count: size)
        for value in slots where value != 0 {
            var slot = Int(value >> 32) & (size - 1)
            while grown[slot] != 0 { slot = (slot + 1) & (size - 1) }
            grown[slot] = value
        }
        slots = grown
    }

    /// The word's hash (`WordBytes.hash`), picking its slot.
    @inline(__always)
    private static func hash(_ word: UnsafeBufferPointer<UInt8>, foldingASCIICase: Bool) -> UInt32 {
        WordBytes.hash(UnsafeRawBufferPointer(word), foldingASCIICase: foldingASCIICase)
    }
}
