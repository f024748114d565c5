import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole regular file with `open`, `fstat` and `read` (a large one in parts on the cores, with `pread`),
/// or maps a large one (`SourceBytes.mapping(descriptor:size:)`): no `Data` to copy from. Directories, pipes and
/// devices are refused, as the loader always has, and so are files of 4 GiB or more, whose offsets would not fit
/// the model's 32-bit spans.
enum FileBytes {

    /// Why a file could not be read.
    enum Failure: Error, Equatable {
        /// Nothing at the path (or a folder on the way is missing or not searchable).
        case missing
        case directory
        /// Not readable, or not a regular file (a pipe, a device).
        case unreadable
        /// Larger than `SourceFile.maximumByteCount`, before reading or once read (a file that grew meanwhile).
        case tooLarge
    }

    /// The bytes of the regular file at `path`: mapped when it is large and `mapping` is true, else read. `name`
    /// is its name in diagnostics (by default `path`).
    static func contents(ofFile path: String, mapping: Bool = true, name: String? = nil) -> Result<SourceBytes, Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(.missing) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(.directory) }
        // Checked before opening too: opening a named pipe to read waits for a writer.
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable) }
        guard Int(status.st_size) <= SourceFile.maximumByteCount else { return .failure(.tooLarge) }
        if mapping, Int(status.st_size) >= SourceBytes.minimumMappedSize,
            let mapped = SourceBytes.mapping(descriptor: descriptor, size: Int(status.st_size), name: name ?? path)
        {
            return .success(mapped)
        }
        guard let bytes = readAll(descriptor) else { return .failure(.unreadable) }
        // A file that grew while it was read is read to its end, which may pass the limit.
        guard bytes.count <= SourceFile.maximumByteCount else { return .failure(.tooLarge) }
        return .success(SourceBytes(bytes))
    }

    /// Everything left to read from `descriptor`: one buffer of the file's size when it does not grow while it is
    /// read; nil when a read fails. A large file read from its start is read in parts (`readInParts`), and the
    /// descriptor's offset then moved to its end, as reading it in one piece would leave it.
    static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        if lseek(descriptor, 0, SEEK_CUR) == 0, let bytes = readInParts(descriptor, size: size),
            lseek(descriptor, off_t(size), SEEK_SET) == off_t(size)
        {
            return bytes
        }
        var bytes = [UInt8]()
        var capacity = size > 0 ? size + 1 : 4096  // one byte more than the size, so a read of 0 confirms the end
        while true {
            var failed = false
            let previous = bytes.count
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                if previous > 0 {
                    _ = buffer.initialize(from: bytes)
                }
                count = previous
                while count < buffer.count {
                    let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        return
                    }
                    if got == 0 { return }
                    count += got
                }
            }
            if failed { return nil }
            // A buffer filled to the last byte may have more behind it (the file grew): read on into a larger one.
            if bytes.count < capacity { return bytes }
            capacity *= 2
        }
    }

    /// Bytes each part of a file read in parts holds at least: a file under twice this is read in one piece, since
    /// splitting it would cost more than it saves.
    static let minimumPartSize = 1 << 22

    /// A large regular file of `size` bytes read in parts on the cores, each with `pread` at its own offset into
    /// its own range of one buffer: the copy out of the page cache, and the page faults of a fresh buffer, are
    /// then shared out. Nil (and the caller reads it in one piece) when it is small, on one core, when a read
    /// fails or when the file is not exactly `size` bytes long as it is read (it changed meanwhile). The file's
    /// offset is left where it was.
    static func readInParts(_ descriptor: Int32, size: Int) -> [UInt8]? {
        let partCount = ConcurrentJobs.chunkCount(of: size, minimum: minimumPartSize)
        guard partCount > 1 else { return nil }
        let partSize = (size + partCount - 1) / partCount
        let complete = Atomic<Int>(0)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let base = SharedAcrossJobs(value: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: partCount) { part in
                var offset = part * partSize
                let end = min(size, offset + partSize)
                while offset < end {
                    let got = pread(descriptor, base.value + offset, end - offset, off_t(offset))
                    if got < 0, errno == EINTR { continue }
                    // An error, or the end of a file that shrank.
                    guard got > 0 else { return }
                    offset += got
                }
                complete.add(1, ordering: .relaxed)
            }
            // Only a buffer every part filled holds the file's bytes.
            count = complete.load(ordering: .relaxed) == partCount ? size : 0
        }
        guard complete.load(ordering: .relaxed) == partCount else { return nil }
        // Nothing past the size: a file that grew is read again as a whole.
        var next: UInt8 = 0
        while true {
            let got = pread(descriptor, &next, 1, off_t(size))
            if got < 0, errno == EINTR { continue }
            return got == 0 ? bytes : nil
        }
    }
}
