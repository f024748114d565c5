/// The links of a catalogue by their places: held in memory, or, for a lint that lets each part of a long
/// `links:` block go once its rules have seen it (`StreamingLint`), decoded again from the file when a rule asks
/// for one. Catalogue rules reach the links they did not visit through it, and only for findings.
public struct LinkStore: RandomAccessCollection, Sendable {
    private let held: [Link]
    private let source: (any LinkSource)?

    /// A store of links held in memory.
    public init(_ links: [Link]) {
        held = links
        source = nil
    }

    /// A store whose links `source` gives on demand.
    init(source: any LinkSource) {
        held = []
        self.source = source
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { source?.count ?? held.count }

    /// The link at a place: the held one, or one decoded again (a new object each time, equal in every value).
    public subscript(position: Int) -> Link {
        guard let source else { return held[position] }
        return source.link(at: position)
    }

    /// The links, when they are held in memory; nil when they are decoded on demand.
    public var heldLinks: [Link]? { source == nil ? held : nil }

    /// Whether `link` is this store's own link at its index, so what was recorded for that place applies to it:
    /// the very object when links are held, the same entry of the same file when they are decoded again.
    public func isOwn(_ link: Link) -> Bool {
        guard link.index >= 0, link.index < count else { return false }
        guard let source else { return held[link.index] === link }
        return source.isOwn(link)
    }
}

/// Where a `LinkStore` that does not hold its links gets them.
protocol LinkSource: Sendable {
    var count: Int { get }
    /// The link at a place, built afresh.
    func link(at position: Int) -> Link
    /// Whether `link` is the one at its index.
    func isOwn(_ link: Link) -> Bool
}
