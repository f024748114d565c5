/// A problem that stops a file from being read as a catalogue or configuration: unreadable file, invalid YAML,
/// a value of the wrong type, a duplicate key. Commands report it with its location and exit 2.
public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: Message
    public var location: SourceLocation
    public var notes: [Note]
    /// Whether libyaml found the text is not YAML at all (rather than YAML of the wrong shape).
    public var isSyntaxError = false

    public init(_ message: Message, at location: SourceLocation, notes: [Note] = []) {
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// A problem with the file as a whole (missing, unreadable, a directory), reported at 1:1.
    public init(_ message: Message, file: String) {
        let start = SourcePosition(line: 1, column: 1, offset: 0)
        self.init(message, at: SourceLocation(file: file, range: SourceRange(at: start)))
    }

    /// The error as a diagnostic, so every reporter can show it.
    public var diagnostic: Diagnostic {
        Diagnostic(ruleID: "load-error", severity: .error, message: message, location: location, notes: notes)
    }

    /// `file:line:col: error: message`, with notes on following lines.
    public var description: String {
        var text = "\(location.file):\(location.line):\(location.column): error: \(message)"
        for note in notes {
            if let where_ = note.location {
                text += "\n\(where_.file):\(where_.line):\(where_.column): note: \(note.message)"
            } else {
                text += "\n  note: \(note.message)"
            }
        }
        return text
    }
}

/// Several problems found in one file (a configuration reports all it can, not the first), in file order.
public struct LoadErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [LoadError]

    /// One `file:line:col: error:` block per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension Message {
    static func unreadableFile(_ reason: String) -> Message { "cannot read the file: \(reason)" }
    static func notAFile() -> Message { "expected a file, found a directory" }
    static func notUTF8() -> Message { "the file is not valid UTF-8 text" }
    static func notUTF8(_ problem: String) -> Message { "the file is not valid UTF-8 text: \(problem)" }
    static let utf16: Message = "the file is UTF-16 text: save it as UTF-8"
    static func nulByte() -> Message { "the file contains a NUL byte: it is not a text file" }
    static func invalidYAML(_ problem: String) -> Message { "invalid YAML: \(problem)" }
    static let aliasesRefused: Message = "YAML anchors and aliases are not supported in catalogues: write the value out"
    static func tooDeep(_ limit: Int) -> Message { "the YAML nests deeper than \(limit) levels" }
    static func wrongType(expected: String, found: String, key: String) -> Message {
        "'\(key)' must be \(expected), found \(found)"
    }
    static func duplicateKey(_ key: String) -> Message { "duplicate key '\(key)'" }
    static func firstDeclaredHere(_ key: String) -> Message { "'\(key)' is first set here" }
    static func invalidValue(_ value: String, key: String, expected: [String]) -> Message {
        "'\(value)' is not a valid value for '\(key)': expected one of \(expected.map { "'\($0)'" }.joined(separator: ", "))"
    }
    static func missingKey(_ key: String, in container: String) -> Message { "\(container) has no '\(key)'" }
    static let emptyDocument: Message = "the file is empty: expected a catalogue with 'version' and 'links'"
}
