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

    /// The lowercased names of `components`, interned: a name's id indexes `componentPositions`.
    private var componentNames = InternTable()
    /// For each interned name, the position in `components` of its first declaration.
    private var componentPositions: [Int] = []
    private var paramIndex: [String: Int] = [:]

    public init(files: [SourceFile]) {
        self.files = files
    }

    private mutating func reindexComponents() {
        componentNames = InternTable(capacity: components.count)
        componentPositions = []
        for (position, component) in components.enumerated()
        where componentNames.intern(component.name.value.lowercasedASCIIIfNeeded) == componentPositions.count {
            componentPositions.append(position)
        }
    }

    /// The vocabulary entry for a lowercased component name.
    public func component(named name: String) -> ComponentSpec? {
        componentPosition(named: name).map { components[$0] }
    }

    /// The position in `components` of the entry for a lowercased component name: rules on the per-link path ask
    /// for a position and read what they need of the entry rather than copy it whole.
    public func componentPosition(named name: String) -> Int? {
        componentNames.id(of: name).map { componentPositions[$0] }
    }

    /// The position in `components` of the entry a path component's `name` names, found without lowercasing a
    /// copy of the word; nil when the vocabulary does not declare it.
    public func componentPosition(of component: PathComponent) -> Int? {
        let (name, folding) = component.lookupName
        return componentNames.id(of: name, foldingASCIICase: folding).map { componentPositions[$0] }
    }

    /// The declared query parameter with a lowercased name.
    public func param(named name: String) -> ParamSpec? {
        paramPosition(named: name).map { params[$0] }
    }

    /// The position in `params` of the parameter `param(named:)` finds.
    func paramPosition(named name: String) -> Int? { paramIndex[name] }

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
