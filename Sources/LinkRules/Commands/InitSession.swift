/// What `linkrules init` made: the catalogue's text, and remarks for the person running it (lines skipped,
/// patterns left out).
public struct InitResult: Sendable {
    public var catalogue: String
    public var remarks: [String]
}

/// Reads the sources of `linkrules init` and infers a catalogue from them; the command reads the files, writes
/// the result and prints the remarks. It prints nothing.
public struct InitSession: Sendable {
    /// The domain an apple-app-site-association file is served from, when no other source names an https host.
    public var associationHost: String?
    /// The catalogue file being written (nil for standard output): the `android:` section names the manifests
    /// relative to its folder.
    public var outputPath: String?

    public init(associationHost: String? = nil, outputPath: String? = nil) {
        self.associationHost = associationHost
        self.outputPath = outputPath
    }

    /// The catalogue inferred from already-read sources, in order.
    /// - Throws: `LoadError` naming a source that is binary, empty, of a kind init does not read, or a catalogue
    ///   that does not load.
    public func run(sources: [SourceFile]) throws -> InitResult {
        var reader = InitSourceReader(associationHost: associationHost)
        var readings: [(SourceFile, InitSourceReading?)] = []
        // Association files last: their host may come from the https URLs of the other sources.
        for source in sources where !source.text.drop(while: { $0.isWhitespace }).hasPrefix("{") {
            readings.append((source, try reader.read(source)))
        }
        if reader.associationHost == nil {
            reader.associationHost = readings.lazy.flatMap { $0.1?.links ?? [] }.compactMap { link -> String? in
                let template = LinkTemplateParser(hosts: []).parse(link.template)
                return template.scheme?.lowercased() == "https" ? template.host : nil
            }.first
        }
        for source in sources where source.text.drop(while: { $0.isWhitespace }).hasPrefix("{") {
            readings.append((source, try reader.read(source)))
        }
        var inference = CatalogueInference()
        var remarks: [String] = []
        for source in sources {
            guard let reading = readings.first(where: { $0.0 === source })?.1 else { continue }
            inference.add(reading)
            remarks += reading.remarks
        }
        var manifestPaths: [String: String] = [:]
        for case (let source, let reading?) in readings where reading.android != nil {
            manifestPaths[source.path] = PathName.relative(source.path, from: PathName.parent(of: outputPath ?? "links.yml"))
        }
        return InitResult(
            catalogue: inference.catalogueText(sources: sources.map(\.path), manifestPaths: manifestPaths), remarks: remarks)
    }
}

extension InitSession {
    /// Writes `catalogue` to `path` atomically (a reader sees no half-written file); an existing file is replaced
    /// only with `force`, and only if it did not change while being replaced.
    /// - Throws: `LoadError` when the file exists and `force` is false; `FixError` when writing fails.
    public static func write(_ catalogue: String, to path: String, force: Bool) throws {
        let bytes = Array(catalogue.utf8)
        if force, let existing = try? CatalogueLoader.read(path: path) {
            try AtomicFileWriter.replace(path: path, expectedOriginal: Array(existing.bytes[...]), with: bytes)
            return
        }
        do {
            try AtomicFileWriter.create(path: path, with: bytes)
        } catch FixError.fileChangedOnDisk {
            throw LoadError("the file exists: give --force to overwrite it, or name another with -o", file: path)
        }
    }
}
