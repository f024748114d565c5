/// Renders a long report's findings on all the cores: the findings are cut into chunks, a round of chunks is
/// rendered concurrently (each chunk into bytes of its own), and the chunks are handed on in order before the next
/// round starts. The report is byte for byte what one pass writes, and only one round of it is held at a time.
enum ConcurrentRendering {
    /// Findings per chunk: about a quarter of a megabyte of JSON, enough to make a job worth starting.
    static let findingsPerChunk = 256
    /// Chunks rendered in each round, per core: more than one lets a core that finishes early take another.
    static let chunksPerCore = 4
    /// Findings below which a report is rendered in one pass on the calling thread.
    static let minimumFindings = 2 * findingsPerChunk
    /// Findings a reporter that renders in one pass writes between handing its buffer to the output (`flushIfFull()`):
    /// a loop over findings that calls no output lets each finding be read where it is stored, where a call that
    /// could change anything has the finding copied first (a retain and a release of each of its strings and
    /// arrays).
    static let findingsPerBlock = 64

    /// `positions` cut into consecutive blocks of `findingsPerBlock`.
    static func blocks(of positions: Range<Int>) -> some Sequence<Range<Int>> {
        stride(from: positions.lowerBound, to: positions.upperBound, by: findingsPerBlock).lazy.map {
            $0..<min(positions.upperBound, $0 + findingsPerBlock)
        }
    }

    /// Whether `count` findings are worth rendering concurrently.
    static func pays(for count: Int) -> Bool { count >= minimumFindings }

    /// Renders the findings `0..<count` in chunks of consecutive findings (`render` is given a chunk's range and
    /// returns its piece of the report: its bytes, and whatever else is gathered on the way) and hands each chunk's
    /// piece to `emit`, in order. `render` runs on any thread, `emit` on the calling one.
    static func render<Piece: Sendable>(
        count: Int, _ render: @Sendable (Range<Int>) -> Piece, emit: (Piece) -> Void
    ) {
        let chunksPerRound = ConcurrentJobs.coreCount * chunksPerCore
        let findingsPerRound = chunksPerRound * findingsPerChunk
        var roundStart = 0
        while roundStart < count {
            let roundEnd = min(count, roundStart + findingsPerRound)
            let chunks = (roundEnd - roundStart + findingsPerChunk - 1) / findingsPerChunk
            let start = roundStart
            let pieces = ConcurrentJobs.flatMap(count: chunks, concurrently: true) { chunk in
                let lower = start + chunk * findingsPerChunk
                return [render(lower..<min(roundEnd, lower + findingsPerChunk))]
            }
            for piece in pieces { emit(piece) }
            roundStart = roundEnd
        }
    }
}
