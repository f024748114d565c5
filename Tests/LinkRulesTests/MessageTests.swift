import Testing
@testable import LinkRules

/// A message written as an interpolation reads exactly as the same `String` interpolation, whatever the values'
/// types, lengths and characters: the message only builds its text differently (from the parts' UTF-8 bytes).
struct MessageTests {
    /// A value whose text comes from `CustomStringConvertible` alone.
    private struct Described: CustomStringConvertible {
        var description: String { "described value" }
    }

    /// A value with neither `CustomStringConvertible` nor `TextOutputStreamable`.
    private struct Plain {
        var field = 7
    }

    @Test func interpolationReadsAsAStringInterpolation() {
        let long = String(repeating: "communities/", count: 12)
        let name: Substring = "origin_identifier".dropFirst(7)
        let message: Message = "the component '\(long)' takes '\(name)' \(3) times, \(Described()) and \(Plain())"
        #expect(message.text == "the component '\(long)' takes '\(name)' \(3) times, \(Described()) and \(Plain())")
        #expect((("\(ComponentKind.collection)" as Message)).text == "\(ComponentKind.collection)")
        #expect(("no values" as Message).text == "no values")
        // Text outside ASCII, in the literal and in the values (a Substring cut inside such text too).
        let city = "São Paulo — 東京 🚀"
        let tail: Substring = city.dropFirst(4)
        let character: Character = "é"
        let unicode: Message = "ça '\(city)' ou '\(tail)', \(character)"
        #expect(unicode.text == "ça '\(city)' ou '\(tail)', \(character)")
        #expect(("\("")" as Message).text.isEmpty)
    }

    @Test func namesAreQuotedAndListed() {
        let none: [String] = []
        #expect(("[\(quoting: none)]" as Message).text == "[]")
        #expect(("\(quoting: ["feed"])" as Message).text == "'feed'")
        #expect(("\(quoting: ["feed", "inbox"])" as Message).text == "'feed' and 'inbox'")
        #expect(("\(quoting: ["feed", "inbox", "São Paulo"])" as Message).text == "'feed', 'inbox' and 'São Paulo'")
        #expect(("\(quoting: ["a", "b", "c"], lastSeparator: ", ")" as Message).text == "'a', 'b', 'c'")
        #expect(("\(quoting: ["a", "b", "c"].lazy.map { $0.uppercased() }, lastSeparator: " or ")" as Message).text == "'A', 'B' or 'C'")
    }

    /// Messages with a part that only some findings have read whole either way.
    @Test func optionalPartsReadWhole() {
        #expect(
            Message.trailingID("41", after: "24", opens: "inbox").text
                == "'41' follows the id '24' with no component naming it: the app opens only 'inbox'")
        #expect(Message.trailingID("41", after: "24", opens: nil).text == "'41' follows the id '24' with no component naming it")
        #expect(
            Message.unknownPlaceholderType("nt", known: ["int", "uuid"], meant: "int").text
                == "unknown placeholder type 'nt': the known types are 'int', 'uuid': did you mean 'int'?")
        #expect(
            Message.unknownPlaceholderType("x", known: ["int", "uuid", "slug"], meant: nil).text
                == "unknown placeholder type 'x': the known types are 'int', 'uuid', 'slug'")
        #expect(
            Message.schemeNotRegistered("hre", declared: ["her", "exfe"]).text
                == "the scheme 'hre' is not one the app registers ('her', 'exfe')")
        #expect(
            Message.unknownBarrier("vip", declared: ["authentication", "verified"]).text
                == "barrier 'vip' is not declared in 'barriers' ('authentication', 'verified')")
    }
}
