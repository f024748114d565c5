/// Parses route templates in one pass over their UTF-8 bytes, without regular expressions: scheme, authority
/// (a host, or a custom scheme's first component), path components with placeholders in every supported style,
/// query items and fragment.
public struct LinkTemplateParser: Sendable {
    /// Custom-scheme authorities that are hosts rather than first components (`localhost` in `app://localhost/pay`).
    public var hosts: Set<String>

    public init(hosts: Set<String> = []) {
        self.hosts = Set(hosts.map { $0.lowercasedASCIIIfNeeded })
    }

    public func parse(_ text: String) -> LinkTemplate {
        let bytes = Array(text.utf8)
        let count = bytes.count
        var index = 0
        var template = LinkTemplate(
            text: text, scheme: nil, schemeSpan: nil, isOpaque: false, host: nil, hostSpan: nil, components: [],
            query: [], fragment: nil, fragmentSpan: nil, hasTrailingSlash: false)

        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        if count > 0, isAlpha(bytes[0]) {
            var cursor = 1
            while cursor < count, isAlpha(bytes[cursor]) || isDigit(bytes[cursor]) || bytes[cursor] == 0x2B
                || bytes[cursor] == 0x2D || bytes[cursor] == 0x2E
            {
                cursor += 1
            }
            if cursor < count, bytes[cursor] == UInt8(ascii: ":") {
                template.scheme = string(0..<cursor)
                template.schemeSpan = 0..<cursor
                index = cursor + 1
            }
        }

        let pathEnd = firstIndex(of: UInt8(ascii: "?"), or: UInt8(ascii: "#"), in: bytes, from: index) ?? count
        var pathStart = index
        if template.scheme != nil {
            if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                let authorityStart = index + 2
                let authorityEnd = firstIndex(of: UInt8(ascii: "/"), in: bytes, from: authorityStart, until: pathEnd) ?? pathEnd
                let authority = string(authorityStart..<authorityEnd)
                if authority.isEmpty || template.isWebLink || hosts.contains(authority.lowercasedASCIIIfNeeded) {
                    template.host = authority
                    template.hostSpan = authorityStart..<authorityEnd
                    pathStart = authorityEnd
                } else {
                    // A custom scheme's authority that is not a declared host is the first component.
                    pathStart = authorityStart
                }
            } else {
                template.isOpaque = true
                pathStart = pathEnd
            }
        }
        template.hasEmptyPath = template.host != nil && pathStart == pathEnd

        // Path components, split on "/"; empty segments are skipped. Counted first, so the array is allocated
        // once at its size: every link keeps it for the whole run.
        template.components.reserveCapacity(Self.segmentCount(bytes, pathStart..<pathEnd, separator: UInt8(ascii: "/")))
        var segmentStart = pathStart
        var cursor = pathStart
        while cursor <= pathEnd {
            if cursor == pathEnd || bytes[cursor] == UInt8(ascii: "/") {
                if cursor > segmentStart {
                    template.components.append(component(bytes, segmentStart..<cursor))
                }
                segmentStart = cursor + 1
            }
            cursor += 1
        }
        template.hasTrailingSlash = pathEnd > pathStart && bytes[pathEnd - 1] == UInt8(ascii: "/")
            && !template.components.isEmpty

        // Query: name[=value] items split on "&".
        var position = pathEnd
        if position < count, bytes[position] == UInt8(ascii: "?") {
            let queryEnd = firstIndex(of: UInt8(ascii: "#"), in: bytes, from: position + 1) ?? count
            template.query.reserveCapacity(Self.segmentCount(bytes, (position + 1)..<queryEnd, separator: UInt8(ascii: "&")))
            var itemStart = position + 1
            var itemCursor = itemStart
            while itemCursor <= queryEnd {
                if itemCursor == queryEnd || bytes[itemCursor] == UInt8(ascii: "&") {
                    if itemCursor > itemStart { template.query.append(queryItem(bytes, itemStart..<itemCursor)) }
                    itemStart = itemCursor + 1
                }
                itemCursor += 1
            }
            position = queryEnd
        }
        if position < count, bytes[position] == UInt8(ascii: "#") {
            template.fragment = string((position + 1)..<count)
            template.fragmentSpan = (position + 1)..<count
        }
        template.routeKey = template.computeRouteKey()
        return template
    }

    private func queryItem(_ bytes: [UInt8], _ range: Range<Int>) -> QueryItem {
        let equals = firstIndex(of: UInt8(ascii: "="), in: bytes, from: range.lowerBound, until: range.upperBound)
        let nameEnd = equals ?? range.upperBound
        let nameSpan = range.lowerBound..<nameEnd
        var item = QueryItem(
            name: String(decoding: bytes[nameSpan], as: UTF8.self), nameSpan: nameSpan, value: nil, valueSpan: nil,
            placeholder: nil)
        if let equals {
            let valueSpan = (equals + 1)..<range.upperBound
            item.value = String(decoding: bytes[valueSpan], as: UTF8.self)
            item.valueSpan = valueSpan
            if let found = placeholder(bytes, valueSpan), found.span == valueSpan { item.placeholder = found }
        }
        return item
    }

    private func component(_ bytes: [UInt8], _ range: Range<Int>) -> PathComponent {
        let text = String(decoding: bytes[range], as: UTF8.self)
        if let found = placeholder(bytes, range) {
            let prefix = String(decoding: bytes[range.lowerBound..<found.span.lowerBound], as: UTF8.self)
            return PathComponent(text: text, span: range, kind: .placeholder(found), name: "", prefix: prefix)
        }
        // A number, optionally after punctuation such as EXFE's "!".
        var digitsStart = range.lowerBound
        while digitsStart < range.upperBound, !isAlpha(bytes[digitsStart]), !isDigit(bytes[digitsStart]),
            bytes[digitsStart] != UInt8(ascii: "%")
        {
            digitsStart += 1
        }
        if digitsStart < range.upperBound, bytes[digitsStart..<range.upperBound].allSatisfy(isDigit) {
            let prefix = String(decoding: bytes[range.lowerBound..<digitsStart], as: UTF8.self)
            return PathComponent(text: text, span: range, kind: .integer, name: text, prefix: prefix)
        }
        let hasUpper = bytes[range].contains { $0 >= 0x41 && $0 <= 0x5A }
        return PathComponent(
            text: text, span: range, kind: .literal, name: hasUpper ? text.lowercasedASCIIIfNeeded : text, prefix: "")
    }

    /// Finds a placeholder that runs to the end of `range`, in any supported style.
    private func placeholder(_ bytes: [UInt8], _ range: Range<Int>) -> Placeholder? {
        guard !range.isEmpty else { return nil }
        let last = bytes[range.upperBound - 1]
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        switch last {
        case UInt8(ascii: "}"):
            guard let open = lastIndex(of: UInt8(ascii: "{"), in: bytes, range) else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            let (name, type) = split(bytes, inner, typeFirst: false)
            guard !name.isEmpty else { return nil }
            return makePlaceholder(name: text(name), type: type.map(text), style: .braces, span: open..<range.upperBound)
        case UInt8(ascii: ">"):
            guard let open = lastIndex(of: UInt8(ascii: "<"), in: bytes, range) else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            let (name, type) = split(bytes, inner, typeFirst: true)
            guard !name.isEmpty else { return nil }
            return makePlaceholder(name: text(name), type: type.map(text), style: .angle, span: open..<range.upperBound)
        case UInt8(ascii: "%"):
            guard range.count >= 3,
                let open = lastIndex(of: UInt8(ascii: "%"), in: bytes, range.lowerBound..<(range.upperBound - 1))
            else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            guard !inner.isEmpty, bytes[inner].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == 0x5F }),
                !(inner.count == 2 && bytes[inner].allSatisfy(isHex)), isAlpha(bytes[inner.lowerBound]) || bytes[inner.lowerBound] == 0x5F
            else { return nil }
            return makePlaceholder(name: text(inner), type: nil, style: .percent, span: open..<range.upperBound)
        default:
            // ":name" spanning the whole segment.
            guard bytes[range.lowerBound] == UInt8(ascii: ":"), range.count > 1,
                bytes[(range.lowerBound + 1)..<range.upperBound].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == 0x5F })
            else { return nil }
            return makePlaceholder(
                name: text((range.lowerBound + 1)..<range.upperBound), type: nil, style: .colon, span: range)
        }
    }

    private func makePlaceholder(name: String, type: String?, style: PlaceholderStyle, span: Range<Int>) -> Placeholder {
        var placeholder = Placeholder(name: name, type: nil, unknownType: nil, style: style, span: span)
        if let type {
            if let known = PlaceholderType(rawValue: type.lowercasedASCIIIfNeeded) {
                placeholder.type = known
            } else {
                placeholder.unknownType = type
            }
        }
        placeholder.isIdentifier = Placeholder.isIdentifier(name: name, type: placeholder.type)
        return placeholder
    }

    /// Splits `name:type` (or `type:name` for angle brackets) inside a placeholder.
    private func split(_ bytes: [UInt8], _ inner: Range<Int>, typeFirst: Bool) -> (name: Range<Int>, type: Range<Int>?) {
        guard let colon = firstIndex(of: UInt8(ascii: ":"), in: bytes, from: inner.lowerBound, until: inner.upperBound) else {
            return (inner, nil)
        }
        let before = inner.lowerBound..<colon
        let after = (colon + 1)..<inner.upperBound
        return typeFirst ? (after, before) : (before, after)
    }

    /// How many non-empty parts `separator` splits `range` into.
    private static func segmentCount(_ bytes: [UInt8], _ range: Range<Int>, separator: UInt8) -> Int {
        var count = 0
        var inSegment = false
        for index in range {
            if bytes[index] == separator {
                inSegment = false
            } else if !inSegment {
                inSegment = true
                count += 1
            }
        }
        return count
    }

    /// The first index in `start..<end` holding `target` (or `other`, when given).
    private func firstIndex(of target: UInt8, or other: UInt8? = nil, in bytes: [UInt8], from start: Int, until end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == target || byte == other { return index }
            index += 1
        }
        return nil
    }

    private func lastIndex(of target: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if bytes[index] == target { return index }
            index -= 1
        }
        return nil
    }
}

