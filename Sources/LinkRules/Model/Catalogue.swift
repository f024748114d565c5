/// A loaded catalogue: the app's declared schemes, hosts and vocabulary, and its links. Several files (one per
/// feature module) merge into one catalogue, each link keeping its own file.
public struct Catalogue: Sendable {
    public var files: [SourceFile]
    public var app: Scalar?
    public var schemes: [SchemeSpec] = []
    public var hosts: [Scalar] = []
    public var dispatch: DispatchMode = .firstMatch
    public var dispatchScalar: Scalar?
    public var barriers: [Scalar] = []
    public var mandatoryBarrier: Scalar?
    public var components: [ComponentSpec] = [] {
        didSet { reindexComponents() }
    }
    public var params: [ParamSpec] = [] {
        didSet { paramIndex = Dictionary(params.enumerated().map { ($1.name.value.lowercasedASCIIIfNeeded, $0) }, uniquingKeysWith: { a, _ in a }) }
    }
    public var paramGroups: [[Scalar]] = []
    public var access = AccessLists()
    /// The apple-app-site-association file (`aasa:`), relative to the catalogue that names it.
    public var associationFile: Scalar?
    public var associationFileOwner: SourceFile?
    /// The association file once a session has read it (`AssociationLoader`); nil when it has not been read.
    public var association: AssociationFileState?
    public var appIDs: [Scalar] = []
    public var links: [Link] = []
    /// Problems found while loading that are findings rather than load errors (unknown keys).
    public var loadFindings: [LoadFinding] = []

    /// The file each top-level declared value (schemes, hosts, barriers, allow and deny lists, parameter groups,
    /// app ids) was read from, for notes that point at a declaration in a catalogue of several files.
    var declaringFiles: [Scalar: SourceFile] = [:]

    private var componentIndex: [String: Int] = [:]
    private var paramIndex: [String: Int] = [:]

    public init(files: [SourceFile]) {
        self.files = files
    }

    private mutating func reindexComponents() {
        componentIndex = Dictionary(components.enumerated().map { ($1.name.value.lowercasedASCIIIfNeeded, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The vocabulary entry for a lowercased component name.
    public func component(named name: String) -> ComponentSpec? {
        componentIndex[name].map { components[$0] }
    }

    /// The declared query parameter with a lowercased name.
    public func param(named name: String) -> ParamSpec? {
        paramIndex[name].map { params[$0] }
    }

    /// The file a top-level declared value was read from.
    public func file(declaring scalar: Scalar) -> SourceFile? {
        declaringFiles[scalar] ?? (files.count == 1 ? files[0] : nil)
    }

    /// Where a top-level declared value is written.
    public func location(ofDeclared scalar: Scalar) -> SourceLocation? {
        file(declaring: scalar)?.location(ofBytes: scalar.tokenRange)
    }

    /// Whether the catalogue declares a vocabulary at all (rules that need one stay quiet without it).
    public var hasVocabulary: Bool { !components.isEmpty }

    /// The lowercased names of the declared custom schemes.
    public var schemeNames: Set<String> { Set(schemes.map { $0.name.value.lowercasedASCIIIfNeeded }) }
}

/// A finding made while loading, reported through its rule like any other diagnostic.
public struct LoadFinding: Sendable {
    public var ruleID: String
    public var message: Message
    public var location: SourceLocation
    public var notes: [Note]
    public var fixes: [FixIt]
}
