#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses route templates in one pass over their UTF-8 bytes, without regular expressions: scheme, authority
/// (a host, or a custom scheme's first component), path components with placeholders in every supported style,
/// query items and fragment.
struct LinkTemplateParser: Sendable {
    /// Custom-scheme authorities that are hosts rather than first components (`localhost` in `app://localhost/pay`).
    let hosts: Set<String>
    /// `hosts` as bytes, so an authority in ASCII is compared without making a string of it.
    private let hostBytes: [[UInt8]]

    init(hosts: Set<String> = []) {
        self.hosts = Set(hosts.map { $0.lowercasedASCIIIfNeeded })
        hostBytes = self.hosts.map { Array($0.utf8) }
    }

    /// Whether a byte ends the search for a scheme's ':': a ':' itself, or a character that starts a path, query,
    /// fragment or placeholder.
    private static func endsSchemeSearch(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: "<"),
            UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// Whether a scheme is `http` or `https`, in any case.
    private static func isWebScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        func letter(_ index: Int) -> UInt8 { scheme[index] | 0x20 }
        return letter(0) == UInt8(ascii: "h") && letter(1) == UInt8(ascii: "t") && letter(2) == UInt8(ascii: "t")
            && letter(3) == UInt8(ascii: "p") && (scheme.count == 4 || letter(4) == UInt8(ascii: "s"))
    }

    /// Whether an authority is one of `hosts`, compared as `hosts.contains(authority.lowercasedASCIIIfNeeded)`.
    private func isDeclaredHost(_ authority: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hostBytes.isEmpty else { return false }
        guard authority.allSatisfy({ $0 < 0x80 }) else {
            return hosts.contains(String(decoding: authority, as: UTF8.self).lowercasedASCIIIfNeeded)
        }
        return hostBytes.contains { equalsIgnoringASCIICase($0, authority) }
    }

    func parse(_ text: String) -> LinkTemplate {
        var bytes = text
        return bytes.withUTF8 { parse($0, of: text) }
    }

    /// The template of `text`, read from its UTF-8 `bytes`: its parts are found into locals, and the template made
    /// of them at the end.
    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, of text: String) -> LinkTemplate {
        let count = bytes.count
        var index = 0
        var schemeSpan: Range<Int>?
        var isWebLink = false

        // Scheme: the text before a ':' that comes before any '/', '?', '#' or placeholder. RFC 3986 allows
        // ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); a scheme that breaks that grammar (`my_app`) is still read as
        // the scheme, so `url-invalid` reports it once rather than other rules taking it for a path component.
        if count > 0, bytes[0] != UInt8(ascii: ":") {
            var cursor = 0
            while cursor < count, !Self.endsSchemeSearch(bytes[cursor]) { cursor += 1 }
            if cursor < count, bytes[cursor] == UInt8(ascii: ":") {
                schemeSpan = 0..<cursor
                isWebLink = Self.isWebScheme(UnsafeBufferPointer(rebasing: bytes[0..<cursor]))
                index = cursor + 1
            }
        }

        let pathEnd = firstIndex(of: UInt8(ascii: "?"), or: UInt8(ascii: "#"), in: bytes, from: index) ?? count
        var pathStart = index
        var hostSpan: Range<Int>?
        var isOpaque = false
        if schemeSpan != nil {
            if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                let authorityStart = index + 2
                let authorityEnd = separatorSlash(bytes, from: authorityStart, until: pathEnd)
                let authority = UnsafeBufferPointer(rebasing: bytes[authorityStart..<authorityEnd])
                if authorityStart == authorityEnd || isWebLink || isDeclaredHost(authority) || Self.isDomainName(authority)
                {
                    hostSpan = authorityStart..<authorityEnd
                    pathStart = authorityEnd
                } else {
                    // A custom scheme's authority that is not a declared host is the first component.
                    pathStart = authorityStart
                }
            } else {
                isOpaque = true
                pathStart = pathEnd
            }
        }
        let hasEmptyPath = hostSpan != nil && pathStart == pathEnd

        // Path components, split on "/"; empty segments are skipped. Built in one pass into a buffer on the stack
        // (a path of n bytes has at most (n + 1) / 2 of them), then moved into an array of exactly their number:
        // every link keeps it for the whole run.
        var components: [PathComponent] = []
        let mostComponents = (pathEnd - pathStart + 1) / 2
        if mostComponents > 0 {
            // Read once here: a static read in the byte loop goes through its lazy initializer's check every time.
            let byteTraits = Self.byteTraits
            components = withUnsafeTemporaryAllocation(of: PathComponent.self, capacity: mostComponents) { buffer in
                let built = buffer.baseAddress!
                var builtCount = 0
                var segmentStart = pathStart
                while segmentStart < pathEnd {
                    // One pass over a segment finds where it ends (as `separatorSlash` does) and what its bytes are.
                    var traits: ByteTraits = []
                    var slash = segmentStart
                    while slash < pathEnd {
                        let byte = bytes[slash]
                        if byte == UInt8(ascii: "/"), Self.slashSeparates(bytes, at: slash) { break }
                        traits.formUnion(byteTraits[Int(byte)])
                        slash += 1
                    }
                    if slash > segmentStart {
                        (built + builtCount).initialize(to: component(bytes, segmentStart..<slash, traits: traits))
                        builtCount += 1
                    }
                    segmentStart = slash + 1
                }
                // Reserved, then appended to: `Array(unsafeUninitializedCapacity:)` allocates through an unspecialized
                // generic path that costs twice as much.
                var components: [PathComponent] = []
                components.reserveCapacity(builtCount)
                for index in 0..<builtCount { components.append((built + index).move()) }
                return components
            }
        }
        let hasTrailingSlash = pathEnd > pathStart && bytes[pathEnd - 1] == UInt8(ascii: "/") && !components.isEmpty

        // Query: name[=value] items split on "&".
        var query: [QueryItem] = []
        var position = pathEnd
        if position < count, bytes[position] == UInt8(ascii: "?") {
            let queryEnd = firstIndex(of: UInt8(ascii: "#"), in: bytes, from: position + 1) ?? count
            query.reserveCapacity(Self.segmentCount(bytes, (position + 1)..<queryEnd, separator: UInt8(ascii: "&")))
            var itemStart = position + 1
            var itemCursor = itemStart
            while itemCursor <= queryEnd {
                if itemCursor == queryEnd || bytes[itemCursor] == UInt8(ascii: "&") {
                    if itemCursor > itemStart { query.append(queryItem(bytes, itemStart..<itemCursor)) }
                    itemStart = itemCursor + 1
                }
                itemCursor += 1
            }
            position = queryEnd
        }
        var fragmentSpan: Range<Int>?
        if position < count, bytes[position] == UInt8(ascii: "#") {
            fragmentSpan = (position + 1)..<count
        }
        return LinkTemplate(
            text: text, schemeSpan: schemeSpan, hostSpan: hostSpan, fragmentSpan: fragmentSpan, isOpaque: isOpaque,
            isWebLink: isWebLink, hasTrailingSlash: hasTrailingSlash, hasEmptyPath: hasEmptyPath,
            components: components, query: query)
    }

    /// The `name=value` items of a template's fragment (`#url={url}`, OAuth's `#access_token=…&state=…`): the text
    /// after the fragment's last `?` when it has one (a hash route such as `#/search?q={q}`), else the whole
    /// fragment when it holds a `=`; none for a fragment that is a path (`#post/{id}`). Parsed when asked for: few
    /// links have a fragment, and the security rules and `explain` ask only of those.
    func fragmentItems(of template: LinkTemplate) -> [QueryItem] {
        guard let fragment = template.fragmentSpan, !fragment.isEmpty else { return [] }
        var text = template.text
        return text.withUTF8 { bytes in
            var start = fragment.lowerBound
            if let question = lastIndex(of: UInt8(ascii: "?"), in: bytes, fragment) {
                start = question + 1
            } else if firstIndex(of: UInt8(ascii: "="), in: bytes, from: fragment.lowerBound, until: fragment.upperBound) == nil {
                return []
            }
            var items: [QueryItem] = []
            var itemStart = start
            for cursor in start...fragment.upperBound where cursor == fragment.upperBound || bytes[cursor] == UInt8(ascii: "&") {
                if cursor > itemStart { items.append(queryItem(bytes, itemStart..<cursor)) }
                itemStart = cursor + 1
            }
            return items
        }
    }

    private func queryItem(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> QueryItem {
        let equals = firstIndex(of: UInt8(ascii: "="), in: bytes, from: range.lowerBound, until: range.upperBound)
        let nameEnd = equals ?? range.upperBound
        let nameSpan = range.lowerBound..<nameEnd
        let name = Self.string(bytes, nameSpan)
        guard let equals else {
            return QueryItem(name: name, nameSpan: nameSpan, value: nil, valueSpan: nil, placeholder: nil)
        }
        let valueSpan = (equals + 1)..<range.upperBound
        var found = placeholder(bytes, valueSpan)
        if found?.span != valueSpan {
            // A value with placeholders among literal text (`center={lat},{lng}`) is one, matched as a pattern.
            found = firstBracePlaceholder(bytes, valueSpan)
            found?.isInsideText = true
        }
        return QueryItem(
            name: name, nameSpan: nameSpan, value: Self.string(bytes, valueSpan), valueSpan: valueSpan,
            placeholder: found)
    }

    /// What a path component's bytes tell the parser, one bit each: the `byteTraits` of all its bytes together.
    private struct ByteTraits: OptionSet {
        let rawValue: UInt8

        /// An ASCII capital, which `PathComponent.name` lowercases.
        static let capital = ByteTraits(rawValue: 1 << 0)
        /// A byte outside ASCII.
        static let nonASCII = ByteTraits(rawValue: 1 << 1)
        /// A `{`, which may open a placeholder among literal text.
        static let brace = ByteTraits(rawValue: 1 << 2)
        /// What `isWrittenOutValue` needs one of: an `@`, a `.` (a domain) or a digit (an opaque token). Most
        /// components are words with none of them, which rules the check out without another pass.
        static let writtenOutValueMark = ByteTraits(rawValue: 1 << 3)
    }

    /// The traits of each byte value, so a component's bytes are read with one look-up each.
    private static let byteTraits: [ByteTraits] = (0...255).map { value in
        let byte = UInt8(value)
        var traits: ByteTraits = []
        if byte >= 0x41 && byte <= 0x5A { traits.insert(.capital) }
        if byte >= 0x80 { traits.insert(.nonASCII) }
        if byte == UInt8(ascii: "{") { traits.insert(.brace) }
        if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ".") || isDigit(byte) { traits.insert(.writtenOutValueMark) }
        return traits
    }

    /// The component at `range`, whose bytes have `traits` (found while looking for the component's end).
    private func component(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, traits: ByteTraits) -> PathComponent {
        let text = Self.string(bytes, range)
        let hasCapital = traits.contains(.capital)
        let isASCII = !traits.contains(.nonASCII)
        let hasBrace = traits.contains(.brace)
        let mayBeWrittenOutValue = traits.contains(.writtenOutValueMark)
        // Placeholders among literal text (`{lat},{lng}`, `v{major}.{minor}`, `{id}.json`): the first placeholder
        // stands for the component, which is matched as a pattern. One placeholder that ends the component after a
        // literal prefix (EXFE's `!{id}`) is the ordinary case below.
        if hasBrace, let brace = firstBrace(bytes, range), brace.span.upperBound != range.upperBound {
            var first = bracePlaceholder(brace, in: bytes)
            first.isInsideText = true
            return PathComponent(
                text: text, span: range, kind: .placeholder(first), prefixLength: first.span.lowerBound - range.lowerBound,
                hasASCIICapital: hasCapital, isASCII: isASCII)
        }
        // Only a component that ends with a placeholder's closing delimiter or starts with ":" can be one: most
        // components are words, which this rules out without a call.
        let last = bytes[range.upperBound - 1]
        let mayBePlaceholder = last == UInt8(ascii: "}") || last == UInt8(ascii: ">") || last == UInt8(ascii: "%")
            || bytes[range.lowerBound] == UInt8(ascii: ":")
        if mayBePlaceholder, let found = placeholder(bytes, range) {
            return PathComponent(
                text: text, span: range, kind: .placeholder(found), prefixLength: found.span.lowerBound - range.lowerBound,
                hasASCIICapital: hasCapital, isASCII: isASCII)
        }
        // A number, optionally after punctuation such as EXFE's "!".
        var digitsStart = range.lowerBound
        while digitsStart < range.upperBound, !isAlpha(bytes[digitsStart]), !isDigit(bytes[digitsStart]),
            bytes[digitsStart] != UInt8(ascii: "%")
        {
            digitsStart += 1
        }
        if digitsStart < range.upperBound, bytes[digitsStart..<range.upperBound].allSatisfy(isDigit) {
            return PathComponent(
                text: text, span: range, kind: .integer, prefixLength: digitsStart - range.lowerBound,
                hasASCIICapital: hasCapital, isASCII: isASCII)
        }
        // A domain, email address or handle written out is a value, not a word.
        if mayBeWrittenOutValue, Self.isWrittenOutValue(UnsafeBufferPointer(rebasing: bytes[range])) {
            return PathComponent(text: text, span: range, kind: .value, hasASCIICapital: hasCapital, isASCII: isASCII)
        }
        return PathComponent(text: text, span: range, kind: .literal, hasASCIICapital: hasCapital, isASCII: isASCII)
    }

    /// Finds a placeholder that runs to the end of `range`, in any supported style.
    private func placeholder(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Placeholder? {
        guard !range.isEmpty else { return nil }
        let last = bytes[range.upperBound - 1]
        func text(_ r: Range<Int>) -> String { Self.string(bytes, r) }
        switch last {
        case UInt8(ascii: "}"):
            guard let open = lastIndex(of: UInt8(ascii: "{"), in: bytes, range) else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            let (name, type) = split(bytes, inner, typeFirst: false)
            guard !name.isEmpty else { return nil }
            return makePlaceholder(name: text(name), type: type, in: bytes, style: .braces, span: open..<range.upperBound)
        case UInt8(ascii: ">"):
            guard let open = lastIndex(of: UInt8(ascii: "<"), in: bytes, range) else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            let (name, type) = split(bytes, inner, typeFirst: true)
            guard !name.isEmpty else { return nil }
            return makePlaceholder(name: text(name), type: type, in: bytes, style: .angle, span: open..<range.upperBound)
        case UInt8(ascii: "%"):
            guard range.count >= 3,
                let open = lastIndex(of: UInt8(ascii: "%"), in: bytes, range.lowerBound..<(range.upperBound - 1))
            else { return nil }
            let inner = (open + 1)..<(range.upperBound - 1)
            guard !inner.isEmpty, bytes[inner].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == 0x5F }),
                !(inner.count == 2 && bytes[inner].allSatisfy(isHex)), isAlpha(bytes[inner.lowerBound]) || bytes[inner.lowerBound] == 0x5F
            else { return nil }
            return makePlaceholder(name: text(inner), type: nil, in: bytes, style: .percent, span: open..<range.upperBound)
        default:
            // ":name" spanning the whole segment.
            guard bytes[range.lowerBound] == UInt8(ascii: ":"), range.count > 1,
                bytes[(range.lowerBound + 1)..<range.upperBound].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == 0x5F })
            else { return nil }
            return makePlaceholder(
                name: text((range.lowerBound + 1)..<range.upperBound), type: nil, in: bytes, style: .colon, span: range)
        }
    }

    /// The first `{name}` or `{name:type}` in `range`, if any.
    private func firstBracePlaceholder(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Placeholder? {
        firstBrace(bytes, range).map { bracePlaceholder($0, in: bytes) }
    }

    /// Where the first `{name}` or `{name:type}` in `range` is, and its name and type: found without making the
    /// placeholder, so that a component whose placeholder is the ordinary kind ending it (`{id:int}`) is not read
    /// twice over.
    private func firstBrace(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (span: Range<Int>, name: Range<Int>, type: Range<Int>?)? {
        var open: Int?
        for index in range {
            switch bytes[index] {
            case UInt8(ascii: "{"): open = index
            case UInt8(ascii: "}"):
                guard let start = open else { continue }
                let (name, type) = split(bytes, (start + 1)..<index, typeFirst: false)
                guard !name.isEmpty else { open = nil; continue }
                return (start..<(index + 1), name, type)
            default: continue
            }
        }
        return nil
    }

    /// The placeholder `firstBrace` found.
    private func bracePlaceholder(
        _ brace: (span: Range<Int>, name: Range<Int>, type: Range<Int>?), in bytes: UnsafeBufferPointer<UInt8>
    ) -> Placeholder {
        makePlaceholder(name: Self.string(bytes, brace.name), type: brace.type, in: bytes, style: .braces, span: brace.span)
    }

    /// The text of `bytes[range]`, as `String(decoding:as: UTF8.self)` gives it. A short text (most components,
    /// query names and values) is written straight into a small string, whose ASCII the standard library checks by
    /// its bits rather than with a validating pass; anything else, ill-formed UTF-8 included, is repaired the same way.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let source = UnsafeBufferPointer(rebasing: bytes[range])
        guard source.count <= 15 else { return String(decoding: source, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: source.count) { buffer in
            _ = buffer.initialize(fromContentsOf: source)
            return source.count
        }
    }

    /// A placeholder named `name` whose type, when it declares one, is written at `typeSpan` of `bytes`: a known
    /// type is read from the bytes, and only a type the linter does not know is kept as a string.
    private func makePlaceholder(
        name: String, type typeSpan: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>, style: PlaceholderStyle,
        span: Range<Int>
    ) -> Placeholder {
        var type: PlaceholderType?
        var unknownType: String?
        // An optional item may mark its type as well as its name: `{adults:int?}` is `{adults?:int}`.
        var typeIsOptional = false
        if var typeSpan {
            if style == .braces, typeSpan.count > 1, bytes[typeSpan.upperBound - 1] == UInt8(ascii: "?") {
                typeIsOptional = true
                typeSpan = typeSpan.lowerBound..<(typeSpan.upperBound - 1)
            }
            let written = UnsafeBufferPointer(rebasing: bytes[typeSpan])
            type = Self.knownType(spelledBy: written)
            if type == nil { unknownType = String(decoding: written, as: UTF8.self) + (typeIsOptional ? "?" : "") }
        }
        // `{path*}` takes the rest of the path; RFC 6570's `{/path*}` is read too, and `placeholder-style` asks for
        // the first spelling.
        var name = name
        var style = style
        var spansSegments = false
        var isOptional = typeIsOptional && type != nil
        if style == .braces, name.utf8.count > 1, name.utf8.last == UInt8(ascii: "?") {
            isOptional = true
            name.removeLast()
        }
        if style == .braces, name.utf8.count > 1 {
            if name.utf8.first == UInt8(ascii: "/") {
                style = .pathExpansion
                name.removeFirst()
            }
            if name.utf8.last == UInt8(ascii: "*"), name.utf8.count > 1 {
                spansSegments = true
                name.removeLast()
            }
        }
        return Placeholder(
            name: name, unknownType: unknownType, span: span, type: type, style: style,
            role: Placeholder.role(name: name, type: type), isInsideText: false, spansSegments: spansSegments,
            isOptional: isOptional)
    }

    /// The known type a placeholder's type is spelled as, in any case: what
    /// `PlaceholderType(rawValue: written.lowercasedASCIIIfNeeded)` gives, without making a string of an ASCII
    /// spelling or lowercasing it.
    private static func knownType(spelledBy written: UnsafeBufferPointer<UInt8>) -> PlaceholderType? {
        // Every known type is spelled in ASCII, and lowercasing leaves other bytes as they are.
        guard isASCII(written) else { return nil }
        for type in PlaceholderType.allCases {
            let name = type.rawValue.utf8
            if name.count == written.count, equalsIgnoringASCIICase(name, written) { return type }
        }
        return nil
    }

    /// Splits `name:type` (or `type:name` for angle brackets) inside a placeholder.
    private func split(_ bytes: UnsafeBufferPointer<UInt8>, _ inner: Range<Int>, typeFirst: Bool) -> (name: Range<Int>, type: Range<Int>?) {
        guard let colon = firstIndex(of: UInt8(ascii: ":"), in: bytes, from: inner.lowerBound, until: inner.upperBound) else {
            return (inner, nil)
        }
        let before = inner.lowerBound..<colon
        let after = (colon + 1)..<inner.upperBound
        return typeFirst ? (after, before) : (before, after)
    }

    /// The first `/` in `start..<end` that separates path components (`slashSeparates`), or `end`.
    private func separatorSlash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, until end: Int) -> Int {
        var slash = firstIndex(of: UInt8(ascii: "/"), in: bytes, from: start, until: end) ?? end
        while slash < end, !Self.slashSeparates(bytes, at: slash) {
            slash = firstIndex(of: UInt8(ascii: "/"), in: bytes, from: slash + 1, until: end) ?? end
        }
        return slash
    }

    /// Whether the `/` at `index` separates path components: one right after `{` opens RFC 6570's path expansion
    /// (`{/path*}`) and separates nothing.
    @inline(__always)
    private static func slashSeparates(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index == 0 || bytes[index - 1] != UInt8(ascii: "{")
    }

    /// Top-level domains that mark a custom scheme's authority or a component as a domain name (`zoom.us`,
    /// `example.com`), beside every two-letter country code: the common generic ones. A rarer one (`.center`) is
    /// not enough: `her://help.center` is a word with a separator, as the HER guide's example has it.
    private static let genericTopLevelDomains: Set<String> = [
        "com", "org", "net", "edu", "gov", "mil", "int", "io", "app", "dev", "info", "biz", "xyz", "link", "page",
        "site", "online", "cloud", "tech", "chat", "social",
    ]

    /// Whether bytes spell a domain name: two or more dot-separated labels of letters, digits and `-`, the last a
    /// two-letter country code or a common generic top-level domain (`zoom.us`, `matrix.org`).
    static func isDomainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, let lastDot = bytes.lastIndex(of: UInt8(ascii: ".")), lastDot > 0 else { return false }
        var labelLength = 0
        for byte in bytes[..<lastDot] {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labelLength = 0
            } else if isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") {
                labelLength += 1
            } else {
                return false
            }
        }
        let top = bytes[(lastDot + 1)...]
        guard labelLength > 0, top.count >= 2, top.allSatisfy(isAlpha) else { return false }
        return top.count == 2 || genericTopLevelDomains.contains(String(decoding: top, as: UTF8.self).lowercasedASCIIIfNeeded)
    }

    /// Whether a component is a value written out rather than a word: a domain name, an email address
    /// (`alice@example.com`) or a handle (`@Gargron`, Mastodon's and Telegram's usernames).
    static func isWrittenOutValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            return at + 1 < bytes.count
        }
        return isDomainName(bytes) || isOpaqueToken(bytes)
    }

    /// Whether a component is an opaque token written out, an id in its own alphabet rather than a word: letters
    /// and digits mixed, with a capital or at least 12 long (YouTube's `dQw4w9WgXcQ`, Spotify's base-62
    /// `6rqhFgbbKwnb9MLmUQDhG6`, a commit hash). Such ids are case-sensitive, so they keep their case.
    static func isOpaqueToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var (letters, digits, capitals) = (0, 0, 0)
        for byte in bytes {
            if isDigit(byte) {
                digits += 1
            } else if isAlpha(byte) {
                letters += 1
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { capitals += 1 }
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") && byte != UInt8(ascii: ".") {
                return false
            }
        }
        return digits > 0 && letters > 0 && (capitals > 0 || bytes.count >= 12)
    }

    /// How many non-empty parts `separator` splits `range` into.
    private static func segmentCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8) -> Int {
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

    /// The first index in `start..<end` holding `target` (or `other`, when given), found with `memchr`.
    private func firstIndex(of target: UInt8, or other: UInt8? = nil, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, until end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard start < end, let base = bytes.baseAddress else { return nil }
        var found = end
        if let hit = memchr(base + start, Int32(target), end - start) {
            found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        // `other` only matters before `target`.
        if let other, found > start, let hit = memchr(base + start, Int32(other), found - start) {
            found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        return found < end ? found : nil
    }

    private func lastIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if bytes[index] == target { return index }
            index -= 1
        }
        return nil
    }
}

