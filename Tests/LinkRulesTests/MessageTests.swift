import Testing
@testable import LinkRules

/// A message written as an interpolation reads exactly as the same `String` interpolation, whatever the values'
/// types and lengths: the message only reserves its room differently.
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
        #expect(("\("")" as Message).text.isEmpty)
    }
}
