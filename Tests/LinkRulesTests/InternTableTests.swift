import Testing
@testable import LinkRules

/// The intern table behind the vocabulary lookups, the dispatch trie and `duplicate-link`: dense ids in the order
/// words are first seen, lookups that fold ASCII case, and growth past its first size.
@Suite struct InternTableTests {
    @Test func idsAreDenseInTheOrderWordsAreFirstSeen() {
        var table = InternTable()
        #expect(table.intern("feed") == 0)
        #expect(table.intern("communities") == 1)
        #expect(table.intern("feed") == 0)
        #expect(table.intern("") == 2)
        #expect(table.intern("") == 2)
        #expect(table.count == 3)
        #expect(table.string(1) == "communities")
        #expect(table.string(2) == "")
    }

    @Test func lookupsDoNotAdd() {
        var table = InternTable()
        _ = table.intern("feed")
        #expect(table.id(of: "feed") == 0)
        #expect(table.id(of: "fee") == nil)
        #expect(table.id(of: "feeds") == nil)
        #expect(table.count == 1)
    }

    @Test func foldingFindsLowercaseWordsWrittenWithCapitals() {
        var table = InternTable()
        _ = table.intern("myprofile")
        #expect(table.id(of: "MyProfile", foldingASCIICase: true) == 0)
        #expect(table.id(of: "MyProfile") == nil)
        // Interning with folding stores the word lowercased.
        #expect(table.intern("Communities", foldingASCIICase: true) == 1)
        #expect(table.string(1) == "communities")
        #expect(table.id(of: "communities") == 1)
        // Only ASCII letters fold.
        _ = table.intern("café")
        #expect(table.id(of: "CAFÉ", foldingASCIICase: true) == nil)
        #expect(table.id(of: "CAFé", foldingASCIICase: true) == 2)
    }

    @Test func keepsEveryWordAsItGrows() {
        var table = InternTable(capacity: 2)
        let words = (0..<5000).map { "word\($0)" }
        for (index, word) in words.enumerated() { #expect(table.intern(word) == index) }
        for (index, word) in words.enumerated() {
            #expect(table.id(of: word) == index)
            #expect(table.string(index) == word)
        }
        #expect(table.id(of: "word5000") == nil)
    }

    @Test func bytesAreComparedWholly() {
        // Same length, same first and last bytes: only a full comparison tells them apart.
        var table = InternTable()
        let a = table.intern("a\u{0}b")
        let b = table.intern("a\u{1}b")
        #expect(a != b)
        #expect(Array(table.bytes(of: b)) == [0x61, 0x01, 0x62])
    }
}
