#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a loaded file, read like an array: held in memory, or mapped from a large file read only, whose
/// pages the system reads in as they are touched and which a reader that is done with a range lets go
/// (`releasePages(in:)`), so a long catalogue linted in parts never has the whole file resident.
public struct SourceBytes: RandomAccessCollection, Sendable, Hashable {
    fileprivate let storage: Storage

    /// The bytes of `array`, copied.
    public init(_ array: [UInt8]) {
        storage = Storage(copying: array)
    }

    fileprivate init(storage: Storage) { self.storage = storage }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public var count: Int { storage.count }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < storage.count, "byte offset out of range")
        return storage.base[position]
    }

    /// Calls `body` with the bytes read through a buffer, valid only during the call.
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: storage.count)) }
    }

    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try withUnsafeBufferPointer(body)
    }

    /// Whether the bytes are mapped from their file rather than held in memory.
    public var isMapped: Bool { storage.mapping != nil }

    /// Whether the file of mapped bytes has been written to since it was mapped (its size or modification time is
    /// not what it was): what was read of it may then be a mix of old and new. False for bytes held in memory, and
    /// for a file replaced by another (an editor's save), which leaves the mapped one as it was.
    public var fileChanged: Bool { storage.mapping?.changed(count: storage.count) ?? false }

    /// Lets the system drop the pages of a mapped file that hold `range` (and any other bytes on those pages); they
    /// are read in again if touched later. Nothing happens to bytes held in memory.
    func releasePages(in range: Range<Int>) {
        guard storage.mapping != nil, !range.isEmpty else { return }
        let page = Storage.pageSize
        // Never before the mapping: a negative offset would round to the memory below it.
        let start = Swift.max(0, range.lowerBound) / page * page
        let end = Swift.min((range.upperBound + page - 1) / page * page, (storage.count + page - 1) / page * page)
        guard start < end else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: storage.base + start), end - start, MADV_DONTNEED)
    }

    /// Lets go the pages a read at `offset` of a mapped file may have brought in: Linux maps more of the file than
    /// the page read (up to `faultAroundSpan` either side), so a reader that picks out bytes far apart would
    /// otherwise end with much of the file resident.
    func releasePages(around offset: Int) {
        releasePages(in: Swift.max(0, offset - Self.faultAroundSpan)..<Swift.min(count, offset + Self.faultAroundSpan))
    }

    /// How much of a mapped file the system may map around a page read: Linux maps the pages around it
    /// (`fault_around_bytes`, 64 KiB), and a file written recently sits in the page cache in large folios, each
    /// mapped whole, of up to 2 MiB.
    static let faultAroundSpan = 1 << 21

    /// Reads through `body` the bytes in `range` of a file, `chunkSize` at a time in order, each chunk's pages let
    /// go once `body` has read it (`releasePages(in:)`): a scan of a mapped file then holds at most one chunk of it.
    /// `body` gets each chunk's range and the whole file's buffer.
    func scanInChunks(
        _ range: Range<Int>, chunkSize: Int = SourceBytes.scanChunkSize,
        _ body: (Range<Int>, UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        try withUnsafeBufferPointer { buffer in
            var start = range.lowerBound
            while start < range.upperBound {
                let end = Swift.min(range.upperBound, start + chunkSize)
                try body(start..<end, buffer)
                releasePages(in: start..<end)
                start = end
            }
        }
    }

    /// How much of a mapped file a scan reads before letting it go.
    static let scanChunkSize = 1 << 20

    /// A copy of the bytes in `range` that does not touch a mapped file's pages (it reads the file instead), so a
    /// reader that picks out a few lines here and there does not page the file back in.
    func copy(of range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range out of range")
        if let mapping = storage.mapping, let copied = mapping.read(range) { return copied }
        return withUnsafeBufferPointer { Array($0[range]) }
    }

    public static func == (lhs: SourceBytes, rhs: SourceBytes) -> Bool {
        lhs.storage === rhs.storage || lhs.count == rhs.count && lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { left.elementsEqual($0) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension SourceBytes {
    /// Files of at least this many bytes are mapped rather than read (`mapping(descriptor:size:)`): below it, a
    /// file takes little memory and reading it is as quick.
    static let minimumMappedSize = 1 << 20

    /// The `size` bytes of the regular file open as `descriptor` mapped read only, the descriptor kept (the mapping
    /// reads `copy(of:)` through it); nil when the file cannot be mapped (the caller reads it instead).
    /// `name` is the file's name in diagnostics, for the message of a fault in its pages (`MappedFileFaults`).
    static func mapping(descriptor: Int32, size: Int, name: String) -> SourceBytes? {
        guard size > 0 else { return nil }
        // Kept open for `copy(of:)`, and closed in child processes (`diff` runs git).
        let kept = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard kept >= 0 else { return nil }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, kept, 0)
        guard let address, address != MAP_FAILED else {
            close(kept)
            return nil
        }
        var mapping = Storage.Mapping(descriptor: kept)
        mapping.faultSlot = MappedFileFaults.add(base: address, count: size, name: name)
        return SourceBytes(storage: Storage(mapped: address.assumingMemoryBound(to: UInt8.self), count: size, mapping: mapping))
    }
}

/// Where a `SourceBytes` keeps its bytes: memory of its own, or a mapped file, let go when the last copy of the
/// bytes goes.
private final class Storage: @unchecked Sendable {
    /// The mapped file's descriptor, kept open to read ranges without touching the mapping, and its modification
    /// time when it was mapped.
    struct Mapping {
        let descriptor: Int32
        let modified: timespec
        /// Where `MappedFileFaults` records the mapping.
        var faultSlot: Int?

        init(descriptor: Int32) {
            self.descriptor = descriptor
            var status = stat()
            modified = fstat(descriptor, &status) == 0 ? Self.modificationTime(status) : timespec()
        }

        /// Whether the file is no longer `count` bytes long or was modified since it was mapped.
        func changed(count: Int) -> Bool {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return true }
            let now = Self.modificationTime(status)
            return Int(status.st_size) != count || now.tv_sec != modified.tv_sec || now.tv_nsec != modified.tv_nsec
        }

        /// A file's modification time, as each system's `stat` names it.
        private static func modificationTime(_ status: stat) -> timespec {
            #if canImport(Darwin)
            status.st_mtimespec
            #else
            status.st_mtim
            #endif
        }

        /// The bytes in `range`, read with `pread`; nil when the file no longer holds them all.
        func read(_ range: Range<Int>) -> [UInt8]? {
            var complete = true
            let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                var done = 0
                while done < range.count {
                    let got = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else { break }
                    done += got
                }
                complete = done == range.count
                count = complete ? done : 0
            }
            return complete ? bytes : nil
        }
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let mapping: Mapping?

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(copying array: [UInt8]) {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: max(array.count, 1))
        array.withUnsafeBufferPointer { if let source = $0.baseAddress { memory.initialize(from: source, count: $0.count) } }
        base = UnsafePointer(memory)
        count = array.count
        mapping = nil
    }

    init(mapped base: UnsafePointer<UInt8>, count: Int, mapping: Mapping) {
        self.base = base
        self.count = count
        self.mapping = mapping
    }

    deinit {
        if let mapping {
            if let slot = mapping.faultSlot { MappedFileFaults.remove(slot) }
            munmap(UnsafeMutableRawPointer(mutating: base), count)
            close(mapping.descriptor)
        } else {
            UnsafeMutablePointer(mutating: base).deallocate()
        }
    }
}
