/// Where a rule's documentation page is, from `ReportOptions.ruleDocumentationBase` (`--rule-docs-base`): a
/// folder such as the default `rules/`, or an absolute URL such as a repository's `…/blob/main/rules/`.
extension ReportOptions {
    /// The address of a rule's page: the base (with a `/` added when it has none) + id + `.md`.
    func ruleDocumentationURL(_ id: String) -> String {
        ruleDocumentationFolder + id + ".md"
    }

    /// The address of the rule index, `README.md` in the base folder.
    var ruleIndexURL: String { ruleDocumentationFolder + "README.md" }

    /// Whether the base is an absolute URI (`scheme:…`), as SARIF requires of `helpUri` and `informationUri`.
    var ruleDocumentationIsAbsolute: Bool { Self.isAbsoluteURI(ruleDocumentationBase) }

    private var ruleDocumentationFolder: String {
        let base = ruleDocumentationBase
        return base.isEmpty || base.hasSuffix("/") ? base : base + "/"
    }

    /// RFC 3986: a scheme (a letter, then letters, digits, `+`, `-`, `.`) and a colon. A Windows drive (`C:`) is
    /// one letter, so it is not taken for a scheme.
    static func isAbsoluteURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon >= 2, isAlpha(bytes[0]) else { return false }
        return bytes[1..<colon].allSatisfy {
            isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}
