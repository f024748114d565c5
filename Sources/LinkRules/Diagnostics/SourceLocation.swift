import Synchronization

/// A point in a source file: 1-based line and column (counted in Unicode scalars, as editors and the Swift
/// compiler do) and the 0-based UTF-8 byte offset from the start of the file.
public struct SourcePosition: Hashable, Sendable, Comparable, Codable {
    // Held in 32 bits each: every finding holds several positions (its own, its notes', its edits'), and the
    // loader refuses files of 4 GiB or more. A value below zero or of 2^32 or more stops the program.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(newValue) }
    }

    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(line)
        storedColumn = UInt32(column)
        storedOffset = UInt32(offset)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.storedOffset < rhs.storedOffset }

    private enum CodingKeys: String, CodingKey {
        case storedLine = "line", storedColumn = "column", storedOffset = "offset"
    }
}

/// A half-open span of source text, `start` inclusive and `end` exclusive.
public struct SourceRange: Hashable, Sendable, Codable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// An empty range at one position, for insertions and end-of-file problems.
    public init(at position: SourcePosition) {
        self.init(start: position, end: position)
    }

    /// The byte offsets the range covers.
    public var byteRange: Range<Int> { start.offset..<max(start.offset, end.offset) }
}

/// A range in a named file: where a diagnostic, a note or an edit applies.
public struct SourceLocation: Hashable, Sendable, Codable {
    /// The file's name, interned: held without a reference count (every name lives as long as the process), so
    /// copying a location (a finding's, its notes', its edits') or comparing two locations' files touches no
    /// counter that the cores share.
    private var fileNameReference: Unmanaged<FileName>
    public var range: SourceRange

    /// The file's name.
    var fileName: FileName {
        get { fileNameReference.takeUnretainedValue() }
        set { fileNameReference = Unmanaged.passUnretained(newValue) }
    }

    /// Which file the location is in, by its interned name's identity, read without taking a reference to the name:
    /// reports and the source order compare every finding's file with the one before.
    var fileIdentity: ObjectIdentifier { fileNameReference._withUnsafeGuaranteedRef(ObjectIdentifier.init) }

    /// The file's path as the user named it (relative paths stay relative).
    public var file: String {
        get { fileName.path }
        set { fileName = FileName.named(newValue) }
    }

    public init(file: String, range: SourceRange) {
        self.init(fileName: FileName.named(file), range: range)
    }

    init(fileName: FileName, range: SourceRange) {
        fileNameReference = Unmanaged.passUnretained(fileName)
        self.range = range
    }

    public var line: Int { range.start.line }
    public var column: Int { range.start.column }

    // Names are interned, so two locations name the same file exactly when they hold the same name.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.fileIdentity == rhs.fileIdentity && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileIdentity)
        hasher.combine(range)
    }

    private enum CodingKeys: String, CodingKey {
        case file, range
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(String.self, forKey: .file), range: try container.decode(SourceRange.self, forKey: .range))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(range, forKey: .range)
    }
}

/// A file's path as locations name it, one object per path for the life of the process (a program names few
/// files): locations hold it without counting references and compare files by identity.
final class FileName: Sendable {
    let path: String

    private init(path: String) { self.path = path }

    /// The one name of `path`.
    static func named(_ path: String) -> FileName {
        names.withLock { names in
            if let name = names[path] { return name }
            let name = FileName(path: path)
            names[path] = name
            return name
        }
    }

    private static let names = Mutex<[String: FileName]>([:])
}
