/// Builds the edit that keeps a link's old URL in its entry's `aliases` after a fix changed the URL, so links
/// already out in the world keep resolving. It writes in the entry's own style and touches nothing else.
enum AliasEditor {
    /// A fix adding `oldURL` to `link`'s aliases: appended to an existing flow list (`[a, b]` → `[a, b, old]`)
    /// or block list (a new `- old` line at the list's indentation), a single alias turned into a flow list, or a
    /// new key in the entry's style (block: an `aliases: [old]` line after the `url:` line at the entry's key
    /// indentation; flow: `{ url: y }` → `{ url: y, aliases: [old] }`). The value is quoted when it needs it.
    static func keepingFix(_ oldURL: String, on link: Link) -> FixIt {
        FixIt(message: .keepAsAlias(oldURL), edits: [edit(keeping: oldURL, on: link)], applicability: .safe)
    }

    static func edit(keeping oldURL: String, on link: Link) -> TextEdit {
        let file = link.file
        let bytes = file.bytes
        func insert(_ text: String, at offset: Int) -> TextEdit {
            TextEdit(location: file.location(ofBytes: offset..<offset), replacement: text)
        }
        let flowValue = quoted(oldURL, inFlow: true)
        guard let range = link.aliasesRange else {
            if link.entryIsFlow {
                return insert(", aliases: [\(flowValue)]", at: link.url.tokenRange.upperBound)
            }
            let indentation = indentation(of: link.entryRange.lowerBound, in: bytes)
            return insertLine(indentation + "aliases: [\(flowValue)]", after: link.url.tokenRange.upperBound, in: file)
        }
        if range.lowerBound < bytes.count, bytes[range.lowerBound] == UInt8(ascii: "[") {
            if let last = link.aliases.last { return insert(", \(flowValue)", at: last.tokenRange.upperBound) }
            return insert(flowValue, at: range.lowerBound + 1)
        }
        if link.aliasesAreFlow {
            // A single alias written as a scalar, or a null value (`aliases:`, `aliases: ~`).
            if let only = link.aliases.first {
                return TextEdit(
                    location: file.location(ofBytes: only.tokenRange),
                    replacement: "[\(quoted(only.value, inFlow: true)), \(flowValue)]")
            }
            if range.isEmpty { return insert(" [\(flowValue)]", at: range.lowerBound) }
            return TextEdit(location: file.location(ofBytes: range), replacement: "[\(flowValue)]")
        }
        let indentation = indentation(of: range.lowerBound, in: bytes)
        let end = link.aliases.last?.tokenRange.upperBound ?? range.upperBound
        return insertLine(indentation + "- " + quoted(oldURL, inFlow: false), after: end, in: file)
    }

    /// `text` as a YAML scalar: plain when it reads back as the same string, else single-quoted. In a flow
    /// collection the flow indicators `,[]{}` force quotes too (placeholders like `{id:int}` among them), and so
    /// does a query's `?`: YAML 1.1 parsers (PyYAML, which teams' scripts read catalogues with) refuse it there.
    static func quoted(_ text: String, inFlow: Bool) -> String {
        let plain = Scalar(value: text, tokenRange: 0..<0, style: .plain)
        let readsAsOtherType = plain.isNull || plain.boolValue != nil || text.first.map { $0.isNumber || $0 == "." } == true
        let hasFlowIndicator = inFlow && text.utf8.contains { ",[]{}?".utf8.contains($0) }
        let hasControl = text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if hasControl { return doubleQuoted(text) }
        if ScalarEditor.needsQuoting(text) || readsAsOtherType || hasFlowIndicator { return ScalarEditor.singleQuoted(text) }
        return text
    }

    /// `text` in YAML double quotes with backslash escapes, for values holding control characters.
    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The blanks that put a new line's first character in the column of `offset`: the text before it on its
    /// line with every character but a tab turned into a space (so `  - url:` gives four spaces).
    private static func indentation(of offset: Int, in bytes: SourceBytes) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var result = ""
        for byte in bytes[start..<offset] where byte & 0xC0 != 0x80 {
            result.append(byte == UInt8(ascii: "\t") ? "\t" : " ")
        }
        return result
    }

    /// An insertion of `line` as a new line after the line holding `offset`, ending with the file's own line break.
    private static func insertLine(_ line: String, after offset: Int, in file: SourceFile) -> TextEdit {
        let bytes = file.bytes
        let position: Int
        let text: String
        if offset > 0, offset <= bytes.count, bytes[offset - 1] == UInt8(ascii: "\n") {
            // The value ended with its line (a block scalar): the new line goes right here.
            position = offset
            text = line + (offset > 1 && bytes[offset - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n")
        } else if let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            position = newline + 1
            text = line + (newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n")
        } else {
            // The last line has no line break: give it one, and leave the new last line without, as found.
            position = bytes.count
            let usesCRLF = bytes.indices.dropFirst().contains { bytes[$0] == UInt8(ascii: "\n") && bytes[$0 - 1] == UInt8(ascii: "\r") }
            text = (usesCRLF ? "\r\n" : "\n") + line
        }
        return TextEdit(location: file.location(ofBytes: position..<position), replacement: text)
    }
}

extension Message {
    static func keepAsAlias(_ url: String) -> Message { "keep the old URL '\(url)' as an alias" }
}
