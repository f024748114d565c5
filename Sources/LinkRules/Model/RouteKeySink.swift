// The sinks that `LinkTemplate.writeRouteKey` writes a route key's bytes to: written room or a running hash.

/// Where `LinkTemplate.writeRouteKey` puts a route key's bytes: written room (`KeyWriter`) or a running hash
/// (`RouteKeyHasher`). It reads spans of the template from `bytes`.
protocol RouteKeySink {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    mutating func append(_ byte: UInt8)
    /// Appends a range of the template, ASCII capitals lowercased.
    mutating func copyLowercased(_ span: Range<Int>)
    /// Appends a range of the template that is ASCII with no capital, as it is.
    mutating func copyVerbatim(_ span: Range<Int>)
    /// Appends several query items, each as `append(_: QueryItem)` writes it, sorted and joined by `&`.
    mutating func appendSorted(_ query: [QueryItem])
}

extension RouteKeySink {
    /// Copies a range of the template, ASCII capitals lowercased, byte after byte.
    mutating func copyLowercased(_ span: Range<Int>) {
        for offset in span { append(asciiLowercased(bytes[offset])) }
    }

    /// Copies a range of the template as it is, byte after byte.
    mutating func copyVerbatim(_ span: Range<Int>) {
        for offset in span { append(bytes[offset]) }
    }

    /// A placeholder: `{}`, or `{type}` for a type other than `string`; `{*…}` for the rest of the path.
    mutating func append(_ placeholder: Placeholder) {
        append(UInt8(ascii: "{"))
        if placeholder.spansSegments { append(UInt8(ascii: "*")) }
        if placeholder.isOptional { append(UInt8(ascii: "?")) }
        if let type = placeholder.type, type != .string {
            for byte in type.rawValue.utf8 { append(byte) }
        }
        append(UInt8(ascii: "}"))
    }

    /// One query item: its name, then `=` and its placeholder or fixed value when it has one.
    mutating func append(_ item: QueryItem) {
        copyLowercased(item.nameSpan)
        if let placeholder = item.placeholder, placeholder.isInsideText {
            append(UInt8(ascii: "="))
            for byte in LinkTemplate.patternKey(Substring(item.value ?? "")).utf8 { append(byte) }
        } else if let placeholder = item.placeholder {
            append(UInt8(ascii: "="))
            append(placeholder)
        } else if let valueSpan = item.valueSpan {
            append(UInt8(ascii: "="))
            copyLowercased(valueSpan)
        }
    }
}

/// Writes a route key into room made for it, reading from the template's bytes.
struct KeyWriter: RouteKeySink {
    let bytes: UnsafeBufferPointer<UInt8>
    let output: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func append(_ byte: UInt8) {
        precondition(count < output.count, "a route key is longer than its template allows")
        output[count] = byte
        count += 1
    }

    /// The items are written in the template's order, then rewritten sorted.
    mutating func appendSorted(_ query: [QueryItem]) {
        let itemsStart = count
        var items: [Range<Int>] = []
        items.reserveCapacity(query.count)
        for item in query {
            if !items.isEmpty { append(UInt8(ascii: "&")) }
            let mark = count
            append(item)
            items.append(mark..<count)
        }
        let written = Array(output[itemsStart..<count])
        items.sort { written[($0.lowerBound - itemsStart)..<($0.upperBound - itemsStart)]
            .lexicographicallyPrecedes(written[($1.lowerBound - itemsStart)..<($1.upperBound - itemsStart)]) }
        count = itemsStart
        for (index, item) in items.enumerated() {
            if index > 0 { append(UInt8(ascii: "&")) }
            for byte in written[(item.lowerBound - itemsStart)..<(item.upperBound - itemsStart)] { append(byte) }
        }
    }
}

/// Hashes a route key as its bytes are produced (FNV-1a, then mixed), noting whether any is outside ASCII: such
/// a key is lowercased as a whole before hashing, so the streamed value does not apply to it.
struct RouteKeyHasher: RouteKeySink {
    let bytes: UnsafeBufferPointer<UInt8>
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var sawNonASCII = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* Self.prime
        if byte >= 0x80 { sawNonASCII = true }
    }

    /// `copyLowercased` with the running hash in a local, the bytes' top bits gathered and checked once.
    mutating func copyLowercased(_ span: Range<Int>) {
        var state = self.state
        var seen: UInt8 = 0
        for offset in span {
            let byte = bytes[offset]
            seen |= byte
            state = (state ^ UInt64(asciiLowercased(byte))) &* Self.prime
        }
        self.state = state
        if seen >= 0x80 { sawNonASCII = true }
    }

    /// `copyVerbatim` with the running hash in a local: the span is ASCII, so there is nothing to check.
    mutating func copyVerbatim(_ span: Range<Int>) {
        var state = self.state
        for offset in span { state = (state ^ UInt64(bytes[offset])) &* Self.prime }
        self.state = state
    }

    private static let prime: UInt64 = 0x100_0000_01B3

    /// Several items are sorted in written room, which a hasher does not have.
    mutating func appendSorted(_ query: [QueryItem]) {
        preconditionFailure("a query of several items is hashed from its written key")
    }

    var value: UInt64 { (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 }
}
