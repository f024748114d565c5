/// Hashing and comparing short byte strings (the words of routes, vocabulary names, spellings) eight bytes at a
/// time, with ASCII capitals read as lowercase in all eight at once when asked: what `InternTable` and
/// `SpellingTable` find their words by.
enum WordBytes {
    /// A multiplicative hash of the length and of each eight (folded) bytes, the last eight overlapping the ones
    /// before when the length is not a multiple of eight: a word costs a few multiplications rather than one a
    /// byte. A multiplication only carries upwards, so the result is mixed once more, high bits into low, before
    /// its top half is taken: tables take a slot from its low bits, and words that differ only in their last
    /// bytes (`item1`, `item2`…) must not crowd into a few neighbouring slots. Not keyed: the words come from the
    /// user's own catalogue.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, foldingASCIICase: Bool = false) -> UInt32 {
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

    /// Whether `stored` and `word`, of the same length, hold the same bytes once `word`'s ASCII capitals are read
    /// as lowercase when `foldingASCIICase` (`stored` is compared as it is).
    @inline(__always)
    static func equal(_ stored: UnsafeRawBufferPointer, _ word: UnsafeRawBufferPointer, foldingASCIICase: Bool = false) -> Bool {
        let count = word.count
        if count < 8 { return shortWord(stored) == fold(shortWord(word), foldingASCIICase) }
        var offset = 0
        while offset + 8 < count {
            let given = fold(word.loadUnaligned(fromByteOffset: offset, as: UInt64.self), foldingASCIICase)
            if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != given { return false }
            offset += 8
        }
        let last = fold(word.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), foldingASCIICase)
        return stored.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == last
    }

    /// All the bytes of a word of fewer than eight as one number, each byte in a lane of its own: two overlapping
    /// four-byte loads from four bytes on, the first, middle and last bytes below that. Two words of the same
    /// length have the same number only when their bytes are the same.
    @inline(__always)
    static func shortWord(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
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
