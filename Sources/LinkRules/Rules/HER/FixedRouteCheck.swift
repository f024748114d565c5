import Synchronization

/// The routes a catalogue declares (every link's URL and alias), by route key hash, built the first time a fix
/// asks whether its new URL is taken: most lints offer no URL-changing fix and never build it.
final class LazyRouteIndex: Sendable {
    /// Where a route is declared: a link's place, and the alias's position in its `aliases` (-1 for its URL).
    struct Declaration: Sendable {
        var link: Int32
        var alias: Int32
    }

    private let routes = Mutex<[UInt64: [Declaration]]?>(nil)
    /// For a declared component renamed in every link using it (`old→new`), the note saying why the rename is not
    /// offered, or nil when it may be: worked out once, not for each finding.
    private let renames = Mutex<[String: Note?]>([:])

    /// The verdict on renaming `key`, worked out by `decide` the first time it is asked.
    func renameVerdict(_ key: String, decide: () -> Note?) -> Note? {
        if let known = renames.withLock({ $0[key] }) { return known }
        let verdict = decide()
        renames.withLock { $0[key] = verdict }
        return verdict
    }

    init() {}

    /// The declarations of route key hash `hash`, the index built on `context` first when it is not yet.
    func declarations(of hash: UInt64, in context: LintContext) -> [Declaration] {
        routes.withLock { routes in
            if routes == nil {
                var index: [UInt64: [Declaration]] = [:]
                index.reserveCapacity(context.links.count)
                for link in context.links {
                    index[context.routeKeyHash(of: link), default: []].append(Declaration(link: Int32(link.index), alias: -1))
                    for (position, alias) in link.aliases.enumerated() {
                        let hash = context.templateParser.parse(alias.value).routeKeyHash
                        index[hash, default: []].append(Declaration(link: Int32(link.index), alias: Int32(position)))
                    }
                }
                routes = index
            }
            return routes?[hash] ?? []
        }
    }
}

/// A fix that changes a link's URL must not make it the route of another link (a new `duplicate-link`): the
/// rules ask before they offer one, and say why when they do not.
extension LintContext {
    /// The link's URL with each span replaced by its text (the spans in order, not overlapping).
    func fixedURL(_ link: Link, replacing edits: [(span: Range<Int>, text: String)]) -> String {
        let bytes = Array(link.template.text.utf8)
        var result: [UInt8] = []
        var cursor = 0
        for edit in edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) where edit.span.lowerBound >= cursor {
            result += bytes[cursor..<edit.span.lowerBound]
            result += Array(edit.text.utf8)
            cursor = edit.span.upperBound
        }
        result += bytes[cursor...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Where another link (not one of `excluding`, the links the fix changes) already declares the route of `url`,
    /// as its URL or an alias: the note a finding carries instead of a fix that would duplicate it.
    func routeTaken(by url: String, excluding: Set<Int>) -> Note? {
        let template = templateParser.parse(url)
        let key = template.routeKey
        for declaration in routeIndex.declarations(of: template.routeKeyHash, in: self)
        where !excluding.contains(Int(declaration.link)) {
            let other = links[Int(declaration.link)]
            let scalar = declaration.alias < 0 ? other.url : other.aliases[Int(declaration.alias)]
            let otherKey = declaration.alias < 0 ? other.template.routeKey : templateParser.parse(scalar.value).routeKey
            guard otherKey == key else { continue }
            return Note(message: .fixWouldDuplicate(url), location: other.file.location(ofBytes: scalar.tokenRange))
        }
        return nil
    }
}

extension LintContext {
    /// The unsafe fix replacing `span` of a link's URL with `replacement`, as a finding's fixes, or no fix and the
    /// note saying why when the new URL is another link's route.
    func urlFixUnlessDuplicating(
        _ message: Message, _ link: Link, replacing span: Range<Int>, with replacement: String
    ) -> (fixes: [FixIt], notes: [Note]) {
        let url = fixedURL(link, replacing: [(span: span, text: replacement)])
        if let note = routeTaken(by: url, excluding: [link.index]) { return ([], [note]) }
        return ([urlFix(message, link, replacing: span, with: replacement, applicability: .unsafe)], [])
    }
}

extension Message {
    static let fixWithheld: Message =
        "its fix was not applied: with the other fixes it would make a new error or a duplicate link; fix it by hand"
    static func fixWouldDuplicate(_ url: String) -> Message {
        "no fix is offered: '\(url)' is already declared here, and the fix would make a duplicate link"
    }
}
