#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        // Searched and compared with the C library's byte functions rather than byte by byte: this runs for every
        // example of the catalogue.
        guard let templateBase = template.baseAddress, let exampleBase = example.baseAddress else { return false }
        // The template has no query and no fragment, so it requires no query item.
        if memchr(templateBase, Int32(UInt8(ascii: "?")), template.count) != nil
            || memchr(templateBase, Int32(UInt8(ascii: "#")), template.count) != nil
        {
            return false
        }
        let authorityStart = schemeEnd + 3
        guard authorityStart <= template.count else { return false }
        let authorityEnd = firstOffset(of: UInt8(ascii: "/"), in: template, from: authorityStart) ?? template.count
        guard example.count >= authorityEnd, memcmp(exampleBase, templateBase, authorityEnd) == 0 else { return false }
        if authorityEnd < example.count {
            let next = example[authorityEnd]
            guard next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") else { return false }
        }
        let pathEnd = min(
            firstOffset(of: UInt8(ascii: "?"), in: example, from: authorityEnd) ?? example.count,
            firstOffset(of: UInt8(ascii: "#"), in: example, from: authorityEnd) ?? example.count)
        let pathStart = templateHasHost ? authorityEnd : authorityStart
        var componentIndex = 0
        var segmentStart = pathStart
        // Each segment runs to the next `/` or to the end of the path; empty segments are passed over.
        while segmentStart <= pathEnd {
            let segmentEnd = min(firstOffset(of: UInt8(ascii: "/"), in: example, from: segmentStart) ?? pathEnd, pathEnd)
            if segmentEnd > segmentStart {
                guard componentIndex < components.count,
                    fits(UnsafeBufferPointer(rebasing: example[segmentStart..<segmentEnd]), components[componentIndex], template)
                else { return false }
                componentIndex += 1
            }
            segmentStart = segmentEnd + 1
        }
        return componentIndex == components.count
    }

    /// The offset of the first `byte` in `bytes` at or after `start`, nil when there is none (or `start` is past
    /// the end).
    @inline(__always)
    private static func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether a segment of the example surely fits the template's component: a word or number equal ignoring
    /// ASCII case (both in ASCII), or a value the placeholder's type accepts when it has no literal prefix.
    private static func fits(_ segment: UnsafeBufferPointer<UInt8>, _ pattern: PathComponent, _ template: UnsafeBufferPointer<UInt8>) -> Bool {
        switch pattern.kind {
        case .literal, .integer:
            let span = pattern.span
            guard segment.count == span.count else { return false }
            // Mostly the same bytes: one comparison and an ASCII test of them settle it.
            if let segmentBase = segment.baseAddress, let templateBase = template.baseAddress,
                memcmp(segmentBase, templateBase + span.lowerBound, segment.count) == 0
            {
                return isASCII(segment)
            }
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
