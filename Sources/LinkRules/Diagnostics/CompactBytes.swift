/// Writes numbers and texts into a byte buffer in few bytes: integers as zigzag LEB128 varints (small magnitudes,
/// positive or negative, take one byte), texts as their UTF-8 length then their bytes. `CompactReader` reads them
/// back exactly.
struct CompactWriter {
    var bytes: [UInt8]

    init(appendingTo bytes: consuming [UInt8]) { self.bytes = bytes }

    mutating func append(_ value: Int) {
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Nil as 0, any text as its length plus one then its bytes.
    mutating func append(optional text: String?) {
        guard var text else { return append(0) }
        text.withUTF8 { utf8 in
            append(utf8.count + 1)
            bytes.append(contentsOf: utf8)
        }
    }
}

/// Reads what a `CompactWriter` wrote, from a cursor moving over the bytes.
struct CompactReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var cursor: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at cursor: Int) {
        self.bytes = bytes
        self.cursor = cursor
    }

    mutating func int() -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[cursor]
            cursor += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    mutating func string() -> String {
        text(count: int())
    }

    mutating func optionalString() -> String? {
        let stored = int()
        return stored == 0 ? nil : text(count: stored - 1)
    }

    private mutating func text(count: Int) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + count)]), as: UTF8.self)
        cursor += count
        return text
    }
}
