/// One entry of an association file's `components` array (or one string of the legacy `paths` array): the
/// URL path, query and fragment it matches, and whether a match opens the app or keeps the link in the browser.
struct AssociationPattern: Hashable, Sendable {
    /// How the pattern was written.
    enum Form: String, Hashable, Sendable {
        /// A dictionary of the `components` array (iOS 13 and later).
        case component
        /// A string of the legacy `paths` array, excluded with a `NOT ` prefix.
        case legacyPath
    }

    let form: Form
    /// The pattern for the URL path (`/` key, or the legacy string without `NOT `); `*` when absent.
    let path: String
    /// The pattern for the query (`?` key); `.whole("*")` when absent.
    let query: AssociationQueryPattern
    /// The pattern for the fragment (`#` key); `*` when absent.
    let fragment: String
    /// Whether a URL that matches must not open the app (`exclude: true` or a `NOT ` prefix).
    let exclude: Bool
    /// Whether letters must match in case, after the file's and the entry's `defaults` (default true).
    let caseSensitive: Bool
    /// Whether the pattern's `%XX` escapes stand for the characters they encode (default true).
    let percentEncoded: Bool
    let comment: String?
    /// The component dictionary, or the legacy path string, in the association file.
    let range: SourceRange
    /// The `/` value (or the legacy path string) when one is written.
    let pathRange: SourceRange?
    /// Which `details` entry the pattern belongs to, and its position in that entry's list (0-based).
    let detailIndex: Int
    let index: Int

    private let pathMatcher: AssociationWildcard
    private let fragmentMatcher: AssociationWildcard
    private let queryMatcher: QueryMatcher

    /// The `?` part compiled once: one matcher for the whole query string, or one per required item.
    private enum QueryMatcher: Hashable, Sendable {
        case whole(AssociationWildcard)
        case items([QueryItemMatcher])
    }

    /// A required query item: its name and a matcher for its value.
    private struct QueryItemMatcher: Hashable, Sendable {
        /// The decoded item name, lowercased when matching ignores case.
        var name: String
        var value: AssociationWildcard
    }

    init(
        form: Form = .component,
        path: String = "*",
        query: AssociationQueryPattern = .whole("*"),
        fragment: String = "*",
        exclude: Bool = false,
        caseSensitive: Bool = true,
        percentEncoded: Bool = true,
        comment: String? = nil,
        range: SourceRange,
        pathRange: SourceRange? = nil,
        detailIndex: Int = 0,
        index: Int = 0
    ) {
        self.form = form
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
        self.range = range
        self.pathRange = pathRange
        self.detailIndex = detailIndex
        self.index = index
        self.pathMatcher = AssociationWildcard(path, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        self.fragmentMatcher = AssociationWildcard(
            fragment, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        switch query {
        case .whole(let pattern):
            self.queryMatcher = .whole(
                AssociationWildcard(pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded))
        case .items(let items):
            self.queryMatcher = .items(
                items.map { item in
                    let name = percentEncoded ? URLComponentPercentDecoding.decode(item.name) : item.name
                    return QueryItemMatcher(
                        name: caseSensitive ? name : name.lowercasedASCIIIfNeeded,
                        value: AssociationWildcard(
                            item.valuePattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded))
                })
        }
    }

    /// Whether a URL's path, query items and fragment, as written in the URL (percent-encoded), match every
    /// part of this pattern. A missing query or fragment is matched as empty text, so `*` still matches it.
    func matches(path: String, query: [(String, String?)], fragment: String?) -> Bool {
        guard pathMatcher.matches(path) else { return false }
        guard fragmentMatcher.matches(fragment ?? "") else { return false }
        switch queryMatcher {
        case .whole(let matcher):
            let text = query.map { name, value in value.map { "\(name)=\($0)" } ?? name }.joined(separator: "&")
            return matcher.matches(text)
        case .items(let items):
            let decodedNames = query.map { item -> String in
                let name = URLComponentPercentDecoding.decode(item.0)
                return caseSensitive ? name : name.lowercasedASCIIIfNeeded
            }
            return items.allSatisfy { item in
                decodedNames.indices.contains { position in
                    decodedNames[position] == item.name && item.value.matches(query[position].1 ?? "")
                }
            }
        }
    }

    /// Whether the pattern constrains only the path (no query or fragment pattern other than `*`).
    var matchesAnyQueryAndFragment: Bool {
        query == .whole("*") && fragment == "*"
    }
}

/// The `?` part of a component: either one pattern for the whole query string, or a dictionary of query-item
/// names to value patterns that must all be present and match.
enum AssociationQueryPattern: Hashable, Sendable {
    case whole(String)
    case items([AssociationQueryItemPattern])
}

/// One `name: valuePattern` entry of a component's `?` dictionary.
struct AssociationQueryItemPattern: Hashable, Sendable {
    var name: String
    var valuePattern: String
    /// The key in the association file.
    var range: SourceRange?

    init(name: String, valuePattern: String, range: SourceRange? = nil) {
        self.name = name
        self.valuePattern = valuePattern
        self.range = range
    }
}

/// The pattern that decided how a URL is handled: the first one, in file order, that matches it.
struct AssociationMatch: Hashable, Sendable {
    var pattern: AssociationPattern
    /// The app ids of the `details` entry the pattern belongs to.
    var appIDs: [String]

    init(pattern: AssociationPattern, appIDs: [String]) {
        self.pattern = pattern
        self.appIDs = appIDs
    }

    /// Whether the URL opens the app; false when the deciding pattern excludes it.
    var opensApp: Bool { !pattern.exclude }
}
