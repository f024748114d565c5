/// An apple-app-site-association file read for its universal links (Cookpad's universal links): each `applinks.details` entry
/// with its app ids and ordered patterns, every pattern located in the file, and the problems found on the way.
/// Reading never fails: an invalid file yields problems and whatever entries could still be understood.
struct AssociationFile: Sendable {
    let source: SourceFile
    /// The JSON document, or nil when the file is not valid JSON.
    let root: JSONValue?
    let details: [AssociationDetail]
    private let problems: [AssociationProblem]

    init(source: SourceFile) {
        var reader = AssociationFileReader(source: source)
        let (root, details) = reader.read()
        self.source = source
        self.root = root
        self.details = details
        self.problems = reader.problems.enumerated()
            .sorted { ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset) }
            .map(\.element)
    }

    /// Every problem in the file, in source order.
    func validate() -> [AssociationProblem] { problems }

    /// Every app id the file names, in order of first appearance.
    var appIDs: [String] {
        var seen = Set<String>()
        return details.flatMap(\.appIDs).map(\.value).filter { seen.insert($0).inserted }
    }

    /// Every pattern of every entry, in file order.
    var patterns: [AssociationPattern] { details.flatMap(\.patterns) }

    /// The pattern that decides a URL: the first, in file order, that matches its path, query items and fragment
    /// (all as written in the URL, percent-encoded). Nil when no pattern matches, so the app does not open.
    func firstMatch(path: String, query: [(String, String?)], fragment: String?) -> AssociationMatch? {
        firstMatch(path: path, query: query, fragment: fragment, appID: nil)
    }

    /// Like `firstMatch(path:query:fragment:)`, looking only at the entries that name `appID` when one is given.
    func firstMatch(
        path: String, query: [(String, String?)], fragment: String?, appID: String?
    ) -> AssociationMatch? {
        for detail in details {
            if let appID, !detail.appIDs.contains(where: { $0.value == appID }) { continue }
            for pattern in detail.patterns where pattern.matches(path: path, query: query, fragment: fragment) {
                return AssociationMatch(pattern: pattern, appIDs: detail.appIDs.map(\.value))
            }
        }
        return nil
    }

    /// Whether a text is an application identifier `TEAMID.bundle.id`: a team id of 10 uppercase letters or
    /// digits, a dot, then a bundle id of letters, digits, `-` and non-empty `.`-separated parts.
    /// The largest association file iOS reads, uncompressed: 128 KB.
    static let maximumSize = 128 * 1024

    static func isValidAppID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "."),
            bytes[..<10].allSatisfy({ isUppercaseLetterOrDigit($0) })
        else { return false }
        let bundle = bytes[11...]
        guard bundle.allSatisfy({ isBundleCharacter($0) }) else { return false }
        return !bundle.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains { $0.isEmpty }
    }

    private static func isUppercaseLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isBundleCharacter(_ byte: UInt8) -> Bool {
        isUppercaseLetterOrDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// One `applinks.details` entry: the apps it names and the patterns, in order, that decide which URLs they open.
struct AssociationDetail: Hashable, Sendable {
    var appIDs: [AssociationAppID]
    /// The `components` patterns, or the legacy `paths` when the entry has no `components` (systems since
    /// iOS 13 read `components` and ignore `paths` when both are present).
    var patterns: [AssociationPattern]
    /// Which form `patterns` come from; nil when the entry has neither.
    var form: AssociationPattern.Form?
    /// The entry's dictionary in the file.
    var range: SourceRange

    init(appIDs: [AssociationAppID], patterns: [AssociationPattern], form: AssociationPattern.Form?, range: SourceRange) {
        self.appIDs = appIDs
        self.patterns = patterns
        self.form = form
        self.range = range
    }
}

/// An app id string of a `details` entry, where it is written.
struct AssociationAppID: Hashable, Sendable {
    var value: String
    var range: SourceRange

    init(value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// The matching settings in force for a pattern: the file's `applinks.defaults`, overridden by the entry's
/// `defaults`, overridden by the component itself.
private struct MatchingDefaults {
    var caseSensitive = true
    var percentEncoded = true
}

/// Walks the JSON of an association file once, building its entries and collecting problems.
private struct AssociationFileReader {
    static let topLevelKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let applinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
    static let detailKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    let source: SourceFile
    var problems: [AssociationProblem] = []

    init(source: SourceFile) { self.source = source }

    mutating func read() -> (JSONValue?, [AssociationDetail]) {
        if source.bytes.count > AssociationFile.maximumSize {
            report(
                .tooLarge,
                "the file is \(source.bytes.count) bytes: iOS reads no association file larger than 128 KB",
                0..<1)
        }
        let root: JSONValue
        do {
            root = try JSONDocument.parse(Array(source.bytes))
        } catch {
            let opening = error.openingOffset.map { source.range(ofBytes: $0..<min($0 + 1, source.bytes.count)) }
            problems.append(
                AssociationProblem(
                    kind: .invalidJSON, message: "invalid JSON: \(error.message)",
                    range: source.range(ofBytes: error.byteOffset..<min(error.byteOffset + 1, source.bytes.count)),
                    openingRange: opening))
            return (nil, [])
        }
        reportDuplicateKeys(in: root)
        guard let topMembers = root.members else {
            report(.wrongType, "the association file must be a JSON object, found \(root.kindDescription)", root.range)
            return (root, [])
        }
        checkKeys(topMembers, known: Self.topLevelKeys, context: "at the top level")
        guard let applinks = root["applinks"] else {
            report(.missingKey, "missing 'applinks': the file declares no universal links", opening(of: root))
            return (root, [])
        }
        guard let applinksMembers = applinks.members else {
            report(.wrongType, "'applinks' must be an object, found \(applinks.kindDescription)", applinks.range)
            return (root, [])
        }
        checkKeys(applinksMembers, known: Self.applinksKeys, context: "in 'applinks'")
        if let apps = applinks["apps"], apps.elements == nil {
            report(.wrongType, "'apps' must be an array, found \(apps.kindDescription)", apps.range)
        }
        if let variables = applinks["substitutionVariables"], variables.members == nil {
            report(
                .wrongType, "'substitutionVariables' must be an object, found \(variables.kindDescription)",
                variables.range)
        }
        let domainDefaults = readDefaults(applinks["defaults"], inheriting: MatchingDefaults())
        guard let detailsValue = applinks["details"] else {
            report(.missingKey, "missing 'details' in 'applinks': no app is associated", opening(of: applinks))
            return (root, [])
        }
        guard let elements = detailsValue.elements else {
            report(.wrongType, "'details' must be an array, found \(detailsValue.kindDescription)", detailsValue.range)
            return (root, [])
        }
        var details: [AssociationDetail] = []
        for (index, element) in elements.enumerated() {
            if let detail = readDetail(element, index: index, defaults: domainDefaults) { details.append(detail) }
        }
        return (root, details)
    }

    // MARK: Entries

    mutating func readDetail(_ value: JSONValue, index: Int, defaults: MatchingDefaults) -> AssociationDetail? {
        guard let members = value.members else {
            report(.wrongType, "each 'details' entry must be an object, found \(value.kindDescription)", value.range)
            return nil
        }
        checkKeys(members, known: Self.detailKeys, context: "in a 'details' entry")
        let appIDs = readAppIDs(value)
        let defaults = readDefaults(value["defaults"], inheriting: defaults)

        let components = value.member("components")
        let paths = value.member("paths")
        if let components, let paths {
            let later = components.keyRange.lowerBound > paths.keyRange.lowerBound ? components : paths
            report(
                .mixedForms,
                "this entry has both 'paths' and 'components': systems since iOS 13 read only 'components' "
                    + "and older ones only 'paths'",
                later.keyRange)
        }
        var patterns: [AssociationPattern] = []
        var form: AssociationPattern.Form?
        if let components {
            form = .component
            if let elements = components.value.elements {
                for (position, element) in elements.enumerated() {
                    if let pattern = readComponent(element, detailIndex: index, index: position, defaults: defaults) {
                        patterns.append(pattern)
                    }
                }
            } else {
                report(
                    .wrongType, "'components' must be an array, found \(components.value.kindDescription)",
                    components.value.range)
            }
        } else if let paths {
            form = .legacyPath
            if let elements = paths.value.elements {
                for (position, element) in elements.enumerated() {
                    if let pattern = readLegacyPath(element, detailIndex: index, index: position) {
                        patterns.append(pattern)
                    }
                }
            } else {
                report(.wrongType, "'paths' must be an array, found \(paths.value.kindDescription)", paths.value.range)
            }
        } else {
            report(.missingKey, "this 'details' entry lists no 'components'", opening(of: value))
        }
        return AssociationDetail(appIDs: appIDs, patterns: patterns, form: form, range: source.range(ofBytes: value.range))
    }

    mutating func readAppIDs(_ detail: JSONValue) -> [AssociationAppID] {
        let single = detail.member("appID")
        let list = detail.member("appIDs")
        if let single, let list {
            let later = single.keyRange.lowerBound > list.keyRange.lowerBound ? single : list
            report(.mixedForms, "this entry has both 'appID' and 'appIDs': list every app in 'appIDs'", later.keyRange)
        }
        var appIDs: [AssociationAppID] = []
        if let list {
            if let elements = list.value.elements {
                for element in elements {
                    if let appID = readAppID(element, key: "appIDs") { appIDs.append(appID) }
                }
            } else {
                report(
                    .wrongType, "'appIDs' must be an array of strings, found \(list.value.kindDescription)",
                    list.value.range)
            }
        }
        if let single, let appID = readAppID(single.value, key: "appID") { appIDs.append(appID) }
        if single == nil, list == nil {
            report(.missingKey, "this 'details' entry names no app: add 'appIDs'", opening(of: detail))
        }
        return appIDs
    }

    mutating func readAppID(_ value: JSONValue, key: String) -> AssociationAppID? {
        guard let text = value.stringValue else {
            report(.wrongType, "an app id in '\(key)' must be a string, found \(value.kindDescription)", value.range)
            return nil
        }
        if !AssociationFile.isValidAppID(text) {
            report(
                .invalidAppID,
                "'\(text)' is not an app id of the form 'TEAMID.bundle.id' (a team id of 10 uppercase letters "
                    + "or digits, a dot, then the bundle id)",
                value.range)
        }
        return AssociationAppID(value: text, range: source.range(ofBytes: value.range))
    }

    mutating func readDefaults(_ value: JSONValue?, inheriting inherited: MatchingDefaults) -> MatchingDefaults {
        guard let value else { return inherited }
        guard let members = value.members else {
            report(.wrongType, "'defaults' must be an object, found \(value.kindDescription)", value.range)
            return inherited
        }
        checkKeys(members, known: Self.componentKeys, context: "in 'defaults'")
        var defaults = inherited
        if let flag = readBool(value, "caseSensitive") { defaults.caseSensitive = flag }
        if let flag = readBool(value, "percentEncoded") { defaults.percentEncoded = flag }
        return defaults
    }

    // MARK: Patterns

    mutating func readComponent(
        _ value: JSONValue, detailIndex: Int, index: Int, defaults: MatchingDefaults
    ) -> AssociationPattern? {
        guard let members = value.members else {
            report(.wrongType, "each 'components' entry must be an object, found \(value.kindDescription)", value.range)
            return nil
        }
        checkKeys(members, known: Self.componentKeys, context: "in a component")
        var usable = true
        var path = "*"
        var pathRange: SourceRange?
        if let pathValue = value["/"] {
            if let text = pathValue.stringValue {
                path = text
                pathRange = source.range(ofBytes: pathValue.range)
                checkPathStart(text, range: pathValue.range)
            } else {
                report(.wrongType, "'/' must be a string pattern, found \(pathValue.kindDescription)", pathValue.range)
                usable = false
            }
        }
        var fragment = "*"
        if let fragmentValue = value["#"] {
            if let text = fragmentValue.stringValue {
                fragment = text
            } else {
                report(
                    .wrongType, "'#' must be a string pattern, found \(fragmentValue.kindDescription)",
                    fragmentValue.range)
                usable = false
            }
        }
        var query = AssociationQueryPattern.whole("*")
        if let queryValue = value["?"] {
            if let text = queryValue.stringValue {
                query = .whole(text)
            } else if let items = queryValue.members {
                var itemPatterns: [AssociationQueryItemPattern] = []
                for item in items {
                    if let text = item.value.stringValue {
                        itemPatterns.append(
                            AssociationQueryItemPattern(
                                name: item.key, valuePattern: text, range: source.range(ofBytes: item.keyRange)))
                    } else {
                        report(
                            .wrongType,
                            "the pattern for query item '\(item.key)' must be a string, found "
                                + item.value.kindDescription,
                            item.value.range)
                        usable = false
                    }
                }
                query = .items(itemPatterns)
            } else {
                report(
                    .wrongType, "'?' must be a string pattern or an object of query items, found "
                        + queryValue.kindDescription,
                    queryValue.range)
                usable = false
            }
        }
        var exclude = false
        if value["exclude"] != nil {
            if let flag = readBool(value, "exclude") { exclude = flag } else { usable = false }
        }
        let caseSensitive = readBool(value, "caseSensitive") ?? defaults.caseSensitive
        let percentEncoded = readBool(value, "percentEncoded") ?? defaults.percentEncoded
        var comment: String?
        if let commentValue = value["comment"] {
            if let text = commentValue.stringValue {
                comment = text
            } else {
                report(.wrongType, "'comment' must be a string, found \(commentValue.kindDescription)", commentValue.range)
            }
        }
        guard usable else { return nil }
        return AssociationPattern(
            form: .component, path: path, query: query, fragment: fragment, exclude: exclude,
            caseSensitive: caseSensitive, percentEncoded: percentEncoded, comment: comment,
            range: source.range(ofBytes: value.range), pathRange: pathRange, detailIndex: detailIndex, index: index)
    }

    mutating func readLegacyPath(_ value: JSONValue, detailIndex: Int, index: Int) -> AssociationPattern? {
        guard var text = value.stringValue else {
            report(.wrongType, "each 'paths' entry must be a string, found \(value.kindDescription)", value.range)
            return nil
        }
        var exclude = false
        if text.hasPrefix("NOT ") {
            exclude = true
            text.removeFirst(4)
        }
        checkPathStart(text, range: value.range)
        let range = source.range(ofBytes: value.range)
        return AssociationPattern(
            form: .legacyPath, path: text, exclude: exclude, range: range, pathRange: range,
            detailIndex: detailIndex, index: index)
    }

    /// A URL path starts with `/`, so a pattern starting with anything but `/` or a wildcard never matches.
    mutating func checkPathStart(_ pattern: String, range: Range<Int>) {
        guard let first = pattern.first, first != "/", first != "*", first != "?" else { return }
        report(
            .unmatchablePattern,
            "the path pattern '\(pattern)' does not start with '/', so it matches no URL: write '/\(pattern)'",
            range)
    }

    mutating func readBool(_ object: JSONValue, _ key: String) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let flag = value.boolValue else {
            report(.wrongType, "'\(key)' must be true or false, found \(value.kindDescription)", value.range)
            return nil
        }
        return flag
    }

    // MARK: Keys

    mutating func checkKeys(_ members: [JSONMember], known: [String], context: String) {
        for member in members where !known.contains(member.key) {
            let message: String
            if let suggestion = Suggestion.closest(to: member.key, in: known) {
                message = "unknown key '\(member.key)' \(context): did you mean '\(suggestion)'?"
            } else {
                let list = known.map { "'\($0)'" }.joined(separator: ", ")
                message = "unknown key '\(member.key)' \(context); known keys are \(list)"
            }
            report(.unknownKey, message, member.keyRange)
        }
    }

    mutating func reportDuplicateKeys(in value: JSONValue) {
        switch value {
        case .object(let members, _):
            var seen = Set<String>()
            for member in members {
                if !seen.insert(member.key).inserted {
                    report(.duplicateKey, "duplicate key '\(member.key)': only the last one counts", member.keyRange)
                }
                reportDuplicateKeys(in: member.value)
            }
        case .array(let elements, _):
            for element in elements { reportDuplicateKeys(in: element) }
        default:
            break
        }
    }

    // MARK: Reporting

    mutating func report(_ kind: AssociationProblem.Kind, _ message: String, _ bytes: Range<Int>) {
        problems.append(AssociationProblem(kind: kind, message: message, range: source.range(ofBytes: bytes)))
    }

    /// The opening brace of an object, where a problem about a missing key is reported.
    func opening(of value: JSONValue) -> Range<Int> {
        value.range.lowerBound..<min(value.range.lowerBound + 1, value.range.upperBound)
    }
}
