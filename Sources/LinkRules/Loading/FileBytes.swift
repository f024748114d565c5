#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole regular file into memory with `open`, `fstat` and `read`: no `Data` to copy from. Directories,
/// pipes and devices are refused, as the loader always has, and so are files of 4 GiB or more, whose offsets
/// would not fit the model's 32-bit spans.
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

    /// The bytes of the regular file at `path`, read whole.
    static func contents(ofFile path: String) -> Result<SourceBytes, Failure> {
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
        guard let bytes = readAll(descriptor) else { return .failure(.unreadable) }
        // A file that grew while it was read is read to its end, which may pass the limit.
        guard bytes.count <= SourceFile.maximumByteCount else { return .failure(.tooLarge) }
        return .success(SourceBytes(bytes))
    }

    /// Everything left to read from `descriptor`: one buffer of the file's size when it does not grow while it is
    /// read; nil when a read fails.
    static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
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
}
