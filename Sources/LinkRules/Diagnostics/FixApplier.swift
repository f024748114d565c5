/// Applies one pass of fix-its to one file's bytes: fixes are taken in the order given, each all or nothing; an edit
/// identical to one already accepted merges with it, and a fix that would overlap a different accepted edit waits
/// for the next pass (after a re-lint).
enum FixApplier {
    /// Applies `fixes` to `bytes`, the text of `file` that every edit's byte range refers to.
    ///
    /// An edit identical to one accepted earlier in this pass (the same range and replacement) is the same change:
    /// it merges with that edit and is made once. A fix is skipped whole and lands in `deferred` when any of its
    /// other edits overlaps an edit accepted earlier in this pass. Two different insertions at the same offset
    /// overlap; an insertion touching the boundary of a replaced range does not (it goes before a range starting
    /// there and after a range ending there). A fix that can never apply to this text lands in `rejected`: an edit
    /// in another file, a range outside the text or cutting a UTF-8 character in two, two of its own edits
    /// overlapping, or no edit that changes anything.
    static func apply(_ fixes: [FixIt], to bytes: [UInt8], file: String) -> FixPass {
        var accepted = AcceptedEdits()
        var pass = FixPass(bytes: bytes, applied: [], deferred: [], rejected: [])
        for fix in fixes {
            guard let edits = plannedEdits(of: fix, in: bytes, file: file) else {
                pass.rejected.append(fix)
                continue
            }
            if edits.allSatisfy(accepted.admits) {
                edits.forEach { accepted.insert($0) }
                pass.applied.append(fix)
            } else {
                pass.deferred.append(fix)
            }
        }
        pass.bytes = accepted.applied(to: bytes)
        return pass
    }

    /// The edits of `fix` that change something, sorted by position, or nil when the fix cannot apply to `bytes`.
    private static func plannedEdits(of fix: FixIt, in bytes: [UInt8], file: String) -> [PlannedEdit]? {
        guard let edits = changingEdits(of: fix, in: bytes, file: file), !edits.isEmpty else { return nil }
        return edits
    }

    /// The edits of `fix` that change something, sorted by position (possibly none), or nil when an edit names
    /// another file, a range outside `bytes` or cutting a UTF-8 character, or two of its edits overlap.
    static func changingEdits<Bytes: RandomAccessCollection<UInt8>>(of fix: FixIt, in bytes: Bytes, file: String) -> [PlannedEdit]?
    where Bytes.Index == Int {
        var edits: [PlannedEdit] = []
        for edit in fix.edits {
            let range = edit.byteRange
            guard edit.file == file, range.lowerBound >= 0, range.upperBound <= bytes.count,
                  startsCharacter(range.lowerBound, in: bytes), startsCharacter(range.upperBound, in: bytes)
            else { return nil }
            let replacement = Array(edit.replacement.utf8)
            if bytes[range].elementsEqual(replacement) { continue }
            edits.append(PlannedEdit(range: range, replacement: replacement))
        }
        edits.sort(by: PlannedEdit.positionOrder)
        for (index, edit) in edits.enumerated() {
            for other in edits[(index + 1)...] where PlannedEdit.overlap(edit.range, other.range) { return nil }
        }
        return edits
    }

    /// Whether `offset` is the end of the text or the first byte of a UTF-8 sequence (not a continuation byte).
    private static func startsCharacter<Bytes: RandomAccessCollection<UInt8>>(_ offset: Int, in bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        offset == bytes.count || bytes[offset] & 0xC0 != 0x80
    }
}

/// The outcome of one pass of `FixApplier`: the new text and what happened to each fix offered.
struct FixPass: Sendable {
    /// The text after this pass's edits.
    var bytes: [UInt8]
    /// The fixes applied, in the order they were offered.
    var applied: [FixIt]
    /// The fixes skipped because they overlap an applied one; a re-lint of `bytes` may offer them again.
    var deferred: [FixIt]
    /// The fixes that cannot apply to this text at all (another file, a bad range, overlapping own edits, no change).
    var rejected: [FixIt]

    init(bytes: [UInt8], applied: [FixIt], deferred: [FixIt], rejected: [FixIt] = []) {
        self.bytes = bytes
        self.applied = applied
        self.deferred = deferred
        self.rejected = rejected
    }
}

/// One validated edit of a pass: a byte range of the original text and the bytes that replace it.
struct PlannedEdit: Hashable {
    var range: Range<Int>
    var replacement: [UInt8]

    /// Orders by start, then end, so an insertion comes before a replacement starting at the same offset.
    static func positionOrder(_ lhs: PlannedEdit, _ rhs: PlannedEdit) -> Bool {
        (lhs.range.lowerBound, lhs.range.upperBound) < (rhs.range.lowerBound, rhs.range.upperBound)
    }

    /// Whether two edits touch the same text: two insertions at one offset do, an insertion at a boundary does not.
    static func overlap(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        if lhs.isEmpty, rhs.isEmpty { return lhs.lowerBound == rhs.lowerBound }
        return lhs.lowerBound < rhs.upperBound && rhs.lowerBound < lhs.upperBound
    }
}

/// The edits accepted so far in a pass, kept sorted by position so a conflict check is a binary search.
struct AcceptedEdits {
    /// Sorted by `PlannedEdit.positionOrder`; no two overlap, so their ends never decrease either.
    private var edits: [PlannedEdit] = []

    /// Whether no edit has been accepted.
    var isEmpty: Bool { edits.isEmpty }

    /// The index of the first accepted edit ending at or after `offset`.
    private func firstIndex(endingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = edits.count
        while low < high {
            let mid = (low + high) / 2
            if edits[mid].range.upperBound < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `edit` may join the accepted edits: it overlaps none of them, or it is one of them.
    func admits(_ edit: PlannedEdit) -> Bool {
        var index = firstIndex(endingAtOrAfter: edit.range.lowerBound)
        while index < edits.count, edits[index].range.lowerBound <= edit.range.upperBound {
            if PlannedEdit.overlap(edits[index].range, edit.range) { return edits[index] == edit }
            index += 1
        }
        return true
    }

    /// Adds `edit`, which `admits(_:)` accepted; an edit already there is not added twice.
    mutating func insert(_ edit: PlannedEdit) {
        var low = 0
        var high = edits.count
        while low < high {
            let mid = (low + high) / 2
            if PlannedEdit.positionOrder(edits[mid], edit) { low = mid + 1 } else { high = mid }
        }
        if low < edits.count, edits[low] == edit { return }
        edits.insert(edit, at: low)
    }

    /// `bytes` with every accepted edit made.
    func applied<Bytes: RandomAccessCollection<UInt8>>(to bytes: Bytes) -> [UInt8] where Bytes.Index == Int {
        guard !edits.isEmpty else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.count })
        var cursor = 0
        for edit in edits {
            result.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement)
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: bytes[cursor...])
        return result
    }
}
