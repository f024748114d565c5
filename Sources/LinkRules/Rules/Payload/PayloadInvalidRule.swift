/// A `{name:base64json}` placeholder carries a navigation step tree (the Coordinator playground); each of the link's examples must
/// carry a payload in that position that decodes from Base64 to JSON and follows the step tree.
struct PayloadInvalidRule: LinkRule {
    static let description = RuleDescription(
        id: "payload-invalid",
        scope: .link,
        defaultSeverity: .error,
        summary: "an example's base64json payload that does not decode to a navigation step tree",
        rationale: """
            The Coordinator playground: "The payload is a `JSON` object containing a `step` and an optional \
            array of `children`. Each `step` corresponds to a specific navigation action (e.g., `transition`, \
            `push`, `present`)", and "The application expects the `JSON` payload to be **Base64-encoded** and \
            attached as a query parameter in a URL." A payload that is not Base64, not JSON, or names an unknown \
            step kind is dropped by the app and the link opens nothing. Each example of a link with a \
            `{name:base64json}` placeholder must carry such a payload in the placeholder's position; the finding \
            points at the Base64 characters that carry the broken part.
            """,
        source: .coordinatorPlayground,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                links:
                  - url: coordinatorsplayground://deeplink?payload={payload:base64json}
                    examples:
                      - coordinatorsplayground://deeplink?payload=eyJzdGVwIjp7↓Imp1bXAiOnsiZmxvdyI6eyJ0YWJzIjp7fX19fX0=
                      - coordinatorsplayground://deeplink?payload=eyJzdGVw↓!!
                      - ↓coordinatorsplayground://deeplink
                """),
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                links:
                  - url: coordinatorsplayground://deeplink/{payload:base64json}
                    examples: ['coordinatorsplayground://deeplink/↓e30']
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [coordinatorsplayground]
                links:
                  - url: coordinatorsplayground://deeplink?payload={payload:base64json}
                    examples:
                      - coordinatorsplayground://deeplink?payload=eyJzdGVwIjp7InRyYW5zaXRpb24iOnsiZmxvdyI6eyJ0YWJzIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsiY2hhbmdlIjp7InRhYiI6eyJob21lIjp7fX19fX1dfQ==
                  - url: coordinatorsplayground://deeplink/{payload:base64json}
                  - url: coordinatorsplayground://search?q={query}
                    examples: ['coordinatorsplayground://search?q=e30']
                """)
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        for payload in PayloadExample.collect(link, parser: context.templateParser) {
            let name = payload.placeholder.name
            guard let text = payload.text else {
                found.append(
                    context.diagnostic(
                        Self.self, .payloadMissing(name), at: link.file.location(ofBytes: payload.example.tokenRange),
                        link: link))
                continue
            }
            guard case .failure(let problem) = NavigationPayload.decode(base64: text) else { continue }
            let location: SourceLocation
            if let offset = problem.sourceOffset {
                location = payload.location(ofPayload: offset..<(offset + 1), in: link)
            } else {
                location = payload.location(ofPayload: 0..<text.utf8.count, in: link)
            }
            var notes: [Note] = []
            if let path = problem.jsonPath, !path.isEmpty { notes.append(Note(message: .payloadJSONPath(path))) }
            found.append(context.diagnostic(Self.self, .payloadInvalid(name, problem.message), at: location, link: link, notes: notes))
        }
    }
}

extension Message {
    static func payloadMissing(_ name: String) -> Message {
        "the example carries no '\(name)' payload to check: give it one in the position of '{\(name):base64json}'"
    }
    static func payloadInvalid(_ name: String, _ problem: String) -> Message {
        "the example's '\(name)' value is not a navigation step tree: \(problem)"
    }
    static func payloadJSONPath(_ path: String) -> Message { "in the decoded JSON at '\(path)'" }
}
