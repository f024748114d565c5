/// A shortest edit script between two sequences of lines, found with Myers' O(ND) algorithm in its linear-space
/// form (bisecting at the middle snake), so a large file with a few changes is compared quickly.
struct LineDiff<Line: Equatable> {
    /// `deleted[i]` is true when old line `i` is not kept in the new text.
    private(set) var deleted: [Bool]
    /// `inserted[j]` is true when new line `j` is not taken from the old text.
    private(set) var inserted: [Bool]

    private let old: [Line]
    private let new: [Line]
    /// Furthest-reaching x per diagonal for the forward and the reverse search, indexed by diagonal + `offset`.
    private var forward: [Int]
    private var reverse: [Int]
    private let offset: Int

    /// Compares two sequences of lines; equality should be cheap, as it is called O((N + M) · D) times.
    init(old: [Line], new: [Line]) {
        self.init(unsearched: old, new)
        compare(oldLow: 0, oldHigh: old.count, newLow: 0, newHigh: new.count)
    }

    /// The two sequences with nothing marked changed yet, and room for searching them whole.
    private init(unsearched old: [Line], _ new: [Line]) {
        self.old = old
        self.new = new
        deleted = Array(repeating: false, count: old.count)
        inserted = Array(repeating: false, count: new.count)
        let maximumCost = (old.count + new.count + 1) / 2
        offset = maximumCost + 1
        forward = Array(repeating: 0, count: 2 * maximumCost + 3)
        reverse = forward
    }

    /// Marks the changes between `old[oldLow..<oldHigh]` and `new[newLow..<newHigh]`.
    private mutating func compare(oldLow: Int, oldHigh: Int, newLow: Int, newHigh: Int) {
        var oldLow = oldLow, oldHigh = oldHigh, newLow = newLow, newHigh = newHigh
        while oldLow < oldHigh, newLow < newHigh, old[oldLow] == new[newLow] {
            oldLow += 1
            newLow += 1
        }
        while oldLow < oldHigh, newLow < newHigh, old[oldHigh - 1] == new[newHigh - 1] {
            oldHigh -= 1
            newHigh -= 1
        }
        if oldLow == oldHigh {
            for index in newLow..<newHigh { inserted[index] = true }
        } else if newLow == newHigh {
            for index in oldLow..<oldHigh { deleted[index] = true }
        } else {
            var (oldSplit, newSplit) = middleSplit(oldLow: oldLow, oldHigh: oldHigh, newLow: newLow, newHigh: newHigh)
            if (oldSplit, newSplit) == (oldLow, newLow) || (oldSplit, newSplit) == (oldHigh, newHigh) {
                // Never expected; splitting at a corner would not shrink the problem, so replace it whole.
                (oldSplit, newSplit) = (oldHigh, newLow)
            }
            compare(oldLow: oldLow, oldHigh: oldSplit, newLow: newLow, newHigh: newSplit)
            compare(oldLow: oldSplit, oldHigh: oldHigh, newLow: newSplit, newHigh: newHigh)
        }
    }

    /// A point on a shortest edit path through the given ranges, where the forward and the reverse searches meet.
    /// The ranges share no first and no last line, so the path costs at least 2 and both halves cost less.
    private mutating func middleSplit(oldLow: Int, oldHigh: Int, newLow: Int, newHigh: Int) -> (Int, Int) {
        let oldCount = oldHigh - oldLow
        let newCount = newHigh - newLow
        let delta = oldCount - newCount
        let forwardFindsOverlap = delta % 2 != 0
        let maximumCost = (oldCount + newCount + 1) / 2
        // Diagonals leaving the grid shrink the searched band from that side (the band starts at -d + low
        // and ends at d - high).
        var forwardLow = 0, forwardHigh = 0, reverseLow = 0, reverseHigh = 0
        forward[offset + 1] = 0
        reverse[offset + 1] = 0
        for cost in 0...maximumCost {
            var diagonal = -cost + forwardLow
            while diagonal <= cost - forwardHigh {
                var x = diagonal == -cost || (diagonal != cost && forward[offset + diagonal - 1] < forward[offset + diagonal + 1])
                    ? forward[offset + diagonal + 1] : forward[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < oldCount, y < newCount, old[oldLow + x] == new[newLow + y] {
                    x += 1
                    y += 1
                }
                forward[offset + diagonal] = x
                if x > oldCount {
                    forwardHigh += 2
                } else if y > newCount {
                    forwardLow += 2
                } else if forwardFindsOverlap {
                    let mirrored = delta - diagonal
                    if mirrored >= -(cost - 1) + reverseLow, mirrored <= (cost - 1) - reverseHigh,
                       x + reverse[offset + mirrored] >= oldCount {
                        return (oldLow + x, newLow + y)
                    }
                }
                diagonal += 2
            }
            diagonal = -cost + reverseLow
            while diagonal <= cost - reverseHigh {
                var x = diagonal == -cost || (diagonal != cost && reverse[offset + diagonal - 1] < reverse[offset + diagonal + 1])
                    ? reverse[offset + diagonal + 1] : reverse[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < oldCount, y < newCount, old[oldHigh - 1 - x] == new[newHigh - 1 - y] {
                    x += 1
                    y += 1
                }
                reverse[offset + diagonal] = x
                if x > oldCount {
                    reverseHigh += 2
                } else if y > newCount {
                    reverseLow += 2
                } else if !forwardFindsOverlap {
                    let mirrored = delta - diagonal
                    if mirrored >= -cost + forwardLow, mirrored <= cost - forwardHigh {
                        let forwardX = forward[offset + mirrored]
                        if forwardX + x >= oldCount {
                            return (oldLow + forwardX, newLow + forwardX - mirrored)
                        }
                    }
                }
                diagonal += 2
            }
        }
        // Unreachable for ranges that differ at both ends; replacing everything is still a correct script.
        return (oldHigh, newLow)
    }
}

extension LineDiff where Line: Hashable {
    /// Compares two sequences as `init(old:new:)` does, after pairing the lines that occur once in each, in the
    /// longest run of them in the same order (as patience diff does): the search runs only between those pairs.
    /// A file changed all over (a fix on every link of a large catalogue) costs O(N log N) and the searches of
    /// small gaps, where one search of the whole costs O(N · D); the script is short, though not always shortest.
    init(anchoringUniqueLines old: [Line], _ new: [Line]) {
        self.init(unsearched: old, new)
        var places: [Line: (old: Int, new: Int, oldCount: Int, newCount: Int)] = [:]
        for (index, line) in old.enumerated() {
            places[line, default: (index, -1, 0, 0)].oldCount += 1
        }
        for (index, line) in new.enumerated() {
            guard var place = places[line] else { continue }
            place.new = index
            place.newCount += 1
            places[line] = place
        }
        // The lines once in each, in old order; the longest run increasing in new order (patience sorting).
        let pairs = places.values.filter { $0.oldCount == 1 && $0.newCount == 1 }.map { (old: $0.old, new: $0.new) }
            .sorted { $0.old < $1.old }
        var pileTops: [Int] = []  // index in `pairs` of the top of each pile
        var previous = Array(repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = pileTops.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[pileTops[middle]].new < pair.new { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = pileTops[low - 1] }
            if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
        }
        var anchors: [(old: Int, new: Int)] = []
        var at = pileTops.last ?? -1
        while at >= 0 {
            anchors.append(pairs[at])
            at = previous[at]
        }
        var oldLow = 0, newLow = 0
        for anchor in anchors.reversed() {
            compare(oldLow: oldLow, oldHigh: anchor.old, newLow: newLow, newHigh: anchor.new)
            oldLow = anchor.old + 1
            newLow = anchor.new + 1
        }
        compare(oldLow: oldLow, oldHigh: old.count, newLow: newLow, newHigh: new.count)
    }
}
