/// The bytes of a loaded file, held in memory and read like an array: the file is read whole once
/// (`FileBytes`), and everything else reads these bytes.
struct SourceBytes: RandomAccessCollection, Sendable, Hashable {
    private let bytes: [UInt8]

    /// The bytes of `array`.
    init(_ array: [UInt8]) { bytes = array }

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }
    var count: Int { bytes.count }

    subscript(position: Int) -> UInt8 { bytes[position] }

    /// Calls `body` with the bytes read through a buffer, valid only during the call.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer(body)
    }

    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// A copy of the bytes in `range`.
    func copy(of range: Range<Int>) -> [UInt8] { Array(bytes[range]) }
}
