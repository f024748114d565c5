/// The links of a catalogue in file order, put together from what each file's decode produced: entries whose
/// templates wait for the merged `hosts` (a file decoded in one pass), or links already built with the hosts
/// known then (a file decoded in parts), rebuilt only if a later file declared more hosts.
struct LinkAssembly {
    /// What one file's decode produced.
    private enum Part {
        case entries([LinkEntry], firstIndex: Int)
        case links([Link], hosts: Set<String>)
    }

    private var parts: [Part] = []
    /// The links so far, which is the index of the next one.
    private(set) var count = 0

    /// Adds a file's entries, whose templates are parsed in `links(parsedWith:)`.
    mutating func append(entries: [LinkEntry]) {
        parts.append(.entries(entries, firstIndex: count))
        count += entries.count
    }

    /// Adds a file's links, their templates parsed by `parser`.
    mutating func append(links: [Link], parsedWith parser: LinkTemplateParser) {
        parts.append(.links(links, hosts: parser.hosts))
        count += links.count
    }

    /// All the links in order, each template parsed by `parser` (with the merged hosts). A single file decoded
    /// in parts whose hosts did not change is returned as it is, not copied.
    consuming func links(parsedWith parser: LinkTemplateParser) -> [Link] {
        if parts.count == 1, case .links(let links, let hosts) = parts[0], hosts == parser.hosts { return links }
        var all: [Link] = []
        all.reserveCapacity(count)
        for part in parts {
            switch part {
            case .entries(let entries, let firstIndex):
                let chunks = ConcurrentJobs.chunks(of: entries.count, minimum: 4096)
                all += ConcurrentJobs.flatMap(count: chunks.count, concurrently: chunks.count > 1) { chunk in
                    chunks[chunk].map { entries[$0].link(index: firstIndex + $0, template: parser.parse(entries[$0].url.value)) }
                }
            case .links(let links, let hosts) where hosts == parser.hosts:
                all += links
            case .links(let links, _):
                // A later file declared a host: a custom scheme's authority may now be a host, not a component.
                all += links.map { LinkEntry($0).link(index: $0.index, template: parser.parse($0.url.value)) }
            }
        }
        return all
    }
}
