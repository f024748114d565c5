/// Finds the closest of a set of known words to a misspelt one ("did you mean"), by edit distance.
enum Suggestion {
    /// The closest candidate within a distance that scales with the word's length, or nil. A candidate that
    /// shares nothing with the word (as far from it as the shorter of the two is long) is never suggested.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        // ASCII text (nearly every key, name and host) is lowercased and measured by its bytes: its characters are
        // its bytes, and counting characters or lowercasing through Unicode costs more than the comparisons.
        let wordIsASCII = word.utf8.allSatisfy { $0 < 0x80 }
        let word = wordIsASCII ? word.lowercasedASCIIIfNeeded : word.lowercased()
        let wordLength = wordIsASCII ? word.utf8.count : word.count
        var best: (String, Int)?
        let limit = max(2, wordLength / 3)
        for candidate in candidates {
            let distance: Int
            let candidateLength: Int
            if wordIsASCII && candidate.utf8.allSatisfy({ $0 < 0x80 }) {
                candidateLength = candidate.utf8.count
                // The distance is at least the difference in lengths: a candidate too long or too short to be
                // within the limit, or to beat the best so far, is skipped without comparing letters.
                let lengthDifference = abs(wordLength - candidateLength)
                guard lengthDifference <= limit, lengthDifference < (best?.1 ?? Int.max) else { continue }
                distance = asciiEditDistance(word, candidate)
            } else {
                candidateLength = candidate.count
                distance = editDistance(word, candidate.lowercased())
            }
            guard distance <= limit, distance < (best?.1 ?? Int.max), distance < min(wordLength, candidateLength)
            else { continue }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// The rule id closest to a misspelt one: by edit distance (`closest(to:in:)`), else the one id that has all
    /// the misspelt id's words in their order (`plural-nouns` → `plural-resource-nouns`, `separators` →
    /// `no-separators`), or nil when none or several have them.
    static func closestRuleID(to id: String, in ids: some Collection<String>) -> String? {
        if let closest = closest(to: id, in: ids) { return closest }
        let words = id.lowercased().split(separator: "-")
        guard !words.isEmpty else { return nil }
        let containing = ids.filter { candidate in
            var rest = candidate.split(separator: "-")[...]
            for word in words {
                guard let place = rest.firstIndex(of: word) else { return false }
                rest = rest[(place + 1)...]
            }
            return true
        }
        return containing.count == 1 ? containing.first : nil
    }

    /// `editDistance(word, candidate.lowercased())` for an ASCII `word` (already lowercased) and `candidate`,
    /// computed over their bytes in a buffer on the stack rather than over arrays of scalars: every unknown key
    /// of a catalogue is compared with each known one.
    private static func asciiEditDistance(_ word: String, _ candidate: String) -> Int {
        let distance = word.utf8.withContiguousStorageIfAvailable { a in
            candidate.utf8.withContiguousStorageIfAvailable { b in asciiEditDistance(a, lowercasing: b) }
        }
        return (distance ?? nil) ?? editDistance(word, candidate.lowercased())
    }

    /// The edit distance of `editDistance` between the bytes `a` and the bytes `b` with ASCII capitals lowercased.
    private static func asciiEditDistance(_ a: UnsafeBufferPointer<UInt8>, lowercasing rawB: UnsafeBufferPointer<UInt8>) -> Int {
        if a.isEmpty { return rawB.count }
        if rawB.isEmpty { return a.count }
        let n = rawB.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * (n + 1)) { storage in
            let base = storage.baseAddress!
            var previousPrevious = base
            var previous = base + (n + 1)
            var current = base + 2 * (n + 1)
            let b = base + 3 * (n + 1)
            for j in 0..<n {
                let byte = rawB[j]
                b[j] = Int(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            for j in 0...n {
                previousPrevious[j] = 0
                previous[j] = j
                current[j] = 0
            }
            for i in 1...a.count {
                current[0] = i
                let letter = Int(a[i - 1])
                for j in 1...n {
                    let cost = letter == b[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, letter == b[j - 2], Int(a[i - 2]) == b[j - 1] {
                        current[j] = min(current[j], previousPrevious[j - 2] + 1)
                    }
                }
                (previousPrevious, previous, current) = (previous, current, previousPrevious)
            }
            return previous[n]
        }
    }

    /// Levenshtein distance over Unicode scalars, with the transposition of two neighbours costing one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
