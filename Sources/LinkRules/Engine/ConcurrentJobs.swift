import Foundation

/// Runs independent jobs over the cores and joins their results in job order, so what comes out never depends
/// on scheduling. Used where the work is large enough to pay for it: parsing a big catalogue's templates,
/// running the rules.
enum ConcurrentJobs {
    /// `(0..<count).flatMap(job)`, with the jobs run concurrently when `concurrently` is true.
    static func flatMap<T: Sendable>(count: Int, concurrently: Bool, _ job: @Sendable (Int) -> [T]) -> [T] {
        guard concurrently, count > 1 else { return (0..<count).flatMap(job) }
        let results = Slots<[T]>(count: count, empty: [])
        DispatchQueue.concurrentPerform(iterations: count) { index in results.store(job(index), at: index) }
        return results.values.flatMap { $0 }
    }

    /// Contiguous chunks of `0..<count` of at least `minimum` elements, one per core at most.
    static func chunks(of count: Int, minimum: Int) -> [Range<Int>] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let chunks = max(1, min(cores, count / max(minimum, 1)))
        let size = (count + chunks - 1) / chunks
        return (0..<chunks).map { ($0 * size)..<min(count, ($0 + 1) * size) }
    }

    /// One slot per job; each job writes only its own.
    private final class Slots<Value>: @unchecked Sendable {
        private var slots: [Value]
        private let lock = NSLock()

        init(count: Int, empty: Value) { slots = Array(repeating: empty, count: count) }

        func store(_ value: Value, at index: Int) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [Value] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
