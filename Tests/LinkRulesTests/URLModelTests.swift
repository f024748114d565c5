import Testing
@testable import LinkRules

/// The URL model on links that apps really publish: what is a URI at all (RFC 3986), values that keep their case,
/// fragments, placeholders inside a component, multi-segment placeholders, optional query parameters and
/// authorities that are domains. Each case names the scheme's published documentation it comes from.
@Suite struct URLModelTests {
    /// The findings of every rule on a catalogue.
    static func lint(_ text: String) throws -> [Diagnostic] {
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        return try Linter(configuration: Configuration()).lint(catalogue)
    }

    static func explainer(_ text: String) throws -> LinkExplainer {
        LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
    }

    // MARK: - RFC 3986

    /// Every byte RFC 3986 keeps out of a URI is refused raw, and no other: each byte in a link of its own.
    @Test func exactlyTheBytesRFC3986KeepsOutAreRefused() {
        let refused = Set(Array(UInt8(0x00)...0x20) + [0x7F] + Array("\"<>\\^`{|}".utf8))
        for byte in UInt8(0x00)...0x7F where byte != UInt8(ascii: "%") {
            let text = "her://a" + String(decoding: [byte], as: UTF8.self) + "b"
            let problem = URLSyntax.firstProblem(in: text)?.problem
            // `{` and `<` alone start no placeholder here (nothing closes them), so they are refused too.
            #expect((problem == .mustBeEncoded(character: String(decoding: [byte], as: UTF8.self))) == refused.contains(byte), "byte \(byte)")
        }
    }

    @Test func whatRFC3986RefusesIsFoundWhereItIs() {
        // Obsidian's URI documentation: "space characters must be encoded as %20".
        #expect(URLSyntax.firstProblem(in: "obsidian://open?vault=my vault") == .init(problem: .mustBeEncoded(character: " "), span: 24..<25))
        #expect(URLSyntax.firstProblem(in: "obsidian://open?vault=my%20vault&file=my%20note") == nil)
        #expect(URLSyntax.firstProblem(in: "my_app://open") == .init(problem: .badScheme(scheme: "my_app"), span: 2..<3))
        #expect(URLSyntax.firstProblem(in: "1app://open")?.problem == .badScheme(scheme: "1app"))
        #expect(URLSyntax.firstProblem(in: "her://search?q=%zz") == .init(problem: .badPercentEscape(written: "%zz"), span: 15..<18))
        #expect(URLSyntax.firstProblem(in: "her://search?q=100%") == .init(problem: .badPercentEscape(written: "%"), span: 18..<19))
        #expect(URLSyntax.firstProblem(in: "her://feed?filter=a|b")?.problem == .mustBeEncoded(character: "|"))
        #expect(URLSyntax.firstProblem(in: "") == .init(problem: .empty, span: 0..<0))
        // Placeholders of every style are not text of the link.
        #expect(URLSyntax.firstProblem(in: "exfe://crosses/%CROSS_ID%?token=%TOKEN%") == nil)
        #expect(URLSyntax.firstProblem(in: "her://feed/communities/<int:id>") == nil)
        // Zoom's client URL schemes.
        #expect(URLSyntax.firstProblem(in: "zoommtg://zoom.us/join?confno={confno:int}&pwd={pwd}&uname=Betty%20Smith") == nil)
        // Telegram's deep links: an opaque tg: URI.
        #expect(URLSyntax.firstProblem(in: "tg:resolve?domain={domain}") == nil)
        // A Matrix permalink: the room alias in the fragment, '#' and ':' included.
        #expect(URLSyntax.firstProblem(in: "https://matrix.to/#/#matrix:matrix.org") == nil)
        // IRIs: text outside ASCII is left to the app.
        #expect(URLSyntax.firstProblem(in: "https://example.com/café") == nil)
    }

    @Test func checkRefusesWhatIsNotALinkAtAll() throws {
        let proposed = SourceFile(path: CheckSession.fileName, text: "her://feed\n\n")
        #expect(throws: LoadError.self) { try CheckSession.refuseWhatIsNotALink(["her://feed", ""], in: proposed) }
        let text = SourceFile(path: CheckSession.fileName, text: "not a url\n")
        do {
            try CheckSession.refuseWhatIsNotALink(["not a url"], in: text)
            Issue.record("'not a url' was accepted")
        } catch let error as LoadError {
            #expect(error.location.line == 1 && error.location.column == 1)
            #expect(error.message.text.contains("'not a url' is not a link"))
        }
        // A link with a scheme is checked, even a broken one: `url-invalid` says where.
        try CheckSession.refuseWhatIsNotALink(["my_app://open", "spotify:track:1"], in: SourceFile(path: "p", text: ""))
    }

    @Test func aLinkAnAliasAndAnExampleThatAreNotURIsAreReportedOnce() throws {
        let text = """
            version: 1
            schemes: [obsidian]
            links:
              - url: obsidian://open?vault={vault}
                examples: ['obsidian://open?vault=my vault']
                aliases: ['obsidian://open?vault={vault}&file=%zz']
              - url: 'my_app://open'
            """
        let found = try Self.lint(text).filter { $0.ruleID == "url-invalid" }
        #expect(found.map(\.location.line) == [5, 6, 7])
        #expect(found.map(\.location.column) == [41, 51, 13])
        #expect(found[0].message.text == "the example has a space, which a URL never carries raw: write '%20' (RFC 3986)")
        // The broken scheme is read as the scheme, so no rule takes 'my_app:' for a path component.
        #expect(try Self.lint(text).filter { $0.ruleID == "no-separators" }.isEmpty)
    }

    /// Slack's deep links carry workspace and channel ids in capitals (`T123ABC`): `explain` shows them as given and
    /// lowercases only the scheme and host.
    @Test func explainKeepsTheCaseOfValues() throws {
        let explainer = try Self.explainer("version: 1\nschemes: [slack]\nlinks:\n  - url: slack://channel?team={team}&id={id}\n")
        let explanation = explainer.explain("SLACK://channel?team=T123ABC&id=C123ABC456")
        #expect(explanation.normalized == "slack://channel?team=T123ABC&id=C123ABC456")
        #expect(explanation.match?.captures == [.init(name: "team", value: "T123ABC"), .init(name: "id", value: "C123ABC456")])
        let text = explanation.formatted(as: .text)
        #expect(text.contains("team = 'T123ABC'"))
        #expect(!text.contains("t123abc"))
    }

    // MARK: - Fragments

    /// A Matrix permalink names the room in the fragment (`https://matrix.to/#/#matrix:matrix.org`, the Matrix
    /// specification's matrix.to links): a template that spells the fragment matches it and captures the room.
    @Test func aTemplateThatSpellsAFragmentMatchesIt() throws {
        let parser = LinkTemplateParser()
        let template = parser.parse("https://matrix.to/#/{room}")
        let match = RouteMatcher().match(parser.parse("https://matrix.to/#/#matrix:matrix.org"), against: template)
        #expect(match?.captures == ["room": "#matrix:matrix.org"])
        #expect(RouteMatcher().firstMismatch(parser.parse("https://matrix.to/"), against: template)?.reason
            == .missingFragment(expected: "/{room}"))
        let post = parser.parse("https://x.app/get#post/{id:int}")
        #expect(RouteMatcher().match(parser.parse("https://x.app/get#post/42"), against: post)?.captures == ["id": "42"])
        #expect(RouteMatcher().firstMismatch(parser.parse("https://x.app/get#user/42"), against: post)?.reason
            == .fragment(expected: "post/{id:int}"))
        // A template without a fragment accepts any (Telegram: "The #fragment part is always ignored").
        #expect(RouteMatcher().match(parser.parse("tg://resolve?domain=durov#x"), against: parser.parse("tg://resolve?domain={domain}")) != nil)
    }

    @Test func linksThatDifferOnlyInTheirFragmentAreTwoRoutes() throws {
        let text = """
            version: 1
            hosts: [x.app]
            links:
              - url: https://x.app/get#post/{id:int}
                examples: ['https://x.app/get#post/42']
              - url: https://x.app/get#user/{id:int}
                examples: ['https://x.app/get#post/42']
              - url: https://x.app/get#post/{post_id:int}
            """
        let found = try Self.lint(text)
        #expect(found.filter { $0.ruleID == "example-mismatch" }.map(\.location.line) == [7])
        #expect(found.filter { $0.ruleID == "example-mismatch" }.first?.message.text
            == "example 'https://x.app/get#post/42' is not matched by its link: the fragment 'post/42' is not a value of '#user/{id:int}'")
        // The third repeats the first: a duplicate; the second is a route of its own.
        #expect(found.filter { ["duplicate-link", "unreachable-route"].contains($0.ruleID) }.map(\.location.line) == [8])
    }

    /// A URL to open in a fragment is an open redirect as much as in the query; `explain` lists fragment items.
    @Test func fragmentParametersReachTheSecurityRulesAndExplain() throws {
        let text = "version: 1\nschemes: [app]\nlinks:\n  - url: app://invite#url={url}\n"
        let found = try Self.lint(text).filter { $0.ruleID == "untrusted-url-param" }
        #expect(found.map(\.location.column) == [23])
        let explanation = try Self.explainer(text).explain("app://invite#url=https://evil.example/Path")
        #expect(explanation.match?.captures == [.init(name: "url", value: "https://evil.example/Path")])
        let parameter = try #require(explanation.parameters.first)
        #expect(parameter.inFragment && parameter.name == "url" && parameter.capturedBy == "{url}")
        #expect(explanation.formatted(as: .text).contains("#url=https://evil.example/Path: 'url' is in the fragment"))
    }

    // MARK: - Placeholders among literal text

    /// Google Maps' URL scheme for iOS (`comgooglemaps://?center=40.765819,-73.975866&zoom=14`) and its universal
    /// links (`https://www.google.com/maps/@42.585444,13.007813,6z`), Reddit's `comments/{id}.json` and an opaque
    /// `mailto:` address: each placeholder takes its part of the value, and the literal text between must be there.
    @Test func placeholdersAmongLiteralTextMatchAndCapture() throws {
        let parser = LinkTemplateParser(hosts: ["www.google.com"])
        let matcher = RouteMatcher()
        func captures(_ link: String, _ template: String) -> [String: String]? {
            matcher.match(parser.parse(link), against: parser.parse(template))?.captures
        }
        #expect(captures("comgooglemaps://?center=40.765819,-73.975866&zoom=14", "comgooglemaps://?center={lat},{lng}&zoom={zoom:int}")
            == ["lat": "40.765819", "lng": "-73.975866", "zoom": "14"])
        #expect(captures("https://www.google.com/maps/@42.585444,13.007813,6z", "https://www.google.com/maps/@{lat},{lng},{zoom}z")
            == ["lat": "42.585444", "lng": "13.007813", "zoom": "6"])
        #expect(captures("https://www.reddit.com/r/swift/comments/abc123.json", "https://www.reddit.com/r/{sub}/comments/{id}.json")
            == ["sub": "swift", "id": "abc123"])
        #expect(captures("app://api/v2.10/docs", "app://api/v{major:int}.{minor:int}/docs") == ["major": "2", "minor": "10"])
        #expect(captures("mailto:Alice@Example.com", "mailto:{user}@{host}") == ["user": "Alice", "host": "Example.com"])
        // Opaque URIs capture too (Spotify's URIs, as IANA's registration gives them).
        #expect(captures("spotify:track:2jCnn1QPQ3E8ExtLe6INsx", "spotify:track:{id}") == ["id": "2jCnn1QPQ3E8ExtLe6INsx"])
        // What does not fit the pattern does not match.
        #expect(captures("comgooglemaps://?center=40.765819", "comgooglemaps://?center={lat},{lng}") == nil)
        #expect(captures("app://api/v2/docs", "app://api/v{major:int}.{minor:int}/docs") == nil)
        #expect(captures("app://api/vx.1/docs", "app://api/v{major:int}.{minor:int}/docs") == nil)
        #expect(captures("https://www.reddit.com/r/swift/comments/abc123", "https://www.reddit.com/r/{sub}/comments/{id}.json") == nil)
    }

    @Test func aPatternIsOneRouteAndShadowsOnlyWhatFitsIt() throws {
        let text = """
            version: 1
            hosts: [www.google.com]
            links:
              - url: https://www.google.com/maps/@{lat},{lng},{zoom}z
                examples: ['https://www.google.com/maps/@42.585444,13.007813,6z']
              - url: https://www.google.com/maps/place
              - url: https://www.google.com/maps/@{a},{b},{c}z
              - url: https://www.google.com/maps/{anything}
              - url: https://www.reddit.com/r/{sub}/comments/{id}.json
            """
        let found = try Self.lint(text)
        // The third spells the first again; 'place' does not fit the pattern, and the plain placeholder after them
        // takes what the pattern does not.
        #expect(found.filter { ["duplicate-link", "unreachable-route"].contains($0.ruleID) }.map(\.location.line) == [7])
        #expect(found.filter { ["example-mismatch", "no-separators"].contains($0.ruleID) }.isEmpty)
        let explanation = try Self.explainer(text).explain("https://www.google.com/maps/@42.585444,13.007813,6z")
        #expect(explanation.match?.captures.map(\.name) == ["lat", "lng", "zoom"])
    }

    // MARK: - The rest of the path

    /// Obsidian's shorthand URI, `obsidian://vault/my%20vault/path/to/my%20note`: `{path*}` takes one or more
    /// components; one placeholder takes one.
    @Test func aRestOfPathPlaceholderTakesEveryRemainingComponent() throws {
        let parser = LinkTemplateParser()
        let template = parser.parse("obsidian://vault/{vault}/{path*}")
        #expect(template.components.last?.placeholder?.name == "path")
        #expect(template.components.last?.placeholder?.canonical == "{path*}")
        let match = RouteMatcher().match(parser.parse("obsidian://vault/my%20vault/path/to/my%20note"), against: template)
        #expect(match?.captures == ["vault": "my%20vault", "path": "path/to/my%20note"])
        #expect(RouteMatcher().match(parser.parse("obsidian://vault/my%20vault/note"), against: template)?.captures["path"] == "note")
        #expect(RouteMatcher().match(parser.parse("obsidian://vault/my%20vault"), against: template) == nil)
        // One placeholder still takes one component.
        #expect(RouteMatcher().match(parser.parse("obsidian://vault/v/a/b"), against: parser.parse("obsidian://vault/{vault}/{path}")) == nil)
    }

    @Test func rfc6570PathExpansionIsReadAndRewritten() throws {
        let template = LinkTemplateParser().parse("obsidian://vault{/path*}")
        #expect(template.components.map(\.text) == ["vault{/path*}"])
        let text = "version: 1\nschemes: [obsidian]\nlinks:\n  - url: obsidian://vault{/path*}\n"
        let found = try Self.lint(text).filter { $0.ruleID == "placeholder-style" }
        #expect(found.map(\.location.column) == [26])
        #expect(found.first?.fixes.first?.edits.first?.replacement == "/{path*}")
    }

    @Test func theRestOfThePathIsARouteOfItsOwn() throws {
        let text = """
            version: 1
            schemes: [obsidian]
            links:
              - url: obsidian://vault/{vault}/{note}
              - url: obsidian://vault/{vault}/{path*}
                examples: ['obsidian://vault/my%20vault/path/to/my%20note']
              - url: obsidian://vault/{vault}/{file*}
            """
        let found = try Self.lint(text)
        // One component does not cover the rest of a path; the third repeats the second.
        #expect(found.filter { ["duplicate-link", "unreachable-route"].contains($0.ruleID) }.map(\.location.line) == [7])
        #expect(found.filter { $0.ruleID == "example-mismatch" }.isEmpty)
        let explanation = try Self.explainer(text).explain("obsidian://vault/work/path/to/note")
        #expect(explanation.match?.entry.location.line == 5)
        #expect(explanation.steps.last?.action == .passPath)
        #expect(explanation.steps.last?.component == "path/to/note")
    }

    // MARK: - Optional query parameters

    /// Obsidian's URI documentation: `obsidian://open?vault=my%20vault` opens the vault and
    /// `obsidian://open?vault=my%20vault&file=my%20note` a note in it, one action with an optional `file`.
    @Test func anOptionalQueryItemMayBeLeftOut() throws {
        let parser = LinkTemplateParser()
        let template = parser.parse("obsidian://open?vault={vault}&file={file?}")
        #expect(template.query[1].placeholder?.name == "file")
        #expect(template.query[1].placeholder?.isOptional == true)
        #expect(template.query[1].placeholder?.canonical == "{file?}")
        let matcher = RouteMatcher()
        #expect(matcher.match(parser.parse("obsidian://open?vault=my%20vault"), against: template)?.captures == ["vault": "my%20vault"])
        #expect(matcher.match(parser.parse("obsidian://open?vault=v&file=my%20note"), against: template)?.captures
            == ["vault": "v", "file": "my%20note"])
        #expect(matcher.match(parser.parse("obsidian://open?file=n"), against: template) == nil)
        // A typed optional value must still be of its type when given.
        let typed = parser.parse("obsidian://open?vault={vault}&line={line?:int}")
        #expect(typed.query[1].placeholder?.type == .int)
        #expect(matcher.match(parser.parse("obsidian://open?vault=v&line=x"), against: typed) == nil)
        // Airbnb's room links with optional guest counts, the marker written after the type.
        let after = parser.parse("https://www.airbnb.com/rooms/{id:int}?adults={adults:int?}")
        #expect(after.query[0].placeholder?.type == .int && after.query[0].placeholder?.isOptional == true)
        #expect(matcher.match(parser.parse("https://www.airbnb.com/rooms/42"), against: after) != nil)
        #expect(matcher.match(parser.parse("https://www.airbnb.com/rooms/42?adults=two"), against: after) == nil)
        #expect(parser.parse("her://x?n={n:integer?}").query[0].placeholder?.isOptional == false)
    }

    @Test func bothFormsAsOneLinkAreNoUnreachableRoute() throws {
        let text = """
            version: 1
            schemes: [obsidian]
            links:
              - url: obsidian://open?vault={vault}&file={file?}
                examples: ['obsidian://open?vault=my%20vault', 'obsidian://open?vault=my%20vault&file=my%20note']
              - url: obsidian://open?vault={vault}&file={file}
              - url: obsidian://open?vault={vault}
            """
        let found = try Self.lint(text)
        #expect(found.filter { $0.ruleID == "example-mismatch" }.isEmpty)
        // The two forms written again after the link that has both are shadowed by it.
        #expect(found.filter { $0.ruleID == "unreachable-route" }.map(\.location.line) == [6, 7])
        // Written as two links, the finding says how to make them one.
        let two = "version: 1\nschemes: [obsidian]\nlinks:\n  - url: obsidian://open?vault={vault}\n  - url: obsidian://open?vault={vault}&file={file}\n"
        let shadowed = try #require(try Self.lint(two).first { $0.ruleID == "unreachable-route" })
        #expect(shadowed.message.text.hasSuffix("write one link with the extra parameters optional ('file={file?}')"))
    }

    // MARK: - Authorities and values written out

    /// The authority as the app's URL handler splits it: user information before `@`, a port of digits after the
    /// last `:` outside an IPv6 literal's brackets, and for a custom scheme without a listed host, the first component.
    @Test func anAuthoritySplitsIntoUserInformationHostAndPort() throws {
        let parser = LinkTemplateParser()
        func parts(_ url: String) throws -> [String?] {
            let template = parser.parse(url)
            let authority = try #require(template.authority)
            return [
                String(template.substring(authority.span)), String(template.substring(authority.hostSpan)),
                authority.userInfoSpan.map { String(template.substring($0)) }, authority.isFirstComponent ? "first" : nil,
            ]
        }
        #expect(try parts("https://user:pass@localhost:8080/x") == ["user:pass@localhost:8080", "localhost", "user:pass", nil])
        #expect(try parts("https://[::1]:8080/x") == ["[::1]:8080", "[::1]", nil, nil])
        #expect(try parts("https://[::1]/x") == ["[::1]", "[::1]", nil, nil])
        // Not a port: a colon followed by anything but digits stays in the host.
        #expect(try parts("https://example.com:http/x") == ["example.com:http", "example.com:http", nil, nil])
        #expect(try parts("her://feed/top") == ["feed", "feed", nil, "first"])
        #expect(try parts("exfe:///x") == ["", "", nil, nil])
        #expect(parser.parse("mailto:someone@example.com").authority == nil)
        #expect(parser.parse("/feed/{id}").authority == nil)
    }

    /// Zoom's client URL schemes (`zoommtg://zoom.us/join?confno=123456789&pwd=xxxx`): a custom scheme's authority
    /// that is a domain is a host, not a first component with a separator.
    @Test func aCustomSchemesDomainAuthorityIsAHost() throws {
        let parser = LinkTemplateParser()
        let zoom = parser.parse("zoommtg://zoom.us/join?confno={confno:int}&pwd={pwd}")
        #expect(zoom.host == "zoom.us")
        #expect(zoom.components.map(\.text) == ["join"])
        #expect(parser.parse("x://example.com/a").host == "example.com")
        // A word with a separator is still a first component (the HER guide's `her://help.center`).
        #expect(parser.parse("her://help.center").host == nil)
        #expect(parser.parse("her://my_profile/verification").components.first?.text == "my_profile")
        let text = "version: 1\nschemes: [zoommtg]\nlinks:\n  - url: zoommtg://zoom.us/join?confno={confno:int}\n"
        #expect(try Self.lint(text).filter { ["no-separators", "lowercase", "plural-resource-nouns"].contains($0.ruleID) }.isEmpty)
    }

    /// Mastodon's `https://mastodon.social/@Gargron`, an email address and a domain written out are values: no rule
    /// about words, separators or case looks at them.
    @Test func handlesEmailsAndDomainsWrittenOutAreValues() throws {
        let parser = LinkTemplateParser()
        for (link, value) in [("her://profile/@Gargron", "@Gargron"), ("her://invite/alice@example.com", "alice@example.com"),
                              ("her://share/matrix.org", "matrix.org")] {
            let component = try #require(parser.parse(link).components.last)
            #expect(component.kind == .value && component.isValue && !component.isLiteral && component.name == value)
        }
        #expect(parser.parse("her://feed/top.communities").components.last?.kind == .literal)
        // Ids in their own alphabet: YouTube's https://youtu.be/dQw4w9WgXcQ, Spotify's base-62 track ids, a GitHub
        // commit; a word with a version or a number in it stays a word.
        for id in ["dQw4w9WgXcQ", "6rqhFgbbKwnb9MLmUQDhG6", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3", "swift-6.0-RELEASE"] {
            #expect(parser.parse("https://example.com/watch/\(id)").components.last?.kind == .value, "\(id)")
        }
        for word in ["v2", "mp3", "covid19", "Feed", "top-10"] {
            #expect(parser.parse("her://feed/\(word)").components.last?.kind == .literal, "\(word)")
        }
        let text = """
            version: 1
            schemes: [her]
            links:
              - url: her://profile/@Gargron
              - url: her://invite/alice@example.com
              - url: her://share/matrix.org
            """
        #expect(try Self.lint(text).filter { ["no-separators", "lowercase", "plural-resource-nouns"].contains($0.ruleID) }.isEmpty)
    }
}
