/// A byte-level test that an example URL matches its link's template without parsing the example, for the common
/// shape: a template with a scheme and `//`, no query and no fragment, no literal prefix before a placeholder. It
/// answers true only where `RouteMatcher.firstMismatch` on the parsed example finds no mismatch; on false the
/// example is parsed and matched as before.
struct ExampleQuickMatch {
    /// Whether `example` surely matches `template` (false when it does not, or when this test cannot tell).
    static func surelyMatches(_ example: String, _ template: LinkTemplate) -> Bool {
        guard let schemeSpan = template.schemeSpan, !template.isOpaque else { return false }
        let answer = template.text.utf8.withContiguousStorageIfAvailable { templateBytes in
            example.utf8.withContiguousStorageIfAvailable { exampleBytes in
                template.components.withUnsafeBufferPointer { components in
                    surelyMatches(
                        exampleBytes, templateBytes, components: components, schemeEnd: schemeSpan.upperBound,
                        templateHasHost: template.hostSpan != nil)
                }
            }
        }
        return answer == .some(.some(true))
    }

    /// The test on the bytes of the example and the template. Where the example repeats the template's bytes up to
    /// the end of its authority, the parser reads the same scheme and makes the same host decision for both, and
    /// the example's path starts where the template's does; each of its non-empty segments is then compared with
    /// the template's component at the same position, as `firstMismatch` compares them.
    private static func surelyMatches(
        _ example: UnsafeBufferPointer<UInt8>, _ template: UnsafeBufferPointer<UInt8>,
        components: UnsafeBufferPointer<PathComponent>, schemeEnd: Int, templateHasHost: Bool
    ) -> Bool {
        // The template has no query and no fragment, so it requires no query item.
        for byte in template where byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
        let authorityStart = schemeEnd + 3
        var authorityEnd = authorityStart
        while authorityEnd < template.count, template[authorityEnd] != UInt8(ascii: "/") { authorityEnd += 1 }
        guard example.count >= authorityEnd else { return false }
        for offset in 0..<authorityEnd where example[offset] != template[offset] { return false }
        var pathEnd = authorityEnd
        if pathEnd < example.count {
            let next = example[pathEnd]
            guard next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") else { return false }
        }
        while pathEnd < example.count, example[pathEnd] != UInt8(ascii: "?"), example[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        let pathStart = templateHasHost ? authorityEnd : authorityStart
        var componentIndex = 0
        var segmentStart = pathStart
        var cursor = pathStart
        while cursor <= pathEnd {
            if cursor == pathEnd || example[cursor] == UInt8(ascii: "/") {
                if cursor > segmentStart {
                    guard componentIndex < components.count,
                        fits(UnsafeBufferPointer(rebasing: example[segmentStart..<cursor]), components[componentIndex], template)
                    else { return false }
                    componentIndex += 1
                }
                segmentStart = cursor + 1
            }
            cursor += 1
        }
        return componentIndex == components.count
    }

    /// Whether a segment of the example surely fits the template's component: a word or number equal ignoring
    /// ASCII case (both in ASCII), or a value the placeholder's type accepts when it has no literal prefix.
    private static func fits(_ segment: UnsafeBufferPointer<UInt8>, _ pattern: PathComponent, _ template: UnsafeBufferPointer<UInt8>) -> Bool {
        switch pattern.kind {
        case .literal, .integer:
            let span = pattern.span
            guard segment.count == span.count else { return false }
            for index in 0..<segment.count {
                let x = segment[index]
                let y = template[span.lowerBound + index]
                guard x < 0x80, y < 0x80 else { return false }
                if x != y, !(isAlpha(x) && (x | 0x20) == (y | 0x20)) { return false }
            }
            return true
        case .placeholder(let placeholder):
            return pattern.prefixLength == 0 && RouteMatcher.accepts(bytes: segment, type: placeholder.type)
        }
    }
}
