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

    /// The entries a part holds at least when the loader chooses the parts itself.
    static let minimumEntriesPerPart = 1024

    /// Where the `links` key is written.
    var linksKeyOffset: Int
    /// The file without the block: from the text's start to the first entry, and from the block's end on.
    var headerSegments: [Range<Int>]
    var parts: [Part]
    var entryCount: Int { parts.last?.entries.upperBound ?? 0 }

    /// The plan for `file`, or nil when it is decoded in one pass: `decoding` is `.never`, the layout is not
    /// the plain one, or (`.automatic`) one core or too few entries.
    init?(file: SourceFile, decoding: ParallelLinkDecoding) {
        let partCount: (Int) -> Int
        switch decoding {
        case .never: return nil
        case .automatic:
            guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return nil }
            // Two parts a core, so a core that finishes early takes another.
            partCount = { ConcurrentJobs.chunkCount(of: $0, minimum: Self.minimumEntriesPerPart, perCore: 2) }
        case .partsOf(let entries):
            partCount = { ($0 + max(entries, 1) - 1) / max(entries, 1) }
        }
        guard let layout = LinksBlockLayout(of: file) else { return nil }
        let count = partCount(layout.entryStarts.count)
        if decoding == .automatic, count < 2 { return nil }
        self.init(layout: layout, file: file, partCount: max(count, 1), evenly: decoding == .automatic)
    }

    /// Cuts the block into `partCount` parts: of about the same size in bytes when `evenly`, else of the same
    /// number of entries.
    private init(layout: LinksBlockLayout, file: SourceFile, partCount: Int, evenly: Bool) {
        let starts = layout.entryStarts
        linksKeyOffset = layout.keyOffset
        headerSegments = [file.byteOrderMarkLength..<starts[0], layout.end..<file.bytes.count]
        var boundaries = [0]
        for part in 1..<max(partCount, 1) {
            var next: Int
            if evenly {
                let target = starts[0] + (layout.end - starts[0]) * part / partCount
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
