import Testing
@testable import LinkRules

/// What counts as an id, decided once (`Placeholder.role`, `LintContext.role(of:component:)`) and used alike by
/// `plural-resource-nouns`, `malformed-trailing-id`, `integer-pairing` and `prefer-path-over-query`, on links
/// transcribed from real apps' published link schemes.
@Suite struct ValueRoleTests {
    static func lint(_ text: String, config: String? = nil) throws -> [Diagnostic] {
        var configuration = Configuration()
        if let config {
            configuration = try ConfigurationLoader().load(file: SourceFile(path: ".linkrules.yml", text: config), directory: ".")
        }
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        return try Linter(configuration: configuration).lint(catalogue)
    }

    static func catalogue(_ components: String = "", links: [String]) -> String {
        "version: 1\nschemes: [app, tg, zoommtg, bear, things]\n"
            + (components.isEmpty ? "components: {}\n" : "components:\n" + components)
            + "links:\n" + links.map { "  - url: '\($0)'\n" }.joined()
    }

    @Test(arguments: [
        // The placeholder's type first, then its name; a name ending in `id` is one clue among others.
        ("{id:int}", PlaceholderRole.instance), ("{token:uuid}", .instance), ("{title:slug}", .instance),
        ("{state:base64json}", .argument), ("{handle}", .instance), ("{username}", .instance), ("{code}", .instance),
        ("{key}", .instance), ("{name}", .instance), ("{slug}", .instance), ("{story_id}", .instance),
        ("{listId}", .instance), ("{query}", .argument), ("{q}", .argument), ("{text}", .argument),
        ("{term}", .argument), ("{path}", .argument), ("{url}", .argument), ("{query:string}", .argument),
        ("{lat}", .undecided), ("{page}", .undecided),
    ])
    func placeholderRoleComesFromItsTypeThenItsName(placeholder: String, role: PlaceholderRole) throws {
        let component = try #require(LinkTemplateParser().parse("app://things/" + placeholder).components.last)
        #expect(component.role == role)
    }

    @Test func aHandleIsAnInstanceAndAQueryAnArgument() throws {
        // Instagram's `instagram://user?username=…` and Twitter's profile links name a person by a handle;
        // Cookpad's `cookpad.com/search/{query}` hands a search to an action.
        let found = try Self.lint(Self.catalogue(links: ["app://profile/{handle}", "app://profile/9", "app://search/{query}"]))
        let plurals = found.filter { $0.ruleID == "plural-resource-nouns" }
        #expect(plurals.map(\.location.line) == [5, 6])
        #expect(plurals.allSatisfy { $0.message.text.contains("'profiles'") })
    }

    @Test func theDeclaredKindComesFirst() throws {
        let components = """
              profile: { kind: screen }
              user:    { kind: collection }

            """
        // A screen takes arguments, whatever they are called; a declared collection takes ids, whatever they are.
        let found = try Self.lint(Self.catalogue(components, links: ["app://profile/{handle}", "app://user/{who}"]))
        let plurals = found.filter { $0.ruleID == "plural-resource-nouns" }
        #expect(plurals.map(\.location.line) == [8])
        #expect(!found.contains { $0.ruleID == "integer-pairing" })
    }

    @Test func aStringSlugAfterAnIntCollectionIsATypeMismatch() throws {
        // Medium's story links end in a slug; a collection declared `id: int` does not take one.
        let components = "  posts: { kind: collection, id: int }\n"
        let found = try Self.lint(Self.catalogue(components, links: ["app://posts/{slug:string}", "app://posts/{id:int}"]))
        let pairing = found.filter { $0.ruleID == "integer-pairing" }
        #expect(pairing.map(\.message.text) == ["'posts' takes an 'int' id, not 'string'"])
    }

    @Test func malformedTrailingIDAndPluralNounsAgreeOnTheSamePlaceholder() throws {
        // Telegram's `t.me/c/{chat_id}/{msg_id}` (Telethon's list of special links) puts an id after an id.
        let found = try Self.lint(
            Self.catalogue(links: ["app://chats/{chat_id}/{msg_id}", "app://search/{query}/{page:int}", "app://map/{lat}/{lng}"]))
        let trailing = found.filter { $0.ruleID == "malformed-trailing-id" }
        #expect(trailing.map(\.location.line) == [5])
    }

    @Test(arguments: [
        // Bear's x-callback-url: `show_window=yes`; Zoom's client URL scheme: `pwd=…`; Google Analytics' campaign
        // tags; Telegram's `tg://msg_url?url=…&text=…`; Zoom's join link with five parameters.
        "bear://open-note?show_window=yes", "bear://open-note?new_window=no", "zoommtg://join?pwd=secret",
        "app://boosts?utm_campaign=spring", "app://boosts?fbclid=abc", "app://boosts?gclid=abc",
        "app://boosts?source=banner", "tg://msg_url?text=hello", "tg://resolve?domain=telegram",
        "zoommtg://join?confno=123&pwd=abc&zc=0&browser=chrome&uname=Betty", "app://feed?page=two&count=10&sort=new",
    ])
    func preferPathOverQueryLeavesSettingsAndDataAlone(url: String) throws {
        let found = try Self.lint(Self.catalogue(links: [url]))
        #expect(!found.contains { $0.ruleID == "prefer-path-over-query" }, "\(url)")
    }

    @Test func trackingParametersAreConfigurable() throws {
        let text = Self.catalogue(links: ["app://boosts?campaign=spring", "app://boosts?utm_source=mail"])
        let config = "rules:\n  prefer-path-over-query: { tracking: [campaign] }\n"
        let found = try Self.lint(text, config: config).filter { $0.ruleID == "prefer-path-over-query" }
        // Configured tracking names replace the default list.
        #expect(found.map(\.location.line) == [6])
        #expect(throws: LoadError.self) {
            try Self.lint(text, config: "rules:\n  prefer-path-over-query: { trackers: [campaign] }\n")
        }
    }
}
