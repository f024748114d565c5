/// The links of a catalogue in file order, put together from each file's decoded entries, whose templates wait
/// for the merged `hosts` (a later file may declare them).
struct LinkAssembly {
    /// Each file's entries, with the index of its first link.
    private var files: [(entries: [LinkEntry], firstIndex: Int)] = []
    /// The links so far, which is the index of the next one.
    private(set) var count = 0

    /// Adds a file's entries, whose templates are parsed in `links(parsedWith:)`.
    mutating func append(entries: [LinkEntry]) {
        files.append((entries, count))
        count += entries.count
    }

    /// All the links in order, each template parsed by `parser` (with the merged hosts).
    consuming func links(parsedWith parser: LinkTemplateParser) -> [Link] {
        var all: [Link] = []
        all.reserveCapacity(count)
        for (entries, firstIndex) in files {
            let chunks = ConcurrentJobs.chunks(of: entries.count, minimum: 4096)
            all += ConcurrentJobs.flatMap(count: chunks.count, concurrently: chunks.count > 1) { chunk in
                chunks[chunk].map { entries[$0].link(index: firstIndex + $0, template: parser.parse(entries[$0].url.value)) }
            }
        }
        return all
    }
}
