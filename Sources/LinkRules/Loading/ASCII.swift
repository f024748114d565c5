// Byte classes for the scanners that read URLs, YAML positions and JSON without regular expressions.

@inline(__always) func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
@inline(__always) func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) }
/// An ASCII capital as its small letter; any other byte unchanged.
@inline(__always) func asciiLowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place: unlike `withUTF8` on a copy, the string is
    /// neither copied nor retained (but for one without contiguous UTF-8 storage, which is copied first).
    func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// The string lowercased, without allocating when it is ASCII with no capitals, as names in links almost
    /// always are: one pass over the bytes, then `lowercased()` only when something needs changing.
    var lowercasedASCIIIfNeeded: String {
        let clean = utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0x80 || byte &- 0x41 < 26 { return false }
            return true
        } ?? !utf8.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
        return clean ? self : lowercased()
    }
}

/// A set of ASCII bytes as one bit per byte: a scanner asks it of every byte of every link, and a test of a bit
/// costs the same for every byte, where a `switch` over scattered values becomes a jump per byte.
struct ASCIISet: Sendable {
    private let low: UInt64
    private let high: UInt64

    init(_ bytes: [UInt8]) {
        var (low, high): (UInt64, UInt64) = (0, 0)
        for byte in bytes {
            precondition(byte < 0x80, "an ASCIISet holds ASCII bytes")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        (self.low, self.high) = (low, high)
    }

    @inline(__always) func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte & 63) & 1 == 1
    }
}

extension Sequence<UInt8> {
    /// Whether any byte satisfies `predicate`, read from contiguous storage when there is one (a string's UTF-8
    /// view): rules ask this of every link, and stepping through the view costs several times more per byte.
    func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? contains(where: predicate)
    }
}

extension Substring {
    /// The text lowercased (see `String.lowercasedASCIIIfNeeded`).
    var lowercasedASCIIIfNeeded: String {
        for byte in utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) { return lowercased() }
        return String(self)
    }
}

/// Whether every byte is ASCII, read eight bytes at a time.
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
        bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
    }
    while offset < bytes.count {
        bits |= UInt64(bytes[offset])
        offset += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
}

/// Whether any byte is an ASCII capital (`A`–`Z`), read eight bytes at a time: `lowercase` asks it of every link.
/// A word's lanes are tested at once for a byte above `@` and below `[` (Sean Anderson's exact "has between": no
/// lane carries into another, and a byte of 0x80 or more never counts).
func containsASCIICapital(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    var offset = 0
    while offset + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let low = word & (ones &* 0x7F)
        // Per lane: 0xDA - low has its top bit set for low <= 0x5A, low + 0x3F for low >= 0x41, ~word for a byte below 0x80.
        if (ones &* (127 + 0x5B) &- low) & ~word & (low &+ ones &* (127 - 0x40)) & (ones &* 0x80) != 0 { return true }
        offset += 8
    }
    while offset < bytes.count {
        if bytes[offset] &- UInt8(ascii: "A") < 26 { return true }
        offset += 1
    }
    return false
}
