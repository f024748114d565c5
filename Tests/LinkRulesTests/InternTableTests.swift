import Testing
@testable import LinkRules

/// The intern table behind the vocabulary lookups, the dispatch trie and `duplicate-link`: dense ids in the order
/// words are first seen, lookups that fold ASCII case, and growth past its first size; and the word hashing it
/// shares with `SpellingTable` (`WordBytes`).
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

    @Test func foldingEightBytesAtOnceLowercasesEachByteAsOneAtATime() {
        // Every byte value in every lane, beside neighbours that are capitals, bounds of the range and high bytes.
        let neighbours: [UInt8] = [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x7F, 0x80, 0xC1, 0xDA, 0xFF]
        for byte in 0...255 {
            for lane in 0..<8 {
                for neighbour in neighbours {
                    var bytes = [UInt8](repeating: neighbour, count: 8)
                    bytes[lane] = UInt8(byte)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let expected = bytes.map(asciiLowercased).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(WordBytes.fold(word, true) == expected)
                    #expect(WordBytes.fold(word, false) == word)
                }
            }
        }
    }

    @Test func foldingLookupsAgreeWithLowercasedCopiesAtEveryLength() {
        // Words of every length up to 40 written in mixed case: a folding lookup finds what the lowercased copy
        // was interned as, and a word that differs in one byte is never found in its place.
        var table = InternTable()
        var words: [String] = []
        for length in 0...40 {
            let word = String((0..<length).map { index in
                let letter = Character(Unicode.Scalar(UInt8(0x61 + (index * 7 + length) % 26)))
                return index % 3 == 0 ? Character(letter.uppercased()) : letter
            })
            words.append(word)
            #expect(table.intern(word.lowercased()) == length)
        }
        for (length, word) in words.enumerated() {
            #expect(table.id(of: word, foldingASCIICase: true) == length)
            #expect(table.intern(word, foldingASCIICase: true) == length)
            #expect(table.id(of: word) == (word == word.lowercased() ? length : nil))
            for position in 0..<length {
                var bytes = Array(word.lowercased().utf8)
                bytes[position] = bytes[position] == UInt8(ascii: "z") ? UInt8(ascii: "y") : bytes[position] + 1
                let other = String(decoding: bytes, as: UTF8.self)
                #expect(table.id(of: other, foldingASCIICase: true) == nil)
            }
        }
        #expect(table.count == words.count)
    }

    @Test func aWordThatDiffersInOneByteIsNotTheWord() {
        // `isWord` compares the stored bytes directly, with no hash first: every length up to 40 (below eight
        // bytes, exactly eight, and the overlapping last eight bytes of longer words), every position.
        var table = InternTable()
        for length in 0...40 {
            let word = (0..<length).map { UInt8(0x61 + ($0 * 5 + length) % 26) }
            let id = table.intern(word)
            word.withUnsafeBufferPointer { #expect(table.isWord(id, asciiFolded: $0)) }
            for position in 0..<length {
                var other = word
                other[position] = other[position] == UInt8(ascii: "z") ? UInt8(ascii: "a") : other[position] + 1
                other.withUnsafeBufferPointer { #expect(!table.isWord(id, asciiFolded: $0), "length \(length), byte \(position)") }
            }
        }
    }

    @Test func aFoldingLookupDoesNotFindAWordStoredWithCapitals() {
        var table = InternTable()
        let id = table.intern("Feed")
        #expect(table.id(of: "Feed") == id)
        #expect(table.id(of: "Feed", foldingASCIICase: true) == nil)
        #expect(table.id(of: "feed", foldingASCIICase: true) == nil)
    }

    @Test(arguments: [
        (0..<1000).map { "item\($0)" },
        (0..<1000).map { "her://settings/\($0)" },
        (0..<1000).map { "route/\(Character(Unicode.Scalar(UInt8(97 + $0 % 26))))\(Character(Unicode.Scalar(UInt8(97 + $0 / 26 % 26))))" },
    ])
    func wordsThatDifferOnlyAtTheEndSpreadOverTheSlots(_ words: [String]) {
        // Slots come from a hash's low bits: 1,000 words that share all but their last bytes must take most of
        // 1,024 slots' worth of low bits (random hashing takes about 630 values; a hash whose end bytes only
        // reach its high bits takes a few dozen, and probing then walks long runs).
        let distinctWords = Set(words)
        let lowBits = Set(distinctWords.map { word in
            Array(word.utf8).withUnsafeBytes { Int(WordBytes.hash($0)) & 1023 }
        })
        #expect(lowBits.count * 10 >= distinctWords.count * 5, "\(lowBits.count) slots for \(distinctWords.count) words")
    }
}
