/// Decides how `linkrules init` writes the query of the URLs of one route: a parameter that picks an option
/// (`her://boosts?open=buy`) keeps its value, one link per value; ids, free text and values that vary become
/// placeholders, optional (`{page:int?}`) where some URLs lack them; tracking parameters are left out of the
/// link; a credential's value is never written, in the link or in its examples.
struct QueryInference {
    /// One URL of the route, as seen, with its query items.
    struct Observation: Sendable {
        var url: String
        var query: [(name: String, value: String?)]
    }

    /// One link the route becomes: the query to append to its path template, its examples and the comments that
    /// explain what was left out.
    struct Variant: Equatable {
        var query: String
        var examples: [String]
        var seen: Int
        var remarks: [String]
    }

    /// At most this many values of one parameter make links of their own; more are a placeholder.
    static let maximumOptions = 5
    /// What an example shows instead of a credential's value.
    static let redacted = "REDACTED"

    private static let trackingRule = PreferPathOverQueryRule()
    private static let credentialRule = CredentialInURLRule()

    static func isTracking(_ name: String) -> Bool { trackingRule.isTracking(name) }
    static func isCredential(_ name: String) -> Bool { credentialRule.looksLikeCredential(name) }

    /// Whether a name says where the user came from inside the app (the HER app's `origin`, `origin_identifier`,
    /// a `from` or an `entry_point`): declared with the role `tracking-origin`, and never an option to move into
    /// the path.
    static func isOrigin(_ name: String) -> Bool {
        let lower = name.lowercasedASCIIIfNeeded
        return lower.contains("origin") || ["from", "entry", "entry_point", "entrypoint"].contains(lower)
    }

    /// What one parameter is across the route's URLs.
    private enum Kind: Equatable {
        case tracking, credential, option, value
    }

    /// The links the route's URLs become, with at most `examplesKept` examples each: one per option value picked
    /// and one for the URLs without a query; a link with more fixed values, then more query items, comes first, so
    /// that first-match dispatch reaches it.
    static func variants(of observations: [Observation], examplesKept: Int) -> [Variant] {
        var names: [String] = []
        var values: [String: [String]] = [:]
        var withoutValue: Set<String> = []
        for observation in observations {
            for (name, value) in observation.query {
                if values[name] == nil {
                    names.append(name)
                    values[name] = []
                }
                if let value {
                    if !values[name]!.contains(value), values[name]!.count <= maximumOptions { values[name]!.append(value) }
                } else {
                    withoutValue.insert(name)
                }
            }
        }
        var kinds: [String: Kind] = [:]
        for name in names {
            let seen = values[name] ?? []
            if isTracking(name) {
                kinds[name] = .tracking
            } else if isCredential(name) {
                kinds[name] = .credential
            } else if isOption(name, values: seen, someWithoutValue: withoutValue.contains(name)) {
                kinds[name] = .option
            } else {
                kinds[name] = .value
            }
        }

        // The URLs grouped by the options they pick, in the order first seen; a URL without a query (tracking
        // aside) is a link of its own, as a catalogue writes `exfe:///!{cross_id}` beside its sign-in form
        // `exfe:///!{cross_id}?user_id=…&token=…`.
        var groups: [[Observation]] = []
        var groupIndex: [[String]: Int] = [:]
        for observation in observations {
            let isBare = observation.query.allSatisfy { kinds[$0.name] == .tracking }
            let key = isBare ? [] : [""] + observation.query.filter { kinds[$0.name] == .option }.map { "\($0.name)=\($0.value ?? "")" }
            if let index = groupIndex[key] {
                groups[index].append(observation)
            } else {
                groupIndex[key] = groups.count
                groups.append([observation])
            }
        }

        let tracking = names.filter { kinds[$0] == .tracking }
        let credentials = names.filter { kinds[$0] == .credential }
        var variants: [(fixed: Int, items: Int, variant: Variant)] = []
        for group in groups {
            var items: [String] = []
            var fixed = 0
            for name in names where kinds[name] != .tracking {
                let present = group.compactMap { observation in observation.query.first { $0.name == name } }
                guard let first = present.first else { continue }
                let optional = present.count < group.count
                if kinds[name] == .option, let value = first.value {
                    items.append("\(name)=\(value)")
                    fixed += 1
                    continue
                }
                guard isPlaceholderName(name) else { continue }
                let groupValues = present.compactMap(\.value)
                guard !groupValues.isEmpty else {
                    // A flag without a value (`?debug`), written when every URL has it.
                    if !optional { items.append(name) }
                    continue
                }
                var type = ""
                if kinds[name] != .credential {
                    if groupValues.allSatisfy({ RouteMatcher.accepts($0, type: .int) }) {
                        type = ":int"
                    } else if groupValues.allSatisfy({ RouteMatcher.accepts($0, type: .uuid) }) {
                        type = ":uuid"
                    }
                }
                items.append("\(name)={\(name)\(type)\(optional ? "?" : "")}")
            }
            var remarks: [String] = []
            let groupTracking = tracking.filter { name in group.contains { $0.query.contains { $0.name == name } } }
            if !groupTracking.isEmpty {
                remarks.append(
                    "tracking parameter\(groupTracking.count == 1 ? "" : "s") left out of the link: \(groupTracking.joined(separator: ", ")) (a link accepts extra parameters)")
            }
            let groupCredentials = credentials.filter { name in group.contains { $0.query.contains { $0.name == name } } }
            if !groupCredentials.isEmpty {
                remarks.append(
                    "\(groupCredentials.map { "'\($0)'" }.joined(separator: ", ")) carr\(groupCredentials.count == 1 ? "ies" : "y") a credential: the values seen are not written here (\(redacted) in the examples), and credential-in-url reports it")
            }
            var examples: [String] = []
            for observation in group where examples.count < examplesKept {
                let example = redacting(credentials, in: observation.url)
                if !examples.contains(example) { examples.append(example) }
            }
            let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
            variants.append((fixed, items.count, Variant(query: query, examples: examples, seen: group.count, remarks: remarks)))
        }
        // A stable sort: more fixed values first, then more query items, else in the order seen.
        return variants.enumerated().sorted { a, b in
            (a.element.fixed, a.element.items, -a.offset) > (b.element.fixed, b.element.items, -b.offset)
        }.map(\.element.variant)
    }

    /// Whether a parameter picks one of a few options, so each value is a link of its own: a name that is not an
    /// id, a key, an argument (`PlaceholderRole.ofName`) or an origin, with at most `maximumOptions` values, each a short
    /// word (not numbers, not free text), and not a switch seen both on and off.
    private static func isOption(_ name: String, values: [String], someWithoutValue: Bool) -> Bool {
        guard PlaceholderRole.ofName(name) == .undecided, !isOrigin(name), !someWithoutValue, !values.isEmpty,
            values.count <= maximumOptions
        else { return false }
        let words = values.allSatisfy { value in value.utf8.count <= 20 && value.utf8.allSatisfy(isAlpha) }
        let switches = values.count > 1 && values.allSatisfy { PreferPathOverQueryRule.isBoolean($0.utf8) }
        return words && !switches
    }

    /// Whether a query name can name a placeholder: a letter or `_`, then letters, digits and `_`.
    static func isPlaceholderName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isAlpha(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// The URL with the values of the `credentials` parameters replaced by `redacted`.
    static func redacting(_ credentials: [String], in url: String) -> String {
        guard !credentials.isEmpty, let question = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[question...].firstIndex(of: "#") ?? url.endIndex
        let items = url[url.index(after: question)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let rewritten = items.map { item -> String in
            guard let equals = item.firstIndex(of: "="), credentials.contains(String(item[..<equals])) else { return String(item) }
            return item[...equals] + redacted
        }
        return url[...question] + rewritten.joined(separator: "&") + url[fragmentStart...]
    }
}
