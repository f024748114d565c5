import Foundation
import Testing
@testable import LinkRules

/// `linkrules explain`: each outcome of the HER guide's handling rules and NoMoreDeepLinkHandler's dispatch, on the HER example
/// catalogue and on catalogues built here.
@Suite struct LinkExplainerTests {
    static let herPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/her/links.yml").path

    static func her() throws -> LinkExplainer {
        LinkExplainer(catalogue: try CatalogueLoader().load(files: [CatalogueLoader.read(path: herPath)]))
    }

    /// A catalogue with the HER vocabulary and the given header lines and links.
    static func explainer(header: String = "", links: [String]) throws -> LinkExplainer {
        let text = """
            version: 1
            app: HER
            schemes: [her]
            \(header)
            components:
              feed:         { kind: tab }
              myprofile:    { kind: tab }
              communities:  { kind: collection, id: int }
              premium:      { kind: modal, params: [origin] }
              account:      { kind: modal, navigable: true }
              settings:     { kind: screen }
              location:     { kind: screen, params: [origin] }
            links:

            """ + links.map { "  - " + $0 + "\n" }.joined()
        return LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
    }

    /// An opaque link is matched by what follows its scheme: `spotify:album:…` opens the album entry, and the track
    /// entry written before it neither wins nor shadows it.
    @Test func anOpaqueLinkOpensTheEntryOfItsOwnSegments() throws {
        let text = "version: 1\nschemes: [spotify]\nlinks:\n  - url: spotify:track:{id}\n  - url: spotify:album:{id}\n"
        let explainer = LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
        let explanation = explainer.explain("spotify:album:6rqhFgbb")
        let match = try #require(explanation.match)
        #expect(match.entry.url == "spotify:album:{id}")
        #expect(explainer.explain("spotify:playlist:1").match == nil)
    }

    /// X's URL scheme: a link that differs from an entry only in its query is shown that entry first.
    @Test func theClosestEntryDiffersOnlyInTheQuery() throws {
        let text = """
            version: 1
            schemes: [twitter]
            links:
              - url: twitter://timeline
              - url: twitter://mentions
              - url: twitter://user?screen_name={screen_name}
              - url: twitter://status?id={id:int}
            """
        let explainer = LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
        let explanation = explainer.explain("twitter://user?id=12")
        #expect(explanation.match == nil)
        #expect(explanation.suggestions.first?.entry.url == "twitter://user?screen_name={screen_name}")
    }

    /// Wikipedia's article links, one host per language: the host's placeholder takes the label, case kept.
    @Test func aPlaceholderInTheHostCapturesTheLabel() throws {
        let text = "version: 1\nlinks:\n  - url: https://{lang}.wikipedia.org/wiki/{title}\n"
        let explainer = LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)]))
        let match = try #require(explainer.explain("https://de.wikipedia.org/wiki/Apfel").match)
        #expect(match.captures == [.init(name: "lang", value: "de"), .init(name: "title", value: "Apfel")])
        #expect(explainer.explain("https://de.wikipedia.com/wiki/Apfel").match == nil)
        // The value as the app receives it, percent-escapes decoded.
        let escaped = try #require(explainer.explain("https://en.wikipedia.org/wiki/Union%20Square").match)
        #expect(escaped.captures.last == .init(name: "title", value: "Union Square"))
        #expect(explainer.explain("https://wikipedia.org/wiki/Apfel").match == nil)
    }

    @Test func matchedLinkListsTheEntriesTriedBeforeAndTheSteps() throws {
        let explanation = try Self.her().explain("her://feed/communities/9")
        let match = try #require(explanation.match)
        #expect(match.entry.url == "her://feed/communities/{id:int}")
        #expect(match.entry.location.line == 35)
        #expect(match.captures == [LinkExplanation.Capture(name: "id", value: "9")])
        #expect(explanation.tried.map(\.entry.url) == ["her://feed/communities"])
        #expect(explanation.tried.first?.reason.text == "the link has 3 path components, the entry 2")
        #expect(explanation.steps.map(\.action) == [.selectTab, .openCollection])
        #expect(explanation.steps.map(\.component) == ["feed", "communities"])
        #expect(explanation.steps[1].id == "9")
        #expect(explanation.steps.map(\.opened) == [true, true])
        #expect(explanation.stop == nil)
    }

    @Test func linksAreLowercasedBeforeMatching() throws {
        let explanation = try Self.her().explain("her://Feed/Communities/9")
        #expect(explanation.normalized == "her://Feed/Communities/9")
        #expect(explanation.match?.entry.url == "her://feed/communities/{id:int}")
        #expect(explanation.steps.map(\.component) == ["feed", "communities"])
    }

    @Test func aModalWithoutANavigationStackIsTerminal() throws {
        let explanation = try Self.her().explain("her://premium/location?key=home")
        let stop = try #require(explanation.stop)
        #expect(stop.reason == .modalTerminal)
        #expect(stop.component == "premium")
        #expect(stop.notOpened == ["location"])
        #expect(explanation.steps.map(\.opened) == [true, false])
        #expect(explanation.steps.map(\.action) == [.presentModal, .pushScreen])
        #expect(explanation.parameters.first?.receivers.map(\.component) == ["premium"])
    }

    @Test func aNavigableModalLetsNavigationContinue() throws {
        let explanation = try Self.explainer(links: ["url: her://account/settings"]).explain("her://account/settings")
        #expect(explanation.stop == nil)
        #expect(explanation.steps.map(\.action) == [.presentModal, .pushScreen])
        #expect(explanation.steps.map(\.opened) == [true, true])
    }

    @Test func aMalformedTrailingIDOpensOnlyTheFirstComponent() throws {
        let explanation = try Self.her().explain("her://feed/ads/12/5")
        let stop = try #require(explanation.stop)
        #expect(stop.reason == .malformedTrailingID)
        #expect(stop.component == "5")
        #expect(stop.summary.text.contains("opens only 'feed'"))
        #expect(explanation.steps.map(\.opened) == [true, false, false])
        #expect(explanation.steps.map(\.component) == ["feed", "ads", "5"])
    }

    @Test func anUnknownComponentStopsNavigationAfterWhatOpened() throws {
        let explainer = try Self.explainer(links: ["url: her://feed/wallet/communities", "url: her://wallet"])
        let midway = explainer.explain("her://feed/wallet/communities")
        let stop = try #require(midway.stop)
        #expect(stop.reason == .unknownComponent)
        #expect(stop.notOpened == ["wallet", "communities"])
        #expect(stop.summary.text == "'wallet' is not in the vocabulary: navigation stops after 'feed'")
        #expect(midway.steps.map(\.opened) == [true, false])

        let first = explainer.explain("her://wallet")
        // The link matched its entry: the explanation does not say that nothing opens.
        #expect(first.isMatched)
        #expect(first.stop?.summary.text == "'wallet' is not in the vocabulary: the link matches its entry, but the vocabulary does not say what 'wallet' opens")
        #expect(first.steps.map(\.opened) == [false])
    }

    @Test func aPlaceholderPositionIsAValueNotAnUnknownComponent() throws {
        let explanation = try Self.explainer(links: ["url: her://settings/{section:slug}"]).explain("her://settings/privacy")
        #expect(explanation.stop == nil)
        #expect(explanation.steps.count == 1)
        #expect(explanation.steps.first?.id == "privacy")
        #expect(explanation.steps.first?.remark == nil)
    }

    @Test func aParameterGoesToEveryComponentThatAcceptsIt() throws {
        // Seed 000 rule 4: "`her://location/premium?origin=testing` then it should work for both".
        let explanation = try Self.explainer(links: ["url: her://location/premium"]).explain("her://location/premium?origin=testing")
        let origin = try #require(explanation.parameters.first)
        #expect(origin.receivers.map(\.component) == ["location", "premium"])
        #expect(origin.receivers.map(\.opened) == [true, true])
        #expect(origin.summary.text == "'origin' goes to 'location', 'premium'")

        let dropped = try Self.explainer(links: ["url: her://settings"]).explain("her://settings?origin=home")
        #expect(dropped.parameters.first?.summary.text == "'origin' is dropped: no component on the path accepts it")
    }

    @Test func aParameterForAComponentBehindATerminalModalIsLost() throws {
        let explanation = try Self.explainer(links: ["url: her://premium/location"]).explain("her://premium/location?origin=x")
        let origin = try #require(explanation.parameters.first)
        #expect(origin.receivers.map(\.opened) == [true, false])
        #expect(origin.summary.text == "'origin' goes to 'premium'; 'location' would take it but is never opened")
    }

    @Test func theMandatoryBarrierComesBeforeTheEntrysOwn() throws {
        let explainer = try Self.explainer(
            header: "barriers: [authentication, onboarding]\nmandatory_barrier: onboarding",
            links: ["{ url: her://settings, barrier: authentication }", "{ url: her://feed, barrier: payment }"])
        let settings = explainer.explain("her://settings")
        #expect(settings.barriers.map(\.name) == ["onboarding", "authentication"])
        #expect(settings.barriers.map(\.source) == [.mandatory, .entry])
        #expect(settings.barriers.map(\.declared) == [true, true])
        #expect(settings.barriers.first?.location.line == 5)

        let feed = explainer.explain("her://feed")
        #expect(feed.barriers.last?.name == "payment")
        #expect(feed.barriers.last?.declared == false)
    }

    @Test func noMatchSuggestsTheClosestEntries() throws {
        let explanation = try Self.her().explain("her://feed/comunities/9")
        #expect(!explanation.isMatched)
        #expect(explanation.steps.isEmpty)
        let closest = try #require(explanation.suggestions.first)
        #expect(closest.entry.url == "her://feed/communities/{id:int}")
        #expect(closest.reason.text == "path component 2 is 'comunities', the entry's 'communities'")
        #expect(explanation.suggestions.count == 3)
    }

    @Test func firstMatchTakesTheFirstEntryAndMostSpecificTheNarrowest() throws {
        let links = ["url: her://feed/{section}", "url: her://feed/communities"]
        let first = try Self.explainer(header: "dispatch: first-match", links: links).explain("her://feed/communities")
        #expect(first.match?.entry.index == 0)
        #expect(first.shadowed.map(\.index) == [1])
        #expect(first.tried.isEmpty)

        let specific = try Self.explainer(header: "dispatch: most-specific", links: links).explain("her://feed/communities")
        #expect(specific.match?.entry.index == 1)
        #expect(specific.tried.map(\.entry.index) == [0])
        #expect(specific.tried.first?.matches == true)
        #expect(specific.tried.first?.reason.text.hasPrefix("matches too but is less specific") == true)
        #expect(specific.steps.map(\.action) == [.selectTab, .openCollection])
    }

    @Test func mostSpecificPrefersATypedPlaceholderAndReportsTies() throws {
        let typed = try Self.explainer(
            header: "dispatch: most-specific", links: ["url: her://communities/{id}", "url: her://communities/{id:int}"]
        ).explain("her://communities/9")
        #expect(typed.match?.entry.index == 1)
        #expect(typed.match?.ambiguousWith.isEmpty == true)

        let tie = try Self.explainer(
            header: "dispatch: most-specific", links: ["url: her://communities/{id:int}", "url: her://communities/{cid:int}"]
        ).explain("her://communities/9")
        #expect(tie.match?.entry.index == 0)
        #expect(tie.match?.ambiguousWith.map(\.index) == [1])
    }

    @Test func mostSpecificDecidesAtTheFirstComponentWhereTheLinksDiffer() throws {
        // Each link has one literal; the second has it first, so it wins, and the lint reports no tie either.
        let text = """
            version: 1
            schemes: [app]
            dispatch: most-specific
            links:
              - url: app://{a}/x
              - url: app://y/{b}
            """
        let catalogue = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: text)])
        let explanation = LinkExplainer(catalogue: catalogue).explain("app://y/x")
        #expect(explanation.match?.entry.index == 1)
        #expect(explanation.match?.ambiguousWith.isEmpty == true)
        #expect(
            explanation.tried.first?.reason.text
                == "matches too but is less specific: at path component 1 the winner has a literal, this entry an untyped placeholder")
        #expect(UnreachableRouteRule().check(catalogue, in: LintContext(catalogue: catalogue)).isEmpty)
    }

    @Test func aRequiredParameterMustBeThereToMatch() throws {
        let explainer = try Self.explainer(links: ["{ url: her://premium, required_params: [origin] }", "url: her://{page}"])
        #expect(explainer.explain("her://premium?origin=feed").match?.entry.index == 0)
        let without = explainer.explain("her://premium")
        #expect(without.match?.entry.index == 1)
        #expect(without.tried.first?.reason.text == "the entry needs the query parameter 'origin'")
    }

    @Test func anAliasKeepsAnOlderFormWorking() throws {
        let explanation = try Self.explainer(links: ["{ url: her://feed/communities, aliases: [her://communities] }"])
            .explain("her://communities")
        #expect(explanation.match?.viaAlias == "her://communities")
        #expect(explanation.steps.map(\.component) == ["communities"])
    }

    @Test func twoTabsInARowSayTheFirstIsSelectedForNothing() throws {
        let explanation = try Self.her().explain("her://feed/myprofile")
        #expect(explanation.steps.map(\.action) == [.selectTab, .selectTab])
        #expect(explanation.steps.first?.remark?.text.contains("the HER app's deep-link guide, rule 6") == true)
    }

    @Test func textAndJSONCarryTheSameExplanation() throws {
        let explanation = try Self.her().explain("her://premium/location?key=home")
        let text = explanation.formatted(as: .text)
        #expect(text.contains("/examples/her/links.yml:59:10: 'her://premium/location'\n"))
        #expect(text.contains("  1. present the modal 'premium'\n"))
        #expect(text.contains("  2. push the screen 'location' (not opened)\n"))
        #expect(text.contains("stops: 'premium' is a modal without a navigation stack"))

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(explanation.formatted(as: .json).utf8)) as? [String: Any])
        #expect(json["matched"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.map { $0["action"] as? String } == ["present-modal", "push-screen"])
        #expect(steps.map { $0["opened"] as? Bool } == [true, false])
        let stop = try #require(json["stop"] as? [String: Any])
        #expect(stop["reason"] as? String == "modal-terminal")
        let parameters = try #require(json["parameters"] as? [[String: Any]])
        #expect((parameters.first?["receivers"] as? [[String: Any]])?.first?["component"] as? String == "premium")
    }

    @Test func theBoundedEditDistanceAgreesWithLevenshteinWithinItsBound() {
        let pairs = [("her://feed/community/{}", "her://feed/communities/{}", 3), ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0)]
        for (source, target, expected) in pairs {
            var distance = BoundedEditDistance(Array(source.utf8))
            #expect(distance.to(Array(target.utf8), atMost: 10) == expected)
            #expect(distance.to(Array(target.utf8), atMost: expected) == expected)
            if expected > 0 { #expect(distance.to(Array(target.utf8), atMost: expected - 1) == nil) }
        }
    }

    @Test func aNoMatchTextListsTheSuggestions() throws {
        let text = try Self.her().explain("her://feed/comunities/9").formatted(as: .text)
        #expect(text.contains("no entry matches"))
        #expect(text.contains("closest entries:\n  \(Self.herPath):35:10: 'her://feed/communities/{id:int}': path component 2"))
    }

    /// Cookpad's universal links (`https://cookpad.com/search/{query}`): the value after `search` is the search's
    /// argument, not an id, whether the catalogue declares `search` an action or declares no vocabulary at all; a
    /// community's number stays an id.
    @Test func aSearchQueryIsAnArgumentNotAnID() throws {
        let bare = """
            version: 1
            hosts: [cookpad.com]
            links:
              - url: https://cookpad.com/search/{query}
            """
        let undeclared = LinkExplainer(catalogue: try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: bare)]))
        let explanation = undeclared.explain("https://cookpad.com/search/chicken")
        #expect(explanation.steps.map(\.idRole) == [.argument])
        let text = explanation.formatted(as: .text)
        #expect(text.contains("open 'search' with the argument 'chicken'"))
        #expect(text.contains("ends at 'search' with the argument 'chicken'"))
        #expect(!text.contains("with id"))

        let declared = try Self.explainer(links: [
            "url: her://feed/communities/{id:int}", "url: her://location/{place}",
        ])
        let community = declared.explain("her://feed/communities/9")
        #expect(community.steps.map(\.idRole) == [.undecided, .instance])
        // A declared screen takes arguments whatever the placeholder is called.
        let location = declared.explain("her://location/home")
        #expect(location.steps.map(\.idRole) == [.argument])
        #expect(location.formatted(as: .text).contains("push the screen 'location' with the argument 'home'"))
    }
}
