/// An id directly after another id has no noun of its own: `feed/ads/12/5` is malformed.
struct MalformedTrailingIDRule: LinkRule {
    static let description = RuleDescription(
        id: "malformed-trailing-id",
        scope: .link,
        defaultSeverity: .error,
        summary: "an id that follows another id has no component of its own",
        rationale: """
            The HER app's deep-link guide, "Handling a Deeplink", rule 3: "we accepted either `her://feed/ads/12/campaign_id/5` or \
            `her://feed/ads/12/5` as the same thing. Cases like the latter should be considered malformed and we \
            should ultimate result in opening the first component only, "feed"." Name what the second id \
            identifies: `ads/12/campaigns/5`. A value counts as an id as `plural-resource-nouns` decides it (a number, a \
            value typed `int`, `uuid` or `slug`, or named as an instance: `handle`, `key`, `code`, `…_id`); a value \
            after an action's argument (`search/{query}/{page:int}`) is one more argument. Two values are not a \
            second id: a slug or name before or after an id, which describes the same instance for readers and search engines \
            (Stack Overflow's `questions/{id:int}/{slug}`), and a placeholder whose literal prefix names it (the App \
            Store's `app/{name}/id{id:int}`). An id after a user's handle (`@{user}` or `~{user}`) is that user's \
            post or item, as Mastodon's and Medium's links write it: the `@` names the owner; so is an id after a \
            web link's first component when that is an account (`{username}`, `{user}`, `{owner}`, `{channel}`: \
            Telegram's `t.me/{username}/{post}`, GitHub's gists).
            """,
        source: .her,
        triggeringExamples: [
            .link("her://feed/ads/12/↓5"),
            .link("her://communities/{id:int}/↓{post_id:int}"),
        ],
        nonTriggeringExamples: [
            .link("her://feed/ads/12/campaigns/5"),
            .link("her://feed/communities/9"),
            // A page after a search query follows an argument, not an id (Cookpad's `search/{query}` with a page).
            .link("her://search/{query}/{page:int}"),
            // Coordinates are values, but neither names an instance (Google Maps' `@{lat},{lng}` written as two).
            .link("her://map/{lat}/{lng}"),
            // Obsidian's shorthand URI: the note's path after the vault is the rest of the path, not a second id.
            .link("her://feed/communities/{id:int}/{path*}"),
            // Stack Overflow's https://stackoverflow.com/questions/{id}/{slug}: the slug describes the question.
            .link("https://stackoverflow.com/questions/{id:int}/{slug}"),
            // The App Store's https://apps.apple.com/us/app/pages/id361309726: 'id' names the number.
            .link("https://apps.apple.com/{country}/app/{name}/id{id:int}"),
            // Mastodon's https://mastodon.social/@Gargron/109000000000000000: a post of the user the handle names.
            .link("https://mastodon.social/@{user}/{id:int}"),
            .link("https://mastodon.social/@Gargron/109000000000000000"),
            // Telegram's https://t.me/durov/123 and GitHub's gists: an account at the domain's root owns the item.
            .link("https://t.me/{username}/{post:int}"),
            .link("https://gist.github.com/{user}/{gist_id}"),
            // Uber Eats' https://www.ubereats.com/store/{slug}/{store_id}: the slug before the id describes it.
            .link("https://www.ubereats.com/store/{slug}/{store_id}"),
        ])

    init() {}

    func check(_ link: Link, in context: LintContext, into found: inout [Diagnostic]) {
        let components = link.template.components
        guard components.count > 1 else { return }
        // A value after a value is a trailing id when it names an instance (as `plural-resource-nouns` judges it)
        // and the value before it is not an action's argument (`search/{query}/{page:int}`); the rest of a path
        // (`{path*}`) is an argument, not an id of its own.
        for index in 1..<components.count
        where components[index].isValue && components[index - 1].isValue
            && components[index].placeholder?.spansSegments != true && context.namesInstance(link, component: index)
            && context.role(of: link, component: index - 1) != .argument
            && !Self.describesOrNamesItself(components[index]) && !Self.isHandle(components[index - 1])
            && !(index == 1 && link.template.isWebLink && Self.namesOwner(components[0]))
            && !Self.isDescription(components[index - 1])
        {
            let first = components.first { !$0.isValue }?.text
            found.append(
                context.diagnostic(
                    Self.self, .trailingID(components[index].text, after: components[index - 1].text, opens: first), link: link,
                    span: components[index].span))
        }
    }
}

extension MalformedTrailingIDRule {
    /// Placeholder names of a value that describes the instance before it rather than naming another one.
    static let descriptiveNames: Set<String> = ["slug", "name", "seo", "permalink", "title_slug", "seo_slug"]

    /// Whether a value after an id is a description of it (`{slug}`, `{name}`) or a placeholder whose literal
    /// prefix of letters names what it is (`id{id:int}`).
    static func describesOrNamesItself(_ component: PathComponent) -> Bool {
        guard let placeholder = component.placeholder else { return false }
        if descriptiveNames.contains(placeholder.name.lowercasedASCIIIfNeeded) { return true }
        let prefix = component.prefix
        return prefix.utf8.count >= 2 && prefix.utf8.allSatisfy(isAlpha)
    }
}

extension MalformedTrailingIDRule {
    /// Whether a value describes the instance whose id follows it (Uber Eats' `store/{slug}/{store_id}`).
    static func isDescription(_ component: PathComponent) -> Bool {
        guard let placeholder = component.placeholder, component.prefixLength == 0 else { return false }
        return descriptiveNames.contains(placeholder.name.lowercasedASCIIIfNeeded)
    }

    /// Placeholder names of an account that owns the items under it (`{username}`, `{owner}`, `{channel}`).
    static let ownerNames: Set<String> = ["user", "username", "owner", "login", "account", "author", "channel", "org"]

    /// Whether a web link's first component is a placeholder naming an account (`t.me/{username}/{post}`,
    /// `gist.github.com/{user}/{gist_id}`): a web domain's root names its users, as a handle does.
    static func namesOwner(_ component: PathComponent) -> Bool {
        guard let placeholder = component.placeholder, component.prefixLength == 0 else { return false }
        return ownerNames.contains(placeholder.name.lowercasedASCIIIfNeeded)
    }

    /// Whether a value is a user's handle (`@{user}`, `~{user}`, `@Gargron`), which owns the item after it.
    static func isHandle(_ component: PathComponent) -> Bool {
        let text = component.placeholder == nil ? component.text : component.prefix
        return text.hasPrefix("@") || text.hasPrefix("~")
    }
}

extension Message {
    static func trailingID(_ id: String, after previous: String, opens first: String?) -> Message {
        guard let first else { return "'\(id)' follows the id '\(previous)' with no component naming it" }
        return "'\(id)' follows the id '\(previous)' with no component naming it: the app opens only '\(first)'"
    }
}
