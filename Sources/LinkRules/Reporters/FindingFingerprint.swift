/// A hash that identifies a finding across edits of its catalogue, for SARIF `partialFingerprints`: it covers
/// the rule, the link (or the trimmed text of the finding's line when there is no link) and the message, but no
/// line or column, so the same finding keeps its fingerprint when lines move.
enum FindingFingerprint {
    /// The key under which the fingerprint appears in `partialFingerprints`.
    static let sarifKey: StaticString = "linkrules/v1"

    /// The fingerprint of a diagnostic as 16 lowercase hex digits of FNV-1a 64.
    static func of(_ diagnostic: Diagnostic, sources: [String: SourceFile]) -> String {
        let subject: String
        if let linkKey = diagnostic.linkKey {
            subject = linkKey
        } else if let source = sources[diagnostic.location.file] {
            subject = trimmed(source.lineText(diagnostic.location.line))
        } else {
            subject = ""
        }
        var hash = FNV1a64()
        hash.combine(diagnostic.ruleID)
        hash.combine(subject)
        hash.combine(diagnostic.message.text)
        return hash.hexDigest
    }

    private static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }),
            let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }
}

/// The 64-bit FNV-1a hash, deterministic across runs and platforms (unlike `Hasher`).
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Feeds a string's UTF-8 bytes and then a separator byte, so `("ab", "c")` and `("a", "bc")` differ.
    mutating func combine(_ text: String) {
        // Read from the string's contiguous bytes: going through `String.UTF8View` one byte at a time costs
        // three times the hashing.
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { combine(byte) }
        }
        combine(0x1F)
    }

    mutating func combine(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }

    var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
