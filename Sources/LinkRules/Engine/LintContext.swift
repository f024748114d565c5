/// What a rule sees besides the link: the catalogue's declarations (vocabulary, hosts, parameters), its links
/// (`links`), what was looked up once for each link, and the configured inflector. It also builds diagnostics and
/// fixes that point into link URLs. A class, immutable once built: passing it to every rule is a single reference
/// count rather than a copy of the whole catalogue.
final class LintContext: Sendable {
    let catalogue: Catalogue
    let inflector: Inflector
    /// The day the catalogue is linted on (`lint --today` or the clock, passed in by the command); nil when none
    /// was given, and rules that compare dates then leave those checks out.
    let today: CalendarDate?
    /// Whether `plural-resource-nouns` is on, so the spelling the naming rules agree on makes collections plural
    /// (`spelling(of:component:)`); off, `no-separators` joins a word and leaves its number as written.
    let pluralizesCollections: Bool
    /// Whether `lowercase` is on, so the agreed spelling of a joined word is lowercase (`Shop_Items` → `shopitems`,
    /// not `ShopItems`, which `lowercase` would report next).
    let lowercasesWords: Bool
    /// The vocabulary position of every path component of every link, in link order (-1 where the vocabulary
    /// has none): several rules look at the entry of each component, and each name is looked up once.
    private let positions: [Int32]
    /// Where each link's components start in `positions`, by the link's place among `links`.
    private let firstPositions: [Int32]
    /// Each link's `LinkTemplate.routeKeyHash`, by its place among `links`: `DeclaredRoutes` places every link's
    /// URL by it, for `duplicate-link` and the fixes that ask whether a route is taken.
    let routeKeyHashes: [UInt64]
    /// Small facts about each link (flags, its host form), recorded in the same pass: see `facts(for:)`.
    private let linkFacts: LinkFacts
    /// What is worked out once from the declarations.
    private let declared: Declared
    /// The catalogue's links by their places. Held apart from `catalogue`: `isOwn` reads it for every look-up a
    /// rule makes, and reading through the `catalogue` property copies the whole catalogue struct out of the class.
    let links: [Link]
    /// For each declared component name that a fix may rename (a singular collection, a name with separators),
    /// the indices of the links that use it. Built once, so a rename fix never scans every link.
    private let renameIndex: [String: [Int]]
    /// The routes declared, built when a fix first asks whether its new URL is taken (`routeTaken(by:excluding:)`).
    let routeIndex = LazyRouteIndex()

    /// A parser for the catalogue's `hosts`, shared by the rules that parse examples and aliases: building one
    /// lowercases and hashes every host, too much to do per link.
    var templateParser: LinkTemplateParser { declared.templateParser }
    private var pluralEntries: [Bool] { declared.pluralEntries }
    /// For each vocabulary entry, by position, the note saying which parameters it accepts (`unknown-query-param`
    /// puts it on every finding whose path has the entry): made once, not for every finding.
    var acceptedParamsNotes: [Note] { declared.acceptedParamsNotes }

    /// What a context works out once from the catalogue's declarations: the parser for its hosts, which entries
    /// read as plurals, and which names a fix may rename.
    struct Declared: Sendable {
        let templateParser: LinkTemplateParser
        /// Whether each vocabulary entry's name reads as a plural, by position: a declared word is inflected once.
        let pluralEntries: [Bool]
        /// The note of each vocabulary entry's accepted parameters, by position.
        let acceptedParamsNotes: [Note]
        /// The lowercased name of each vocabulary entry a fix may rename, by position (nil for the others).
        let renameCandidates: [String?]
        let hasRenameCandidates: Bool

        /// What `catalogue`'s declarations give, its hosts' parser made afresh unless one is given.
        init(catalogue: Catalogue, inflector: Inflector, templateParser: LinkTemplateParser? = nil) {
            self.templateParser = templateParser ?? LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
            pluralEntries = catalogue.components.map { inflector.isPlural($0.name.value) }
            acceptedParamsNotes = catalogue.components.map { entry in
                Note(message: .acceptsParams(entry.name.value, entry.params.lazy.map(\.value)), location: entry.location)
            }
            // The candidates by position in the vocabulary: an array, since every component of every link is
            // looked up in it.
            var candidates = [String?](repeating: nil, count: catalogue.components.count)
            var hasCandidates = false
            for component in catalogue.components {
                let name = component.name.value.lowercased()
                let hasSeparator = name.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
                if hasSeparator || !inflector.isPlural(name) && (component.kind == .collection || component.idType != nil),
                    let declared = catalogue.componentPosition(named: name)
                {
                    candidates[declared] = name
                    hasCandidates = true
                }
            }
            renameCandidates = candidates
            hasRenameCandidates = hasCandidates
        }
    }

    init(
        catalogue: Catalogue, inflector: Inflector = Inflector(), today: CalendarDate? = nil,
        pluralizesCollections: Bool = true, lowercasesWords: Bool = true
    ) {
        self.today = today
        self.pluralizesCollections = pluralizesCollections
        self.lowercasesWords = lowercasesWords
        let declared = Declared(catalogue: catalogue, inflector: inflector)
        // A large catalogue's links are resolved in contiguous chunks over the cores, joined in order.
        let links = catalogue.links
        let chunks = ConcurrentJobs.chunks(of: links.count, minimum: Linter.linksPerChunk, perCore: 8)
        var resolved = ConcurrentJobs.flatMap(count: chunks.count, concurrently: chunks.count > 1) { chunk in
            [Self.resolve(links[chunks[chunk]], in: catalogue)]
        }
        self.catalogue = catalogue
        self.inflector = inflector
        self.declared = declared
        self.links = links
        if resolved.count == 1 {
            positions = resolved[0].positions
            firstPositions = resolved[0].firstPositions
            routeKeyHashes = resolved[0].routeKeyHashes
        } else {
            var positions: [Int32] = []
            var firstPositions: [Int32] = []
            var routeKeyHashes: [UInt64] = []
            positions.reserveCapacity(resolved.reduce(0) { $0 + $1.positions.count })
            firstPositions.reserveCapacity(links.count)
            routeKeyHashes.reserveCapacity(links.count)
            for chunk in resolved {
                let base = Int32(positions.count)
                firstPositions += chunk.firstPositions.map { $0 + base }
                positions += chunk.positions
                routeKeyHashes += chunk.routeKeyHashes
            }
            self.positions = positions
            self.firstPositions = firstPositions
            self.routeKeyHashes = routeKeyHashes
        }
        linkFacts = LinkFacts(chunks: resolved.indices.map { index in
            // Each chunk's facts are moved out, not copied.
            var facts = LinkFacts.Chunk(capacity: 0)
            swap(&facts, &resolved[index].facts)
            return facts
        })
        renameIndex = declared.hasRenameCandidates
            ? Self.renameIndex(positions: positions, firstPositions: firstPositions, base: 0, declared) : [:]
    }

    /// This context when it was built on `catalogue`, else a context built on it with the same settings (a
    /// test may hand a rule a context of another catalogue).
    func built(on catalogue: Catalogue) -> LintContext {
        isBuilt(on: catalogue)
            ? self
            : LintContext(
                catalogue: catalogue, inflector: inflector, today: today, pluralizesCollections: pluralizesCollections,
                lowercasesWords: lowercasesWords)
    }

    /// The links using each rename candidate, found from the components' positions, link after link; the first
    /// link is at catalogue place `base`.
    private static func renameIndex(positions: [Int32], firstPositions: [Int32], base: Int, _ declared: Declared) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        // Positions run link after link, so the link of a position is found by walking `firstPositions`.
        var order = 0
        for (at, position) in positions.enumerated() where position >= 0 {
            guard let name = declared.renameCandidates[Int(position)] else { continue }
            while order + 1 < firstPositions.count, Int(firstPositions[order + 1]) <= at { order += 1 }
            let link = base + order
            if index[name]?.last != link { index[name, default: []].append(link) }
        }
        return index
    }

    /// What resolving consecutive links finds: the vocabulary positions of their components, link after link,
    /// where each link's positions start, each link's route key hash, and each link's facts.
    struct ResolvedChunk: Sendable {
        var positions: [Int32] = []
        /// Where each link's positions start in this chunk's `positions`.
        var firstPositions: [Int32] = []
        var routeKeyHashes: [UInt64] = []
        var facts: LinkFacts.Chunk
    }

    /// Reads every link once: looks its components up in the vocabulary, hashes its route key and records its
    /// facts (`LinkFacts`), while the link is at hand.
    private static func resolve(_ links: ArraySlice<Link>, in catalogue: Catalogue) -> ResolvedChunk {
        let hasVocabulary = catalogue.hasVocabulary
        // A placeholder is looked up by an empty name and a number by its digits: when no declared name is empty
        // or has a digit, neither can name an entry and neither is looked up.
        let looksUpValues = catalogue.components.contains { component in
            component.name.value.isEmpty || component.name.value.utf8.contains(where: isDigit)
        }
        var found = ResolvedChunk(facts: LinkFacts.Chunk(capacity: links.count))
        found.positions.reserveCapacity(links.count * 4)
        found.firstPositions.reserveCapacity(links.count)
        found.routeKeyHashes.reserveCapacity(links.count)
        for link in links {
            found.routeKeyHashes.append(link.template.routeKeyHash)
            found.firstPositions.append(Int32(found.positions.count))
            // Through the array's storage: each component is read in place, not copied out with its text.
            link.template.components.withUnsafeBufferPointer { components in
                found.facts.record(link, components: components)
                for index in components.indices {
                    guard hasVocabulary, looksUpValues || components[index].isLiteral else {
                        found.positions.append(-1)
                        continue
                    }
                    found.positions.append(catalogue.componentPosition(of: components[index]).map(Int32.init) ?? -1)
                }
            }
        }
        return found
    }

    /// The facts of the links of `catalogue` by their places in its `links`: those recorded up front when the
    /// context was built on it (always, in a lint), else read afresh.
    func facts(for catalogue: Catalogue) -> LinkFacts {
        isBuilt(on: catalogue) ? linkFacts : LinkFacts(links: catalogue.links)
    }

    /// The flags `LinkFacts` recorded for each link, by its place among `links`.
    var linkFlags: [LinkFacts.Flags] { linkFacts.flags }

    /// The flags `LinkFacts` recorded for the link at a place of the context's catalogue.
    func flags(at position: Int) -> LinkFacts.Flags { linkFacts.flags[position] }

    /// Whether the context was built on these very links (the same array storage), so what it computed up front
    /// applies by index.
    func isBuilt(on catalogue: Catalogue) -> Bool {
        let base = links.withUnsafeBufferPointer { $0.baseAddress }
        return catalogue.links.count == links.count && catalogue.links.withUnsafeBufferPointer { $0.baseAddress } == base
    }

    /// Whether a link is the catalogue's own, at its place, so what was recorded for it applies.
    private func isOwn(_ link: Link) -> Bool {
        link.index >= 0 && link.index < links.count && links[link.index] === link
    }

    /// The position in the vocabulary (`catalogue.components`) of the entry that the `name` of the component at
    /// `index` of a link's path names, if the vocabulary declares it (as `Catalogue.componentPosition(of:)`).
    /// Looked up once per lint for the catalogue's own links.
    func vocabularyPosition(of link: Link, component index: Int) -> Int? {
        // A link of the catalogue's own sits at its index; any other link is looked up afresh.
        if isOwn(link) {
            let position = positions[Int(firstPositions[link.index]) + index]
            return position >= 0 ? Int(position) : nil
        }
        return componentPositionAfresh(of: link.template.components[index])
    }

    /// `catalogue.componentPosition(of:)`, for a link that is not the catalogue's own. Kept out of line: inlined
    /// into a rule's loop, it has the rule copy the whole catalogue struct out of the class for every link, own
    /// or not.
    @inline(never)
    private func componentPositionAfresh(of component: PathComponent) -> Int? {
        catalogue.componentPosition(of: component)
    }

    /// The vocabulary's entry named `name` (`catalogue.component(named:)`), for the note of a finding. Kept out of
    /// line for the reason `componentPositionAfresh` is: a rule that reads `catalogue.component(named:)` itself
    /// copies the whole catalogue struct out of the class for every link it checks, finding or not.
    @inline(never)
    func declaredComponent(named name: String) -> ComponentSpec? {
        catalogue.component(named: name)
    }

    /// Whether the `name` of the component at `index` of a link's path reads as a plural (`Inflector.isPlural`),
    /// decided once per vocabulary entry for the words the vocabulary declares.
    func isPlural(_ link: Link, component index: Int) -> Bool {
        if let position = vocabularyPosition(of: link, component: index) { return pluralEntries[position] }
        return inflector.isPlural(link.template.components[index].name)
    }

    /// The links that use a declared component a fix may rename (see `renameIndex`); nil for names not indexed.
    func linksUsing(_ name: String) -> [Int]? {
        renameIndex[name]
    }

    /// A diagnostic of `rule` at a UTF-8 range of the link's URL, with the rule's default severity (the linter
    /// applies the configured one).
    func diagnostic<R: Rule>(
        _ rule: R.Type, _ message: Message, link: Link, span: Range<Int>, notes: [Note] = [], fixes: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(
            ruleID: R.description.id, severity: R.description.defaultSeverity, message: message,
            location: link.location(ofURL: span), notes: notes, fixes: fixes, link: link)
    }

    /// A diagnostic of `rule` at any location, about a link when one is given.
    func diagnostic<R: Rule>(
        _ rule: R.Type, _ message: Message, at location: SourceLocation, link: Link? = nil, notes: [Note] = [],
        fixes: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(
            ruleID: R.description.id, severity: R.description.defaultSeverity, message: message, location: location,
            notes: notes, fixes: fixes, link: link)
    }

    /// An edit replacing a UTF-8 range of a link's URL, escaped for the scalar's quoting. When a plain scalar would
    /// need quoting after the change, the edit rewrites the whole scalar in single quotes instead.
    func urlEdit(_ link: Link, replacing span: Range<Int>, with replacement: String) -> TextEdit {
        ScalarEditor.edit(link.url, in: link.file, replacing: span, with: replacement)
    }

    /// A fix replacing one range of a link's URL.
    func urlFix(
        _ message: Message, _ link: Link, replacing span: Range<Int>, with replacement: String,
        applicability: FixApplicability
    ) -> FixIt {
        FixIt(message: message, edits: [urlEdit(link, replacing: span, with: replacement)], applicability: applicability)
    }

    /// A note pointing at a component's declaration in the vocabulary.
    func declarationNote(_ component: ComponentSpec, _ message: Message) -> Note {
        Note(message: message, location: component.location)
    }
}

/// Builds text edits on YAML scalars that respect their quoting style.
enum ScalarEditor {
    /// Whether a plain scalar of `text` would read differently, so it must be quoted: empty, an indicator
    /// first, a blank at either end, or `: ` or ` #` inside (those end a plain scalar), or a `:` last. Decided
    /// on the UTF-8 bytes in one pass: every one of these characters is ASCII.
    static func needsQuoting(_ text: String) -> Bool {
        needsQuoting(text, replacing: 0..<0, with: "")
    }

    /// `needsQuoting(_:)` of `value` with its UTF-8 range `span` replaced by `replacement`, read in place from the
    /// bytes of both: the new text is made only when it must be quoted.
    static func needsQuoting(_ value: String, replacing span: Range<Int>, with replacement: String) -> Bool {
        var value = value
        var replacement = replacement
        return value.withUTF8 { value in
            replacement.withUTF8 { replacement in
                var check = PlainScalarCheck()
                for byte in value[..<span.lowerBound] { check.read(byte) }
                for byte in replacement { check.read(byte) }
                for byte in value[span.upperBound...] { check.read(byte) }
                return check.needsQuoting
            }
        }
    }

    /// The bytes of a scalar read one after another, and what `needsQuoting(_:)` asks of them.
    private struct PlainScalarCheck {
        /// The last byte read; nil before the first.
        private var previous: UInt8?
        private var quoting = false

        mutating func read(_ byte: UInt8) {
            if let previous {
                if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { quoting = true }
                if previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#") { quoting = true }
            } else if byte == UInt8(ascii: " ") || indicators.contains(byte) {
                quoting = true
            }
            previous = byte
        }

        var needsQuoting: Bool {
            guard let last = previous else { return true }
            return quoting || last == UInt8(ascii: " ") || last == UInt8(ascii: ":")
        }
    }

    /// The characters that cannot start a plain scalar.
    private static let indicators = ASCIISet(Array("-?:,[]{}#&*!|>'\"%@`".utf8))

    /// `text` in YAML single quotes.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''") + "'"
    }

    /// An edit replacing part of a scalar's value.
    static func edit(_ scalar: Scalar, in file: SourceFile, replacing span: Range<Int>, with replacement: String) -> TextEdit {
        ScalarEditTarget(scalar, in: file, replacing: span).edit(with: replacement)
    }
}

/// A part of a scalar's value that an edit will replace, with where it is written worked out up front: the edit is
/// made later, once the replacement is known, without reading the file's bytes again (but for a plain scalar that
/// the replacement makes need quotes, or a block scalar, on a line that is not ASCII). A catalogue pass prepares
/// one while its link's part of the file is at hand, and writes the replacement at the end.
struct ScalarEditTarget: Sendable {
    let file: SourceFile
    /// The scalar's decoded value and how it is written.
    let value: String
    let style: ScalarStyle
    /// The UTF-8 range of `value` that is replaced.
    let span: Range<Int>
    /// The byte range of the whole scalar, quotes included: an edit that rewrites it (rare) finds its location then.
    let tokenRange: Range<Int>
    /// Where `span` is written in the file (escapes and quotes accounted for).
    let spanLocation: SourceLocation

    init(_ scalar: Scalar, in file: SourceFile, replacing span: Range<Int>) {
        self.file = file
        value = scalar.value
        style = scalar.style
        self.span = span
        tokenRange = scalar.tokenRange
        spanLocation = file.location(ofBytes: scalar.sourceRange(ofValue: span, in: file))
    }

    /// The edit writing `replacement` in place of the span, escaped for the scalar's quoting. When a plain scalar
    /// would need quoting after the change, the edit rewrites the whole scalar in single quotes instead.
    func edit(with replacement: String) -> TextEdit {
        switch style {
        case .plain:
            if ScalarEditor.needsQuoting(value, replacing: span, with: replacement) {
                return TextEdit(
                    location: file.location(ofBytes: tokenRange), replacement: ScalarEditor.singleQuoted(replacing(with: replacement)))
            }
            return TextEdit(location: spanLocation, replacement: replacement)
        case .singleQuoted:
            return TextEdit(location: spanLocation, replacement: replacement.replacingAll("'", with: "''"))
        case .doubleQuoted:
            return TextEdit(
                location: spanLocation,
                replacement: replacement.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\""))
        case .literal, .folded:
            return TextEdit(
                location: file.location(ofBytes: tokenRange), replacement: ScalarEditor.singleQuoted(replacing(with: replacement)))
        }
    }

    /// The value with the span replaced.
    private func replacing(with replacement: String) -> String {
        var newValue = Array(value.utf8)
        newValue.replaceSubrange(span, with: replacement.utf8)
        return String(decoding: newValue, as: UTF8.self)
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation needed). A target of one ASCII
    /// character (a quote, a backslash: the usual case) that the bytes do not hold is settled by one pass over
    /// them, without the search by characters.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        if target.utf8.count == 1, let byte = target.utf8.first, byte < 0x80, !utf8.containsByte(where: { $0 == byte }) {
            return self
        }
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
