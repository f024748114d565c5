/// Names already normalized as `PayloadCredential.normalizedName` makes them (lowercased, without `_`, `-` and `.`),
/// that a parameter or placeholder name is matched against, whole or as a suffix, without making its normalized
/// string: rules ask it of every placeholder and query item of every link. An ASCII name is compared byte by byte
/// from its end; any other name, or any name against a set that holds a non-ASCII name or a control character (a
/// line break is a grapheme of its own to `String.hasSuffix`), by its normalized string.
struct NormalizedNames: Sendable {
    /// The names as given.
    let names: Set<String>
    /// The names' UTF-8 bytes, grouped by length (`asciiNames[n]` holds the names of `n` bytes); empty unless
    /// `allASCII`.
    private let asciiNames: [[[UInt8]]]
    /// Whether every name is printable ASCII, so that an ASCII name can be compared byte by byte.
    private let allASCII: Bool
    /// The names grouped by their last byte (`namesByLastByte[b]` holds the non-empty names ending in `b`); empty
    /// unless `allASCII`.
    private let namesByLastByte: [[[UInt8]]]
    /// Whether the empty name is one of the names (every name ends with it).
    private let containsEmptyName: Bool

    init(_ names: some Sequence<String>) {
        self.names = Set(names)
        allASCII = self.names.allSatisfy { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
        var grouped: [[[UInt8]]] = []
        if allASCII {
            for name in self.names.sorted() {
                let bytes = Array(name.utf8)
                while grouped.count <= bytes.count { grouped.append([]) }
                grouped[bytes.count].append(bytes)
            }
        }
        asciiNames = grouped
        var byLastByte: [[[UInt8]]] = allASCII ? Array(repeating: [], count: 128) : []
        for bytes in grouped.joined() {
            if let last = bytes.last { byLastByte[Int(last)].append(bytes) }
        }
        namesByLastByte = byLastByte
        containsEmptyName = self.names.contains("")
    }

    /// Whether `PayloadCredential.normalizedName(name)` is one of the names: an ASCII name's normalized length picks
    /// the names it may be, compared from their ends.
    func contains(normalizing name: String) -> Bool {
        let decided = allASCII ? name.withUTF8InPlace { bytes -> Bool? in
            var length = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if !Self.isSeparator(byte) { length += 1 }
            }
            guard length < asciiNames.count else { return false }
            return asciiNames[length].contains { Self.normalized(bytes, endsWith: $0, whole: true) }
        } : nil
        return decided ?? names.contains(PayloadCredential.normalizedName(name))
    }

    /// Whether one of the names ends `PayloadCredential.normalizedName(name)`.
    func isSuffix(ofNormalizing name: String) -> Bool {
        let decided = allASCII ? name.withUTF8InPlace { bytes -> Bool? in
            guard isASCII(bytes) else { return nil }
            if containsEmptyName { return true }
            // The normalized name's last byte picks the names it may end with.
            guard let last = bytes.last(where: { !Self.isSeparator($0) }) else { return false }
            return namesByLastByte[Int(asciiLowercased(last))].contains { Self.normalized(bytes, endsWith: $0, whole: false) }
        } : nil
        if let decided { return decided }
        let normalized = PayloadCredential.normalizedName(name)
        return names.contains { normalized.hasSuffix($0) }
    }

    /// Whether the ASCII `bytes`, lowercased and without `_`, `-` and `.`, end with `suffix` (with `whole`: are
    /// `suffix`). Read from the end, so most names differ at their first byte read.
    private static func normalized(_ bytes: UnsafeBufferPointer<UInt8>, endsWith suffix: [UInt8], whole: Bool) -> Bool {
        var index = bytes.count
        for expected in suffix.reversed() {
            repeat {
                guard index > 0 else { return false }
                index -= 1
            } while isSeparator(bytes[index])
            guard asciiLowercased(bytes[index]) == expected else { return false }
        }
        return !whole || bytes[..<index].allSatisfy(isSeparator)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
