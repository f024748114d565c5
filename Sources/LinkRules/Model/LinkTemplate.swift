/// One path component of a route template, with its UTF-8 range inside the template string. Every link keeps its
/// components for the whole run, so a component is compact (32 bytes): its text, its kind, where it starts as a
/// 32-bit offset (it ends where its text does), the length of its literal prefix in 16 bits and two flags; the
/// lowercased name and the prefix are computed when asked for.
struct PathComponent: Sendable, Hashable {
    /// What a component is: a word, a number, or a placeholder.
    enum Kind: Sendable, Hashable {
        /// A fixed word (`feed`, `communities`).
        case literal
        /// A literal number (`9`, or EXFE's `!100233`): an id value written out.
        case integer
        /// A value written out that is not a word: a domain (`zoom.us`), an email address (`alice@example.com`) or
        /// a handle (`@Gargron`). Rules about words leave it alone, and it keeps its case.
        case value
        /// A variable part, possibly after a literal prefix (`!{id}`). Boxed: most components are literals, and
        /// an inline placeholder would triple the size of every component.
        indirect case placeholder(Placeholder)
    }

    /// The component exactly as written.
    let text: String
    let kind: Kind
    private let start: UInt32
    /// `prefixLength` when it is below `UInt16.max` (always, but for a prefix of 64 KiB); `UInt16.max` when it
    /// must be worked out again from the text.
    private let shortPrefixLength: UInt16
    /// Whether the text has an ASCII capital, so `name` must lowercase it.
    private let hasASCIICapital: Bool
    /// Whether the text is all ASCII.
    private let isASCII: Bool
    /// Whether the text is ASCII with no capital, so it is its own lowercased form.
    var isLowercaseASCII: Bool { isASCII && !hasASCIICapital }

    /// A component of `kind` written `text` at `span` of its template, after a literal prefix of `prefixLength`
    /// bytes, with what the parser saw of its bytes (an ASCII capital; only ASCII). `text` is the template's bytes
    /// at `span`, so only where the span starts is stored: a template is one scalar of a catalogue, and the loader
    /// refuses files of 4 GiB or more.
    init(text: String, span: Range<Int>, kind: Kind, prefixLength: Int = 0, hasASCIICapital: Bool, isASCII: Bool) {
        assert(text.utf8.count == span.count, "a component's text is its span of the template")
        self.text = text
        self.kind = kind
        start = UInt32(span.lowerBound)
        shortPrefixLength = prefixLength < Int(UInt16.max) ? UInt16(prefixLength) : .max
        self.hasASCIICapital = hasASCIICapital
        self.isASCII = isASCII
    }

    /// UTF-8 range of the component in the template.
    var span: Range<Int> { Int(start)..<(Int(start) + text.utf8.count) }

    /// The UTF-8 length of the literal text before a placeholder or number (EXFE's `!`); 0 for a word.
    var prefixLength: Int32 {
        if shortPrefixLength != .max { return Int32(shortPrefixLength) }
        // A prefix of 64 KiB or more, found again as the parser found it.
        switch kind {
        case .literal, .value: return 0
        case .placeholder(let placeholder): return Int32(placeholder.span.lowerBound - Int(start))
        case .integer:
            return Int32(text.utf8.prefix { !isAlpha($0) && !isDigit($0) && $0 != UInt8(ascii: "%") }.count)
        }
    }

    /// The lowercased literal text, as messages and fixes name the component: a word lowercased, a number as
    /// written, empty for a placeholder. (Rules look components up by the positions `LintContext` resolved.)
    var name: String {
        switch kind {
        case .literal: hasASCIICapital ? text.lowercasedASCIIIfNeeded : text
        case .integer, .value: text
        case .placeholder: ""
        }
    }

    /// The text with ASCII capitals lowercased (all of it lowercased outside ASCII), as
    /// `String.lowercasedASCIIIfNeeded` gives: the text itself, read no further, when the parser saw neither.
    var lowercasedText: String { hasASCIICapital || !isASCII ? text.lowercasedASCIIIfNeeded : text }

    /// The id of `lowercasedText` in `words`, interned from `templateBytes` (the UTF-8 bytes of the component's
    /// template) at the component's span with ASCII capitals read as lowercase: no lowercased copy is made of
    /// ASCII text.
    @inline(__always)
    func internLowercasedText(in words: inout InternTable, templateBytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard isASCII else { return words.intern(lowercasedText) }
        return words.intern(UnsafeBufferPointer(rebasing: templateBytes[span]), foldingASCIICase: hasASCIICapital)
    }

    /// For a placeholder with no literal prefix that is the whole component (`{id:int}`, `{path*}`), its declared
    /// type and whether it takes the rest of the path; nil for any other component. Read in place, without copying
    /// the placeholder out of its box.
    var plainPlaceholder: (type: PlaceholderType?, spansSegments: Bool)? {
        guard case .placeholder(let placeholder) = kind, shortPrefixLength == 0, !placeholder.isInsideText else { return nil }
        return (placeholder.type, placeholder.spansSegments)
    }

    /// Literal text before a placeholder or number, such as EXFE's `!` (empty when none).
    var prefix: String {
        prefixLength == 0 ? "" : String(decoding: text.utf8.prefix(Int(prefixLength)), as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes that spell `name` once ASCII capitals are read as lowercase letters when
    /// `foldingASCIICase` is true: the text's own bytes for a word in ASCII, read in place (no string is copied
    /// or retained), as the context's pass looks every component up.
    func withLookupName<Result>(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ foldingASCIICase: Bool) -> Result) -> Result {
        let folding: Bool
        switch kind {
        case .literal:
            guard !hasASCIICapital || isASCII else {
                // Outside ASCII `name` lowercases the whole word, as `lowercased()` does.
                var name = name
                return name.withUTF8 { body($0, false) }
            }
            folding = hasASCIICapital
        case .integer, .value: folding = false
        case .placeholder: return body(UnsafeBufferPointer(start: nil, count: 0), false)
        }
        return text.withUTF8InPlace { body($0, folding) }
    }

    /// For a placeholder, its declared type (nil when it declares none, or for any other component); read in
    /// place, without copying the placeholder out of its box.
    var placeholderType: PlaceholderType? {
        guard case .placeholder(let placeholder) = kind else { return nil }
        return placeholder.type
    }

    /// For a placeholder, whether it is written in the canonical style (`Placeholder.isCanonical`); nil for any
    /// other component. Read in place, without copying the placeholder out of its box.
    var isCanonicalPlaceholder: Bool? {
        guard case .placeholder(let placeholder) = kind else { return nil }
        return placeholder.isCanonical
    }

    /// Whether the component is an id: an integer literal or an identifier placeholder.
    var isIdentifier: Bool {
        switch kind {
        case .integer: true
        case .placeholder(let placeholder): placeholder.isIdentifier
        case .literal, .value: false
        }
    }

    /// What the component's own spelling says it stands for: a number is an instance, a placeholder has its
    /// `Placeholder.role`, a word and a written-out domain, email address or handle are neither (rules ask
    /// `LintContext.role(of:component:)`, which reads the declared kind of the word before it first).
    var role: PlaceholderRole {
        switch kind {
        case .integer: .instance
        case .placeholder(let placeholder): placeholder.role
        case .literal, .value: .undecided
        }
    }

    /// Whether the component is a value (a number or any placeholder) rather than a word.
    var isValue: Bool {
        if case .literal = kind { return false }
        return true
    }

    /// Whether the component is a placeholder, not written-out text (a word, a number or another value).
    var isPlaceholder: Bool {
        if case .placeholder = kind { return true }
        return false
    }

    /// Whether the component is a fixed word.
    var isLiteral: Bool {
        if case .literal = kind { return true }
        return false
    }

    var placeholder: Placeholder? {
        if case .placeholder(let placeholder) = kind { return placeholder }
        return nil
    }
}

/// One query parameter of a route template (`origin=home`, `payload={payload:base64json}`). A link with a query
/// keeps its items for the whole run, so the ranges are stored as 32-bit offsets after the strings and the
/// placeholder (100 bytes rather than 137): a template is one scalar of a catalogue, and the loader refuses files
/// of 4 GiB or more.
struct QueryItem: Sendable, Hashable {
    var name: String
    var value: String?
    /// The placeholder the value is, when it is one.
    var placeholder: Placeholder?
    private var nameStart: UInt32
    private var nameEnd: UInt32
    /// `UInt32.max` when there is no value (see `valueSpan`).
    private var valueStart: UInt32
    private var valueEnd: UInt32

    /// An item named `name` at `nameSpan`, with `value` at `valueSpan` when it has one.
    init(name: String, nameSpan: Range<Int>, value: String?, valueSpan: Range<Int>?, placeholder: Placeholder?) {
        self.name = name
        self.value = value
        self.placeholder = placeholder
        (nameStart, nameEnd) = Self.offsets(nameSpan)
        (valueStart, valueEnd) = valueSpan.map(Self.offsets) ?? (.max, .max)
    }

    private static func offsets(_ span: Range<Int>) -> (UInt32, UInt32) {
        precondition(span.lowerBound >= 0 && span.upperBound < UInt32.max, "a template span past 4 GiB")
        return (UInt32(span.lowerBound), UInt32(span.upperBound))
    }

    /// The UTF-8 range of the name in the template. Kept as 32-bit offsets: a span that starts below 0 or ends at
    /// 2^32 − 1 or beyond stops the program (a precondition; a template is one scalar of a file under 4 GiB).
    var nameSpan: Range<Int> {
        get { Int(nameStart)..<Int(nameEnd) }
        set { (nameStart, nameEnd) = Self.offsets(newValue) }
    }

    /// The UTF-8 range of the value after `=`, nil when there is no `=`; the same bounds as `nameSpan`.
    var valueSpan: Range<Int>? {
        get { valueStart == .max ? nil : Int(valueStart)..<Int(valueEnd) }
        set { (valueStart, valueEnd) = newValue.map(Self.offsets) ?? (.max, .max) }
    }

    /// The whole `name=value` item's range.
    var span: Range<Int> { nameSpan.lowerBound..<(valueSpan?.upperBound ?? nameSpan.upperBound) }
}

/// A parsed route template: scheme, host, path components, query and fragment, each part with its UTF-8 range in
/// the template string so diagnostics point at exact characters. Parsed once per link. Every link keeps its
/// template for the whole run, so scheme, host and fragment are read from the text through their ranges rather
/// than stored, and those ranges are kept in 32-bit offsets.
struct LinkTemplate: Sendable, Hashable {
    // Stored in this order so that the four flags come last: a link puts its 32-bit index in the room after them.
    /// The template as written.
    let text: String
    private var schemeRange: OptionalSpan
    private var hostRange: OptionalSpan
    private var fragmentRange: OptionalSpan
    var components: [PathComponent]
    var query: [QueryItem]
    /// Whether the URI has no `//` after its scheme (`spotify:track:1`, `mailto:x`).
    var isOpaque: Bool
    /// Whether this is an `http` or `https` link (a universal link candidate). Decided by the parser, which needs
    /// it to read the authority; several rules ask it of every link.
    var isWebLink: Bool
    /// Whether the path ends with `/`.
    var hasTrailingSlash: Bool
    /// Whether there is no path at all after the authority (`exfe://`, which EXFE's URL scheme tells apart from `exfe:///`).
    var hasEmptyPath: Bool

    /// A template of `text` with the parts the parser found in it. Every stored property is set here and has no
    /// default value: with defaults, the compiler built the template in one place, copied it to another and
    /// destroyed the first, a retain and release of each of its parts for every link.
    init(
        text: String, schemeSpan: Range<Int>?, hostSpan: Range<Int>?, fragmentSpan: Range<Int>?, isOpaque: Bool,
        isWebLink: Bool, hasTrailingSlash: Bool, hasEmptyPath: Bool, components: [PathComponent], query: [QueryItem]
    ) {
        self.text = text
        schemeRange = OptionalSpan(schemeSpan)
        hostRange = OptionalSpan(hostSpan)
        fragmentRange = OptionalSpan(fragmentSpan)
        self.isOpaque = isOpaque
        self.isWebLink = isWebLink
        self.hasTrailingSlash = hasTrailingSlash
        self.hasEmptyPath = hasEmptyPath
        self.components = components
        self.query = query
    }

    /// The range of the scheme, before its `:`.
    var schemeSpan: Range<Int>? {
        get { schemeRange.range }
        set { schemeRange = OptionalSpan(newValue) }
    }

    /// The range of the host, when there is one (see `host`).
    var hostSpan: Range<Int>? {
        get { hostRange.range }
        set { hostRange = OptionalSpan(newValue) }
    }

    /// The range of the fragment, after its `#`.
    var fragmentSpan: Range<Int>? {
        get { fragmentRange.range }
        set { fragmentRange = OptionalSpan(newValue) }
    }

    /// The scheme as written (`her`, `HTTPS`), nil when the template has none.
    var scheme: String? { schemeSpan.map { String(substring($0)) } }

    /// The host, when there is one: a universal link's host, a custom scheme's authority listed in `hosts`, or
    /// `""` for an empty host (`exfe:///`). `nil` when a custom scheme's authority is its first component.
    var host: String? { hostSpan.map { String(substring($0)) } }

    /// The text after `#`, when there is one.
    var fragment: String? { fragmentSpan.map { String(substring($0)) } }

    /// The `name=value` items of the fragment (`app://invite#url={url}`), which the app reads as it reads a query:
    /// the security rules and `explain` look at them as they look at the query's.
    var fragmentItems: [QueryItem] { LinkTemplateParser().fragmentItems(of: self) }

    /// The fragment as routes compare it: lowercased, each `{placeholder}` written `{}` or `{type}` as in the route
    /// key; nil when the template has no fragment.
    var fragmentKey: String? { fragment.map { Self.patternKey(Substring($0)) } }

    /// A text with placeholders as routes compare it: literal text lowercased, each placeholder `{}` or `{:type}`
    /// (`{lat},{lng}` → `{},{}`; a `ValuePattern` reads it back), so two spellings that differ only in placeholder names have one key.
    static func patternKey(_ text: Substring) -> String {
        var key = ""
        for piece in ValuePattern(text).pieces {
            switch piece {
            case .literal(let text): key += text.lowercasedASCIIIfNeeded
            case .placeholder(_, let type): key += "{" + (type == nil || type == .string ? "" : ":" + type!.rawValue) + "}"
            }
        }
        return key
    }

    /// The names of every placeholder, in the order written: in the host (`{lang}.wikipedia.org`), in the path (all
    /// of a component's, `{lat},{lng}`), in query values and in the fragment.
    var placeholderNames: [String] {
        func names(_ text: Substring) -> [String] {
            ValuePattern(text).pieces.compactMap { if case .placeholder(let name, _) = $0 { name } else { nil } }
        }
        var found: [String] = []
        if let hostSpan, utf8Slice(hostSpan).contains(UInt8(ascii: "{")) { found += names(substring(hostSpan)) }
        if isOpaque, let schemeSpan {
            found += names(substring((schemeSpan.upperBound + 1)..<(query.first.map { $0.nameSpan.lowerBound - 1 }
                ?? fragmentSpan.map { $0.lowerBound - 1 } ?? text.utf8.count)))
        }
        for component in components where component.placeholder != nil {
            found += component.placeholder?.isInsideText == true ? names(Substring(component.text)) : [component.placeholder!.name]
        }
        for item in query where item.placeholder != nil {
            found += item.placeholder?.isInsideText == true ? names(Substring(item.value ?? "")) : [item.placeholder!.name]
        }
        if let fragment { found += names(Substring(fragment)) }
        return found
    }

    /// Whether the template has an empty host (`exfe:///…`).
    var hasEmptyHost: Bool { hostSpan?.isEmpty == true }

    /// Every placeholder, in the path and in query values.
    var placeholders: [Placeholder] {
        components.compactMap(\.placeholder) + query.compactMap(\.placeholder)
    }

    /// Calls `body` with the template's UTF-8 bytes, read in place: neither copied nor retained (but for a
    /// string without contiguous UTF-8 storage, which a parsed catalogue never holds).
    func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.withUTF8InPlace(body)
    }

    /// The UTF-8 bytes of a range of the template, without copying them.
    func utf8Slice(_ span: Range<Int>) -> Substring.UTF8View {
        // Slicing the UTF-8 view checks no character boundaries, which slicing the string itself does.
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: span.lowerBound)
        return bytes[start..<bytes.index(start, offsetBy: span.count)]
    }


    /// The text of a UTF-8 range of the template.
    func substring(_ span: Range<Int>) -> Substring {
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: span.lowerBound)
        let end = bytes.index(start, offsetBy: span.count)
        return text[start..<end]
    }

    /// A canonical form for comparisons: lowercased, placeholders as `{}` typed by kind (`string` is untyped),
    /// query items sorted with their fixed values or placeholder kinds. Two templates that route the same links
    /// have the same key; an opaque URI keys on its whole opaque part. Built from the parts on each use, not
    /// stored: the linter needs it only for links with findings or suppressions and for the rare comparisons of
    /// two links on one path (`duplicate-link` compares the bytes without making a string); a caller that needs
    /// every link's key more than once (the differ) pays for building it each time.
    var routeKey: String { withRouteKeyBytes { String(decoding: $0, as: UTF8.self) } }

    /// A 64-bit hash of the bytes of `routeKey` (FNV-1a, then mixed): equal keys hash equal, so routes are
    /// compared by their keys only when their hashes meet.
    ///
    /// An ASCII template with at most one query item (nearly every link) is hashed as its key's bytes are
    /// produced, with no room written; any other is hashed from its written key.
    var routeKeyHash: UInt64 {
        if query.count < 2 {
            let streamed = withTextBytes { bytes -> UInt64? in
                var hasher = RouteKeyHasher(bytes: bytes)
                writeRouteKey(into: &hasher)
                return hasher.sawNonASCII ? nil : hasher.value
            }
            if let streamed { return streamed }
        }
        return withRouteKeyBytes(Self.routeKeyHash(of:))
    }

    /// The hash `routeKeyHash` gives the bytes of a route key.
    static func routeKeyHash(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = RouteKeyHasher(bytes: UnsafeBufferPointer(start: nil, count: 0))
        for byte in key { hasher.append(byte) }
        return hasher.value
    }

    /// Calls `body` with the UTF-8 bytes of `routeKey`, written into temporary room (on the stack for a template
    /// of ordinary length) rather than a new array: `duplicate-link` interns every link's key and keeps only the
    /// first of each. A key is never longer than its template and a few bytes (`://`, a `/` before a first
    /// component that stands in the host position).
    func withRouteKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withTextBytes { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 8) { buffer in
                var writer = KeyWriter(bytes: bytes, output: buffer)
                writeRouteKey(into: &writer)
                let key = UnsafeBufferPointer(rebasing: buffer[..<writer.count])
                // Outside ASCII the key is lowercased as a whole, as `lowercased()` does.
                guard key.contains(where: { $0 >= 0x80 }) else { return body(key) }
                var lowercased = String(decoding: key, as: UTF8.self).lowercased()
                return lowercased.withUTF8 { body($0) }
            }
        }
    }

    /// Writes the route key's bytes, ASCII lowercased, to a sink reading the template's bytes: everything up to
    /// the query, then its items (sorted by the sink when there are several).
    private func writeRouteKey<Sink: RouteKeySink>(into key: inout Sink) {
        if let schemeSpan { key.copyLowercased(schemeSpan) }
        if isOpaque {
            let opaqueStart = (schemeSpan?.upperBound ?? -1) + 1
            key.append(UInt8(ascii: ":"))
            var end = opaqueStart
            while end < key.bytes.count, key.bytes[end] != UInt8(ascii: "?"), key.bytes[end] != UInt8(ascii: "#") { end += 1 }
            key.copyLowercased(opaqueStart..<max(opaqueStart, end))
        } else {
            key.append(UInt8(ascii: ":"))
            key.append(UInt8(ascii: "/"))
            key.append(UInt8(ascii: "/"))
            if let hostSpan { key.copyLowercased(hostSpan) }
            if hostSpan != nil, components.isEmpty, !hasEmptyPath { key.append(UInt8(ascii: "/")) }
            // Through the array's storage: each component is read in place, not copied out with its text.
            components.withUnsafeBufferPointer { components in
                for index in components.indices {
                    key.append(UInt8(ascii: "/"))
                    let span = components[index].span
                    switch components[index].kind {
                    case .literal, .integer, .value:
                        if components[index].isLowercaseASCII { key.copyVerbatim(span) } else { key.copyLowercased(span) }
                    case .placeholder(let placeholder) where placeholder.isInsideText:
                        for byte in Self.patternKey(Substring(components[index].text)).utf8 { key.append(byte) }
                    case .placeholder(let placeholder):
                        key.copyLowercased(span.lowerBound..<(span.lowerBound + Int(components[index].prefixLength)))
                        key.append(placeholder)
                    }
                }
            }
        }
        if !query.isEmpty {
            key.append(UInt8(ascii: "?"))
            if query.count == 1 {
                key.append(query[0])
            } else {
                key.appendSorted(query)
            }
        }
        // A fragment the template spells is part of its route (`https://x.app/get#post/{id}`).
        if let fragmentKey {
            key.append(UInt8(ascii: "#"))
            for byte in fragmentKey.utf8 { key.append(byte) }
        }
    }
}

/// An optional UTF-8 range of a template in 8 bytes rather than the 17 of `Range<Int>?`.
private struct OptionalSpan: Sendable, Hashable {
    private var start = UInt32.max
    private var end = UInt32.max

    init() {}

    init(_ range: Range<Int>?) {
        guard let range else { return }
        precondition(range.upperBound < UInt32.max, "a template span past 4 GiB")
        start = UInt32(range.lowerBound)
        end = UInt32(range.upperBound)
    }

    var range: Range<Int>? { start == .max ? nil : Int(start)..<Int(end) }
}
