/// The component vocabulary a generated catalogue declares (about 200 names: tabs, collections, screens,
/// modals and one navigable modal) and the query parameters, barriers and hosts its links draw on.
public struct Vocabulary: Sendable {
    /// A collection component: a plural noun that may be followed by an id of the given type.
    public struct Collection: Sendable {
        public let plural: String
        public let singular: String
        /// The placeholder type of its id: `int` or `uuid`.
        public let idType: String
    }

    /// A screen or modal component and the query parameters it accepts.
    public struct Destination: Sendable {
        public let name: String
        public let params: [String]
    }

    public let tabs: [String]
    public let collections: [Collection]
    /// The collections whose ids are integers, so a literal index can follow them.
    public let integerCollections: [Collection]
    /// The collections built from two words (`savedposts`), where a separator is easy to plant.
    public let compoundCollections: [(prefix: String, collection: Collection)]
    public let screens: [Destination]
    /// The screens that accept the `origin` query parameter.
    public let screensWithOrigin: [Destination]
    public let modals: [Destination]
    /// The modals that accept the `open` option as well as `origin`.
    public let modalsWithOption: [Destination]
    /// The one modal with its own navigation stack, which may be followed by more components.
    public let navigableModal = "account"
    /// The screen with a separator that every link of the renamed-component shape starts with.
    public let renamedScreen = "my_account"

    public let canonicalOrigin = "origin"
    /// Parameter names that mean the same as `origin` (the HER app's deep-link guide: `key`, `origin_identifier`).
    public let originSynonyms = ["key", "origin_identifier", "source"]
    public let originValues = ["push", "email", "banner", "widget", "campaign", "share", "onboarding"]
    public let optionValues = ["buy", "edit", "share", "purchase"]
    /// Query parameters that no component accepts.
    public let unknownParams = ["color", "ref", "utm_campaign", "lang", "mode"]
    public let barriers = ["authentication", "verified", "subscription"]
    public let schemes = ["her"]
    public let hosts = ["her.app", "links.her.app"]

    /// Every component name, in the order the catalogue header declares them.
    public var allComponentNames: [String] {
        tabs + collections.map(\.plural) + screens.map(\.name) + modals.map(\.name) + [navigableModal]
    }

    public init() {
        tabs = ["feed", "myprofile", "discover", "inbox", "home", "explore", "nearby", "today"]

        let nouns: [(String, String)] = [
            ("community", "communities"), ("post", "posts"), ("comment", "comments"), ("user", "users"),
            ("photo", "photos"), ("story", "stories"), ("group", "groups"), ("message", "messages"),
            ("thread", "threads"), ("event", "events"), ("ad", "ads"), ("campaign", "campaigns"),
            ("recipe", "recipes"), ("category", "categories"), ("city", "cities"), ("venue", "venues"),
            ("reply", "replies"), ("reaction", "reactions"), ("badge", "badges"), ("album", "albums"),
            ("video", "videos"), ("playlist", "playlists"), ("track", "tracks"), ("friend", "friends"),
            ("match", "matches"), ("invite", "invites"), ("challenge", "challenges"), ("poll", "polls"),
            ("note", "notes"), ("draft", "drafts"), ("collection", "collections"), ("topic", "topics"),
            ("tag", "tags"), ("article", "articles"), ("box", "boxes"), ("address", "addresses"),
            ("entry", "entries"), ("library", "libraries"), ("gallery", "galleries"),
            ("activity", "activities"), ("memory", "memories"), ("party", "parties"), ("review", "reviews"),
            ("question", "questions"), ("answer", "answers"), ("course", "courses"), ("lesson", "lessons"),
            ("episode", "episodes"), ("podcast", "podcasts"), ("channel", "channels"),
        ]
        let uuidNouns: [(String, String)] = [
            ("ticket", "tickets"), ("order", "orders"), ("invoice", "invoices"), ("payment", "payments"),
            ("subscription", "subscriptions"),
        ]
        let base = nouns.map { Collection(plural: $0.1, singular: $0.0, idType: "int") }
        var compounds: [(prefix: String, collection: Collection)] = []
        for prefix in ["saved", "shared", "archived", "pinned", "hidden"] {
            for noun in nouns.prefix(12) {
                let collection = Collection(plural: prefix + noun.1, singular: prefix + noun.0, idType: "int")
                compounds.append((prefix, collection))
            }
        }
        integerCollections = base + compounds.map(\.collection)
        collections = integerCollections + uuidNouns.map { Collection(plural: $0.1, singular: $0.0, idType: "uuid") }
        compoundCollections = compounds

        let screenNames = [
            "settings", "location", "search", "notifications", "help", "about", "privacy", "terms", "language",
            "appearance", "feedback", "wallet", "stats", "calendar", "map", "scanner", "onboarding",
            "leaderboard", "history", "bookmarks", "downloads", "security", "storage", "accessibility",
            "blocked", "support", "rewards", "referrals", "insights", "preferences",
        ] + nouns.prefix(10).map { "edit" + $0.0 }
        screens = screenNames.enumerated().map { index, name in
            Destination(name: name, params: index % 3 == 1 ? ["origin"] : [])
        }
        screensWithOrigin = screens.filter { !$0.params.isEmpty }

        let modalNames = [
            "premium", "verification", "paywall", "sharesheet", "report", "rating", "consent", "upgrade",
            "giftcard", "checkout", "boosts", "superlike", "spotlight", "welcome", "tutorial", "whatsnew",
            "permissions", "camera", "composer", "picker",
        ] + nouns.prefix(10).map { "new" + $0.0 }
        let modalsTakingOption: Set<String> = ["premium", "upgrade", "checkout", "boosts"]
        modals = modalNames.map { name in
            Destination(name: name, params: modalsTakingOption.contains(name) ? ["origin", "open"] : ["origin"])
        }
        modalsWithOption = modals.filter { $0.params.contains("open") }
    }
}
