/// Something wrong in an apple-app-site-association file, found while reading it: what kind of problem, a
/// message in the house style, and the exact characters it concerns. The `aasa-invalid` rule reports these.
struct AssociationProblem: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem, so rules and tests need not compare message text.
    enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file is not JSON; the range is where the reader stopped.
        case invalidJSON
        /// A value of the wrong JSON type (`details` an object, `exclude` a string…).
        case wrongType
        /// A required key is absent (`applinks`, `details`, an entry's app ids or patterns).
        case missingKey
        /// An app id not of the form `TEAMID.bundle.id`.
        case invalidAppID
        /// A key the format does not define, often a misspelling.
        case unknownKey
        /// One entry mixes forms that systems read differently (`paths` with `components`, `appID` with `appIDs`).
        case mixedForms
        /// A key repeated in one object; readers keep only one of the values.
        case duplicateKey
        /// A path pattern that can never match a URL path.
        case unmatchablePattern
        /// The file is larger than iOS reads (128 KB).
        case tooLarge
    }

    var kind: Kind
    var message: String
    var range: SourceRange
    /// For invalid JSON, where the unclosed string, object or array starts.
    var openingRange: SourceRange?

    init(kind: Kind, message: String, range: SourceRange, openingRange: SourceRange? = nil) {
        self.kind = kind
        self.message = message
        self.range = range
        self.openingRange = openingRange
    }

    var description: String { "\(range.start.line):\(range.start.column): \(message)" }
}
