import Dispatch
import Synchronization

/// The links of a catalogue in file order, put together from runs of decoded entries (a file's, or a part of a
/// large file's list), whose templates wait for the merged `hosts` (a later file may declare them).
struct LinkAssembly {
    /// A run of entries of one file, and the index of its first link.
    private struct Run: Sendable {
        var entries: [LinkEntry]
        let file: SourceFile
        let firstIndex: Int
    }

    private var runs: [Run] = []
    /// The links so far, which is the index of the next one.
    private(set) var count = 0

    /// Adds a run of entries of `file` that follows the last, whose templates are parsed in `links(parsedWith:)`.
    mutating func append(entries: [LinkEntry], of file: SourceFile) {
        runs.append(Run(entries: entries, file: file, firstIndex: count))
        count += entries.count
    }

    /// All the links in order, each template parsed by `parser` (with the merged hosts), a run to a job on the
    /// cores. Each job takes its run's entries for its own and moves their values into the links, which it writes
    /// straight into their places in the result: no entry is copied, and no pass joins the jobs' links.
    consuming func links(parsedWith parser: LinkTemplateParser) -> [Link] {
        let total = count
        // Moved out, not copied: each run's entries must be referenced once, or a job's first move out of them
        // would copy them all.
        var decoded: [Run] = []
        swap(&decoded, &runs)
        let runs = Mutex(Self.cutForTheCores(consume decoded))
        let jobCount = runs.withLock { $0.count }
        return [Link](unsafeUninitializedCapacity: total) { links, initializedCount in
            let shared = SharedAcrossJobs(value: links)
            let build: @Sendable (Int) -> Void = { job in
                var run = runs.withLock { runs in
                    var run = Run(entries: [], file: runs[job].file, firstIndex: runs[job].firstIndex)
                    swap(&run.entries, &runs[job].entries)
                    return run
                }
                for index in run.entries.indices {
                    let link = run.entries[index].takeLink(index: run.firstIndex + index, file: run.file, parsedWith: parser)
                    (shared.value.baseAddress! + run.firstIndex + index).initialize(to: link)
                }
            }
            if jobCount > 1 {
                DispatchQueue.concurrentPerform(iterations: jobCount, execute: build)
            } else {
                (0..<jobCount).forEach(build)
            }
            initializedCount = total
        }
    }

    /// The runs, with large ones cut into chunks (of 4096 entries or more) while there are fewer runs than cores:
    /// a file read in one pass is one run, which one job would parse alone. A large file's runs are already up to
    /// eight per core.
    private static func cutForTheCores(_ runs: consuming [Run]) -> [Run] {
        guard runs.count < ConcurrentJobs.coreCount else { return runs }
        return runs.flatMap { run in
            let chunks = ConcurrentJobs.chunks(of: run.entries.count, minimum: 4096)
            guard chunks.count > 1 else { return [run] }
            return chunks.map { Run(entries: Array(run.entries[$0]), file: run.file, firstIndex: run.firstIndex + $0.lowerBound) }
        }
    }
}
