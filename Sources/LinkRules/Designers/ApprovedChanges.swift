/// The approved-changes file: fingerprints of breaking changes the team accepts, one per line as plain text or
/// as a YAML list (`- 3f2a…  # why`, `approved: [3f2a…, 9c41…]`). Comments say why; keys such as `approved:` are
/// ignored; anything else that is not a 16-hex-digit fingerprint is an error, so a typo is not silently ignored.
struct ApprovedChanges: Sendable {
    /// One approved fingerprint and where it is written.
    struct Entry: Sendable, Hashable {
        var fingerprint: String
        var location: SourceLocation
    }

    var file: SourceFile
    var entries: [Entry]

    /// Reads the fingerprints of an approved-changes file.
    /// - Throws: `LoadError` at the first value that is not a fingerprint.
    init(file: SourceFile) throws {
        self.file = file
        var entries: [Entry] = []
        let bytes = file.bytes
        for line in 0..<file.lineCount {
            let start = file.lineStart(line)
            let end = file.nextLineStart(after: line)
            var cursor = start
            while cursor < end {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "#"), cursor == start || Self.isSeparator(bytes[cursor - 1]) { break }
                if Self.isSeparator(byte) {
                    cursor += 1
                    continue
                }
                let tokenStart = cursor
                while cursor < end, !Self.isSeparator(bytes[cursor]) { cursor += 1 }
                let token = String(decoding: bytes[tokenStart..<cursor], as: UTF8.self)
                if token.hasSuffix(":") || token == "-" || token == "---" || token == "..." { continue }
                guard token.utf8.count == 16, token.utf8.allSatisfy(isHex) else {
                    throw LoadError(.notAFingerprint(token), at: file.location(ofBytes: tokenStart..<cursor))
                }
                entries.append(Entry(fingerprint: token.lowercasedASCIIIfNeeded, location: file.location(ofBytes: tokenStart..<cursor)))
            }
        }
        self.entries = entries
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "'"), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }

    /// The changes with every approved one reported as info and pointing at its approval, followed by an
    /// `unused-approval` change for each fingerprint that matches nothing in this diff.
    func apply(to changes: [CatalogueChange]) -> [CatalogueChange] {
        var approval: [String: Entry] = [:]
        for entry in entries where approval[entry.fingerprint] == nil { approval[entry.fingerprint] = entry }
        var used = Set<String>()
        var result = changes.map { change in
            guard let entry = approval[change.fingerprint] else { return change }
            used.insert(change.fingerprint)
            var change = change
            if change.level > .info {
                change.level = .info
                change.approvedAt = entry.location
            }
            return change
        }
        for entry in entries where !used.contains(entry.fingerprint) {
            used.insert(entry.fingerprint)
            result.append(
                CatalogueChange(
                    kind: .unusedApproval, message: .unusedApproval(entry.fingerprint), location: entry.location,
                    baseKey: nil, headKey: nil, subject: entry.fingerprint))
        }
        return result
    }
}

extension Message {
    static func notAFingerprint(_ token: String) -> Message {
        "'\(token)' is not a change fingerprint: expected 16 hex digits, as 'linkrules diff' prints them"
    }
    static func unusedApproval(_ fingerprint: String) -> Message {
        "the approved change '\(fingerprint)' is not in this diff: remove it from the approved-changes file"
    }
}
