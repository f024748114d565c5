/// Writes a report's findings, a long report's on all the cores: the findings are cut into chunks, a round of
/// chunks is rendered concurrently (each chunk into bytes of its own), and the chunks are handed on in order before
/// the next round starts. The report is byte for byte what one pass writes, and only one round of it is held at a
/// time.
enum ConcurrentRendering {
    /// Findings per chunk: about a quarter of a megabyte of JSON, enough to make a job worth starting.
    static let findingsPerChunk = 256
    /// Chunks rendered in each round, per core: more than one lets a core that finishes early take another.
    static let chunksPerCore = 16
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

    /// Writes the findings `0..<count` into `buffer`, in order, with `write` (given a range of findings and the
    /// buffer to write them into, it hands nothing to the output, and returns what it gathered on the way, which
    /// `gather` is given in order on the calling thread). Few findings, or `concurrently` false, are written in one
    /// pass on the calling thread, the buffer handed to the output after each block; many are rendered in chunks
    /// on all the cores, each into a buffer of its own that `piece` makes for its range, and spliced into `buffer`
    /// in order. The bytes are the same either way.
    static func write<Buffer: RenderedInPieces, Gathered: Sendable>(
        findings count: Int, concurrently: Bool, to buffer: inout Buffer, piece: @Sendable (Range<Int>) -> Buffer,
        _ write: @Sendable (Range<Int>, inout Buffer) -> Gathered, gather: (Gathered) -> Void = { _ in }
    ) {
        guard concurrently, pays(for: count) else {
            for block in blocks(of: 0..<count) {
                gather(write(block, &buffer))
                buffer.flushIfFull()
            }
            return
        }
        let chunksPerRound = ConcurrentJobs.coreCount * chunksPerCore
        let findingsPerRound = chunksPerRound * findingsPerChunk
        var roundStart = 0
        while roundStart < count {
            let roundEnd = min(count, roundStart + findingsPerRound)
            let chunks = (roundEnd - roundStart + findingsPerChunk - 1) / findingsPerChunk
            let start = roundStart
            let pieces = ConcurrentJobs.flatMap(count: chunks, concurrently: true) { chunk in
                let lower = start + chunk * findingsPerChunk
                let findings = lower..<min(roundEnd, lower + findingsPerChunk)
                var rendered = piece(findings)
                let gathered = write(findings, &rendered)
                return [(bytes: rendered.takeRenderedBytes(), gathered: gathered)]
            }
            for piece in pieces {
                buffer.append(rendered: piece.bytes)
                gather(piece.gathered)
            }
            roundStart = roundEnd
        }
    }
}

/// A buffer a report's findings are written into (`ReportBuffer`, `JSONWriter`), in one pass or in pieces rendered
/// apart (`ConcurrentRendering.write`).
protocol RenderedInPieces {
    /// Hands the buffered bytes to the output once they fill a block.
    mutating func flushIfFull()
    /// The bytes of a piece rendered apart (a buffer without an output), handed over whole.
    mutating func takeRenderedBytes() -> [UInt8]
    /// Appends the bytes of a piece rendered apart, after what is written.
    mutating func append(rendered bytes: [UInt8])
}

extension JSONWriter: RenderedInPieces {}

extension ReportBuffer: RenderedInPieces {
    mutating func takeRenderedBytes() -> [UInt8] { takeBytes() }
    mutating func append(rendered bytes: [UInt8]) { append(block: bytes) }
}
