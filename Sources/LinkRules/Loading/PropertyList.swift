/// An XML property list (an app's Info.plist or entitlements) read into values that keep the byte ranges they
/// were read from, so a rule can point at the `<string>` it is about. Built on `XMLTree`, which refuses entity
/// declarations and binary property lists.
struct PropertyList: Sendable {
    /// The file the list was read from.
    let source: SourceFile
    /// The value inside `<plist>`, usually a dictionary.
    let root: Value

    /// One value of the list and where it is written.
    struct Value: Sendable {
        enum Kind: Sendable {
            case dictionary([Entry])
            case array([Value])
            case string(String)
            case bool(Bool)
            case integer(Int)
            /// `<real>`, `<date>` and `<data>`, kept as their text: no rule reads them.
            case other(element: String, text: String)
        }

        var kind: Kind
        /// From the `<` of the value's start tag to just after its end tag.
        var range: Range<Int>

        /// The value of the first entry with `key`, when this is a dictionary that has one.
        subscript(key: String) -> Value? { entry(key)?.value }

        /// The first entry with `key`, when this is a dictionary that has one.
        func entry(_ key: String) -> Entry? {
            guard case .dictionary(let entries) = kind else { return nil }
            return entries.first { $0.key == key }
        }

        var string: String? {
            if case .string(let text) = kind { return text }
            return nil
        }

        var elements: [Value]? {
            if case .array(let values) = kind { return values }
            return nil
        }

        var bool: Bool? {
            if case .bool(let value) = kind { return value }
            return nil
        }

        /// How a message names the value's type: `a string`, `an array`.
        var kindDescription: String {
            switch kind {
            case .dictionary: "a dictionary"
            case .array: "an array"
            case .string: "a string"
            case .bool: "a boolean"
            case .integer: "an integer"
            case .other(let element, _): "<\(element)>"
            }
        }
    }

    /// One `<key>` of a dictionary and the value after it.
    struct Entry: Sendable {
        var key: String
        /// The range of the `<key>` element.
        var keyRange: Range<Int>
        var value: Value
    }

    /// Reads an XML property list.
    /// - Throws: `PropertyListError` with the byte offset of the problem: XML the reader refuses (malformed, a
    ///   binary list, an entity declaration), or XML that is not a property list.
    init(source: SourceFile) throws(PropertyListError) {
        self.source = source
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(Array(source.bytes))
        } catch {
            throw PropertyListError(message: error.message, byteOffset: error.byteOffset)
        }
        guard tree.root.name == "plist" else {
            throw PropertyListError(
                message: "the document element is <\(tree.root.name)>, not <plist>: this is not a property list",
                byteOffset: tree.root.nameRange.lowerBound)
        }
        guard tree.root.children.count == 1 else {
            throw PropertyListError(
                message: "<plist> holds \(tree.root.children.count) values: a property list holds exactly one",
                byteOffset: tree.root.nameRange.lowerBound)
        }
        root = try Self.value(of: tree.root.children[0])
    }

    private static func value(of element: XMLTree.Element) throws(PropertyListError) -> Value {
        let kind: Value.Kind
        switch element.name {
        case "dict":
            var entries: [Entry] = []
            var pendingKey: XMLTree.Element?
            for child in element.children {
                if let key = pendingKey {
                    guard child.name != "key" else {
                        throw PropertyListError(
                            message: "the key '\(key.text)' has no value: another <key> follows it",
                            byteOffset: child.nameRange.lowerBound)
                    }
                    entries.append(Entry(key: key.text, keyRange: key.range, value: try value(of: child)))
                    pendingKey = nil
                } else {
                    guard child.name == "key" else {
                        throw PropertyListError(
                            message: "<\(child.name)> in a <dict> where a <key> was expected", byteOffset: child.nameRange.lowerBound)
                    }
                    pendingKey = child
                }
            }
            if let key = pendingKey {
                throw PropertyListError(
                    message: "the key '\(key.text)' has no value: the <dict> ends after it", byteOffset: key.nameRange.lowerBound)
            }
            kind = .dictionary(entries)
        case "array":
            var values: [Value] = []
            for child in element.children { values.append(try value(of: child)) }
            kind = .array(values)
        case "string":
            kind = .string(element.text)
        case "true", "false":
            kind = .bool(element.name == "true")
        case "integer":
            let text = element.text.trimmingASCIISpaces
            guard let number = Int(text) else {
                throw PropertyListError(message: "<integer> holds '\(text)', not an integer", byteOffset: element.nameRange.lowerBound)
            }
            kind = .integer(number)
        case "real", "date", "data":
            kind = .other(element: element.name, text: element.text)
        case "key":
            throw PropertyListError(message: "a <key> outside a <dict>", byteOffset: element.nameRange.lowerBound)
        default:
            throw PropertyListError(
                message: "<\(element.name)> is not a property-list value (dict, array, string, integer, real, true, false, date, data)",
                byteOffset: element.nameRange.lowerBound)
        }
        if case .dictionary = kind {} else if case .array = kind {} else if let child = element.children.first {
            throw PropertyListError(
                message: "<\(child.name)> inside <\(element.name)>: a \(element.name) holds text only",
                byteOffset: child.nameRange.lowerBound)
        }
        return Value(kind: kind, range: element.range)
    }
}

/// Why a file is not an XML property list this reader accepts, and the byte offset where the problem was found.
struct PropertyListError: Error, Hashable, Sendable {
    var message: String
    var byteOffset: Int
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingASCIISpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
