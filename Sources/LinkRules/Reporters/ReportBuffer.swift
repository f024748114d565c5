/// The bytes of a report as it is written: reporters append text, numbers and escaped values to one UTF-8
/// buffer. With an output, a reporter hands the buffer on whenever it has filled a block (between findings), so
/// a report of 100,000 findings is written through a bounded buffer instead of being held whole; without one
/// the buffer grows and becomes a `String` at the end.
struct ReportBuffer {
    /// The size at which `flushIfFull()` hands the buffer to the output.
    static let blockSize = 1 << 16

    private(set) var bytes: [UInt8] = []
    private let output: (any ReportOutput)?

    /// A buffer for `capacity` bytes, handing full blocks to `output` when there is one.
    init(reservingCapacity capacity: Int, output: (any ReportOutput)? = nil) {
        self.output = output
        bytes.reserveCapacity(output == nil ? capacity : min(capacity, 2 * Self.blockSize))
    }

    /// Hands the buffered bytes to the output once they fill a block; reporters call it between findings.
    mutating func flushIfFull() {
        if bytes.count >= Self.blockSize { flush() }
    }

    /// Hands every buffered byte to the output (nothing happens without one).
    mutating func flush() {
        guard let output, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { output.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ text: Substring) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ number: Int) {
        guard number != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            while magnitude > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// Appends the UTF-8 of a literal.
    mutating func append(literal: StaticString) {
        bytes.append(literal: literal)
    }

    /// Appends, as one buffer, the start of a line of pretty-printed JSON: a comma when `comma`, a line break and
    /// `indentation` spaces, then a member's `"key": ` when there is a key, then `last` (an opening quote or
    /// bracket, or a closing bracket) when given, then the digits of `number` when given. One append instead of
    /// several one-byte appends, each checking the array's room.
    @inline(__always)
    mutating func appendJSONLine(
        comma: Bool, indentation: Int, key: StaticString? = nil, then last: UInt8? = nil, number: Int? = nil
    ) {
        let keyLength = key.map { $0.utf8CodeUnitCount + 4 } ?? 0
        // A sign and 19 digits at most.
        let capacity = 2 + indentation + keyLength + 1 + 20
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            let base = room.baseAddress!
            var count = 0
            if comma {
                base[0] = UInt8(ascii: ",")
                count = 1
            }
            base[count] = UInt8(ascii: "\n")
            count += 1
            (base + count).initialize(repeating: UInt8(ascii: " "), count: indentation)
            count += indentation
            if let key {
                base[count] = UInt8(ascii: "\"")
                count += 1
                (base + count).initialize(from: key.utf8Start, count: key.utf8CodeUnitCount)
                count += key.utf8CodeUnitCount
                base[count] = UInt8(ascii: "\"")
                base[count + 1] = UInt8(ascii: ":")
                base[count + 2] = UInt8(ascii: " ")
                count += 3
            }
            if let last {
                base[count] = last
                count += 1
            }
            if let number { count += Self.writeDecimal(number, to: base + count) }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes the decimal digits of `number` (with a minus sign when negative) at `destination`, which has room
    /// for 20 bytes, and returns how many it wrote.
    @inline(__always)
    static func writeDecimal(_ number: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if number < 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
        }
        var magnitude = number.magnitude
        var digitCount = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        var index = count + digitCount
        repeat {
            index -= 1
            destination[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return count + digitCount
    }

    /// Appends bytes already encoded as UTF-8 (a run of a value that needs no escaping).
    mutating func appendUTF8(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    /// Appends bytes known to be ASCII (literal keys and tags).
    mutating func appendASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `count` copies of an ASCII character (padding, indentation, underlines).
    mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        // Filled in temporary room and appended as one buffer (a copy): appending a `repeatElement` collection
        // goes through its generic path, and byte by byte each append checks the array's room, many times the
        // cost for the short runs of indentation every JSON line starts with.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { room in
            room.initialize(repeating: byte)
            bytes.append(contentsOf: UnsafeBufferPointer(room))
        }
    }

    /// The report as text.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text`, copying it in unchanged runs; at each byte that `isSpecial` flags, `write` appends the
    /// replacement and says how many bytes of `text` it stands for (0: not special after all, copy the byte).
    @inline(__always)
    mutating func appendEscaping(
        _ text: String,
        isSpecial: (UInt8) -> Bool,
        write: (_ source: UnsafeBufferPointer<UInt8>, _ index: Int, _ output: inout [UInt8]) -> Int
    ) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { source in
            var runStart = 0
            var index = 0
            while index < source.count {
                guard isSpecial(source[index]) else {
                    index += 1
                    continue
                }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                let consumed = write(source, index, &bytes)
                if consumed == 0 {
                    runStart = index
                    index += 1
                } else {
                    index += consumed
                    runStart = index
                }
            }
            if runStart < source.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
        if done == nil {
            var contiguous = text
            contiguous.makeContiguousUTF8()
            appendEscaping(contiguous, isSpecial: isSpecial, write: write)
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 of a literal.
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
