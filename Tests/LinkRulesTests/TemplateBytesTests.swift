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

    @Test func capitalsAreFoundInEveryLaneOfAWord() {
        // Every byte value at every position of texts of 1 to 19 bytes, among letters, digits and bytes outside ASCII.
        let fillers: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "z"), UInt8(ascii: "@"), UInt8(ascii: "["), 0x80, 0xC1, 0xDA, 0xFF]
        for length in 1...19 {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: fillers[(length + position) % fillers.count], count: length)
                    bytes[position] = value
                    let expected = bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
                    #expect(bytes.withUnsafeBufferPointer(containsASCIICapital) == expected, "\(bytes)")
                }
            }
        }
        #expect(parser.parse("her://feed/Communities").hasASCIICapital)
        #expect(parser.parse("HER://feed").hasASCIICapital)
        #expect(!parser.parse("her://feed/communities?origin=home#top").hasASCIICapital)
        #expect(parser.parse("her://feed/communities?origin=home#Top").hasASCIICapital)
    }
}
