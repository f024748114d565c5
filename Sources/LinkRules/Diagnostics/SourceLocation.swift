/// A point in a source file: 1-based line and column (counted in Unicode scalars, as editors and the Swift
/// compiler do) and the 0-based UTF-8 byte offset from the start of the file.
public struct SourcePosition: Hashable, Sendable, Comparable, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
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
