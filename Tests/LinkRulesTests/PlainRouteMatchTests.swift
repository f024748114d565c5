import Testing
@testable import LinkRules

/// `RouteMatcher.plainlyMatches`, the shortcut `example-mismatch` takes before parsing an example: it may say
/// "matches" only where the full match (`firstMismatch` on the parsed example) finds no mismatch, and it must
/// say so for the plain examples most catalogues have, or it saves nothing.
@Suite struct PlainRouteMatchTests {
    let parser = LinkTemplateParser(hosts: ["localhost", "her.app", "links.her.app"])

    /// Pairs of a template and an example, plain and not, matching and not: every way the shortcut could go wrong.
    static let pairs: [(template: String, example: String)] = [
        ("her://feed/communities/{id:int}", "her://feed/communities/9"),
        ("her://feed/communities/{id:int}", "her://feed/communities/-9"),
        ("her://feed/communities/{id:int}", "her://feed/communities/nine"),
        ("her://feed/communities/{id:int}", "her://feed/communities/9/"),
        ("her://feed/communities/{id:int}", "her://feed/communities//9"),
        ("her://feed/communities/{id:int}", "her://feed/communities"),
        ("her://feed/communities/{id:int}", "her://feed/communities/9/members"),
        ("her://feed/communities/{id:int}", "her://feed/Communities/9"),
        ("her://feed/communities/{id:int}", "HER://feed/communities/9"),
        ("her://feed/communities/{id:int}", "her://Feed/communities/9"),
        ("her://feed/communities/{id:int}", "her://feedx/communities/9"),
        ("her://feed/communities/{id:int}", "her://feed"),
        ("her://feed/communities/{id:int}", "her://feed/communities/{id}"),
        ("her://feed/communities/{id:int}", "her://feed/communities/9?origin=home"),
        ("her://feed/communities/{id:int}", "her://feed/communities/9#top"),
        ("her://feed/communities/{id:int}", "her://feed/communities/%39"),
        ("her://feed/communities/{id:int}", "her://feed/communités/9"),
        ("her://feed", "her://feed"),
        ("her://feed", "her://feed/"),
        ("her://feed", "her://feed/x"),
        ("her://feed/{name}", "her://feed/alice@example.com"),
        ("her://feed/{name}", "her://feed/zoom.us"),
        ("her://{tab}/posts", "her://zoom.us/posts"),
        ("her://{tab}/posts", "her://feed/posts"),
        ("https://her.app/posts/{id:uuid}", "https://her.app/posts/123e4567-e89b-12d3-a456-426614174000"),
        ("https://her.app/posts/{id:uuid}", "https://her.app/posts/123e4567"),
        ("https://her.app/posts/{slug:slug}", "https://her.app/posts/my-first_post"),
        ("https://her.app/posts/{slug:slug}", "https://her.app/posts/my.post"),
        ("https://her.app/posts/{id}", "https://HER.app/posts/1"),
        ("https://her.app/posts/{id}", "https://her.app:443/posts/1"),
        ("https://her.app/posts/{id}", "https://links.her.app/posts/1"),
        ("https://her.app//posts/{id}", "https://her.app//posts/1"),
        ("https://her.app/posts/", "https://her.app/posts/"),
        ("https://her.app/posts/{id}?origin={origin}", "https://her.app/posts/1?origin=home"),
        ("https://her.app/posts/{id}#top", "https://her.app/posts/1#top"),
        ("app://localhost/pay/{order}", "app://localhost/pay/42"),
        ("app://localhost/pay/{order}", "app://localhostx/pay/42"),
        ("app://localhost", "app://localhost"),
        ("exfe:///!{cross_id}", "exfe:///!100233"),
        ("exfe:///crosses/{id:int}", "exfe:///crosses/100233"),
        ("exfe:///crosses/{id:int}", "exfe://crosses/100233"),
        ("her://files/{path*}", "her://files/a/b/c"),
        ("her://map/{lat},{lng}", "her://map/1,2"),
        ("her://feed/{id?}", "her://feed/1"),
        ("her://feed/{id?}", "her://feed"),
        ("spotify:track:{id}", "spotify:track:1"),
        ("her://feed/communities/{id:int}", "her://feed/communities/9 "),
        ("her://feed/communities/{id:int}", ""),
        ("her://feed/communities/{id:int}", "her://"),
    ]

    @Test func saysMatchOnlyWhereTheFullMatchFindsNoMismatch() {
        for (template, example) in Self.pairs {
            let parsed = parser.parse(template)
            if RouteMatcher.plainlyMatches(example, against: parsed) {
                #expect(
                    RouteMatcher().firstMismatch(parser.parse(example), against: parsed) == nil,
                    "'\(example)' against '\(template)'")
            }
        }
    }

    @Test func tellsThePlainMatches() {
        let plain = [
            ("her://feed/communities/{id:int}", "her://feed/communities/9"),
            ("her://feed/communities/{id:int}", "her://feed/communities/-9"),
            ("her://feed/communities/{id:int}", "her://feed/Communities/9"),
            ("her://feed", "her://feed"),
            ("her://feed/{name}", "her://feed/alice@example.com"),
            ("https://her.app/posts/{id:uuid}", "https://her.app/posts/123e4567-e89b-12d3-a456-426614174000"),
            ("https://her.app/posts/{slug:slug}", "https://her.app/posts/my-first_post"),
            ("app://localhost/pay/{order}", "app://localhost/pay/42"),
            ("exfe:///crosses/{id:int}", "exfe:///crosses/100233"),
        ]
        for (template, example) in plain {
            #expect(RouteMatcher.plainlyMatches(example, against: parser.parse(template)), "'\(example)' against '\(template)'")
        }
    }

    @Test func leavesMismatchesToTheFullMatch() {
        let mismatches = [
            ("her://feed/communities/{id:int}", "her://feed/communities/nine"),
            ("her://feed/communities/{id:int}", "her://feed/communities"),
            ("her://feed/communities/{id:int}", "her://feed/communities/9/members"),
            ("her://feed/communities/{id:int}", "her://feedx/communities/9"),
            ("https://her.app/posts/{id:uuid}", "https://her.app/posts/123e4567"),
            ("https://her.app/posts/{id}", "https://links.her.app/posts/1"),
            ("app://localhost/pay/{order}", "app://localhostx/pay/42"),
        ]
        for (template, example) in mismatches {
            let parsed = parser.parse(template)
            #expect(!RouteMatcher.plainlyMatches(example, against: parsed), "'\(example)' against '\(template)'")
            #expect(RouteMatcher().firstMismatch(parser.parse(example), against: parsed) != nil)
        }
    }
}
