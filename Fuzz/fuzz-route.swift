// libFuzzer entry over the URL template parser and the route matcher alone, much faster per input than the
// catalogue target. The input is `template` LF `link` (a missing line uses the template as the link).
// Built by scripts/fuzz.sh against an instrumented build of the library; not part of the Swift package.
//
// Invariants checked besides crashes: every span lies inside the text and on UTF-8 boundaries, and a template
// with no placeholders anywhere, its fragment included (and no repeated query name), matches itself.

@testable import LinkRules

/// Parses both lines with and without hosts, matches them both ways, and checks the parser's spans.
enum RouteFuzzing {
    static let parsers = [LinkTemplateParser(), LinkTemplateParser(hosts: ["localhost", "her.app", ""])]

    static func run(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0x0A)
        let first = String(decoding: bytes[..<(split ?? bytes.count)], as: UTF8.self)
        let second = split.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) } ?? first
        let matcher = RouteMatcher()
        for parser in parsers {
            let template = parser.parse(first)
            let link = parser.parse(second)
            check(template)
            check(link)
            _ = matcher.match(link, against: template)
            _ = matcher.match(template, against: link)
            _ = template.routeKey
            let queryNames = template.query.map { $0.name.lowercased() }
            // Placeholders anywhere count: in a component, a query value, an opaque URI or the fragment.
            if template.placeholders.isEmpty, template.placeholderNames.isEmpty, Set(queryNames).count == queryNames.count,
                matcher.match(template, against: template) == nil
            {
                fatalError("a template with no placeholders does not match itself: '\(first)'")
            }
        }
    }

    static func check(_ template: LinkTemplate) {
        let utf8 = Array(template.text.utf8)
        func inside(_ span: Range<Int>?, _ what: String) {
            guard let span else { return }
            guard span.lowerBound >= 0, span.upperBound <= utf8.count else {
                fatalError("\(what) span \(span) outside '\(template.text)' (\(utf8.count) bytes)")
            }
            for offset in [span.lowerBound, span.upperBound] where offset < utf8.count && utf8[offset] & 0xC0 == 0x80 {
                fatalError("\(what) span \(span) cuts a character of '\(template.text)'")
            }
        }
        inside(template.schemeSpan, "scheme")
        inside(template.hostSpan, "host")
        inside(template.fragmentSpan, "fragment")
        for component in template.components {
            inside(component.span, "component")
            if let placeholder = component.placeholder { inside(placeholder.span, "placeholder") }
        }
        for item in template.query {
            inside(item.nameSpan, "query name")
            inside(item.valueSpan, "query value")
            if let placeholder = item.placeholder { inside(placeholder.span, "query placeholder") }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoute(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    RouteFuzzing.run(bytes)
    return 0
}
