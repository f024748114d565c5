/// Decodes Base64 as it appears in link query parameters: the standard (`+` `/`) or URL-safe (`-` `_`)
/// alphabet, with or without `=` padding, any of them possibly percent-encoded (`%2B`, `%2F`, `%3D`). Keeps the
/// text offset of every symbol so problems found in the decoded bytes can point back into the link.
enum Base64Payload {
    /// The decoded bytes and where each Base64 symbol sat in the text.
    struct Decoded {
        var bytes: [UInt8]
        /// The UTF-8 offset in the input text of each Base64 symbol, in order.
        var symbolOffsets: [Int]
    }

    static func decode(_ text: String) -> Result<Decoded, PayloadProblem> {
        let input = Array(text.utf8)
        func fail(_ message: String, at offset: Int) -> Result<Decoded, PayloadProblem> {
            .failure(PayloadProblem(kind: .notBase64, message: message, sourceOffset: offset))
        }
        guard !input.isEmpty else { return fail("the payload is empty", at: 0) }
        var values: [UInt8] = []
        var offsets: [Int] = []
        values.reserveCapacity(input.count)
        offsets.reserveCapacity(input.count)
        var padding = 0
        var paddingStart: Int?
        var index = 0
        while index < input.count {
            let start = index
            var byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard let decoded = URLComponentPercentDecoding.byte(in: input, at: index) else {
                    return fail("not Base64: '%' is not followed by two hex digits", at: start)
                }
                byte = decoded
                index += 3
            } else {
                index += 1
            }
            if byte == UInt8(ascii: "=") {
                padding += 1
                if paddingStart == nil { paddingStart = start }
                if padding > 2 { return fail("not Base64: more than two '=' padding characters", at: start) }
                continue
            }
            guard let value = symbolValue(byte) else {
                return fail("not Base64: unexpected \(describeCharacter(in: input, at: start))", at: start)
            }
            if let paddingStart {
                return fail("not Base64: '=' padding before the end", at: paddingStart)
            }
            values.append(value)
            offsets.append(start)
        }
        if values.count % 4 == 1 {
            return fail("not Base64: the length leaves one dangling character", at: offsets.last ?? 0)
        }
        if let paddingStart, (values.count + padding) % 4 != 0 {
            return fail("not Base64: wrong amount of '=' padding", at: paddingStart)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var group = 0
        while group + 1 < values.count {
            let remaining = min(4, values.count - group)
            let a = values[group]
            let b = values[group + 1]
            bytes.append(a << 2 | b >> 4)
            if remaining > 2 {
                let c = values[group + 2]
                bytes.append((b & 0x0F) << 4 | c >> 2)
                if remaining > 3 { bytes.append((c & 0x03) << 6 | values[group + 3]) }
            }
            group += 4
        }
        return .success(Decoded(bytes: bytes, symbolOffsets: offsets))
    }

    /// The text offset of the first symbol that carries the decoded byte at `offset`.
    static func sourceOffset(ofDecodedByte offset: Int, symbolOffsets: [Int]) -> Int? {
        guard offset >= 0 else { return nil }
        let symbol = offset / 3 * 4 + offset % 3
        return symbol < symbolOffsets.count ? symbolOffsets[symbol] : nil
    }

    private static func symbolValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): return 63
        default: return nil
        }
    }

    private static func describeCharacter(in input: [UInt8], at offset: Int) -> String {
        let end = min(offset + 4, input.count)
        guard let scalar = String(decoding: input[offset..<end], as: UTF8.self).unicodeScalars.first else {
            return "end of input"
        }
        if scalar.value >= 0x21, scalar.value < 0x7F || scalar.value > 0xA0, scalar != "\u{FFFD}" {
            return "character '\(scalar)'"
        }
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "character U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)"
    }
}
