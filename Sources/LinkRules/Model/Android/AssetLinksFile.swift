/// A Digital Asset Links file (`/.well-known/assetlinks.json`) read for the statements that let Android verify an
/// app's links: each statement's relations and target (app package and SHA-256 certificate fingerprints), located
/// in the file, and the problems of the file itself. Reading never fails: an invalid file yields problems.
struct AssetLinksFile: Sendable {
    static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    /// One statement of the file.
    struct Statement: Hashable, Sendable {
        var relations: [String]
        var namespace: String?
        var packageName: String?
        var fingerprints: [Located]
        var range: Range<Int>
    }

    /// A string of the file where it is written.
    struct Located: Hashable, Sendable {
        var value: String
        var range: Range<Int>
    }

    /// A problem of the file and where it is, with a related place when there is one (where an unclosed
    /// construct starts, the first of two duplicates).
    struct Problem: Hashable, Sendable {
        var message: Message
        var range: Range<Int>
        var related: (message: Message, range: Range<Int>)?

        static func == (a: Problem, b: Problem) -> Bool {
            a.message == b.message && a.range == b.range && a.related?.range == b.related?.range
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(message)
            hasher.combine(range)
        }
    }

    let source: SourceFile
    private(set) var statements: [Statement] = []
    private(set) var problems: [Problem] = []
    /// Whether the file is JSON whose top-level value is an array (of statements, valid or not).
    private(set) var isArrayOfStatements = false
    /// The range of the top-level value, or of the file's start when it is not JSON.
    private(set) var rootRange: Range<Int> = 0..<0

    init(source: SourceFile) {
        self.source = source
        let root: JSONValue
        do {
            root = try JSONDocument.parse(Array(source.bytes))
        } catch {
            let end = source.bytes.count
            problems.append(
                Problem(
                    message: .invalidJSONFile(error.message), range: error.byteOffset..<min(error.byteOffset + 1, end),
                    related: error.openingOffset.map { (.unclosedConstructStarts, $0..<min($0 + 1, end)) }))
            return
        }
        rootRange = root.range.lowerBound..<min(root.range.lowerBound + 1, root.range.upperBound)
        guard let elements = root.elements else {
            report(.assetLinksNotAnArray(root.kindDescription), root.range)
            return
        }
        isArrayOfStatements = true
        for element in elements {
            if let statement = readStatement(element) { statements.append(statement) }
        }
    }

    /// Whether a fingerprint has the form Android compares: 32 upper-case hexadecimal bytes separated by ':'.
    static func isValidFingerprint(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 32 * 3 - 1 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index % 3 == 2 {
                if byte != UInt8(ascii: ":") { return false }
            } else if !((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))) {
                return false
            }
        }
        return true
    }

    /// The statements that let `package` handle all URLs of the site.
    func linkStatements(for package: String) -> [Statement] {
        statements.filter {
            $0.relations.contains(Self.handleAllURLs) && $0.namespace == "android_app" && $0.packageName == package
        }
    }

    private mutating func readStatement(_ value: JSONValue) -> Statement? {
        guard value.members != nil else {
            report(.assetLinksWrongType("each statement", expected: "an object", found: value.kindDescription), value.range)
            return nil
        }
        let opening = value.range.lowerBound..<(value.range.lowerBound + 1)
        var relations: [String] = []
        if let relation = value["relation"] {
            if let items = relation.elements, items.allSatisfy({ $0.stringValue != nil }) {
                relations = items.compactMap(\.stringValue)
            } else {
                report(.assetLinksWrongType("'relation'", expected: "an array of strings", found: relation.kindDescription), relation.range)
            }
        } else {
            report(.assetLinksMissingKey("relation"), opening)
        }
        guard let target = value["target"] else {
            report(.assetLinksMissingKey("target"), opening)
            return Statement(relations: relations, fingerprints: [], range: value.range)
        }
        guard target.members != nil else {
            report(.assetLinksWrongType("'target'", expected: "an object", found: target.kindDescription), target.range)
            return Statement(relations: relations, fingerprints: [], range: value.range)
        }
        let namespace = target["namespace"]?.stringValue
        var statement = Statement(relations: relations, namespace: namespace, fingerprints: [], range: value.range)
        guard namespace == "android_app" else { return statement }
        let targetOpening = target.range.lowerBound..<(target.range.lowerBound + 1)
        if let package = target["package_name"] {
            if let name = package.stringValue {
                statement.packageName = name
            } else {
                report(.assetLinksWrongType("'package_name'", expected: "a string", found: package.kindDescription), package.range)
            }
        } else {
            report(.assetLinksMissingKey("package_name"), targetOpening)
        }
        guard let fingerprints = target["sha256_cert_fingerprints"] else {
            report(.assetLinksMissingKey("sha256_cert_fingerprints"), targetOpening)
            return statement
        }
        guard let items = fingerprints.elements else {
            report(
                .assetLinksWrongType("'sha256_cert_fingerprints'", expected: "an array of strings", found: fingerprints.kindDescription),
                fingerprints.range)
            return statement
        }
        var seen: [String: Range<Int>] = [:]
        for item in items {
            guard let text = item.stringValue else {
                report(.assetLinksWrongType("a fingerprint", expected: "a string", found: item.kindDescription), item.range)
                continue
            }
            let inside = (item.range.lowerBound + 1)..<(item.range.upperBound - 1)
            if !Self.isValidFingerprint(text) {
                report(.invalidFingerprint(text), inside)
            } else if let first = seen[text.uppercased()] {
                problems.append(Problem(message: .duplicateFingerprint(text), range: inside, related: (.firstListedHere, first)))
            }
            if seen[text.uppercased()] == nil { seen[text.uppercased()] = inside }
            statement.fingerprints.append(Located(value: text, range: inside))
        }
        return statement
    }

    private mutating func report(_ message: Message, _ range: Range<Int>) {
        problems.append(Problem(message: message, range: range, related: nil))
    }
}

extension Message {
    static func invalidJSONFile(_ detail: String) -> Message { "invalid JSON: \(detail)" }
    static func assetLinksNotAnArray(_ found: String) -> Message {
        "the asset links file must be a JSON array of statements, found \(found)"
    }
    static func assetLinksWrongType(_ what: String, expected: String, found: String) -> Message {
        "\(what) must be \(expected), found \(found)"
    }
    static func assetLinksMissingKey(_ key: String) -> Message { "missing '\(key)'" }
    static func invalidFingerprint(_ text: String) -> Message {
        "'\(text)' is not a SHA-256 certificate fingerprint: Android compares 32 upper-case hexadecimal bytes separated by ':' ('14:6D:E9:…')"
    }
    static func duplicateFingerprint(_ text: String) -> Message { "the fingerprint '\(text)' is listed twice" }
    static let firstListedHere: Message = "first listed here"
}
