/// Which files `CatalogueLoader` decodes in runs, and in how many.
struct RunPolicy: Sendable {
    /// Files smaller than this are decoded in one pass.
    var minimumFileSize = LinkListSplit.minimumFileSize
    /// How many runs: by default up to eight per core, as runs of half the minimum size allow, so that a core
    /// slowed by other work leaves runs to the others (each run is also one job of the template parse).
    var runCount: Int?
}

extension CatalogueLoader {
    /// Decodes one file into the catalogue and returns its link entries, in runs that follow each other. A large
    /// file's link list is decoded in runs on the cores (`LinkListSplit`) when libyaml's events agree with the
    /// split; otherwise, and whenever a run fails, the file is decoded in one pass, which reports errors exactly.
    /// The cores take runs as they finish, so a core slowed by other work holds up the rest for one short run.
    func decode(
        _ file: SourceFile, into catalogue: inout Catalogue, components: inout [ComponentSpec], params: inout [ParamSpec]
    ) throws -> [[LinkEntry]] {
        let runCount = runs.runCount ?? ConcurrentJobs.chunkCount(of: file.bytes.count, minimum: runs.minimumFileSize / 2, perCore: 8)
        if let split = LinkListSplit.find(in: file, runCount: runCount, minimumFileSize: runs.minimumFileSize),
            let decoded = Self.decodeInRuns(file, split: split, catalogue: catalogue, components: components, params: params)
        {
            (catalogue, components, params) = (decoded.catalogue, decoded.components, decoded.params)
            return decoded.runs
        }
        var entries: [LinkEntry] = []
        let decoder = CatalogueFileDecoder(file: file)
        do {
            try decoder.decode(into: &catalogue, components: &components, params: &params, links: &entries)
        } catch let error as LoadError {
            throw decoder.preferringSyntaxError(over: error)
        }
        return [entries]
    }

    /// What a file decoded in runs adds to the catalogue.
    private struct DecodedInRuns {
        var catalogue: Catalogue
        var components: [ComponentSpec]
        var params: [ParamSpec]
        var runs: [[LinkEntry]]
    }

    /// What one job of `decodeInRuns` decoded: the file without its later runs, or one of those runs, each with
    /// its link entries.
    private enum Part: Sendable {
        case document(Catalogue, [ComponentSpec], [ParamSpec], [LinkEntry])
        case run([LinkEntry], [LoadFinding])
    }

    /// Decodes the file without the split's later runs in one job (the first run stays in it, as the `links`
    /// list's first entries) and each later run in a job of its own. Nil when any job fails or libyaml saw the
    /// list otherwise than the split did (another `links` key, or runs of other lengths).
    private static func decodeInRuns(
        _ file: SourceFile, split: LinkListSplit, catalogue: Catalogue, components: [ComponentSpec], params: [ParamSpec]
    ) -> DecodedInRuns? {
        var parts: [Part?] = ConcurrentJobs.flatMap(count: split.runs.count, concurrently: true) { job in
            let run = split.runs[job]
            var decoded: Part
            if job == 0 {
                var document = (catalogue, components, params, [LinkEntry]())
                let rest = split.listEnd < file.bytes.count ? [split.listEnd..<file.bytes.count] : []
                let decoder = CatalogueFileDecoder(
                    file: file, segments: [file.byteOrderMarkLength..<run.bytes.upperBound] + rest, depth: 0,
                    linkCapacity: run.entryCount)
                guard (try? decoder.decode(into: &document.0, components: &document.1, params: &document.2, links: &document.3)) != nil,
                    decoder.linkLists.count == 1, decoder.linkLists[0] == (split.keyOffset, run.entryCount)
                else { return [nil] }
                endAtNextRun(&document.3, job: job, of: split, in: file)
                decoded = .document(document.0, document.1, document.2, document.3)
            } else {
                let entriesBefore = split.runs[..<job].reduce(0) { $0 + $1.entryCount }
                // The run's list stands for the `links` list, one level inside the catalogue's mapping.
                let decoder = CatalogueFileDecoder(file: file, segments: [run.bytes], depth: 1, linkCapacity: run.entryCount)
                var findings: [LoadFinding] = []
                guard var entries = try? decoder.decodeLinkRun(firstIndex: entriesBefore, findings: &findings),
                    entries.count == run.entryCount
                else { return [nil] }
                endAtNextRun(&entries, job: job, of: split, in: file)
                decoded = .run(entries, findings)
            }
            return [decoded]
        }
        guard case .document(var catalogue, let components, let params, let entries) = parts[0] else { return nil }
        var runs = [entries]
        for job in 1..<parts.count {
            guard case .run(let entries, let findings) = parts[job].take() else { return nil }
            runs.append(entries)
            catalogue.loadFindings += findings
        }
        return DecodedInRuns(catalogue: catalogue, components: components, params: params, runs: runs)
    }

    /// A block entry ends where the next token starts: in one pass, for the last entry of a run, the next run's
    /// first `-`; read in runs, at the end of its run's text (or after the list) instead.
    private static func endAtNextRun(_ entries: inout [LinkEntry], job: Int, of split: LinkListSplit, in file: SourceFile) {
        let run = split.runs[job]
        guard job + 1 < split.runs.count, let start = entries.last?.entryRange.lowerBound,
            entries[entries.count - 1].entryRange.upperBound >= run.bytes.upperBound
        else { return }
        var dash = run.bytes.upperBound
        while file.bytes[dash] == UInt8(ascii: " ") { dash += 1 }
        entries[entries.count - 1].entryRange = start..<dash
    }
}
