/// Escapers that append a value to a report buffer in the syntax of one output format. Text that needs no
/// escaping is copied in whole runs, so large reports stay fast.
extension String {
    /// Appends `text`, copying it in unchanged runs and substituting wherever `substitute` returns a
    /// replacement (the string to write and how many bytes of `text` it stands for).
    @inline(__always)
    fileprivate mutating func appendSubstituting(
        _ text: String,
        _ substitute: (UnsafeBufferPointer<UInt8>, Int) -> (String, Int)?
    ) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                guard let (replacement, length) = substitute(bytes, index) else {
                    index += 1
                    continue
                }
                if runStart < index { appendRun(of: text, bytes: runStart..<index) }
                append(replacement)
                index += length
                runStart = index
            }
            if runStart == 0 {
                append(text)
            } else if runStart < bytes.count {
                appendRun(of: text, bytes: runStart..<bytes.count)
            }
        }
        if done == nil {
            var contiguous = text
            contiguous.makeContiguousUTF8()
            appendSubstituting(contiguous, substitute)
        }
    }

    private mutating func appendRun(of text: String, bytes: Range<Int>) {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: bytes.upperBound)
        append(contentsOf: text[start..<end])
    }

    /// Appends `text` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
    /// or `\u00XX`.
    mutating func appendJSONString(_ text: String) {
        append("\"")
        appendSubstituting(text) { bytes, index in
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): return ("\\\"", 1)
            case UInt8(ascii: "\\"): return ("\\\\", 1)
            case UInt8(ascii: "\n"): return ("\\n", 1)
            case UInt8(ascii: "\r"): return ("\\r", 1)
            case UInt8(ascii: "\t"): return ("\\t", 1)
            case 0..<0x20: return ("\\u00" + hexByte(byte), 1)
            default: return nil
            }
        }
        append("\"")
    }

    /// Appends `text` escaped for XML 1.0 content or a double-quoted attribute: the five markup characters as
    /// entities, a carriage return as a character reference (parsers would turn it into a line feed), in an
    /// attribute also tab and line feed (parsers would turn them into spaces), and characters XML 1.0 forbids
    /// (other C0 controls, U+FFFE, U+FFFF) dropped.
    mutating func appendXMLEscaped(_ text: String, inAttribute: Bool = true) {
        appendSubstituting(text) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "&"): return ("&amp;", 1)
            case UInt8(ascii: "<"): return ("&lt;", 1)
            case UInt8(ascii: ">"): return ("&gt;", 1)
            case UInt8(ascii: "\""): return ("&quot;", 1)
            case UInt8(ascii: "'"): return ("&apos;", 1)
            case UInt8(ascii: "\t"): return inAttribute ? ("&#9;", 1) : nil
            case UInt8(ascii: "\n"): return inAttribute ? ("&#10;", 1) : nil
            case UInt8(ascii: "\r"): return ("&#13;", 1)
            case 0..<0x20: return ("", 1)
            case 0xEF where isNoncharacterFFFEOrFFFF(bytes, index): return ("", 3)
            default: return nil
            }
        }
    }

    /// Appends `text` escaped for HTML text or a double-quoted attribute: `& < > " '` as references, and the
    /// characters HTML forbids in a document (C0 controls other than tab and line breaks, DEL, C1, U+FFFE and
    /// U+FFFF) as U+FFFD.
    mutating func appendHTMLEscaped(_ text: String) {
        appendSubstituting(text) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "&"): return ("&amp;", 1)
            case UInt8(ascii: "<"): return ("&lt;", 1)
            case UInt8(ascii: ">"): return ("&gt;", 1)
            case UInt8(ascii: "\""): return ("&quot;", 1)
            case UInt8(ascii: "'"): return ("&#39;", 1)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            case 0..<0x20, 0x7F: return ("\u{FFFD}", 1)
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                return ("\u{FFFD}", 2)
            case 0xEF where isNoncharacterFFFEOrFFFF(bytes, index): return ("\u{FFFD}", 3)
            default: return nil
            }
        }
    }

    /// Appends the message of a GitHub Actions workflow command, escaped as `@actions/core`'s `escapeData`
    /// does: `%` as `%25`, carriage return as `%0D`, line feed as `%0A`.
    mutating func appendWorkflowCommandData(_ text: String) {
        appendSubstituting(text) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "%"): return ("%25", 1)
            case UInt8(ascii: "\r"): return ("%0D", 1)
            case UInt8(ascii: "\n"): return ("%0A", 1)
            default: return nil
            }
        }
    }

    /// Appends a property value of a GitHub Actions workflow command, escaped as `@actions/core`'s
    /// `escapeProperty` does: as data, and also `:` as `%3A` and `,` as `%2C`.
    mutating func appendWorkflowCommandProperty(_ text: String) {
        appendSubstituting(text) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "%"): return ("%25", 1)
            case UInt8(ascii: "\r"): return ("%0D", 1)
            case UInt8(ascii: "\n"): return ("%0A", 1)
            case UInt8(ascii: ":"): return ("%3A", 1)
            case UInt8(ascii: ","): return ("%2C", 1)
            default: return nil
            }
        }
    }

    /// Appends a file path as the path of a URI reference: `/` kept, unreserved characters and the sub-delimiters
    /// and `@` kept, everything else (spaces, `%`, `#`, `?`, `:`, non-ASCII bytes) percent-encoded.
    mutating func appendPercentEncodedPath(_ path: String) {
        appendSubstituting(path) { bytes, index in
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return nil
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: "="), UInt8(ascii: "@"):
                return nil
            default:
                return ("%" + hexByte(byte, uppercase: true), 1)
            }
        }
    }
}

/// Two hex digits of a byte.
func hexByte(_ byte: UInt8, uppercase: Bool = false) -> String {
    let digits: StaticString = "0123456789abcdef0123456789ABCDEF"
    let offset = uppercase ? 16 : 0
    return digits.withUTF8Buffer { buffer in
        String(decoding: [buffer[offset + Int(byte >> 4)], buffer[offset + Int(byte & 0x0F)]], as: UTF8.self)
    }
}

/// Whether the UTF-8 sequence at `index` encodes U+FFFE or U+FFFF, which XML 1.0 does not allow.
private func isNoncharacterFFFEOrFFFF(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
}
