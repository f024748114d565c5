/// The links of a catalogue by their places: held in memory, or, for a lint that lets each part of a long
/// `links:` block go once its rules have seen it (`Linter.lint(parts:)`), decoded again from the file when a
/// rule asks for one. Catalogue rules reach the links they did not visit through it: for findings, and to compare
/// two links whose hashes meet.
public struct LinkStore: RandomAccessCollection, Sendable {
    /// The links held, the first at place `heldBase`.
    private let held: [Link]
    private let heldBase: Int
    /// Where every link not held comes from; nil when all are held. A class, so copying the store (reading it out
    /// of a context, on every look-up) costs a reference count, not an existential's copy.
    private let source: (any LinkSource)?
    public let startIndex: Int
    public let endIndex: Int

    /// A store of links held in memory.
    public init(_ links: [Link]) { self.init(holding: links, firstIndex: 0, source: nil) }

    /// A store of every link of a catalogue, which `source` gives on demand.
    init(others source: any LinkSource) { self.init(holding: [], firstIndex: 0, source: source) }

    private init(holding links: [Link], firstIndex: Int, source: (any LinkSource)?) {
        held = links
        heldBase = firstIndex
        self.source = source
        startIndex = source == nil ? firstIndex : 0
        endIndex = source?.count ?? firstIndex + links.count
    }

    /// This store with `links` (the first at place `firstIndex`) held; the others come as they do here.
    func holding(_ links: [Link], firstIndex: Int) -> LinkStore {
        LinkStore(holding: links, firstIndex: firstIndex, source: source)
    }


    /// The link at a place: the held one, or one decoded again (a new object each time, equal in every value).
    public subscript(position: Int) -> Link {
        let offset = position - heldBase
        if offset >= 0 && offset < held.count { return held[offset] }
        guard let source else { preconditionFailure("link \(position) is not in the store") }
        return source.link(at: position)
    }

    /// The links, when they are all held in memory; nil when some are decoded on demand.
    public var heldLinks: [Link]? { source == nil ? held : nil }

    /// Whether `link` is this store's own link at its place, so what was recorded for that place applies to it:
    /// the very object when it is held, the same entry of the same file when it is decoded again.
    public func isOwn(_ link: Link) -> Bool {
        let offset = link.index - heldBase
        if offset >= 0 && offset < held.count && held[offset] === link { return true }
        return source?.isOwn(link) ?? false
    }

    /// Whether `link` is one of the links held, at its place.
    func holds(_ link: Link) -> Bool {
        let offset = link.index - heldBase
        return offset >= 0 && offset < held.count && held[offset] === link
    }
}

/// Where a `LinkStore` that does not hold its links gets them: a class.
protocol LinkSource: AnyObject, Sendable {
    var count: Int { get }
    /// The link at a place, built afresh.
    func link(at position: Int) -> Link
    /// Whether `link` is the one at its index (which may be out of range).
    func isOwn(_ link: Link) -> Bool
}
