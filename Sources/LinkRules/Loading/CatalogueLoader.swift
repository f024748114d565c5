import FoundationEssentials

/// Reads catalogue files into one `Catalogue`: one pass over each file's YAML events into located values, then
/// each link's template parsed once against the merged `hosts`.
public struct CatalogueLoader: Sendable {
    public static let topLevelKeys = [
        "version", "app", "schemes", "hosts", "dispatch", "barriers", "mandatory_barrier", "components", "params",
        "param_groups", "links", "aasa", "app_ids", "allow", "deny",
    ]
    public static let linkKeys = [
        "url", "title", "description", "examples", "barrier", "deprecated", "aliases", "lint", "required_params",
    ]
    public static let componentKeys = ["kind", "id", "params", "navigable", "title", "description"]
    public static let paramKeys = ["role", "type", "description"]
    public static let accessKeys = ["schemes", "hosts"]
    public static let lintKeys = ["ignore"]

    public init() {}

    /// Reads and loads files from disk.
    public func load(paths: [String]) throws -> Catalogue {
        try load(files: paths.map(Self.read))
    }

    /// Reads a file's bytes, refusing directories and unreadable files with a `LoadError`.
    public static func read(path: String) throws -> SourceFile { try read(path: path, displayName: path) }

    /// Reads the file at `path` and names it `displayName` in diagnostics (a path relative to the working directory).
    public static func read(path: String, displayName: String) throws -> SourceFile {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(.unreadableFile("no such file"), file: displayName)
        }
        if isDirectory { throw LoadError(.notAFile(), file: displayName) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(.unreadableFile("permission denied or not a regular file"), file: displayName)
        }
        return SourceFile(path: displayName, bytes: [UInt8](data))
    }

    /// Loads already-read files as one catalogue.
    public func load(files: [SourceFile]) throws -> Catalogue {
        var catalogue = Catalogue(files: files)
        var components: [ComponentSpec] = []
        var params: [ParamSpec] = []
        var entries: [LinkEntry] = []
        for file in files {
            try checkText(file)
            let decoder = CatalogueFileDecoder(file: file, linkIndexBase: entries.count)
            do {
                try decoder.decode(into: &catalogue, components: &components, params: &params, links: &entries)
            } catch let error as LoadError {
                throw decoder.preferringSyntaxError(over: error)
            }
        }
        catalogue.components = components
        catalogue.params = params
        // Templates are parsed once the merged `hosts` are known (a later file may declare them).
        let parser = LinkTemplateParser(hosts: Set(catalogue.hosts.map(\.value)))
        let chunks = ConcurrentJobs.chunks(of: entries.count, minimum: 4096)
        catalogue.links = ConcurrentJobs.flatMap(count: chunks.count, concurrently: chunks.count > 1) { [entries] chunk in
            chunks[chunk].map { entries[$0].link(index: $0, template: parser.parse(entries[$0].url.value)) }
        }
        return catalogue
    }

    /// Refuses binary content and UTF-16 before libyaml sees them, naming the first bad byte.
    func checkText(_ file: SourceFile) throws {
        let bytes = file.bytes
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw LoadError(.utf16, at: file.location(ofBytes: 0..<2))
        }
        if let nul = file.bytes.firstIndex(of: 0) {
            throw LoadError(.nulByte(), at: file.location(ofBytes: nul..<(nul + 1)))
        }
    }
}

/// Decodes one catalogue file's event stream into the catalogue being built.
final class CatalogueFileDecoder {
    private let yaml: YAMLDecoder
    private let file: SourceFile
    private let linkIndexBase: Int

    func preferringSyntaxError(over error: LoadError) -> LoadError { yaml.preferringSyntaxError(over: error) }

    init(file: SourceFile, linkIndexBase: Int) {
        self.file = file
        self.yaml = YAMLDecoder(file: file)
        self.linkIndexBase = linkIndexBase
    }

    private func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }

    private func unknownKey(_ key: Scalar, known: [String], in container: String, catalogue: inout Catalogue) throws {
        let range = try yaml.skipValue()
        _ = range
        var fixes: [FixIt] = []
        var message = Message.unknownKey(key.value, in: container)
        if let suggestion = Suggestion.closest(to: key.value, in: known) {
            message = .unknownKey(key.value, in: container, suggestion: suggestion)
            fixes.append(
                FixIt(
                    message: .renameKey(to: suggestion),
                    edits: [TextEdit(location: location(key.tokenRange), replacement: suggestion)],
                    applicability: .unsafe))
        }
        catalogue.loadFindings.append(
            LoadFinding(ruleID: "unknown-key", message: message, location: location(key.tokenRange), notes: [], fixes: fixes))
    }

    func decode(
        into catalogue: inout Catalogue, components: inout [ComponentSpec], params: inout [ParamSpec],
        links: inout [LinkEntry]
    ) throws {
        guard try yaml.beginDocument() else {
            throw LoadError(.emptyDocument, at: location(0..<0))
        }
        if try yaml.nextKind() == .scalar {
            let scalar = try yaml.readScalar(key: "catalogue")
            if scalar.isNull { throw LoadError(.emptyDocument, at: location(scalar.tokenRange)) }
            throw LoadError(.wrongType(expected: "a mapping of catalogue keys", found: "'\(scalar.value)'", key: "catalogue"), at: location(scalar.tokenRange))
        }
        try yaml.readMapping(key: "catalogue") { key in
            switch key.value {
            case "version":
                let version = try yaml.readString(key: "version")
                guard version.value == "1" else {
                    throw LoadError(.invalidValue(version.value, key: "version", expected: ["1"]), at: location(version.tokenRange))
                }
            case "app": catalogue.app = try yaml.readString(key: "app")
            case "schemes":
                if try yaml.nextKind() == .mappingStart {
                    try yaml.readMapping(key: "schemes") { name in
                        let flavour = try yaml.readScalar(key: name.value)
                        catalogue.schemes.append(SchemeSpec(name: name, flavour: flavour.isNull ? nil : flavour))
                    }
                } else {
                    catalogue.schemes += try yaml.readStringList(key: "schemes").map { SchemeSpec(name: $0, flavour: nil) }
                }
            case "hosts": catalogue.hosts += try yaml.readStringList(key: "hosts")
            case "dispatch":
                let value = try yaml.readString(key: "dispatch")
                guard let mode = DispatchMode(rawValue: value.value) else {
                    throw LoadError(
                        .invalidValue(value.value, key: "dispatch", expected: DispatchMode.allCases.map(\.rawValue)),
                        at: location(value.tokenRange))
                }
                catalogue.dispatch = mode
                catalogue.dispatchScalar = value
            case "barriers": catalogue.barriers += try yaml.readStringList(key: "barriers")
            case "mandatory_barrier": catalogue.mandatoryBarrier = try yaml.readString(key: "mandatory_barrier")
            case "components":
                try yaml.readMapping(key: "components") { name in components.append(try decodeComponent(name, catalogue: &catalogue)) }
            case "params":
                try yaml.readMapping(key: "params") { name in params.append(try decodeParam(name, catalogue: &catalogue)) }
            case "param_groups":
                try yaml.readSequence(key: "param_groups") { _ in
                    catalogue.paramGroups.append(try yaml.readStringList(key: "param_groups"))
                }
            case "aasa":
                catalogue.associationFile = try yaml.readString(key: "aasa")
                catalogue.associationFileOwner = file
            case "app_ids": catalogue.appIDs += try yaml.readStringList(key: "app_ids")
            case "allow", "deny":
                let isAllow = key.value == "allow"
                try yaml.readMapping(key: key.value) { list in
                    switch list.value {
                    case "schemes":
                        let values = try yaml.readStringList(key: "\(key.value).schemes")
                        if isAllow { catalogue.access.allowedSchemes += values } else { catalogue.access.deniedSchemes += values }
                    case "hosts":
                        let values = try yaml.readStringList(key: "\(key.value).hosts")
                        if isAllow { catalogue.access.allowedHosts += values } else { catalogue.access.deniedHosts += values }
                    default:
                        try unknownKey(list, known: CatalogueLoader.accessKeys, in: "'\(key.value)'", catalogue: &catalogue)
                    }
                }
            case "links":
                try yaml.readSequence(key: "links") { _ in
                    links.append(try decodeLink(index: links.count - linkIndexBase, catalogue: &catalogue))
                }
            default:
                try unknownKey(key, known: CatalogueLoader.topLevelKeys, in: "the catalogue", catalogue: &catalogue)
            }
        }
        try yaml.endDocument()
        var declared: [Scalar] = catalogue.schemes.map(\.name) + catalogue.hosts + catalogue.barriers + catalogue.appIDs
        declared += catalogue.paramGroups.flatMap { $0 }
        declared += catalogue.access.allowedSchemes + catalogue.access.deniedSchemes
        declared += catalogue.access.allowedHosts + catalogue.access.deniedHosts
        declared += [catalogue.mandatoryBarrier, catalogue.dispatchScalar, catalogue.app, catalogue.associationFile].compactMap { $0 }
        for scalar in declared where catalogue.declaringFiles[scalar] == nil { catalogue.declaringFiles[scalar] = file }
    }

    private func decodeComponent(_ name: Scalar, catalogue: inout Catalogue) throws -> ComponentSpec {
        var spec = ComponentSpec(
            name: name, kind: .screen, kindScalar: nil, idType: nil, params: [], navigable: false, file: file,
            declarationRange: name.tokenRange)
        func context() -> String { "components.\(name.value)" }
        if try yaml.nextKind() == .scalar {
            // `feed: tab` is shorthand for `feed: { kind: tab }`.
            let kind = try yaml.readString(key: context())
            spec.kind = try componentKind(kind)
            spec.kindScalar = kind
            spec.declarationRange = name.tokenRange.lowerBound..<kind.tokenRange.upperBound
            return spec
        }
        let range = try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "kind":
                let kind = try yaml.readString(key: "\(context()).kind")
                spec.kind = try componentKind(kind)
                spec.kindScalar = kind
            case "id":
                let type = try yaml.readString(key: "\(context()).id")
                guard let known = PlaceholderType(rawValue: type.value) else {
                    throw LoadError(
                        .invalidValue(type.value, key: "\(context()).id", expected: PlaceholderType.allCases.map(\.rawValue)),
                        at: location(type.tokenRange))
                }
                spec.idType = known
            case "params": spec.params = try yaml.readStringList(key: "\(context()).params")
            case "navigable": spec.navigable = try yaml.readBool(key: "\(context()).navigable").boolValue ?? false
            case "title", "description": _ = try yaml.readScalar(key: "\(context()).\(key.value)")
            default: try unknownKey(key, known: CatalogueLoader.componentKeys, in: "component '\(name.value)'", catalogue: &catalogue)
            }
        }
        spec.declarationRange = name.tokenRange.lowerBound..<range.upperBound
        return spec
    }

    private func componentKind(_ scalar: Scalar) throws -> ComponentKind {
        guard let kind = ComponentKind(rawValue: scalar.value) else {
            throw LoadError(
                .invalidValue(scalar.value, key: "kind", expected: ComponentKind.allCases.map(\.rawValue)),
                at: location(scalar.tokenRange))
        }
        return kind
    }

    private func decodeParam(_ name: Scalar, catalogue: inout Catalogue) throws -> ParamSpec {
        var spec = ParamSpec(name: name, role: nil, file: file)
        func context() -> String { "params.\(name.value)" }
        if try yaml.nextKind() == .scalar {
            let role = try yaml.readScalar(key: context())
            spec.role = role.isNull ? nil : role
            return spec
        }
        try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "role": spec.role = try yaml.readString(key: "\(context()).role")
            case "type", "description": _ = try yaml.readScalar(key: "\(context()).\(key.value)")
            default: try unknownKey(key, known: CatalogueLoader.paramKeys, in: "parameter '\(name.value)'", catalogue: &catalogue)
            }
        }
        return spec
    }

    private func decodeLink(index: Int, catalogue: inout Catalogue) throws -> LinkEntry {
        let isFlow = try yaml.nextIsFlow()
        let start = try yaml.reader.peek()
        if start.kind == .scalar {
            throw LoadError(
                .wrongType(expected: "a mapping with 'url'", found: "'\(start.value)'", key: "links[\(index)]"),
                at: location(start.start..<start.end))
        }
        var url: Scalar?
        var link = LinkEntry(file: file, entryIsFlow: isFlow)
        func context() -> String { "links[\(index)]" }
        let range = try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "url": url = try yaml.readString(key: "\(context()).url", expected: "a URL string")
            case "title", "description":
                let value = try yaml.readScalar(key: "\(context()).\(key.value)")
                if key.value == "title" { link.title = value }
            case "examples": link.examples = try yaml.readStringList(key: "\(context()).examples")
            case "barrier": link.barrier = try yaml.readString(key: "\(context()).barrier")
            case "deprecated": link.deprecated = try yaml.readBool(key: "\(context()).deprecated").boolValue ?? false
            case "aliases":
                link.aliasesAreFlow = try yaml.nextIsFlow() || (try yaml.nextKind() == .scalar)
                let before = try yaml.reader.peek()
                link.aliases = try yaml.readStringList(key: "\(context()).aliases")
                link.aliasesRange = before.start..<(link.aliases.last?.tokenRange.upperBound ?? before.end)
            case "required_params": link.requiredParams = try yaml.readStringList(key: "\(context()).required_params")
            case "lint":
                try yaml.readMapping(key: "\(context()).lint") { lintKey in
                    switch lintKey.value {
                    case "ignore": link.ignoredRules += try yaml.readStringList(key: "\(context()).lint.ignore")
                    default: try unknownKey(lintKey, known: CatalogueLoader.lintKeys, in: "'lint'", catalogue: &catalogue)
                    }
                }
            default:
                try unknownKey(key, known: CatalogueLoader.linkKeys, in: "a link", catalogue: &catalogue)
            }
        }
        link.entryRange = range
        guard let url else {
            throw LoadError(.missingKey("url", in: "the link"), at: location(range.lowerBound..<min(range.upperBound, range.lowerBound + 1)))
        }
        link.url = url
        return link
    }
}

/// A link entry as it is decoded, before its template can be parsed (hosts may be declared later or in another file).
struct LinkEntry {
    var file: SourceFile
    var url = Scalar(value: "", tokenRange: 0..<0, style: .plain)
    var entryRange: Range<Int> = 0..<0
    var entryIsFlow: Bool
    var title: Scalar?
    var examples: [Scalar] = []
    var barrier: Scalar?
    var deprecated = false
    var aliases: [Scalar] = []
    var aliasesRange: Range<Int>?
    var aliasesAreFlow = false
    var ignoredRules: [Scalar] = []
    var requiredParams: [Scalar] = []

    init(file: SourceFile, entryIsFlow: Bool) {
        self.file = file
        self.entryIsFlow = entryIsFlow
    }

    func link(index: Int, template: LinkTemplate) -> Link {
        Link(
            index: index, file: file, template: template, url: url, entryRange: entryRange, entryIsFlow: entryIsFlow,
            title: title, examples: examples, barrier: barrier, deprecated: deprecated, aliases: aliases,
            aliasesRange: aliasesRange, aliasesAreFlow: aliasesAreFlow, ignoredRules: ignoredRules,
            requiredParams: requiredParams)
    }
}

extension Message {
    static func unknownKey(_ key: String, in container: String) -> Message { "unknown key '\(key)' in \(container)" }
    static func unknownKey(_ key: String, in container: String, suggestion: String) -> Message {
        "unknown key '\(key)' in \(container): did you mean '\(suggestion)'?"
    }
    static func renameKey(to key: String) -> Message { "rename the key to '\(key)'" }
}
