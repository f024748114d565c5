import Testing
@testable import LinkRules

/// The route template parser: schemes, authorities, components, placeholders in every style, query and fragment.
@Suite struct LinkTemplateParserTests {
    let parser = LinkTemplateParser(hosts: ["localhost", "her.app"])

    func texts(_ template: LinkTemplate) -> [String] { template.components.map(\.text) }

    /// Components, query names and values are made by `LinkTemplateParser.string`, which writes a short text
    /// straight into a small string: it gives what `String(decoding:as:)` gives, ill-formed UTF-8 repaired alike.
    @Test func partsAreTheTextOfTheirBytes() {
        let samples: [[UInt8]] = [
            [], Array("feed".utf8), Array("fifteen-bytes-x".utf8), Array("sixteen-bytes-xy".utf8), Array("café".utf8),
            Array("日本語のリンク".utf8), [0x66, 0xFF, 0x67], [0xC3], [0xE6, 0x97], Array(repeating: 0x80, count: 15),
            Array(repeating: 0x80, count: 16), Array("a long component with é".utf8) + [0xF0, 0x9F],
        ]
        for sample in samples {
            let padded: [UInt8] = [0x2F] + sample + [0x2F]
            padded.withUnsafeBufferPointer { bytes in
                let made = LinkTemplateParser.string(bytes, 1..<(padded.count - 1))
                let decoded = String(decoding: sample, as: UTF8.self)
                #expect(made == decoded, "\(sample)")
                #expect(Array(made.utf8) == Array(decoded.utf8), "\(sample)")
            }
        }
        let template = parser.parse("her://Café/v{major}.{minor}/{id:int}?q={q}&long_parameter_name=a-value-longer-than-15")
        #expect(texts(template) == ["Café", "v{major}.{minor}", "{id:int}"])
        #expect(template.components[1].placeholder?.name == "major")
        #expect(template.components[1].placeholder?.isInsideText == true)
        #expect(template.components[2].placeholder?.isInsideText == false)
        #expect(template.query.map(\.name) == ["q", "long_parameter_name"])
        #expect(template.query.map(\.value) == ["{q}", "a-value-longer-than-15"])
    }

    @Test func customSchemeAuthorityIsTheFirstComponent() {
        let template = parser.parse("her://feed/communities")
        #expect(template.scheme == "her")
        #expect(template.host == nil)
        #expect(texts(template) == ["feed", "communities"])
        #expect(template.components[0].span == 6..<10)
    }

    @Test func declaredHostIsAHost() {
        let template = parser.parse("app://localhost/pay?order_id=123")
        #expect(template.host == "localhost")
        #expect(texts(template) == ["pay"])
        #expect(template.query.map(\.name) == ["order_id"])
        #expect(template.query[0].value == "123")
        #expect(template.query[0].valueSpan == 29..<32)
    }

    @Test func universalLinkHostIsAlwaysAHost() {
        let template = parser.parse("https://cookpad.com/search/{query}")
        #expect(template.isWebLink)
        #expect(template.host == "cookpad.com")
        #expect(texts(template) == ["search", "{query}"])
        #expect(template.components[1].placeholder?.name == "query")
    }

    @Test func emptyHostAndBangIDs() {
        let template = parser.parse("exfe:///!100233/conversation")
        #expect(template.host == "")
        #expect(texts(template) == ["!100233", "conversation"])
        #expect(template.components[0].kind == .integer)
        #expect(template.components[0].prefix == "!")
        #expect(template.components[0].isIdentifier)
        let percent = parser.parse("exfe:///!%CROSS_ID%")
        #expect(percent.components[0].placeholder?.style == .percent)
        #expect(percent.components[0].placeholder?.name == "CROSS_ID")
        #expect(percent.components[0].prefix == "!")
        #expect(percent.components[0].isIdentifier)
    }

    @Test func opaqueURIsLoadWithoutComponents() {
        let template = parser.parse("spotify:track:6rqhFgbbKwnb9MLmUQDhG6")
        #expect(template.isOpaque)
        #expect(template.scheme == "spotify")
        #expect(template.components.isEmpty)
        #expect(parser.parse("mailto:").isOpaque)
    }

    @Test(arguments: [
        ("her://communities/{id}", PlaceholderStyle.braces, "id", nil as PlaceholderType?),
        ("her://communities/{id:int}", .braces, "id", .int),
        ("her://communities/:id", .colon, "id", nil),
        ("her://communities/<int:id>", .angle, "id", .int),
        ("her://communities/<id>", .angle, "id", nil),
        ("her://communities/%ID%", .percent, "ID", nil),
        ("/transaction/{transaction_id}", .braces, "transaction_id", nil),
    ])
    func placeholderStyles(text: String, style: PlaceholderStyle, name: String, type: PlaceholderType?) throws {
        let template = parser.parse(text)
        let placeholder = try #require(template.components.last?.placeholder)
        #expect(placeholder.style == style)
        #expect(placeholder.name == name)
        #expect(placeholder.type == type)
    }

    @Test func percentEncodingIsNotAPlaceholder() {
        let template = parser.parse("her://search/caf%C3%A9")
        #expect(template.components[1].placeholder == nil)
        #expect(template.components[1].kind == .literal)
    }

    @Test func unknownPlaceholderTypeIsKept() {
        let placeholder = parser.parse("her://posts/{id:number}").components[1].placeholder
        #expect(placeholder?.type == nil)
        #expect(placeholder?.unknownType == "number")
    }

    @Test func knownPlaceholderTypesMatchInAnyCase() {
        let template = parser.parse("her://posts/{id:INT}/<Uuid:key>/{slug:Slug}?p={payload:base64JSON}&q={q:Number}")
        #expect(template.components[1].placeholder?.type == .int)
        #expect(template.components[2].placeholder?.type == .uuid)
        #expect(template.components[3].placeholder?.type == .slug)
        #expect(template.query[0].placeholder?.type == .base64json)
        #expect(template.query[1].placeholder?.type == nil)
        #expect(template.query[1].placeholder?.unknownType == "Number")
        #expect(template.components[1].placeholder?.unknownType == nil)
    }

    @Test func prefixesOf64KiBOrMoreAreWorkedOutAgain() {
        let bangs = String(repeating: "!", count: 70_000)
        let template = parser.parse("exfe:///\(bangs){id}/\(bangs)123")
        #expect(template.components.count == 2)
        #expect(template.components[0].span == 8..<70_012)
        #expect(template.components[0].prefixLength == 70_000)
        #expect(template.components[0].placeholder?.span == 70_008..<70_012)
        #expect(template.components[1].kind == .integer)
        #expect(template.components[1].span == 70_013..<140_016)
        #expect(template.components[1].prefixLength == 70_000)
        #expect(template.components[1].prefix == bangs)
    }

    @Test func queryItemSpansRoundTrip() {
        var item = parser.parse("app://x/pay?order_id=123&flag").query[0]
        #expect(item.nameSpan == 12..<20)
        #expect(item.valueSpan == 21..<24)
        item.valueSpan = nil
        #expect(item.valueSpan == nil)
        #expect(item.span == 12..<20)
        item.nameSpan = 3..<5
        #expect(item.nameSpan == 3..<5)
        let flag = parser.parse("app://x/pay?order_id=123&flag").query[1]
        #expect(flag.value == nil && flag.valueSpan == nil && flag.span == 25..<29)
    }

    @Test func integersCountAsIDs() {
        let template = parser.parse("her://feed/community/9")
        #expect(template.components[2].kind == .integer)
        #expect(template.components[2].isIdentifier)
        #expect(!template.components[1].isIdentifier)
    }

    @Test func queryPlaceholdersAndFragments() {
        let template = parser.parse("coordinatorsplayground://deeplink?payload={payload:base64json}&x#top")
        #expect(template.query.count == 2)
        #expect(template.query[0].placeholder?.type == .base64json)
        #expect(template.query[1].name == "x")
        #expect(template.query[1].value == nil)
        #expect(template.fragment == "top")
    }

    @Test func componentNamesAreLowercased() {
        let template = parser.parse("her://Feed/Communities")
        #expect(template.components.map(\.name) == ["feed", "communities"])
        #expect(template.components.map(\.text) == ["Feed", "Communities"])
    }

    /// `routeKeyHash` streams the key of an ASCII template with at most one query item into the hash as it is
    /// produced; every other template is hashed from its written key. Both must give the hash of `routeKey`'s bytes.
    @Test(arguments: [
        "her://feed/communities/{id:int}", "HER://Feed/Communities/9", "her://premium?origin={origin}",
        "her://boosts?open=buy", "her://boosts?open=buy&origin=push", "her://pay?b=2&a=1&c", "https://her.app/",
        "https://Her.App/search/{q}?utm={source:slug}#top", "exfe:///!100233", "exfe://", "spotify:track:{id}",
        "mailto:someone@example.com", "her://café/{id}", "her://feed?título=1", "her://feed/Ünïcode?b&a",
        "app://localhost/pay?order_id=<int:order_id>", "her://%ID%/:name/{x:uuid}", "",
        "her://share/Zoom.US/alice@example.com/9", "her://Café/feed/Ünïcode/posts",
    ])
    func routeKeyHashIsTheHashOfTheRouteKeysBytes(_ text: String) {
        let template = LinkTemplateParser(hosts: ["localhost", "her.app"]).parse(text)
        var key = template.routeKey
        let expected = key.withUTF8 { LinkTemplate.routeKeyHash(of: $0) }
        #expect(template.routeKeyHash == expected)
    }

    @Test func routeKeyIgnoresCasePlaceholderNamesAndQueryOrder() {
        let a = parser.parse("her://Feed/communities/{id:int}?b={b}&a={a}")
        let b = parser.parse("her://feed/communities/{community:int}?a={x}&b={y}")
        #expect(a.routeKey == b.routeKey)
        #expect(parser.parse("her://feed/communities/9").routeKey != parser.parse("her://feed/communities/10").routeKey)
    }

    @Test func degenerateInputsDoNotCrash() {
        for text in ["", ":", "://", "her://", "her:///", "?", "#", "{", "}", "{}", "<>", "%%", "her://a//b", "her://a/{", "h:{x"] {
            _ = parser.parse(text)
        }
    }
}

/// Matching concrete links against templates.
@Suite struct RouteMatcherTests {
    let parser = LinkTemplateParser()
    let matcher = RouteMatcher()

    func match(_ link: String, _ template: String) -> RouteMatcher.Match? {
        matcher.match(parser.parse(link), against: parser.parse(template))
    }

    @Test func typedPlaceholdersAcceptTheirValues() {
        #expect(match("her://feed/communities/9", "her://feed/communities/{id:int}")?.captures == ["id": "9"])
        #expect(match("her://feed/communities/abc", "her://feed/communities/{id:int}") == nil)
        #expect(match("her://x/123e4567-e89b-12d3-a456-426614174000", "her://x/{id:uuid}") != nil)
        #expect(match("her://x/not-a-uuid", "her://x/{id:uuid}") == nil)
    }

    @Test func matchingIsCaseInsensitive() {
        #expect(match("HER://Feed/Communities", "her://feed/communities") != nil)
    }

    @Test func prefixesAndQueryPlaceholders() {
        #expect(match("exfe:///!100233", "exfe:///!{cross_id:int}")?.captures == ["cross_id": "100233"])
        #expect(match("app://x/pay?order_id=123", "app://x/pay?order_id={order_id:int}") != nil)
        #expect(match("app://x/pay", "app://x/pay?order_id={order_id:int}") == nil)
    }

    /// Spotify's published links are opaque URIs (`spotify:track:ID`, `spotify:album:ID`): the part after the
    /// scheme decides which template matches, segment by segment, not the scheme alone.
    @Test func opaqueURIsMatchByTheirSegments() {
        #expect(match("spotify:track:6rqhFgbbKwnb9MLmUQDhG6", "spotify:track:{id}") != nil)
        #expect(match("spotify:album:6rqhFgbbKwnb9MLmUQDhG6", "spotify:track:{id}") == nil)
        #expect(match("spotify:track", "spotify:track:{id}") == nil)
        #expect(match("spotify:track:1:2", "spotify:track:{id}") == nil)
        #expect(match("SPOTIFY:Track:1", "spotify:track:{id:int}") != nil)
        #expect(match("spotify:track:x", "spotify:track:{id:int}") == nil)
        #expect(match("mailto:support@example.com", "mailto:{address}") != nil)
        #expect(match("spotify://track/1", "spotify:track:{id}") == nil)
        #expect(match("spotify:track:1", "spotify://track/{id}") == nil)
        // Found by the route fuzzer: an opaque text with braces matches itself, whatever the braces hold.
        #expect(match("her:/{x:unknown}/MyProfile/Verification", "her:/{x:unknown}/MyProfile/Verification") != nil)
        #expect(match("her:{x:int}", "her:{x:int}") != nil)
    }

    // Found by the route fuzzer once fragments joined the URL model: a placeholder in the fragment is a placeholder,
    // so the template matches a uuid there, not its own braces.
    @Test func aFragmentPlaceholderIsAPlaceholder() {
        let template = LinkTemplateParser().parse("app://loc#post/{id:uuid}")
        #expect(template.placeholderNames == ["id"])
        #expect(match("app://loc#post/{id:uuid}", "app://loc#post/{id:uuid}") == nil)
        #expect(match("app://loc#post/0b3b5f6e-2c1d-4a7b-9f10-5d6e7f8a9b0c", "app://loc#post/{id:uuid}") != nil)
    }

    @Test func componentCountMustAgree() {
        #expect(match("her://feed", "her://feed/communities") == nil)
        #expect(match("her://feed/communities/9/posts", "her://feed/communities/{id}") == nil)
    }
}
