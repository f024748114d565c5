import Synchronization

/// One catalogue file read as its declarations and then, part after part, the entries of its `links:` block, for
/// a lint that checks each part's links and lets them go (`Linter.lint(parts:)`). A link let go is decoded again
/// from its entry's bytes when a rule asks for it (`linkSource(keeping:)`). Only a file whose block has the plain
/// layout (`LinksBlockLayout`) and whose declarations decode on their own is read this way; for any other the
/// initializer gives nil and the file is loaded whole, which reports exactly the errors it always has.
struct CatalogueFileParts: Sendable {
    let file: SourceFile
    /// The file's declarations: every top-level value but the links, and the load findings made before them.
    let declarations: Catalogue
    /// Where the entries' load findings go among the declarations' (the `links` key's place in the file).
    let findingsBeforeLinks: Int
    let plan: InputPlan
    /// The parser of templates, for the declared hosts.
    let parser: LinkTemplateParser
    /// Where each entry's first line starts, as 32-bit offsets (the loader refuses files of 4 GiB or more).
    private let entryStarts: [UInt32]
    /// The column of the entries' `-`, and where the block ends.
    private let indentation: Int
    private let blockEnd: Int

    /// The parts of `file` of `entriesPerPart` entries, or nil when the file must be loaded whole or has fewer
    /// than `minimumEntries` links. Throws what the loader throws for content that is not text.
    init?(file: SourceFile, entriesPerPart: Int, minimumEntries: Int = 1) throws {
        try CatalogueLoader().checkText(file)
        guard let layout = LinksBlockLayout(of: file), layout.entryStarts.count >= minimumEntries else { return nil }
        let plan = InputPlan(layout: layout, file: file, entriesPerPart: entriesPerPart)
        var declarations = Catalogue(files: [file])
        var components: [ComponentSpec] = []
        var params: [ParamSpec] = []
        guard let findingsBeforeLinks = Self.decodeHeader(
            of: file, plan: plan, into: &declarations, components: &components, params: &params)
        else { return nil }
        declarations.components = components
        declarations.params = params
        self.file = file
        self.declarations = declarations
        self.findingsBeforeLinks = findingsBeforeLinks
        self.plan = plan
        parser = LinkTemplateParser(hosts: Set(declarations.hosts.map(\.value)))
        entryStarts = layout.entryStarts.map { UInt32($0) }
        indentation = layout.indentation
        blockEnd = layout.end
    }

    /// The links of one part and their entries' load findings, or nil when the part does not decode as planned
    /// (the file is then loaded whole).
    func decode(part index: Int) -> (links: [Link], findings: [LoadFinding])? {
        let part = plan.parts[index]
        var links: [Link] = []
        links.reserveCapacity(part.entries.count)
        var findings: [LoadFinding] = []
        guard decode(bytes: part.bytes, firstIndex: part.entries.lowerBound, findings: &findings, into: &links),
            links.count == part.entries.count
        else { return nil }
        return (links, findings)
    }

    /// Decodes the entries in `bytes`, the first numbered `firstIndex`, appending their links; false on any error.
    private func decode(bytes: Range<Int>, firstIndex: Int, findings: inout [LoadFinding], into links: inout [Link]) -> Bool {
        Self.decodeEntries(
            of: file, bytes: bytes, firstEntry: firstIndex, linkIndexBase: 0, parser: parser, findings: &findings
        ) { link in
            links.append(link)
        }
    }

    /// Decodes what `plan` calls the header of `file` (the file with its `links:` block cut out) into a catalogue
    /// being built: the place of the `links` key among the load findings, or nil on any error or when the file
    /// is not laid out as planned (it is then decoded in one pass, which reports what it always has).
    static func decodeHeader(
        of file: SourceFile, plan: InputPlan, into catalogue: inout Catalogue, components: inout [ComponentSpec],
        params: inout [ParamSpec]
    ) -> Int? {
        var noEntries: [LinkEntry] = []
        let header = CatalogueFileDecoder(
            reader: YAMLEventReader(file: file, segments: plan.headerSegments, depth: 0), linksPlaceholder: plan.linksKeyOffset)
        do {
            try header.decode(into: &catalogue, components: &components, params: &params, links: &noEntries)
        } catch {
            return nil
        }
        guard noEntries.isEmpty else { return nil }
        return header.findingsBeforeLinks
    }

    /// Decodes the entries of a part of `file`'s `links:` block (`bytes`, whole entries, the first the file's
    /// entry `firstEntry`, as load findings name it) and hands each link to `body` in order, its template parsed by
    /// `parser` and its index `linkIndexBase` (the links of earlier files) more than its entry's; false on any
    /// error, `body`'s included.
    static func decodeEntries(
        of file: SourceFile, bytes: Range<Int>, firstEntry: Int, linkIndexBase: Int, parser: LinkTemplateParser,
        findings: inout [LoadFinding], _ body: (Link) throws -> Void
    ) -> Bool {
        // The part's sequence stands where the file's `links:` sequence does: inside the top-level mapping.
        let decoder = CatalogueFileDecoder(reader: YAMLEventReader(file: file, segments: [bytes], depth: 1))
        var index = linkIndexBase + firstEntry
        do {
            try decoder.decodeLinks(firstIndex: firstEntry, findings: &findings) { entry in
                // Taken: the entry's values move into the link rather than being copied and then destroyed.
                try body(entry.takeLink(index: index, template: parser.parse(entry.url.value)))
                index += 1
            }
        } catch {
            return false
        }
        return true
    }

    /// The bytes of entry `index` alone, as a part of one entry would have them.
    fileprivate func entryBytes(_ index: Int) -> Range<Int> {
        let end = index + 1 < entryStarts.count ? Int(entryStarts[index + 1]) + indentation : blockEnd
        return Int(entryStarts[index])..<end
    }

    /// A source of the file's links that decodes each again from its entry, but for the links in `kept`.
    func linkSource(keeping kept: [Link]) -> any LinkSource { EntryDecodingSource(parts: self, kept: kept) }

    fileprivate var entryCount: Int { entryStarts.count }

    fileprivate func entryStart(_ index: Int) -> Int { Int(entryStarts[index]) }

    /// Entry `index` decoded again, as its part decoded it.
    fileprivate func link(at index: Int) -> Link {
        var links: [Link] = []
        var findings: [LoadFinding] = []
        let decoded = decode(bytes: entryBytes(index), firstIndex: index, findings: &findings, into: &links)
        // The entry decoded once already, in its part: its bytes have not changed since.
        precondition(decoded && links.count == 1, "entry \(index) of '\(file.path)' no longer decodes on its own")
        return links[0]
    }
}

/// The links of a `CatalogueFileParts` on demand: those kept in memory as they are, any other decoded again.
private final class EntryDecodingSource: LinkSource {
    let parts: CatalogueFileParts
    /// Kept links by their place.
    let kept: [Int: Link]

    /// The entries read again most recently, whose pages of a mapped file stay while their links are likely in use
    /// (a rule reads a link's scalars to place a finding or a fix); the pages around an older one are let go, which
    /// may take a recent one's too when they are close (they are read in again if touched).
    private let recent = Mutex(RecentEntries())

    init(parts: CatalogueFileParts, kept: [Link]) {
        self.parts = parts
        self.kept = Dictionary(kept.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var count: Int { parts.entryCount }

    func link(at position: Int) -> Link {
        if let link = kept[position] { return link }
        let link = parts.link(at: position)
        guard parts.file.bytes.isMapped else { return link }
        // Links read again are far apart in a long catalogue, and the system maps 64 KiB around each page read:
        // without letting older ones go, a few hundred findings would page in the whole file.
        if let older = recent.withLock({ $0.push(link.entryRange.lowerBound) }) {
            parts.file.bytes.releasePages(around: older)
        }
        return link
    }

    func isOwn(_ link: Link) -> Bool {
        let index = link.index
        guard index >= 0, index < count, link.file === parts.file else { return false }
        // The entry's mapping starts on the entry's first line, before the next entry's.
        let start = link.entryRange.lowerBound
        return start >= parts.entryStart(index) && (index + 1 == count || start < parts.entryStart(index + 1))
    }
}

/// The start offsets of the last few entries read again, in a ring: `push` replaces the oldest.
private struct RecentEntries {
    private var offsets = [Int](repeating: -1, count: 2)
    private var next = 0

    /// Records `offset`; gives the offset it pushes out of the ring, if any.
    mutating func push(_ offset: Int) -> Int? {
        let older = offsets[next]
        offsets[next] = offset
        next = (next + 1) % offsets.count
        return older >= 0 ? older : nil
    }
}
