/// Every `examples:` URL of a link is one its template matches, as the app's path matching would: the finding
/// points at the first part of the example that the template refuses.
struct ExampleMismatchRule: LinkRule {
    static let description = RuleDescription(
        id: "example-mismatch",
        scope: .link,
        defaultSeverity: .error,
        summary: "each example URL of a link is matched by the link's template",
        rationale: """
            NoMoreDeepLinkHandler, "Deep link path matching": a handler declares "/transaction/{transaction_id}" \
            and is handed "app://localhost/transaction/789", where "The data is the encoded value of \
            [\\"transaction_id\\": \\"789\\"]". An example is the documentation of that matching and the URL people \
            copy into tests, QA and marketing; when its template does not match it, one of the two is wrong and the \
            link the example promises opens the not-found handler instead. Examples are matched as the app does: \
            case-insensitively (the HER app's deep-link guide, rule 7), component for component, each placeholder accepting a value of \
            its type, each required query item present.
            """,
        source: .noMoreDeepLinkHandler,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [app]
                hosts: [localhost]
                links:
                  - url: app://localhost/transaction/{transaction_id:int}
                    examples: [app://localhost/transaction/↓latest, app://localhost/transaction/789]
                  - url: app://localhost/pay?order_id={order_id:int}
                    examples:
                      - app://localhost/pay?order_id=↓abc
                      - app://localhost/pay↓
                      - app://localhost/↓payment?order_id=1
                  - url: her://feed/communities/{id:int}
                    examples: [↓app://feed/communities/9, her://feed/communities/9/↓posts]
                  - url: her://map?center={lat},{lng}
                    examples: ['her://map?center=↓40.765819']
                  - url: https://{lang}.wikipedia.org/wiki/{title}
                    examples: [https://↓en.wikipedia.com/wiki/Swift]
                """)
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [app, her]
                hosts: [localhost]
                links:
                  - url: app://localhost/transaction/{transaction_id}
                    examples: [app://localhost/transaction/789, APP://LocalHost/Transaction/latest]
                  - url: app://localhost/pay?order_id={order_id:int}
                    examples: ['app://localhost/pay?order_id=123', 'app://localhost/pay?order_id=123&source=push']
                  - url: her://feed/communities/{id:int}
                    examples: [her://feed/communities/9]
                """),
            // Placeholders among literal text, from Google Maps' URL scheme for iOS and its universal links, and an
            // opaque mailto: address.
            .catalogue(
                """
                version: 1
                schemes: [comgooglemaps, mailto]
                hosts: [www.google.com]
                links:
                  - url: comgooglemaps://?center={lat},{lng}&zoom={zoom:int}
                    examples: ['comgooglemaps://?center=40.765819,-73.975866&zoom=14']
                  - url: https://www.google.com/maps/@{lat},{lng},{zoom}z
                    examples: ['https://www.google.com/maps/@42.585444,13.007813,6z']
                  - url: mailto:{user}@{host}
                    examples: ['mailto:Alice@Example.com']
                """),
            // Wikipedia's article links, one host per language: a placeholder in the host takes the label.
            .catalogue(
                """
                version: 1
                links:
                  - url: https://{lang}.wikipedia.org/wiki/{title}
                    examples: [https://en.wikipedia.org/wiki/Swift, https://de.wikipedia.org/wiki/Apfel]
                """),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        guard !link.examples.isEmpty else { return }
        let parser = context.templateParser
        let matcher = RouteMatcher()
        for example in link.examples {
            // Most examples plainly match their link, which is told without parsing them.
            if RouteMatcher.plainlyMatches(example.value, against: link.template) { continue }
            let concrete = parser.parse(example.value)
            guard let mismatch = matcher.firstMismatch(concrete, against: link.template) else { continue }
            let range = example.sourceRange(ofValue: mismatch.span.clamped(to: 0..<example.value.utf8.count), in: link.file)
            var notes: [Note] = []
            if let templateSpan = mismatch.templateSpan {
                notes.append(Note(message: .templateRefuses, location: link.location(ofURL: templateSpan)))
            }
            found.append(
                context.diagnostic(
                    Self.self, .exampleMismatch(example.value, Self.explanation(mismatch, in: concrete)),
                    at: link.file.location(ofBytes: range), link: link, notes: notes))
        }
    }

    /// What the template expected, in words.
    static func explanation(_ mismatch: RouteMismatch, in example: LinkTemplate) -> String {
        let found = String(decoding: example.text.utf8.dropFirst(mismatch.span.lowerBound).prefix(mismatch.span.count), as: UTF8.self)
        switch mismatch.reason {
        case .scheme(let expected): return "the scheme '\(found)' is not '\(expected)'"
        case .host(let expected):
            return expected.isEmpty ? "the link has no host, the example has '\(found)'" : "the host is not '\(expected)'"
        case .literal(let expected): return "'\(found)' is not '\(expected)'"
        case .value(let expected): return "'\(found)' is not a value of '\(expected)'"
        case .missingComponent(let expected): return "it ends before '\(expected)'"
        case .extraComponent: return "'\(found)' is past the end of the link"
        case .missingQueryItem(let name): return "it has no '\(name)' parameter"
        case .queryValue(let name, let expected):
            return expected.isEmpty ? "'\(found)' is not a value of parameter '\(name)'" : "parameter '\(name)' is '\(found)', not '\(expected)'"
        case .missingFragment(let expected): return "it has no fragment, the link has '#\(expected)'"
        case .fragment(let expected): return "the fragment '\(found)' is not a value of '#\(expected)'"
        }
    }
}

extension Message {
    static func exampleMismatch(_ example: String, _ explanation: String) -> Message {
        "example '\(example)' is not matched by its link: \(explanation)"
    }
    static let templateRefuses: Message = "the link's template expects this"
}
