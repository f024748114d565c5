/// What RFC 3986 says a link may be written with, checked in one pass over its UTF-8 bytes: a scheme of a letter then
/// letters, digits, `+`, `-` or `.`; no raw space, control character or character that must be percent-encoded
/// (`"`, `\`, `^`, `` ` ``, `|`, and `<`, `>`, `{`, `}` outside a placeholder); every `%` starting an escape of two
/// hex digits. Placeholders in any supported style (`{name}`, `<type:name>`, `%NAME%`, `:name`) are not text of the
/// link and are skipped; characters outside ASCII are left to IRIs (RFC 3987), which apps open.
enum URLSyntax {
    /// What is wrong with a link's text.
    enum Problem: Sendable, Hashable {
        /// Nothing at all.
        case empty
        /// No `scheme:` before the first `/`, `?` or `#`.
        case noScheme
        /// The scheme breaks the grammar at `span` (`my_app`: the `_`).
        case badScheme(scheme: String)
        /// A character at `span` that must be percent-encoded (a space, `|`, a control character).
        case mustBeEncoded(character: String)
        /// A `%` at `span` that does not start two hex digits.
        case badPercentEscape(written: String)
    }

    /// A problem and the UTF-8 range of the text it is about.
    struct Finding: Sendable, Hashable {
        var problem: Problem
        var span: Range<Int>
    }

    /// The first problem of a link's text, or nil when it is a URI (a template's placeholders are skipped).
    static func firstProblem(in text: String) -> Finding? {
        text.withUTF8InPlace { bytes in stopsScan.withUnsafeBufferPointer { firstProblem(in: bytes, stops: $0) } }
    }

    /// Whether the text has something shaped like a scheme: a `:` before any `/`, `?`, `#` or placeholder, after at
    /// least one character (the parser reads the same text as the scheme). A text without one (`not a url`, `feed/9`) is not a link at all.
    static func hasSchemeShape(_ text: String) -> Bool {
        text.withUTF8InPlace { schemeEnd($0) != nil }
    }

    /// The first problem of a text's bytes; `stops` is `stopsScan`, read through its storage.
    private static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, stops: UnsafeBufferPointer<Bool>) -> Finding? {
        guard !bytes.isEmpty else { return Finding(problem: .empty, span: 0..<0) }
        var index = 0
        // The scheme, when the text has one: everything before the first ':' that comes before '/', '?' and '#'.
        if let colon = schemeEnd(bytes) {
            for offset in 0..<colon {
                let byte = bytes[offset]
                let fits = offset == 0 ? isAlpha(byte) : isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
                if !fits {
                    let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<colon]), as: UTF8.self)
                    return Finding(problem: .badScheme(scheme: scheme), span: offset..<(offset + 1))
                }
            }
            index = colon + 1
        }
        let bytesToEncode = Self.bytesToEncode
        while index < bytes.count {
            // Nearly every byte is one a URI may hold: it is settled by one look at the table.
            guard stops[Int(bytes[index])] else {
                index += 1
                continue
            }
            let byte = bytes[index]
            // Only `{`, `<` and `%` can start a placeholder: any other byte is settled without the call.
            let mayStartPlaceholder = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "%")
            if mayStartPlaceholder, let end = placeholderEnd(bytes, at: index) {
                index = end
                continue
            }
            if byte == UInt8(ascii: "%") {
                if index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                    index += 3
                    continue
                }
                let end = min(bytes.count, index + 3)
                let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                return Finding(problem: .badPercentEscape(written: written), span: index..<end)
            }
            if bytesToEncode.contains(byte) {
                return Finding(
                    problem: .mustBeEncoded(character: String(decoding: [byte], as: UTF8.self)), span: index..<(index + 1))
            }
            index += 1
        }
        return nil
    }

    /// Where the scheme ends: the offset of its `:`, when one comes before any `/`, `?` and `#` and after at least
    /// one character.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for offset in bytes.indices {
            switch bytes[offset] {
            case UInt8(ascii: ":"): return offset > 0 ? offset : nil
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "%"):
                return nil
            default: continue
            }
        }
        return nil
    }

    /// The bytes of ASCII that may never appear raw in a URI: controls, space, `"`, `<`, `>`, `\`, `^`, `` ` ``,
    /// `{`, `|`, `}` (RFC 3986, section 2: they are neither reserved nor unreserved). Bytes outside ASCII are IRI
    /// text and pass.
    private static let bytesToEncode = ASCIISet(Array(0x00...0x20) + [0x7F] + Array("\"<>\\^`{|}".utf8))

    /// The bytes the scan stops at: those to encode (among them `{` and `<`, which may start a placeholder) and
    /// `%`, which starts an escape or a placeholder.
    private static let bytesToLookAt = ASCIISet(Array(0x00...0x20) + [0x7F] + Array("\"<>\\^`{|}%".utf8))

    /// `bytesToLookAt` as a table of every byte value: the scan looks at each byte of every link.
    private static let stopsScan: [Bool] = (0...255).map { $0 < 0x80 && bytesToLookAt.contains(UInt8($0)) }

    /// The end of a placeholder starting at `index` in a supported style, or nil when none starts there: `{…}` up
    /// to its `}` (with no `{` inside), `<name>` or `<type:name>`, and `%NAME%` (a name of letters, digits and `_`
    /// starting with a letter or `_`, unless it is two hex digits: then it is an escape).
    private static func placeholderEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        func isNameByte(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "_") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            var cursor = index + 1
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "}"): return cursor > index + 1 ? cursor + 1 : nil
                case UInt8(ascii: "{"), 0x00...0x20: return nil
                default: cursor += 1
                }
            }
            return nil
        case UInt8(ascii: "<"):
            var cursor = index + 1
            while cursor < bytes.count, isNameByte(bytes[cursor]) || bytes[cursor] == UInt8(ascii: ":") { cursor += 1 }
            guard cursor > index + 1, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ">") else { return nil }
            return cursor + 1
        case UInt8(ascii: "%"):
            var cursor = index + 1
            guard cursor < bytes.count, isAlpha(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "_") else { return nil }
            while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "%") else { return nil }
            let nameLength = cursor - index - 1
            if nameLength == 2, isHex(bytes[index + 1]), isHex(bytes[index + 2]) { return nil }
            return cursor + 1
        default:
            return nil
        }
    }
}
