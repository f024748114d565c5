import Dispatch

/// The links of a catalogue in file order, put together from runs of decoded entries (a file's, or a part of a
/// large file's list), whose templates wait for the merged `hosts` (a later file may declare them).
struct LinkAssembly {
    /// Each run's entries, with their file and the index of the run's first link.
    private var runs: [(entries: [LinkEntry], file: SourceFile, firstIndex: Int)] = []
    /// The links so far, which is the index of the next one.
    private(set) var count = 0

    /// Adds a run of entries of `file` that follows the last, whose templates are parsed in `links(parsedWith:)`.
    mutating func append(entries: [LinkEntry], of file: SourceFile) {
        runs.append((entries, file, count))
        count += entries.count
    }

    /// All the links in order, each template parsed by `parser` (with the merged hosts), in chunks of a run on
    /// the cores. Each chunk writes its links straight into their places in the result, so no joining pass
    /// copies (and retains) every link once more.
    consuming func links(parsedWith parser: LinkTemplateParser) -> [Link] {
        let chunks = runs.indices.flatMap { run in
            ConcurrentJobs.chunks(of: runs[run].entries.count, minimum: 4096).map { (run: run, range: $0) }
        }
        let decoded = runs
        let total = count
        return [Link](unsafeUninitializedCapacity: total) { links, initializedCount in
            let shared = SharedAcrossJobs(value: links)
            let build: @Sendable (Int) -> Void = { chunk in
                let (entries, file, firstIndex) = decoded[chunks[chunk].run]
                for index in chunks[chunk].range {
                    let link = entries[index].link(
                        index: firstIndex + index, file: file, template: parser.parse(entries[index].url.value))
                    (shared.value.baseAddress! + firstIndex + index).initialize(to: link)
                }
            }
            if chunks.count > 1 {
                DispatchQueue.concurrentPerform(iterations: chunks.count, execute: build)
            } else {
                chunks.indices.forEach(build)
            }
            initializedCount = total
        }
    }
}
