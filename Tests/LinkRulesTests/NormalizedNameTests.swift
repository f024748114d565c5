import Testing
@testable import LinkRules

/// `PayloadCredential.normalizedName(_:equals:)`, the comparison `untrusted-url-param` makes of every query item's
/// name with its content names: the answer of comparing the folded string, without folding it.
@Suite struct NormalizedNameTests {
    @Test func comparesAsTheFoldedName() {
        let names = [
            "url", "URL", "Url", "u_r_l", "u-r.l", "_url_", "uri", "urls", "ur", "", "_", "redirect_url", "uRi", "u",
            "ürl", "URİ", "u\u{301}rl", "url\u{0}", "𝓊𝓇𝓁",
        ]
        for name in names {
            for target in ["url", "uri", "", "redirecturl", "ürl"] {
                #expect(
                    PayloadCredential.normalizedName(name, equals: target) == (PayloadCredential.normalizedName(name) == target),
                    "'\(name)' and '\(target)'")
            }
        }
        #expect(PayloadCredential.normalizedName("Redirect_URL", equals: "redirecturl"))
        #expect(!PayloadCredential.normalizedName("urls", equals: "url"))
    }
}
