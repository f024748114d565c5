/// Escapers that append a value to a report in the syntax of one output format. Text that needs no escaping
/// is copied in whole runs.
extension ReportBuffer {
    /// Appends `text` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
    /// or `\u00XX`.
    mutating func appendJSONString(_ text: String) {
        append(byte: UInt8(ascii: "\""))
        appendJSONStringContents(text)
    }

    /// Appends the rest of a JSON string whose opening quote is already written: `text` escaped as by
    /// `appendJSONString(_:)`, then the closing quote.
    mutating func appendJSONStringContents(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ appendJSONEscaped($0) }) == nil {
            var text = text
            text.withUTF8 { appendJSONEscaped($0) }
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Appends the rest of a JSON string whose opening quote is already written, as `appendJSONStringContents(_:)`
    /// does, from UTF-8 bytes, with the byte at offset `skipped` left out when there is one.
    mutating func appendJSONStringContents(utf8 source: UnsafeBufferPointer<UInt8>, skippingByteAt skipped: Int?) {
        if let skipped {
            appendJSONEscaped(UnsafeBufferPointer(rebasing: source[..<skipped]))
            appendJSONEscaped(UnsafeBufferPointer(rebasing: source[(skipped + 1)...]))
        } else {
            appendJSONEscaped(source)
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes escaped for the inside of a JSON string.
    private mutating func appendJSONEscaped(_ source: UnsafeBufferPointer<UInt8>) {
        // A loop of its own rather than `appendEscaping`: that one calls its byte test through a closure for
        // every byte, several times the cost of the test for the short, mostly clean values of a report.
        // Eight bytes at a time are skipped while none of them needs escaping (see `needsJSONEscape(_:)`).
        guard let base = source.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var runStart = 0
        var index = 0
        while index < source.count {
            if index + 8 <= source.count, !Self.needsJSONEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if runStart < index { appendUTF8(UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
                appendJSONEscape(byte)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < source.count { appendUTF8(UnsafeBufferPointer(start: base + runStart, count: source.count - runStart)) }
    }

    /// Whether any of eight bytes is a control character, a quote or a backslash (exact: the classic "has a
    /// byte less than n" test, applied to the bytes and to the bytes XORed with `"` and with `\\`).
    @inline(__always)
    private static func needsJSONEscape(_ word: UInt64) -> Bool {
        EightBytes.hasByte(in: word, below: 0x20) || EightBytes.hasByte(in: word, equalTo: UInt8(ascii: "\""))
            || EightBytes.hasByte(in: word, equalTo: UInt8(ascii: "\\"))
    }

    /// Appends the JSON escape of a quote, a backslash or a control character.
    private mutating func appendJSONEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append(literal: "\\\"")
        case UInt8(ascii: "\\"): append(literal: "\\\\")
        case UInt8(ascii: "\n"): append(literal: "\\n")
        case UInt8(ascii: "\r"): append(literal: "\\r")
        case UInt8(ascii: "\t"): append(literal: "\\t")
        default:
            append(literal: "\\u00")
            append(byte: hexDigit(byte >> 4, uppercase: false))
            append(byte: hexDigit(byte & 0x0F, uppercase: false))
        }
    }

    /// Appends `text` escaped for XML 1.0 content or a double-quoted attribute: the five markup characters as
    /// entities, a carriage return as a character reference (parsers would turn it into a line feed), in an
    /// attribute also tab and line feed (parsers would turn them into spaces), and characters XML 1.0 forbids
    /// (other C0 controls, U+FFFE, U+FFFF) dropped.
    mutating func appendXMLEscaped(_ text: String, inAttribute: Bool = true) {
        appendEscaping(text, isSpecial: isMarkupOrControl) { source, index, output in
            switch source[index] {
            case UInt8(ascii: "&"): output.append(literal: "&amp;")
            case UInt8(ascii: "<"): output.append(literal: "&lt;")
            case UInt8(ascii: ">"): output.append(literal: "&gt;")
            case UInt8(ascii: "\""): output.append(literal: "&quot;")
            case UInt8(ascii: "'"): output.append(literal: "&apos;")
            case UInt8(ascii: "\t"):
                guard inAttribute else { return 0 }
                output.append(literal: "&#9;")
            case UInt8(ascii: "\n"):
                guard inAttribute else { return 0 }
                output.append(literal: "&#10;")
            case UInt8(ascii: "\r"): output.append(literal: "&#13;")
            case 0xEF:
                return isNoncharacterFFFEOrFFFF(source, index) ? 3 : 0
            default:
                break  // Another C0 control: dropped.
            }
            return 1
        }
    }

    /// Appends `text` escaped for HTML text or a double-quoted attribute: `& < > " '` as references, and the
    /// characters HTML forbids in a document (C0 controls other than tab and line breaks, DEL, C1, U+FFFE and
    /// U+FFFF) as U+FFFD.
    mutating func appendHTMLEscaped(_ text: String) {
        appendEscaping(text, isSpecial: { isMarkupOrControl($0) || $0 == 0x7F || $0 == 0xC2 }) {
            source, index, output in
            switch source[index] {
            case UInt8(ascii: "&"): output.append(literal: "&amp;")
            case UInt8(ascii: "<"): output.append(literal: "&lt;")
            case UInt8(ascii: ">"): output.append(literal: "&gt;")
            case UInt8(ascii: "\""): output.append(literal: "&quot;")
            case UInt8(ascii: "'"): output.append(literal: "&#39;")
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return 0
            case 0xC2:
                guard isC1Control(source, index) else { return 0 }
                output.append(literal: "\u{FFFD}")
                return 2
            case 0xEF:
                guard isNoncharacterFFFEOrFFFF(source, index) else { return 0 }
                output.append(literal: "\u{FFFD}")
                return 3
            default:
                output.append(literal: "\u{FFFD}")
            }
            return 1
        }
    }

    /// Appends `text` for a terminal or a compiler-output parser: each line break becomes a space, so a finding
    /// stays on one line, and every other control character (C0 but tab, DEL, C1: escape sequences a catalogue
    /// could smuggle into a log) becomes U+FFFD, which keeps the column count.
    mutating func appendTerminalSafe(_ text: String) {
        // Nearly all text holds nothing to replace: that is checked eight bytes at a time and the text copied whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { source in
            guard !Self.mayNeedTerminalReplacement(source) else { return false }
            appendUTF8(source)
            return true
        }
        if copied == true { return }
        appendEscaping(text, isSpecial: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F || $0 == 0xC2 }) {
            source, index, output in
            switch source[index] {
            case UInt8(ascii: "\r"):
                output.append(byte: UInt8(ascii: " "))
                return index + 1 < source.count && source[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            case UInt8(ascii: "\n"):
                output.append(byte: UInt8(ascii: " "))
            case 0xC2:
                guard isC1Control(source, index) else { return 0 }
                output.append(literal: "\u{FFFD}")
                return 2
            default:
                output.append(literal: "\u{FFFD}")
            }
            return 1
        }
    }

    /// Whether `source` holds a byte `appendTerminalSafe(_:)` may replace: a control character (a tab too, which it
    /// keeps), DEL, or 0xC2 (which starts a C1 control), tested eight bytes at a time (`EightBytes`).
    private static func mayNeedTerminalReplacement(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = source.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= source.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if EightBytes.hasByte(in: word, below: 0x20) || EightBytes.hasByte(in: word, equalTo: 0x7F)
                || EightBytes.hasByte(in: word, equalTo: 0xC2)
            {
                return true
            }
            index += 8
        }
        while index < source.count {
            let byte = base[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 { return true }
            index += 1
        }
        return false
    }

    /// Appends the message of a GitHub Actions workflow command, escaped as `@actions/core`'s `escapeData`
    /// does: `%` as `%25`, carriage return as `%0D`, line feed as `%0A`.
    mutating func appendWorkflowCommandData(_ text: String) {
        appendEscaping(text, isSpecial: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
            source, index, output in
            appendWorkflowCommandEscape(source[index], to: &output)
            return 1
        }
    }

    /// Appends a property value of a GitHub Actions workflow command, escaped as `@actions/core`'s
    /// `escapeProperty` does: as data, and also `:` as `%3A` and `,` as `%2C`.
    mutating func appendWorkflowCommandProperty(_ text: String) {
        appendEscaping(
            text,
            isSpecial: {
                $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",")
            }
        ) { source, index, output in
            appendWorkflowCommandEscape(source[index], to: &output)
            return 1
        }
    }

    /// Appends a file path as the path of a URI reference: `/`, unreserved characters, the sub-delimiters and
    /// `@` kept, everything else (spaces, `%`, `#`, `?`, `:`, non-ASCII bytes) percent-encoded.
    mutating func appendPercentEncodedPath(_ path: String) {
        appendEscaping(path, isSpecial: { !isURIPathCharacter($0) }) { source, index, output in
            output.append(byte: UInt8(ascii: "%"))
            output.append(byte: hexDigit(source[index] >> 4, uppercase: true))
            output.append(byte: hexDigit(source[index] & 0x0F, uppercase: true))
            return 1
        }
    }
}

/// Tests of eight bytes at once, read as one word: the classic "has a byte less than n" test, exact for
/// limits up to 0x80, and a byte equal to `b` found as a byte below 1 once every byte is XORed with `b`.
private enum EightBytes {
    @inline(__always) static func hasByte(in word: UInt64, below limit: UInt8) -> Bool {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080 != 0
    }

    @inline(__always) static func hasByte(in word: UInt64, equalTo byte: UInt8) -> Bool {
        hasByte(in: word ^ (0x0101_0101_0101_0101 &* UInt64(byte)), below: 1)
    }
}

/// `%XX` for a byte that a workflow command escapes.
private func appendWorkflowCommandEscape(_ byte: UInt8, to output: inout ReportBuffer) {
    output.append(byte: UInt8(ascii: "%"))
    output.append(byte: hexDigit(byte >> 4, uppercase: true))
    output.append(byte: hexDigit(byte & 0x0F, uppercase: true))
}

/// The ASCII hex digit of a value below 16.
private func hexDigit(_ value: UInt8, uppercase: Bool) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
}

/// A markup character, a C0 control, or the first byte of U+FFFE/U+FFFF.
@inline(__always)
private func isMarkupOrControl(_ byte: UInt8) -> Bool {
    switch byte {
    case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
        0xEF:
        true
    default:
        false
    }
}

/// Whether a byte may stand unencoded in the path of a URI reference (RFC 3986 `pchar` and `/`, less `:`).
@inline(__always)
private func isURIPathCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
        UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
        UInt8(ascii: "="), UInt8(ascii: "@"):
        true
    default:
        false
    }
}

/// Whether the UTF-8 sequence at `index` is a C1 control (U+0080–U+009F).
private func isC1Control(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
}

/// Whether the UTF-8 sequence at `index` encodes U+FFFE or U+FFFF, which XML 1.0 does not allow.
private func isNoncharacterFFFEOrFFFF(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
}
