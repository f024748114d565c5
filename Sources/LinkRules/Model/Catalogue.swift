/// A loaded catalogue: the app's declared schemes, hosts and vocabulary, and its links. Several files (one per
/// feature module) merge into one catalogue, each link keeping its own file.
struct Catalogue: Sendable {
    var files: [SourceFile]
    var app: Scalar?
    var schemes: [SchemeSpec] = []
    var hosts: [Scalar] = []
    var dispatch: DispatchMode = .firstMatch
    var dispatchScalar: Scalar?
    var barriers: [Scalar] = []
    var mandatoryBarrier: Scalar?
    var components: [ComponentSpec] = [] {
        didSet { reindexComponents() }
    }
    var params: [ParamSpec] = [] {
        didSet { reindexParams() }
    }
    var paramGroups: [[Scalar]] = []
    var access = AccessLists()
    /// The apple-app-site-association file (`aasa:`), relative to the catalogue that names it.
    var associationFile: Scalar?
    var associationFileOwner: SourceFile?
    /// The association file once a session has read it (`AssociationLoader`); nil when it has not been read.
    var association: AssociationFileState?
    var appIDs: [Scalar] = []
    /// The `android:` section (package, manifests, asset links, fingerprints); nil when the catalogue has none.
    var android: AndroidSettings?
    /// The iOS app's own files (`ios:`), and what became of them once a session read them.
    var iosFiles = IOSAppFiles()
    var links: [Link] = []
    /// Problems found while loading that are findings rather than load errors (unknown keys).
    var loadFindings: [LoadFinding] = []

    /// The file each top-level declared value (schemes, hosts, barriers, allow and deny lists, parameter groups,
    /// app ids) was read from, for notes that point at a declaration in a catalogue of several files.
    var declaringFiles: [Scalar: SourceFile] = [:]

    /// The lowercased names of `components`, interned: a name's id indexes `componentPositions`.
    private var componentNames = InternTable()
    /// For each interned name, the position in `components` of its first declaration.
    private var componentPositions: [Int] = []
    private var paramIndex: [String: Int] = [:]
    /// The lowercased names of `params` when all are ASCII, interned: a name's id indexes `paramPositions`. An
    /// ASCII name is looked up here, by its bytes, without hashing a `String`; any other in `paramIndex`.
    private var paramNames: InternTable?
    /// For each interned parameter name, the position in `params` of its first declaration.
    private var paramPositions: [Int] = []

    init(files: [SourceFile]) {
        self.files = files
    }

    private mutating func reindexParams() {
        let names = params.map { $0.name.value.lowercasedASCIIIfNeeded }
        paramIndex = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        paramPositions = []
        guard names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            paramNames = nil
            return
        }
        var table = InternTable(capacity: names.count)
        for (position, name) in names.enumerated() where table.intern(name) == paramPositions.count {
            paramPositions.append(position)
        }
        paramNames = table
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
    func component(named name: String) -> ComponentSpec? {
        componentPosition(named: name).map { components[$0] }
    }

    /// The position in `components` of the entry for a lowercased component name: rules on the per-link path ask
    /// for a position and read what they need of the entry rather than copy it whole.
    func componentPosition(named name: String) -> Int? {
        componentNames.id(of: name).map { componentPositions[$0] }
    }

    /// The position in `components` of the entry a path component's `name` names, found without lowercasing a
    /// copy of the word; nil when the vocabulary does not declare it.
    func componentPosition(of component: PathComponent) -> Int? {
        component.withLookupName { name, folding in
            componentNames.id(of: name, foldingASCIICase: folding).map { componentPositions[$0] }
        }
    }

    /// The declared query parameter with a lowercased name.
    func param(named name: String) -> ParamSpec? {
        paramPosition(named: name).map { params[$0] }
    }

    /// The position in `params` of the parameter `param(named:)` finds.
    func paramPosition(named name: String) -> Int? {
        if let paramNames, let found = name.withUTF8InPlace({ bytes -> Int?? in
            // ASCII names are equal as strings exactly when their bytes are.
            isASCII(bytes) ? .some(paramNames.id(of: bytes).map { paramPositions[$0] }) : nil
        }) {
            return found
        }
        return paramIndex[name]
    }

    /// The file a top-level declared value was read from.
    func file(declaring scalar: Scalar) -> SourceFile? {
        declaringFiles[scalar] ?? (files.count == 1 ? files[0] : nil)
    }

    /// Where a top-level declared value is written.
    func location(ofDeclared scalar: Scalar) -> SourceLocation? {
        file(declaring: scalar)?.location(ofBytes: scalar.tokenRange)
    }

    /// Whether the catalogue declares a vocabulary at all (rules that need one stay quiet without it).
    var hasVocabulary: Bool { !components.isEmpty }

    /// The lowercased names of the declared custom schemes.
    var schemeNames: Set<String> { Set(schemes.map { $0.name.value.lowercasedASCIIIfNeeded }) }
}

/// A finding made while loading, reported through its rule like any other diagnostic.
struct LoadFinding: Sendable {
    var ruleID: String
    var message: Message
    var location: SourceLocation
    var notes: [Note]
    var fixes: [FixIt]
}
