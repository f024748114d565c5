/// One placeholder of a template where it is written, with its name and type: what a generator fills in or turns
/// into a pattern. Unlike `LinkTemplate.placeholders`, which keeps the first placeholder of a component or query
/// value holding several (`v{major}.{minor}`, `{lat},{lng}`), each of those is one.
struct PlaceholderSpan: Sendable, Hashable {
    var name: String
    var type: PlaceholderType?
    /// UTF-8 range of the whole placeholder (delimiters included) in the template.
    var span: Range<Int>
    /// Whether it is in a query value rather than in the path.
    var isInQuery: Bool
}

extension LinkTemplate {
    /// Every placeholder of the path and of query values, in the order written, each on its own.
    var placeholderSpans: [PlaceholderSpan] {
        var found: [PlaceholderSpan] = []
        func add(_ placeholder: Placeholder, text: Range<Int>?, isInQuery: Bool) {
            guard placeholder.isInsideText, let text else {
                found.append(PlaceholderSpan(name: placeholder.name, type: placeholder.type, span: placeholder.span, isInQuery: isInQuery))
                return
            }
            found += Self.braced(in: utf8Slice(text), at: text.lowerBound, isInQuery: isInQuery)
        }
        for component in components {
            if let placeholder = component.placeholder { add(placeholder, text: component.span, isInQuery: false) }
        }
        for item in query {
            if let placeholder = item.placeholder { add(placeholder, text: item.valueSpan, isInQuery: true) }
        }
        return found
    }

    /// The template's text with each placeholder of `placeholderSpans` replaced by what `replacement` gives it.
    func text(replacingPlaceholders replacement: (PlaceholderSpan) -> String) -> String {
        let utf8 = Array(text.utf8)
        var result = ""
        var offset = 0
        for placeholder in placeholderSpans {
            guard placeholder.span.lowerBound >= offset, placeholder.span.upperBound <= utf8.count else { continue }
            result += String(decoding: utf8[offset..<placeholder.span.lowerBound], as: UTF8.self) + replacement(placeholder)
            offset = placeholder.span.upperBound
        }
        return result + String(decoding: utf8[offset...], as: UTF8.self)
    }

    /// The `{name}` and `{name:type}` placeholders of `bytes`, which start at `start` in the template, read as a
    /// `ValuePattern` reads them: a `{` without a later `}` is literal text.
    private static func braced(in bytes: Substring.UTF8View, at start: Int, isInQuery: Bool) -> [PlaceholderSpan] {
        let bytes = Array(bytes)
        var found: [PlaceholderSpan] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                index += 1
                continue
            }
            let inner = bytes[(index + 1)..<close]
            let colon = inner.firstIndex(of: UInt8(ascii: ":"))
            let name = String(decoding: inner[..<(colon ?? inner.endIndex)], as: UTF8.self)
            let type = colon.flatMap { PlaceholderType(rawValue: String(decoding: inner[($0 + 1)...], as: UTF8.self).lowercased()) }
            found.append(PlaceholderSpan(name: name, type: type, span: (start + index)..<(start + close + 1), isInQuery: isInQuery))
            index = close + 1
        }
        return found
    }
}
