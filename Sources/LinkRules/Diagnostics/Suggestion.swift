/// Finds the closest of a set of known words to a misspelt one ("did you mean"), by edit distance.
public enum Suggestion {
    /// The closest candidate within a distance that scales with the word's length, or nil. A candidate that
    /// shares nothing with the word (as far from it as the shorter of the two is long) is never suggested.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let word = word.lowercased()
        var best: (String, Int)?
        let limit = max(2, word.count / 3)
        for candidate in candidates {
            let distance = editDistance(word, candidate.lowercased())
            guard distance < min(word.count, candidate.count) else { continue }
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Levenshtein distance over Unicode scalars, with the transposition of two neighbours costing one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
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
