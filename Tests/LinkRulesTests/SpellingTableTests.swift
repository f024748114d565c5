import Testing
@testable import LinkRules

/// The table the dispatch rules find schemes, hosts and query words by: one index per exact spelling, whatever
/// its length around the eight-byte words it is hashed and compared in, and growth past its first size.
@Suite struct SpellingTableTests {
    private func index(_ text: String, in table: inout SpellingTable) -> (index: Int, isNew: Bool) {
        var text = text
        return text.withUTF8 { table.index(of: $0) }
    }

    @Test func indicesAreDenseInTheOrderSpellingsAreFirstSeen() {
        var table = SpellingTable()
        #expect(index("her", in: &table) == (0, true))
        #expect(index("her.app", in: &table) == (1, true))
        #expect(index("her", in: &table) == (0, false))
        #expect(index("", in: &table) == (2, true))
        #expect(index("", in: &table) == (2, false))
        #expect(table.count == 3)
    }

    @Test func spellingsAreExactNotCaseFolded() {
        var table = SpellingTable()
        #expect(index("origin", in: &table).index == 0)
        #expect(index("Origin", in: &table) == (1, true))
        #expect(index("ORIGIN", in: &table) == (2, true))
    }

    /// Every length from 0 to 20 (the short words read in two loads, exactly eight, and the overlapping last
    /// word past eight), with spellings that differ in one byte only, at every position.
    @Test func spellingsThatDifferInOneByteAreApartAtEveryLengthAndPosition() {
        var table = SpellingTable()
        var expected: [String: Int] = [:]
        for length in 0...20 {
            let base = String(repeating: "a", count: length)
            expected[base] = expected[base] ?? index(base, in: &table).index
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                let variant = String(decoding: bytes, as: UTF8.self)
                let found = index(variant, in: &table)
                #expect(found.isNew, "'\(variant)' was taken for an earlier spelling")
                expected[variant] = found.index
            }
        }
        // A second look finds each at its index and adds nothing.
        for (spelling, at) in expected { #expect(index(spelling, in: &table) == (at, false)) }
        #expect(table.count == expected.count)
    }

    @Test func growsPastItsFirstSizeKeepingEveryIndex() {
        var table = SpellingTable()
        for number in 0..<1000 { #expect(index("host-\(number).example.com", in: &table) == (number, true)) }
        for number in stride(from: 999, through: 0, by: -7) {
            #expect(index("host-\(number).example.com", in: &table) == (number, false))
        }
        #expect(table.count == 1000)
    }
}
