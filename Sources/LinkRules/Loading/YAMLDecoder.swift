/// Pull-style decoding helpers over `YAMLEventReader`: read a mapping key by key, a list item by item, a scalar,
/// or skip a value, with typed errors that name the key and point at the offending value.
final class YAMLDecoder {
    let reader: YAMLEventReader
    /// The keys of the mappings being read, outermost first, for finding duplicates.
    @exclusivity(unchecked) private var openKeys: [Scalar] = []
    /// Where the innermost mapping being read starts in `openKeys`. (Unchecked, as `openKeys`: read for every
    /// mapping, a checked access of a class's property costs more than the rest of the bookkeeping.)
    @exclusivity(unchecked) private var mappingBase = 0
    /// Renames of keys proposed by fixes (`proposeRename(of:to:)`), each checked when its mapping ends.
    @exclusivity(unchecked) private var proposedRenames: [(mappingBase: Int, key: Range<Int>, name: String)] = []
    /// The proposed renames that would repeat a key of their mapping: the renamed key's byte range, and the range
    /// of the key it would repeat.
    private(set) var renamesRepeatingAKey: [(key: Range<Int>, repeated: Range<Int>)] = []
    var file: SourceFile { reader.file }

    convenience init(file: SourceFile) {
        self.init(reader: YAMLEventReader(file: file))
    }

    init(reader: YAMLEventReader) {
        self.reader = reader
    }

    func location(_ range: Range<Int>) -> SourceLocation { reader.location(range) }

    /// Moves past the stream and document start; returns false when the stream holds no document.
    func beginDocument() throws -> Bool {
        while true {
            let event = try reader.peek()
            switch event.kind {
            case .streamStart, .documentStart: _ = try reader.next()
            case .streamEnd: return false
            default: return true
            }
        }
    }

    /// When decoding stops at a wrong type, the YAML may also be broken further on (an unclosed bracket read as a
    /// list of strings): the syntax error is the more useful report, so it wins when there is one.
    func preferringSyntaxError(over error: LoadError) -> LoadError {
        do {
            while try reader.next().kind != .streamEnd {}
        } catch let syntax as LoadError where syntax.isSyntaxError {
            return syntax
        } catch {}
        return error
    }

    /// Fails unless the stream ends after the first document (a second `---` document is refused).
    func endDocument() throws {
        while true {
            let event = try reader.next()
            switch event.kind {
            case .documentEnd: continue
            case .streamEnd: return
            default:
                throw LoadError("a catalogue is one YAML document: found a second one", at: reader.location(of: event))
            }
        }
    }

    private func typeError(_ event: YAMLEvent, expected: String, key: String) -> LoadError {
        let found = event.kind == .scalar ? (event.value.isEmpty && event.style == .plain ? "nothing" : "'\(event.value)'") : event.kindName
        return LoadError(.wrongType(expected: expected, found: found, key: key), at: reader.location(of: event))
    }

    private func typeError(_ scalar: Scalar, expected: String, key: String) -> LoadError {
        typeError(YAMLEvent(kind: .scalar, start: scalar.tokenRange.lowerBound, end: scalar.tokenRange.upperBound, value: scalar.value, style: scalar.style), expected: expected, key: key)
    }

    /// Reads a mapping, calling `body` with each key; `body` must consume the value. Duplicate keys are an error
    /// pointing at the second with a note at the first. Returns the mapping's byte range.
    @discardableResult
    func readMapping(key context: @autoclosure () -> String, _ body: (Scalar) throws -> Void) throws -> Range<Int> {
        let start = try reader.next()
        guard start.kind == .mappingStart else { throw typeError(start, expected: "a mapping", key: context()) }
        // Most mappings (a link entry, a component) have a handful of keys: a linear scan finds duplicates with no
        // hashing, in a stack of keys shared by the nested mappings so that no mapping allocates; a long mapping
        // (the vocabulary) switches to a dictionary.
        let base = openKeys.count
        let outerBase = mappingBase
        mappingBase = base
        // Popped one by one: a mapping has a few keys, and `removeLast()` costs less than removing a subrange.
        defer {
            while openKeys.count > base { openKeys.removeLast() }
            mappingBase = outerBase
        }
        var seenIndex: [String: Scalar]?
        func firstOccurrence(of key: Scalar) -> Scalar? {
            if let seenIndex { return seenIndex[key.value] }
            for index in base..<openKeys.count where openKeys[index].value == key.value { return openKeys[index] }
            return nil
        }
        // Remembered once its value is read, so that the key is moved onto the stack rather than copied there.
        func remember(_ key: consuming Scalar) {
            if seenIndex == nil, openKeys.count - base < 16 { return openKeys.append(key) }
            if seenIndex == nil {
                seenIndex = Dictionary(openKeys[base...].map { ($0.value, $0) }, uniquingKeysWith: { a, _ in a })
            }
            seenIndex![key.value] = key
        }
        while true {
            let event = try reader.next()
            if event.kind == .mappingEnd {
                // The renames proposed in this mapping, now that all its keys are known.
                if !proposedRenames.isEmpty {
                    for proposed in proposedRenames where proposed.mappingBase == base {
                        let name = Scalar(value: proposed.name, tokenRange: proposed.key, style: .plain)
                        if let repeated = firstOccurrence(of: name) { renamesRepeatingAKey.append((proposed.key, repeated.tokenRange)) }
                    }
                    proposedRenames.removeAll { $0.mappingBase == base }
                }
                return start.start..<event.end
            }
            guard event.kind == .scalar else {
                throw LoadError("keys must be plain strings", at: reader.location(of: event))
            }
            let key = (consume event).scalar()
            if let first = firstOccurrence(of: key) {
                throw LoadError(
                    .duplicateKey(key.value), at: reader.location(key.tokenRange),
                    notes: [Note(message: .firstDeclaredHere(key.value), location: reader.location(first.tokenRange))])
            }
            try body(key)
            remember(consume key)
        }
    }

    /// Proposes renaming `key`, a key of the mapping being read, to `name` (a fix of an unknown key): once the
    /// mapping ends, a rename that would repeat one of its keys, written before `key` or after it, is listed in
    /// `renamesRepeatingAKey`, for the fix to be withdrawn (a repeated key does not load).
    func proposeRename(of key: Scalar, to name: String) {
        proposedRenames.append((mappingBase, key.tokenRange, name))
    }

    /// Whether the next value is a flow-style collection (`[…]`, `{…}`), for fixes that insert in the same style.
    func nextIsFlow() throws -> Bool { try reader.peekIsFlow() }

    /// The kind of the next value without consuming it.
    func nextKind() throws -> YAMLEvent.Kind { try reader.peekKind() }

    /// Reads a list, calling `body` for each item; `body` must consume it. Returns the list's byte range.
    @discardableResult
    func readSequence(key context: @autoclosure () -> String, _ body: (Int) throws -> Void) throws -> Range<Int> {
        let start = try reader.next()
        guard start.kind == .sequenceStart else { throw typeError(start, expected: "a list", key: context()) }
        var index = 0
        while true {
            if try reader.peekKind() == .sequenceEnd {
                let end = try reader.next()
                return start.start..<end.end
            }
            try body(index)
            index += 1
        }
    }

    /// Reads a scalar; a mapping or list is a type error naming `key`.
    func readScalar(key context: @autoclosure () -> String, expected: String = "a string") throws -> Scalar {
        let event = try reader.next()
        guard event.kind == .scalar else { throw typeError(event, expected: expected, key: context()) }
        return (consume event).scalar()
    }

    /// Reads a non-null scalar.
    func readString(key context: @autoclosure () -> String, expected: String = "a string") throws -> Scalar {
        let scalar = try readScalar(key: context(), expected: expected)
        if scalar.isNull { throw typeError(scalar, expected: expected, key: context()) }
        return scalar
    }

    /// Reads a YAML boolean.
    func readBool(key context: @autoclosure () -> String) throws -> Scalar {
        let scalar = try readScalar(key: context(), expected: "true or false")
        guard scalar.boolValue != nil else { throw typeError(scalar, expected: "true or false", key: context()) }
        return scalar
    }

    /// Reads a list of strings; a single string is accepted as a list of one.
    func readStringList(key context: @autoclosure () -> String) throws -> [Scalar] {
        if try reader.peekKind() == .scalar {
            let scalar = try readScalar(key: context(), expected: "a list of strings")
            return scalar.isNull ? [] : [scalar]
        }
        var items: [Scalar] = []
        try readSequence(key: context()) { _ in items.append(try readString(key: context())) }
        return items
    }

    /// Reads any value into a small located tree (for options and small sections).
    func readValue() throws -> YAMLValue {
        let event = try reader.peek()
        switch event.kind {
        case .scalar:
            return .scalar(try readScalar(key: ""))
        case .sequenceStart:
            var items: [YAMLValue] = []
            let range = try readSequence(key: "") { _ in items.append(try readValue()) }
            return .sequence(items, range: range)
        case .mappingStart:
            var members: [(key: Scalar, value: YAMLValue)] = []
            let range = try readMapping(key: "") { key in members.append((key, try readValue())) }
            return .mapping(members, range: range)
        default:
            _ = try reader.next()
            throw LoadError("unexpected YAML structure", at: reader.location(of: event))
        }
    }

    /// Consumes the next value whatever it is, returning its byte range.
    @discardableResult
    func skipValue() throws -> Range<Int> {
        let first = try reader.next()
        guard first.kind == .mappingStart || first.kind == .sequenceStart else { return first.start..<first.end }
        var level = 1
        var end = first.end
        while level > 0 {
            let event = try reader.next()
            switch event.kind {
            case .mappingStart, .sequenceStart: level += 1
            case .mappingEnd, .sequenceEnd: level -= 1
            case .streamEnd: return first.start..<event.end
            default: break
            }
            end = event.end
        }
        return first.start..<end
    }
}
