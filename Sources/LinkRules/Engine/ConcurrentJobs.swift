import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Runs independent jobs over the cores and joins their results in job order, so what comes out never depends
/// on scheduling. Used where the work is large enough to pay for it: parsing a big catalogue's templates,
/// running the rules.
enum ConcurrentJobs {
    /// `(0..<count).flatMap(job)`, with the jobs run concurrently when `concurrently` is true.
    /// Jobs are started in `startOrder` (a permutation of `0..<count`; default: job order), so that long jobs can
    /// go first and short ones fill in around them; the results are still joined in job order, into an array
    /// with room for `extraCapacity()` more elements (asked once the jobs are done) for a caller that appends.
    static func flatMap<T: Sendable>(
        count: Int, concurrently: Bool, startOrder: [Int]? = nil, extraCapacity: () -> Int = { 0 },
        _ job: @Sendable (Int) -> [T]
    ) -> [T] {
        guard concurrently, count > 1 else { return (0..<count).flatMap(job) }
        let results = Slots<[T]>(count: count, empty: [])
        DispatchQueue.concurrentPerform(iterations: count) { position in
            let index = startOrder?[position] ?? position
            results.store(job(index), at: index)
        }
        return results.joined(extraCapacity: extraCapacity())
    }

    /// Contiguous chunks of `0..<count` of at least `minimum` elements: at most `perCore` chunks for each core
    /// (more than one lets chunks balance the cores around other, longer jobs).
    static func chunks(of count: Int, minimum: Int, perCore: Int = 1) -> [Range<Int>] {
        let chunks = chunkCount(of: count, minimum: minimum, perCore: perCore)
        let size = (count + chunks - 1) / chunks
        return (0..<chunks).map { ($0 * size)..<min(count, ($0 + 1) * size) }
    }

    /// How many chunks `chunks(of:minimum:perCore:)` makes: at least one.
    static func chunkCount(of count: Int, minimum: Int, perCore: Int = 1) -> Int {
        max(1, min(coreCount * perCore, count / max(minimum, 1)))
    }

    /// The cores jobs are spread over.
    static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// One slot per job; each job writes only its own.
    fileprivate final class Slots<Value: Sendable>: Sendable {
        private let slots: Mutex<[Value]>

        init(count: Int, empty: Value) { slots = Mutex(Array(repeating: empty, count: count)) }

        func store(_ value: Value, at index: Int) {
            slots.withLock { $0[index] = value }
        }

        /// The value in a slot, moved out: the slot is left empty.
        func take(_ index: Int, empty: Value) -> Value {
            slots.withLock { slots in
                var value = empty
                swap(&value, &slots[index])
                return value
            }
        }
    }
}

extension ConcurrentJobs.Slots {
    /// Every slot's elements in slot order, in one array allocated at its final size and `extraCapacity` more (a
    /// large run of rules finds many thousands of diagnostics, which growing by doubling would copy several times
    /// over). Each slot's elements are moved straight into their place, the slots over the cores, and each slot is
    /// freed as soon as it is emptied.
    func joined<Element: Sendable>(extraCapacity: Int) -> [Element] where Value == [Element] {
        let counts = slots.withLock { $0.map(\.count) }
        var starts: [Int] = []
        starts.reserveCapacity(counts.count)
        var total = 0
        for count in counts {
            starts.append(total)
            total += count
        }
        return [Element](unsafeUninitializedCapacity: total + extraCapacity) { buffer, initializedCount in
            let joined = SharedAcrossJobs(value: buffer)
            let move: @Sendable (Int) -> Void = { [starts] slot in
                var piece = self.take(slot, empty: [])
                var place = starts[slot] + piece.count
                // From the piece's end: `popLast` moves an element out, where reading it would copy it (a retain
                // and a release of each of its strings and arrays).
                while let element = piece.popLast() {
                    place -= 1
                    (joined.value.baseAddress! + place).initialize(to: element)
                }
            }
            DispatchQueue.concurrentPerform(iterations: counts.count, execute: move)
            initializedCount = total
        }
    }
}

/// A value concurrent jobs share that Swift cannot check is safe to share: a buffer pointer each job reads only,
/// or writes only in its own part. The jobs' discipline is what makes it safe, so each use stays small.
struct SharedAcrossJobs<Value>: @unchecked Sendable {
    let value: Value
}
