import Synchronization

/// The routes a catalogue declares (`DeclaredRoutes`), built the first time they are asked for (`duplicate-link`
/// reads them all, a fix asks whether its new URL is taken), and the rename verdicts fixes share.
final class LazyRouteIndex: Sendable {
    private let routes = Mutex<DeclaredRoutes?>(nil)
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

    /// The routes `context`'s links declare, built on it first when they are not yet.
    func routes(in context: LintContext) -> DeclaredRoutes {
        routes.withLock { routes in
            if let routes { return routes }
            let built = DeclaredRoutes(context)
            routes = built
            return built
        }
    }

    /// The declarations of route key hash `hash`, in catalogue order.
    func declarations(of hash: UInt64, in context: LintContext) -> [DeclaredRoutes.Declaration] {
        routes(in: context).declarations(of: hash)
    }
}

/// A fix that changes a link's URL must not make it the route of another link (a new `duplicate-link`): the
/// rules ask before they offer one, and say why when they do not.
extension LintContext {
    /// The link's URL with each span replaced by its text (the spans in order, not overlapping).
    func fixedURL(_ link: Link, replacing edits: [(span: Range<Int>, text: String)]) -> String {
        LintContext.replacing(edits, in: link.template.text)
    }

    /// Where another link (not one of `excluding`, the links the fix changes) already declares the route of `url`,
    /// as its URL or an alias: the note a finding carries instead of a fix that would duplicate it.
    func routeTaken(by url: String, excluding: some Collection<Int>) -> Note? {
        let template = templateParser.parse(url)
        let declarations = routeIndex.declarations(of: template.routeKeyHash, in: self)
        // Nearly always no route has the hash, and the key is not written at all.
        guard !declarations.isEmpty else { return nil }
        let key = template.routeKey
        for declaration in declarations where !excluding.contains(Int(declaration.link)) {
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
        _ message: Message, _ link: Link, replacing span: Range<Int>, with replacement: String,
        examples: (LinkTemplate) -> [(span: Range<Int>, text: String)]? = { _ in nil }
    ) -> (fixes: [FixIt], notes: [Note]) {
        let url = fixedURL(link, replacing: [(span: span, text: replacement)])
        if let note = routeTaken(by: url, excluding: CollectionOfOne(link.index)) { return ([], [note]) }
        let edits = [urlEdit(link, replacing: span, with: replacement)] + exampleEdits(link, examples)
        return ([FixIt(message: message, edits: edits, applicability: .unsafe)], [])
    }
}

extension Message {
    static func fixWithheld(wouldMake rules: [String]) -> Message {
        let what = rules.isEmpty ? "a new error" : rules.map { "a new '\($0)'" }.joined(separator: " and ")
        return "its fix was held back: with the other fixes it would make \(what); fix it by hand"
    }
    static func fixWouldDuplicate(_ url: String) -> Message {
        "no fix is offered: '\(url)' is already declared here, and the fix would make a duplicate link"
    }
}

/// `examples:` follow their link: a fix that changes a link's URL changes its examples the same way, so no
/// `example-mismatch` appears after it.
extension LintContext {
    /// One edit for each example of `link` that `transform` changes: `transform` gets the example parsed and gives
    /// the replacements to make in its text (nil or empty to leave it). Each example is rewritten whole, once.
    func exampleEdits(_ link: Link, _ transform: (LinkTemplate) -> [(span: Range<Int>, text: String)]?) -> [TextEdit] {
        link.examples.compactMap { example in
            let parsed = templateParser.parse(example.value)
            guard let replacements = transform(parsed), !replacements.isEmpty else { return nil }
            let text = LintContext.replacing(replacements, in: example.value)
            guard text != example.value else { return nil }
            return ScalarEditor.edit(example, in: link.file, replacing: 0..<example.value.utf8.count, with: text)
        }
    }

    /// `text` with each UTF-8 span replaced (in order; overlapping ones after the first are skipped).
    static func replacing(_ edits: [(span: Range<Int>, text: String)], in text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.utf8.count })
        var cursor = 0
        // Nearly always one edit, which needs no sorted copy.
        let inOrder = edits.count < 2 ? edits : edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound })
        for edit in inOrder where edit.span.lowerBound >= cursor {
            result += bytes[cursor..<edit.span.lowerBound]
            result.append(contentsOf: edit.text.utf8)
            cursor = edit.span.upperBound
        }
        result += bytes[cursor...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The edits renaming, in an example, the components at the positions where the link's template has the word
    /// `name` (the example's word there must be it too, in any case).
    static func renaming(_ name: String, to newName: String, in template: LinkTemplate) -> (LinkTemplate) -> [(span: Range<Int>, text: String)] {
        let positions = template.components.indices.filter { template.components[$0].isLiteral && template.components[$0].name == name }
        return { example in
            positions.compactMap { position in
                guard position < example.components.count, example.components[position].name == name else { return nil }
                return (span: example.components[position].span, text: newName)
            }
        }
    }

    /// The edit removing, in an example, the path from the end of the component at `position` to the end of the
    /// path (what a modal's fix removes from its link).
    static func removingPath(after position: Int) -> (LinkTemplate) -> [(span: Range<Int>, text: String)]? {
        { example in
            guard position + 1 < example.components.count else { return nil }
            return [(span: example.components[position].span.upperBound..<example.components[example.components.count - 1].span.upperBound, text: "")]
        }
    }

    /// The edit removing, in an example, the component at `position` and the separator after it.
    static func removingComponent(at position: Int) -> (LinkTemplate) -> [(span: Range<Int>, text: String)]? {
        { example in
            guard position + 1 < example.components.count else { return nil }
            return [(span: example.components[position].span.lowerBound..<example.components[position + 1].span.lowerBound, text: "")]
        }
    }
}
