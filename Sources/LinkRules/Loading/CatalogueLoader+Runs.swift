/// Which files `CatalogueLoader` decodes in runs, and in how many.
struct RunPolicy: Sendable {
    /// Files smaller than this are decoded in one pass.
    var minimumFileSize = LinkListSplit.minimumFileSize
    /// How many runs: by default one per core, as the runs of a file of twice the minimum size or more allow.
    var runCount: Int?
}

extension CatalogueLoader {
    /// Decodes one file into the catalogue and returns its link entries. A large file's link list is decoded in
    /// runs on the cores (`LinkListSplit`) when libyaml's events agree with the split; otherwise, and whenever a
    /// run fails, the file is decoded in one pass, which reports any error exactly.
    func decode(
        _ file: SourceFile, into catalogue: inout Catalogue, components: inout [ComponentSpec], params: inout [ParamSpec],
        firstIndex: Int
    ) throws -> [LinkEntry] {
        let runCount = runs.runCount ?? ConcurrentJobs.chunkCount(of: file.bytes.count, minimum: runs.minimumFileSize / 2)
        if let split = LinkListSplit.find(in: file, runCount: runCount, minimumFileSize: runs.minimumFileSize),
            let decoded = Self.decodeInRuns(file, split: split, catalogue: catalogue, components: components, params: params, firstIndex: firstIndex)
        {
            (catalogue, components, params) = (decoded.catalogue, decoded.components, decoded.params)
            return decoded.entries
        }
        var entries: [LinkEntry] = []
        let decoder = CatalogueFileDecoder(file: file)
        do {
            try decoder.decode(into: &catalogue, components: &components, params: &params, links: &entries)
        } catch let error as LoadError {
            throw decoder.preferringSyntaxError(over: error)
        }
        return entries
    }

    /// What a file decoded in runs adds to the catalogue.
    private struct DecodedInRuns {
        var catalogue: Catalogue
        var components: [ComponentSpec]
        var params: [ParamSpec]
        var entries: [LinkEntry]
    }

    /// What one job of `decodeInRuns` decoded: the file without its later runs, or one of those runs.
    private enum Part: Sendable {
        case document(Catalogue, [ComponentSpec], [ParamSpec], [LinkEntry])
        case run([LinkEntry], [LoadFinding])
    }

    /// Decodes the file without the split's later runs in one job (the first run stays in it, as the `links`
    /// list's first entries) and each later run in a job of its own. Nil when any job fails or libyaml saw the
    /// list otherwise than the split did (another `links` key, or runs of other lengths).
    private static func decodeInRuns(
        _ file: SourceFile, split: LinkListSplit, catalogue: Catalogue, components: [ComponentSpec], params: [ParamSpec],
        firstIndex: Int
    ) -> DecodedInRuns? {
        let parts: [Part?] = ConcurrentJobs.flatMap(count: split.runs.count, concurrently: true) { job in
            guard job > 0 else {
                var document = (catalogue, components, params, [LinkEntry]())
                let rest = split.listEnd < file.bytes.count ? [split.listEnd..<file.bytes.count] : []
                let decoder = CatalogueFileDecoder(
                    file: file, segments: [file.byteOrderMarkLength..<split.runs[0].bytes.upperBound] + rest, depth: 0,
                    linkCapacity: split.runs[0].entryCount)
                guard (try? decoder.decode(into: &document.0, components: &document.1, params: &document.2, links: &document.3)) != nil,
                    decoder.linkLists.count == 1, decoder.linkLists[0] == (split.keyOffset, split.runs[0].entryCount)
                else { return [nil] }
                return [.document(document.0, document.1, document.2, document.3)]
            }
            let run = split.runs[job]
            let entriesBefore = split.runs[..<job].reduce(firstIndex) { $0 + $1.entryCount }
            // The run's list stands for the `links` list, one level inside the catalogue's mapping.
            let decoder = CatalogueFileDecoder(file: file, segments: [run.bytes], depth: 1, linkCapacity: run.entryCount)
            var findings: [LoadFinding] = []
            guard let entries = try? decoder.decodeLinkRun(firstIndex: entriesBefore, findings: &findings),
                entries.count == run.entryCount
            else { return [nil] }
            return [.run(entries, findings)]
        }
        guard case .document(var catalogue, let components, let params, var entries) = parts[0] else { return nil }
        entries.reserveCapacity(split.runs.reduce(0) { $0 + $1.entryCount })
        for (index, part) in parts.enumerated() {
            if index > 0 {
                guard case .run(let runEntries, let findings) = part else { return nil }
                entries += runEntries
                catalogue.loadFindings += findings
            }
            // A block entry ends where the next token starts: in one pass, the next entry's `-`; read in runs,
            // the last entry of a run ends at the end of its text instead.
            let run = split.runs[index]
            if index + 1 < split.runs.count, entries[entries.count - 1].entryRange.upperBound >= run.bytes.upperBound {
                var dash = run.bytes.upperBound
                while file.bytes[dash] == UInt8(ascii: " ") { dash += 1 }
                entries[entries.count - 1].entryRange = entries[entries.count - 1].entryRange.lowerBound..<dash
            }
        }
        return DecodedInRuns(catalogue: catalogue, components: components, params: params, entries: entries)
    }
}
