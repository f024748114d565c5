import Dispatch

/// Decodes one file along an `InputPlan`: the header first (it declares the hosts that templates need), then the
/// parts of the `links:` block concurrently, each with its own libyaml parser, building its links with their
/// templates straight into its own range of the file's array of links. Any error, or any sign that the file is
/// not laid out as the line scan assumed, gives up without changing anything: the caller then decodes the file
/// in one pass, which finds the same catalogue or reports exactly the error it always has.
struct ParallelCatalogueDecoding {
    let file: SourceFile
    let plan: InputPlan
    /// The links of earlier files: the index of this file's first link.
    let linkIndexBase: Int

    /// Decodes the file into the catalogue being built; false (and nothing changed) when it must be decoded
    /// in one pass.
    func decode(
        into catalogue: inout Catalogue, components: inout [ComponentSpec], params: inout [ParamSpec],
        links: inout LinkAssembly
    ) -> Bool {
        var decoded = catalogue
        var decodedComponents = components
        var decodedParams = params
        guard let findingsBeforeLinks = CatalogueFileParts.decodeHeader(
            of: file, plan: plan, into: &decoded, components: &decodedComponents, params: &decodedParams)
        else { return false }
        let parser = LinkTemplateParser(hosts: Set(decoded.hosts.map(\.value)))
        guard let (fileLinks, findings) = decodeParts(parser: parser) else { return false }
        decoded.loadFindings.insert(contentsOf: findings, at: findingsBeforeLinks)
        catalogue = decoded
        components = decodedComponents
        params = decodedParams
        links.append(links: fileLinks, parsedWith: parser)
        return true
    }

    /// What decoding one part gave: how many links it wrote, its load findings, whether it holds exactly the
    /// entries planned and no error.
    private struct PartOutcome: Sendable {
        var written = 0
        var findings: [LoadFinding] = []
        var succeeded = false
    }

    /// The file's links and the entries' load findings in order, or nil when a part failed.
    private func decodeParts(parser: LinkTemplateParser) -> ([Link], [LoadFinding])? {
        let parts = plan.parts
        var outcomes = [PartOutcome](repeating: PartOutcome(), count: parts.count)
        let links = [Link](unsafeUninitializedCapacity: plan.entryCount) { buffer, initializedCount in
            let output = SharedAcrossJobs(value: buffer)
            outcomes.withUnsafeMutableBufferPointer { outcomes in
                let results = SharedAcrossJobs(value: outcomes)
                DispatchQueue.concurrentPerform(iterations: parts.count) { index in
                    // Each part writes only its own range of links and its own outcome.
                    results.value[index] = decode(parts[index], parser: parser, into: output.value)
                }
            }
            if outcomes.allSatisfy(\.succeeded) {
                initializedCount = plan.entryCount
                return
            }
            for (part, outcome) in zip(parts, outcomes) {
                (buffer.baseAddress! + part.entries.lowerBound).deinitialize(count: outcome.written)
            }
            initializedCount = 0
        }
        guard outcomes.allSatisfy(\.succeeded) else { return nil }
        return (links, outcomes.flatMap(\.findings))
    }

    /// Decodes one part into its range of `links`.
    private func decode(_ part: InputPlan.Part, parser: LinkTemplateParser, into links: UnsafeMutableBufferPointer<Link>) -> PartOutcome {
        var outcome = PartOutcome()
        let decoded = CatalogueFileParts.decodeEntries(
            of: file, bytes: part.bytes, firstEntry: part.entries.lowerBound, linkIndexBase: linkIndexBase, parser: parser,
            findings: &outcome.findings
        ) { link in
            guard outcome.written < part.entries.count else { throw ParallelDecodingUnavailable() }
            (links.baseAddress! + part.entries.lowerBound + outcome.written).initialize(to: link)
            outcome.written += 1
        }
        outcome.succeeded = decoded && outcome.written == part.entries.count
        return outcome
    }
}
