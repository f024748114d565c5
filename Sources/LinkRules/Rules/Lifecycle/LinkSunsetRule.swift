/// A deprecated link past its sunset, one whose `replaced_by` opens nothing, or one with no `replaced_by` at all:
/// a link retires on a date, and the link that takes its place must exist.
struct LinkSunsetRule: CatalogueRule {
    static let description = RuleDescription(
        id: "link-sunset",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a deprecated link names its replacement and is removed or redirected once its sunset is past",
        rationale: """
            Links live on in emails, printed codes and other apps long after a team stops wanting them, so a link \
            retires in steps: `deprecated: {replaced_by: URL, sunset: YYYY-MM-DD, reason: …}` says which link takes \
            its place and from which day it is no longer handled. Past the sunset the entry is an error until it is \
            removed (`linkrules diff` then does not count the removal as breaking) or redirected with \
            `replaced_by`; a `replaced_by` must be a link of the catalogue that opens (another entry matches it), \
            or the redirect leads nowhere; and a deprecated link without `replaced_by` is a warning, since nobody \
            can tell where its users should go. The date of today comes from `lint --today` or the clock, so a CI \
            run is reproducible; examples here are linted on \(RuleExample.today). A `sunset` that is not a real \
            day is reported too.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://boosts?open=buy
                    deprecated: { sunset: ↓2026-06-30, reason: the purchase screen has its own path }
                """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://boosts/purchase
                  - url: her://boosts?open=buy
                    deprecated: { replaced_by: ↓her://boosts/buy, sunset: 2027-01-31 }
                """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/boosts
                    ↓deprecated: true
                """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://boosts/purchase
                  - url: her://feed/boosts
                    deprecated: { replaced_by: her://boosts/purchase, sunset: ↓2026-02-30 }
                """),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://boosts/purchase
                  - url: her://boosts?open=buy
                    deprecated: { replaced_by: her://boosts/purchase, sunset: 2026-06-30, reason: a path, not a query }
                """),
            .catalogue(
                """
                version: 1
                schemes: [her]
                links:
                  - url: her://feed/communities/{id:int}
                  - url: her://communities/{id:int}
                    deprecated: { replaced_by: her://feed/communities/9, sunset: 2027-01-31 }
                """),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        var found = catalogue.loadFindings.filter { $0.ruleID == Self.description.id }.map {
            context.diagnostic(Self.self, $0.message, at: $0.location, notes: $0.notes, fixes: $0.fixes)
        }
        let deprecated = catalogue.links.filter { $0.deprecation != nil }
        guard !deprecated.isEmpty else { return found }
        var routes: RouteTrie?
        for link in deprecated {
            guard let deprecation = link.deprecation else { continue }
            guard let replacement = deprecation.replacedBy else {
                if let today = context.today, let sunset = deprecation.sunset, let written = deprecation.sunsetScalar, today > sunset {
                    found.append(
                        context.diagnostic(
                            Self.self, .pastSunset(sunset, today: today), at: link.file.location(ofBytes: written.tokenRange),
                            link: link))
                } else {
                    var diagnostic = context.diagnostic(
                        Self.self, .deprecatedWithoutReplacement, at: link.file.location(ofBytes: deprecation.key.tokenRange),
                        link: link)
                    diagnostic.severity = .warning
                    found.append(diagnostic)
                }
                continue
            }
            guard let shape = RouteShape(context.templateParser.parse(replacement.value)) else { continue }
            if routes == nil { routes = RouteTrie(links: catalogue.links, parser: context.templateParser) }
            var visited = 0
            let openers = routes!.routes(subsuming: shape, visited: &visited).filter { $0.link != link.index }
            if openers.isEmpty {
                found.append(
                    context.diagnostic(
                        Self.self, .replacementOpensNothing(replacement.value),
                        at: link.file.location(ofBytes: replacement.tokenRange), link: link))
            }
        }
        return found
    }
}

extension Message {
    static func pastSunset(_ sunset: CalendarDate, today: CalendarDate) -> Message {
        "the link's sunset \(sunset) is past (today is \(today)): remove it, or redirect it to the link that replaces it with 'replaced_by'"
    }
    static let deprecatedWithoutReplacement: Message =
        "a deprecated link without 'replaced_by': name the link that takes its place, so apps can redirect and users are not stranded"
    static func replacementOpensNothing(_ url: String) -> Message {
        "'replaced_by' names '\(url)', which no other link of the catalogue opens: the redirect would lead nowhere"
    }
    static func invalidSunset(_ text: String) -> Message {
        "'\(text)' is not a date: write the sunset as YYYY-MM-DD, a real day"
    }
}
