import FoundationEssentials

/// How a file whose `links:` block has the plain layout (`LinksBlockLayout`) is decoded in parts: the header
/// (the file with the block cut out: two byte ranges read as one text), then parts of whole entries, each read
/// as a text of its own, balanced by size.
struct InputPlan: Equatable {
    /// One part of the `links:` block.
    struct Part: Equatable {
        /// The bytes libyaml reads: whole lines from the first entry's line to the next part's first line, and
        /// then that line's indentation, so the last entry ends where the next `-` stands, as it does in the
        /// whole file.
        var bytes: Range<Int>
        /// The entries in it, numbered in the file.
        var entries: Range<Int>
    }

    /// The entries a part holds at least when the loader chooses the parts itself (counting entries as being of
    /// one size: parts are cut by size in bytes).
    static let minimumEntriesPerPart = 1024

    /// Where the `links` key is written.
    var linksKeyOffset: Int
    /// The file without the block: from the text's start to the first entry, and from the block's end on.
    var headerSegments: [Range<Int>]
    var parts: [Part]
    var entryCount: Int { parts.last?.entries.upperBound ?? 0 }

    /// The plan for `file`, or nil when it is decoded in one pass: `decoding` is `.never`, the layout is not
    /// the plain one, or (`.automatic`) one core or too few entries for two parts.
    init?(file: SourceFile, decoding: ParallelLinkDecoding) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        switch decoding {
        case .never: return nil
        case .automatic:
            guard cores > 1, let layout = LinksBlockLayout(of: file),
                let shares = Self.guidedShares(entries: layout.entryStarts.count, cores: cores)
            else { return nil }
            self.init(layout: layout, file: file, partCount: shares.count, bySize: shares)
        case .partsOf(let entries):
            guard let layout = LinksBlockLayout(of: file) else { return nil }
            self.init(layout: layout, file: file, entriesPerPart: entries)
        }
    }

    /// The most rounds of parts `guidedShares(entries:cores:)` makes: four parts a core.
    static let guidedRounds = 4

    /// The shares of the block, in bytes, that `entries` entries are cut into for `cores` cores: as many rounds of
    /// `guidedShares(parts:cores:)` as leave the smallest part `minimumEntriesPerPart` entries (counting entries
    /// as being of one size); nil when not even two parts would.
    static func guidedShares(entries: Int, cores: Int) -> [Double]? {
        for parts in stride(from: cores * guidedRounds, through: 2, by: -1) {
            let shares = guidedShares(parts: parts, cores: cores)
            if Double(entries) * shares[parts - 1] >= Double(minimumEntriesPerPart) { return shares }
        }
        return nil
    }

    /// Shares of the block (in bytes, summing to 1) for `parts` parts run on `cores` cores, largest first, as in
    /// guided scheduling: the parts come in rounds of one a core, each round's parts half the size of the last
    /// round's, so the cores start on long parts and end on short ones, and a core that runs slower (or starts
    /// later) than the others leaves them little to wait for at the end. A last round with fewer parts than
    /// cores gets the size its parts would have in a full one.
    static func guidedShares(parts: Int, cores: Int) -> [Double] {
        let cores = max(1, min(cores, parts))
        let weights = (0..<parts).map { 1 / Double(1 << min($0 / cores, 30)) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// The plan that cuts `layout`'s block into parts of at most `entriesPerPart` entries, as even as can be.
    init(layout: LinksBlockLayout, file: SourceFile, entriesPerPart: Int) {
        let count = (layout.entryStarts.count + max(entriesPerPart, 1) - 1) / max(entriesPerPart, 1)
        self.init(layout: layout, file: file, partCount: max(count, 1), bySize: nil)
    }

    /// Cuts the block into `partCount` parts: of the given shares of its size in bytes (`bySize`), else of the
    /// same number of entries.
    private init(layout: LinksBlockLayout, file: SourceFile, partCount: Int, bySize shares: [Double]?) {
        let starts = layout.entryStarts
        linksKeyOffset = layout.keyOffset
        headerSegments = [file.byteOrderMarkLength..<starts[0], layout.end..<file.bytes.count]
        var boundaries = [0]
        var shareBefore = 0.0
        for part in 1..<max(partCount, 1) {
            var next: Int
            if let shares {
                shareBefore += shares[part - 1]
                let target = starts[0] + Int(Double(layout.end - starts[0]) * shareBefore)
                next = Self.firstIndex(in: starts, atOrAfter: target)
            } else {
                next = starts.count * part / partCount
            }
            next = min(next, starts.count)
            if next > boundaries[boundaries.count - 1], next < starts.count { boundaries.append(next) }
        }
        boundaries.append(starts.count)
        parts = (1..<boundaries.count).map { index in
            let entries = boundaries[index - 1]..<boundaries[index]
            let end = entries.upperBound < starts.count ? starts[entries.upperBound] + layout.indentation : layout.end
            return Part(bytes: starts[entries.lowerBound]..<end, entries: entries)
        }
    }

    /// The index of the first start at or after `offset` (binary search in the sorted starts).
    private static func firstIndex(in starts: [Int], atOrAfter offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
