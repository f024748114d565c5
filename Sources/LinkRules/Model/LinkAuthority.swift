/// The authority of a link template as an app's URL handler sees it (`url.host`): a declared or universal-link
/// host, an empty host (`exfe:///`), or a custom scheme's first component (`her://feed/…` has the host `feed`),
/// split into user information, host and port so access lists and credential checks look at the right part.
struct LinkAuthority: Sendable {
    /// The whole authority (`user:pass@localhost:8080`) in the template; empty for `exfe:///`.
    var span: Range<Int>
    /// The host alone (`localhost`), without user information or port.
    var hostSpan: Range<Int>
    /// `user:pass` before an `@`, when there is one.
    var userInfoSpan: Range<Int>?
    /// Whether the authority is the template's first path component (a custom scheme's `her://feed/…`).
    var isFirstComponent: Bool

    var isEmpty: Bool { span.isEmpty }
}

extension LinkTemplate {
    /// The authority after `scheme://`, or nil for a template with no scheme or an opaque URI (`mailto:x`).
    var authority: LinkAuthority? {
        guard let (span, isFirstComponent) = authorityRange else { return nil }
        // Rules ask this of every link: the bytes are read in place.
        return withTextBytes { bytes in
            var hostStart = span.lowerBound
            var hostEnd = span.upperBound
            var userInfoSpan: Range<Int>?
            var lastColon: Int?
            var allDigitsAfterColon = true
            for offset in span {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "@") {
                    userInfoSpan = span.lowerBound..<offset
                    hostStart = offset + 1
                    lastColon = nil
                } else if byte == UInt8(ascii: ":") {
                    lastColon = offset
                    allDigitsAfterColon = true
                } else if byte == UInt8(ascii: "]") {
                    lastColon = nil
                } else if lastColon != nil, !isDigit(byte) {
                    allDigitsAfterColon = false
                }
            }
            if let lastColon, lastColon >= hostStart, allDigitsAfterColon { hostEnd = lastColon }
            return LinkAuthority(
                span: span, hostSpan: hostStart..<hostEnd, userInfoSpan: userInfoSpan, isFirstComponent: isFirstComponent)
        }
    }

    /// The user information before an `@` in the authority (`authority?.userInfoSpan`): nearly no authority has an
    /// `@`, and one without is not split at all.
    var userInfoSpan: Range<Int>? {
        guard let (span, _) = authorityRange, containsByte(in: span, where: { $0 == UInt8(ascii: "@") }) else { return nil }
        return authority?.userInfoSpan
    }

    /// The range of the whole authority after `scheme://`, and whether it is the first component (a custom scheme's
    /// `her://feed/…`); nil for a template with no scheme or an opaque URI.
    private var authorityRange: (span: Range<Int>, isFirstComponent: Bool)? {
        guard let schemeSpan, !isOpaque else { return nil }
        let start = schemeSpan.upperBound + 3
        if let hostSpan { return (hostSpan, false) }
        if !components.isEmpty, components[0].span.lowerBound == start { return (components[0].span, true) }
        return (start..<start, false)
    }
}
