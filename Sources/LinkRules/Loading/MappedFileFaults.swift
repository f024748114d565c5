import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files mapped now (`SourceBytes`) by address, each with the message for a fault in its pages, for a bus-error
/// handler to name the file a fault was in: reading a mapped file that was cut short after it was mapped is a bus
/// error. The library only keeps the table; the executable installs the handler, prints and exits.
public enum MappedFileFaults {
    /// One mapped file: where its pages are, and its message as a C string. `start` is 0 for a free slot.
    private struct Slot {
        var start = 0
        var end = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
    }

    /// The table, made once and never freed: a signal handler reads it without locks. A slot is written while
    /// it is not in use, then made visible by storing its `start` last (`published`).
    private static let capacity = 64
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    /// Each slot's start once published, 0 when free: what the handler reads first.
    private static let published = (0..<capacity).map { _ in AtomicCell() }
    private static let lock = Mutex(())

    /// One atomic word, in a class so that an array of them can be read from a signal handler.
    private final class AtomicCell: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Makes the table, so that a signal handler never does: called before a handler is installed.
    public static func prepare() {
        _ = slots
        _ = published
    }

    /// Records that `count` bytes at `base` are the file `name`; gives the slot to pass to `remove(_:)`, or nil
    /// when the table is full (a fault there is then not named).
    static func add(base: UnsafeRawPointer, count: Int, name: String) -> Int? {
        prepare()
        return lock.withLock { _ -> Int? in
            guard let index = published.firstIndex(where: { $0.value.load(ordering: .acquiring) == 0 }) else { return nil }
            let text = "\(name): error: the file was cut short while it was being read: read it again\n"
            let message = strdup(text)
            slots[index] = Slot(start: Int(bitPattern: base), end: Int(bitPattern: base) + count, message: message,
                length: text.utf8.count)
            published[index].value.store(Int(bitPattern: base), ordering: .releasing)
            return index
        }
    }

    /// Forgets the file recorded in `slot` (its mapping is going). The message is kept, as a handler may be
    /// reading it: a process maps few files.
    static func remove(_ slot: Int) {
        lock.withLock { _ in published[slot].value.store(0, ordering: .releasing) }
    }

    /// The message for a fault at `address` and its length in bytes, when the address is in a mapped file's pages;
    /// nil otherwise. Safe to call from a signal handler: it takes no lock and allocates nothing.
    public static func message(forFaultAt address: UnsafeRawPointer?) -> (UnsafePointer<CChar>, Int)? {
        guard let address else { return nil }
        let target = Int(bitPattern: address)
        for index in 0..<capacity {
            let start = published[index].value.load(ordering: .acquiring)
            guard start != 0, start == slots[index].start, target >= start, target < slots[index].end,
                let message = slots[index].message
            else { continue }
            return (UnsafePointer(message), slots[index].length)
        }
        return nil
    }
}
