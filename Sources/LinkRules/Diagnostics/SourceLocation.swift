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
    /// The file's path as the user named it (relative paths stay relative).
    public var file: String
    public var range: SourceRange

    public init(file: String, range: SourceRange) {
        self.file = file
        self.range = range
    }

    public var line: Int { range.start.line }
    public var column: Int { range.start.column }
}
