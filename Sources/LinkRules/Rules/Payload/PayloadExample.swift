/// One Base64 JSON payload carried by one of a link's `examples:`, in the position of one of the link's
/// `{name:base64json}` placeholders (the Coordinator playground): the text, and where it is so findings can point into it.
struct PayloadExample {
    /// The example scalar in the link's file.
    var example: Scalar
    var placeholder: Placeholder
    /// The payload text as written in the example and its UTF-8 range in the example's value; nil when the
    /// example has nothing in that position.
    var text: String?
    var span: Range<Int>?

    /// Whether a link has a `base64json` placeholder, in its path or its query.
    static func hasPayloadPlaceholder(_ link: Link) -> Bool {
        link.template.components.contains { $0.placeholder?.type == .base64json }
            || link.template.query.contains { $0.placeholder?.type == .base64json }
    }

    /// The payloads of every example of a link, one per example and `base64json` placeholder, in order; the
    /// examples are read with the catalogue's parser (`LintContext.templateParser`).
    static func collect(_ link: Link, parser: LinkTemplateParser) -> [PayloadExample] {
        guard !link.examples.isEmpty, hasPayloadPlaceholder(link) else { return [] }
        var payloads: [PayloadExample] = []
        for example in link.examples {
            let concrete = parser.parse(example.value)
            for (position, component) in link.template.components.enumerated() {
                guard let placeholder = component.placeholder, placeholder.type == .base64json else { continue }
                var payload = PayloadExample(example: example, placeholder: placeholder)
                if concrete.components.count == link.template.components.count {
                    let written = concrete.components[position]
                    let prefixLength = Int(component.prefixLength)
                    if written.text.utf8.count > prefixLength {
                        let span = (written.span.lowerBound + prefixLength)..<written.span.upperBound
                        payload.span = span
                        payload.text = String(decoding: Array(example.value.utf8)[span], as: UTF8.self)
                    }
                }
                payloads.append(payload)
            }
            for item in link.template.query {
                guard let placeholder = item.placeholder, placeholder.type == .base64json else { continue }
                var payload = PayloadExample(example: example, placeholder: placeholder)
                let lowered = item.name.lowercasedASCIIIfNeeded
                if let written = concrete.query.first(where: { $0.name.lowercasedASCIIIfNeeded == lowered }),
                    let value = written.value, let span = written.valueSpan, !value.isEmpty
                {
                    payload.text = value
                    payload.span = span
                }
                payloads.append(payload)
            }
        }
        return payloads
    }

    /// The location in the link's file of a UTF-8 range of the payload text (clamped to it).
    func location(ofPayload range: Range<Int>, in link: Link) -> SourceLocation {
        guard let span else { return link.file.location(ofBytes: example.tokenRange) }
        let lower = min(span.lowerBound + range.lowerBound, span.upperBound)
        let upper = min(max(lower, span.lowerBound + range.upperBound), span.upperBound)
        return link.file.location(ofBytes: example.sourceRange(ofValue: lower..<upper, in: link.file))
    }
}
