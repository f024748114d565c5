// Comparisons of names and texts that ignore case without lowercased copies: URL schemes and hosts ignore ASCII
// case, and route words compare lowercased.

/// Compares names the way URL schemes and hosts compare: ignoring ASCII case, without allocating. Contiguous
/// bytes (those of strings) are compared through pointers.
func equalsIgnoringASCIICase<A: Sequence<UInt8>, B: Sequence<UInt8>>(_ a: A, _ b: B) -> Bool {
    let contiguous = a.withContiguousStorageIfAvailable { left in
        b.withContiguousStorageIfAvailable { right in equalsIgnoringASCIICase(left, right) }
    }
    if let contiguous, let equal = contiguous { return equal }
    var left = a.makeIterator()
    var right = b.makeIterator()
    while true {
        switch (left.next(), right.next()) {
        case (nil, nil): return true
        case (let x?, let y?):
            if x != y, !(isAlpha(x) && (x | 0x20) == (y | 0x20)) { return false }
        default: return false
        }
    }
}

/// Whether two texts are equal once lowercased (`lowercasedASCIIIfNeeded` of each): compared byte by byte when
/// both are ASCII, as names in links almost always are, and through lowercased copies otherwise.
func equalsLowercased<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
    equalsLowercased(utf8: a.utf8, b.utf8)
}

/// `equalsLowercased` on two buffers of UTF-8 bytes.
func equalsLowercased(bytes a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard isASCII(a), isASCII(b) else {
        return String(decoding: a, as: UTF8.self).lowercased() == String(decoding: b, as: UTF8.self).lowercased()
    }
    return equalsIgnoringASCIICase(a, b)
}

/// `equalsLowercased` on the UTF-8 bytes of two texts.
func equalsLowercased<A: Collection<UInt8>, B: Collection<UInt8>>(utf8 a: A, _ b: B) -> Bool {
    let ascii = a.withContiguousStorageIfAvailable { left in
        b.withContiguousStorageIfAvailable { right -> Bool? in
            guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else { return nil }
            return equalsIgnoringASCIICase(left, right)
        }
    }
    if let ascii, let ascii, let equal = ascii { return equal }
    return String(decoding: a, as: UTF8.self).lowercased() == String(decoding: b, as: UTF8.self).lowercased()
}

/// `equalsIgnoringASCIICase` on two buffers.
func equalsIgnoringASCIICase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count {
        let x = a[index]
        let y = b[index]
        if x != y, !(isAlpha(x) && (x | 0x20) == (y | 0x20)) { return false }
    }
    return true
}
