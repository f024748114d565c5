import Testing
@testable import LinkRules

/// The questions rules ask of a template's ranges in place (Model/TemplateBytes.swift) and the user information
/// found without splitting the authority: each gives the answer of the slower way it replaces.
@Suite struct TemplateBytesTests {
    let parser = LinkTemplateParser(hosts: ["localhost", "her.app"])

    static let templates = [
        "her://feed/communities/{id:int}", "https://admin:hunter2@her.app/feed", "facetime://{user}@{domain}",
        "app://user@localhost:8080/pay", "https://[::1]:8080/x", "exfe:///!100233", "mailto:alice@example.com",
        "her://", "https://HER.app/Feed?q=1", "zoommtg://zoom.us/join?confno={confno:int}", "feed/9", "",
    ]

    @Test func userInformationIsTheAuthoritysOwn() {
        for text in Self.templates {
            let template = parser.parse(text)
            #expect(template.userInfoSpan == template.authority?.userInfoSpan, "\(text)")
        }
        #expect(parser.parse("https://admin:hunter2@her.app/feed").userInfoSpan == 8..<21)
    }

    @Test func rangesAreReadAsTheirText() {
        for text in Self.templates {
            let template = parser.parse(text)
            let count = text.utf8.count
            for span in [0..<count, 0..<min(3, count), (count / 2)..<count] {
                let slice = template.utf8Slice(span)
                #expect(template.allBytes(in: span, satisfy: isAlpha) == slice.allSatisfy(isAlpha), "\(text) \(span)")
                #expect(template.containsByte(in: span, where: isDigit) == slice.contains(where: isDigit), "\(text) \(span)")
                let written = String(template.substring(span))
                #expect(template.spells(written.uppercased(), at: span) == equalsIgnoringASCIICase(slice, written.uppercased().utf8))
                #expect(template.spells(written, at: span))
                #expect(!template.spells(written + "x", at: span))
            }
        }
    }
}
