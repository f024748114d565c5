/// An XML file (an Android manifest, a navigation graph, an XML property list) read into elements that keep the
/// byte ranges they were read from, so a platform rule can point at the exact attribute. The reader is our own,
/// portable and small: it never fetches anything, refuses entity declarations (so neither external entities nor
/// entity expansion bombs can exist), and reads only UTF-8.
struct XMLTree: Sendable {
    /// The document element.
    var root: Element

    /// One `name="value"` attribute of a start tag, with the ranges of its name and of its value (without quotes).
    struct Attribute: Hashable, Sendable {
        /// The qualified name as written, with its prefix: `android:scheme`.
        var name: String
        /// The value with entity and character references replaced.
        var value: String
        var nameRange: Range<Int>
        var valueRange: Range<Int>
    }

    /// One element: its qualified name, attributes, child elements and the character data directly inside it.
    struct Element: Hashable, Sendable {
        /// The qualified name as written, with its prefix: `intent-filter`, `nav:deepLink`.
        var name: String
        var attributes: [Attribute]
        var children: [Element]
        /// The character data directly inside the element (CDATA included), references replaced.
        var text: String
        /// The range of the element's name in its start tag, where findings about the element point.
        var nameRange: Range<Int>
        /// From the `<` of the start tag to just after the end tag (or the `/>`).
        var range: Range<Int>

        /// The name after its prefix: `scheme` for `android:scheme`.
        var localName: Substring { name.split(separator: ":", maxSplits: 1).last ?? Substring(name) }

        /// The attribute with the given qualified name, if the element has one.
        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

        /// The child elements with the given qualified name, in document order.
        func children(named name: String) -> [Element] { children.filter { $0.name == name } }
    }

    /// How deeply elements may nest before the reader gives up, bounding its recursion.
    static let maximumDepth = 256

    /// Reads a whole document. A leading UTF-8 byte-order mark, the XML declaration, comments, processing
    /// instructions and a DOCTYPE without an internal subset are accepted and skipped.
    static func parse(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLTree {
        var reader = XMLReader(bytes: bytes)
        return XMLTree(root: try reader.readDocument())
    }
}

/// Why a text is not XML this reader accepts, and the byte offset where the problem was found.
struct XMLSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    var message: String
    var byteOffset: Int

    var description: String { "\(message) (at byte \(byteOffset))" }
}

/// The recursive-descent reader behind `XMLTree`; one instance reads one document.
private struct XMLReader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readDocument() throws(XMLSyntaxError) -> XMLTree.Element {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw fail("the file is UTF-16 text: save it as UTF-8", at: 0)
        }
        if bytes.starts(with: Array("bplist".utf8)) {
            throw fail("this is a binary property list: convert it to XML with 'plutil -convert xml1'", at: 0)
        }
        if bytes.contains(0) { throw fail("the file contains a NUL byte: it is not a text file", at: bytes.firstIndex(of: 0)!) }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw fail("the file is not valid UTF-8 text", at: firstInvalidUTF8Offset())
        }
        try skipProlog()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
            throw fail(index < bytes.count ? "expected the document element '<…>'" : "the file has no XML element", at: index)
        }
        let root = try readElement()
        try skipMisc()
        if index < bytes.count { throw fail("text after the document element", at: index) }
        return root
    }

    // MARK: Prolog

    private mutating func skipProlog() throws(XMLSyntaxError) {
        skipSpace()
        if starts(with: "<?xml") && index + 5 < bytes.count && isSpace(bytes[index + 5]) {
            let start = index
            let end = try skip(through: "?>", unclosed: "the XML declaration is not closed with '?>'")
            let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
            if let encoding = pseudoAttribute("encoding", in: declaration),
                !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased())
            {
                throw fail("the XML declaration names encoding '\(encoding)': only UTF-8 is read", at: start)
            }
        }
        try skipMisc()
        if starts(with: "<!DOCTYPE") {
            try skipDoctype()
            try skipMisc()
        }
    }

    /// Skips comments, processing instructions and white space between top-level constructs.
    private mutating func skipMisc() throws(XMLSyntaxError) {
        while true {
            skipSpace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                index = try skip(through: "?>", unclosed: "a processing instruction is not closed with '?>'")
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE name PUBLIC "…" "…">`. An internal subset (`[ … ]`) may declare entities, which this
    /// reader never expands: it is refused rather than read wrongly.
    private mutating func skipDoctype() throws(XMLSyntaxError) {
        let start = index
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw fail(
                    "the DOCTYPE declares an internal subset: entity declarations are not read (nor external entities fetched)",
                    at: index)
            } else if byte == UInt8(ascii: ">") {
                index += 1
                return
            }
            index += 1
        }
        throw fail("the DOCTYPE is not closed with '>'", at: start)
    }

    private mutating func skipComment() throws(XMLSyntaxError) {
        index = try skip(through: "-->", unclosed: "a comment is not closed with '-->'")
    }

    // MARK: Elements

    private mutating func readElement() throws(XMLSyntaxError) -> XMLTree.Element {
        let start = index
        depth += 1
        defer { depth -= 1 }
        if depth > XMLTree.maximumDepth {
            throw fail("the XML nests deeper than \(XMLTree.maximumDepth) elements", at: start)
        }
        index += 1  // <
        let (name, nameRange) = try readName(what: "an element name")
        var attributes: [XMLTree.Attribute] = []
        while true {
            let hadSpace = skipSpace()
            guard index < bytes.count else { throw fail("the start tag '<\(name)' is not closed", at: start) }
            if starts(with: "/>") {
                index += 2
                return XMLTree.Element(
                    name: name, attributes: attributes, children: [], text: "", nameRange: nameRange,
                    range: start..<index)
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if !hadSpace { throw fail("expected white space, '>' or '/>' in the start tag '<\(name)'", at: index) }
            let attribute = try readAttribute()
            if attributes.contains(where: { $0.name == attribute.name }) {
                throw fail("the attribute '\(attribute.name)' appears twice in '<\(name)'", at: attribute.nameRange.lowerBound)
            }
            attributes.append(attribute)
        }
        var children: [XMLTree.Element] = []
        var text = ""
        while true {
            guard index < bytes.count else { throw fail("the element '<\(name)>' is not closed", at: start) }
            if starts(with: "</") {
                let closeStart = index
                index += 2
                let (closing, _) = try readName(what: "an element name after '</'")
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw fail("expected '>' after '</\(closing)'", at: index)
                }
                index += 1
                if closing != name {
                    throw fail("'</\(closing)>' closes '<\(name)>'", at: closeStart)
                }
                return XMLTree.Element(
                    name: name, attributes: attributes, children: children, text: text, nameRange: nameRange,
                    range: start..<index)
            } else if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                let contentStart = index + 9
                let end = try skip(through: "]]>", unclosed: "a CDATA section is not closed with ']]>'")
                text += String(decoding: bytes[contentStart..<(end - 3)], as: UTF8.self)
            } else if starts(with: "<?") {
                index = try skip(through: "?>", unclosed: "a processing instruction is not closed with '?>'")
            } else if starts(with: "<!") {
                throw fail("a declaration inside an element is not XML content", at: index)
            } else if bytes[index] == UInt8(ascii: "<") {
                children.append(try readElement())
            } else {
                text += try readText(until: UInt8(ascii: "<"))
            }
        }
    }

    private mutating func readAttribute() throws(XMLSyntaxError) -> XMLTree.Attribute {
        let (name, nameRange) = try readName(what: "an attribute name")
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw fail("expected '=' after the attribute '\(name)'", at: index)
        }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw fail("the value of '\(name)' must be quoted", at: index)
        }
        let quote = bytes[index]
        let quoteStart = index
        index += 1
        let valueStart = index
        let value = try readText(until: quote, inAttribute: true)
        guard index < bytes.count else { throw fail("the value of '\(name)' is not closed", at: quoteStart) }
        let valueEnd = index
        index += 1
        return XMLTree.Attribute(name: name, value: value, nameRange: nameRange, valueRange: valueStart..<valueEnd)
    }

    /// Reads character data up to (not including) `terminator`, replacing references.
    private mutating func readText(until terminator: UInt8, inAttribute: Bool = false) throws(XMLSyntaxError) -> String {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != terminator {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                text += try readReference()
            } else if inAttribute && byte == UInt8(ascii: "<") {
                throw fail("'<' is not allowed in an attribute value: write '&lt;'", at: index)
            } else {
                text.append(byte)
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads `&name;` or `&#…;` and returns the UTF-8 of the character it stands for. Only the five predefined
    /// entities exist: the reader refuses entity declarations.
    private mutating func readReference() throws(XMLSyntaxError) -> [UInt8] {
        let start = index
        guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("'&' must start a reference such as '&amp;'", at: start)
        }
        let body = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        var scalarValue: UInt32?
        if body.hasPrefix("#x") {
            scalarValue = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            scalarValue = UInt32(body.dropFirst(1), radix: 10)
        } else {
            throw fail("unknown entity '&\(body);': only '&lt;', '&gt;', '&amp;', '&quot;' and '&apos;' exist", at: start)
        }
        guard let value = scalarValue, value != 0, let scalar = Unicode.Scalar(value) else {
            throw fail("'&\(body);' is not a valid character reference", at: start)
        }
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Lexical pieces

    private mutating func readName(what: String) throws(XMLSyntaxError) -> (String, Range<Int>) {
        let start = index
        while index < bytes.count, isNameByte(bytes[index], first: index == start) { index += 1 }
        guard index > start else { throw fail("expected \(what)", at: start) }
        return (String(decoding: bytes[start..<index], as: UTF8.self), start..<index)
    }

    private func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            (0..<count).allSatisfy { bytes[index + $0] == literalBytes[$0] }
        }
    }

    /// Moves past the next `terminator` and returns the offset just after it.
    private mutating func skip(through terminator: StaticString, unclosed: String) throws(XMLSyntaxError) -> Int {
        let start = index
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return index
            }
            index += 1
        }
        throw fail(unclosed, at: start)
    }

    /// The value of `name="…"` in the XML declaration's text, if it is there.
    private func pseudoAttribute(_ name: String, in declaration: String) -> String? {
        let marker = Array((name + "=").utf8)
        let text = Array(declaration.utf8)
        guard let start = text.indices.first(where: { text[$0...].starts(with: marker) }) else { return nil }
        let rest = text[(start + marker.count)...]
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        return String(decoding: rest.dropFirst().prefix { $0 != quote }, as: UTF8.self)
    }

    private func firstInvalidUTF8Offset() -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }

    private func fail(_ message: String, at offset: Int) -> XMLSyntaxError {
        XMLSyntaxError(message: message, byteOffset: min(offset, bytes.count))
    }
}
