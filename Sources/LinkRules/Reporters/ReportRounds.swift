/// Writes a report's findings on the cores when there are many: in rounds, each round's findings split into jobs
/// written at once, each into a fragment of its own, and the fragments handed on in order, so the text is what
/// one writer would write and only one round's text is held at a time (about 100 KB a job).
enum ReportRounds {
    /// Findings a job writes at most: few enough that a round's fragments add little to what a lint holds (the
    /// rounds are written at the end, when it holds the most), many enough that a job costs far more than starting it.
    static let findingsPerJob = 128
    /// Jobs a round holds for each core: several, so a core that finishes its job early takes another.
    static let jobsPerCore = 4

    /// How many jobs a round of `count` findings is split into: 1 when they are too few to be worth splitting,
    /// and are written in one piece where the reporter stands.
    static func jobs(for count: Int, findingsPerJob: Int = findingsPerJob) -> Int {
        ConcurrentJobs.chunkCount(of: count, minimum: findingsPerJob, perCore: jobsPerCore)
    }

    /// Writes `count` findings in order. With one job (`jobs`, by default as `jobs(for:findingsPerJob:)` gives
    /// it) calls `inPlace` with each finding's index; otherwise calls `fragment` with consecutive ranges of
    /// `0..<count`, at most `findingsPerJob` long, `jobs` of them at once on the cores, and `emit` with the text of
    /// each, in order.
    static func write(
        count: Int, jobs: Int? = nil, findingsPerJob: Int = findingsPerJob, inPlace: (Int) -> Void,
        fragment: @Sendable (Range<Int>) -> [UInt8], emit: ([UInt8]) -> Void
    ) {
        let jobs = jobs ?? Self.jobs(for: count, findingsPerJob: findingsPerJob)
        guard jobs > 1 else {
            for index in 0..<count { inPlace(index) }
            return
        }
        let perRound = jobs * findingsPerJob
        var roundStart = 0
        while roundStart < count {
            let round = roundStart..<min(count, roundStart + perRound)
            let fragments = ConcurrentJobs.flatMap(count: jobs, concurrently: jobs > 1) { job -> [[UInt8]] in
                let start = round.lowerBound + job * findingsPerJob
                guard start < round.upperBound else { return [] }
                return [fragment(start..<min(round.upperBound, start + findingsPerJob))]
            }
            for text in fragments { emit(text) }
            roundStart = round.upperBound
        }
    }
}
