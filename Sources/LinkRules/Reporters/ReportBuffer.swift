/// The bytes of a report as it is written: reporters append text, numbers and escaped values to one UTF-8
/// buffer. With an output, a reporter hands the buffer on whenever it has filled a block (between findings), so
/// a report of 100,000 findings is written through a bounded buffer instead of being held whole; without one
/// the buffer grows and becomes a `String` at the end.
struct ReportBuffer {
    /// The size at which `flushIfFull()` hands the buffer to the output.
    static let blockSize = 1 << 16

    /// The report's bytes are the first `count` of `room`; the rest is room already allocated, so an append checks
    /// one bound and copies its bytes in place (appending to an array checks its capacity and uniqueness for each
    /// piece, several times the cost of the copy for the short pieces a report is made of).
    private var room: [UInt8] = []
    private(set) var count = 0
    private let output: (any ReportOutput)?

    /// A buffer for `capacity` bytes, handing full blocks to `output` when there is one.
    init(reservingCapacity capacity: Int, output: (any ReportOutput)? = nil) {
        self.output = output
        room = Self.room(max(64, output == nil ? capacity : min(capacity, 2 * Self.blockSize)))
    }

    /// `count` bytes of room. Left as allocated rather than zeroed (a report of 100,000 findings is about 100 MB):
    /// a byte of room is written before it is ever read, as it becomes part of `bytes`.
    private static func room(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// The bytes written (and not yet handed to the output).
    var bytes: ArraySlice<UInt8> { room[..<count] }

    /// The bytes written, handed over whole; the buffer is left empty.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &room)
        taken.removeLast(taken.count - count)
        count = 0
        return taken
    }

    /// Writes at most `maximum` bytes at the end through `body`, which returns how many it wrote.
    @inline(__always)
    private mutating func write(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + maximum > room.count { grow(toHold: count + maximum) }
        let start = count
        count += room.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Enlarges the room to at least `total` bytes, doubling it at least.
    @inline(never)
    private mutating func grow(toHold total: Int) {
        var larger = Self.room(max(total, 2 * room.count))
        larger.withUnsafeMutableBufferPointer { larger in
            room.withUnsafeBufferPointer { room in
                larger.baseAddress!.update(from: room.baseAddress!, count: count)
            }
        }
        room = larger
    }

    /// Hands the buffered bytes to the output once they fill a block; reporters call it between findings.
    mutating func flushIfFull() {
        if count >= Self.blockSize { flush() }
    }

    /// Hands every buffered byte to the output (nothing happens without one).
    mutating func flush() {
        guard let output, count > 0 else { return }
        room.withUnsafeBufferPointer { output.write(UnsafeBufferPointer(rebasing: $0[..<count])) }
        count = 0
    }

    /// Appends bytes rendered apart: handed straight to the output after what is buffered, when there is one.
    mutating func append(block: [UInt8]) {
        guard let output else {
            block.withUnsafeBufferPointer { appendUTF8($0) }
            return
        }
        flush()
        block.withUnsafeBufferPointer { output.write($0) }
    }

    mutating func append(_ text: String) {
        // A native string's bytes are read where they are; only a bridged one is made contiguous first.
        if text.utf8.withContiguousStorageIfAvailable({ appendUTF8($0) }) == nil {
            var text = text
            text.withUTF8 { appendUTF8($0) }
        }
    }

    mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { appendUTF8($0) }
    }

    mutating func append(_ number: Int) {
        write(atMost: 20) { Self.writeDecimal(number, to: $0) }
    }

    /// Appends the UTF-8 of a literal.
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { appendUTF8($0) }
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
        write(atMost: 2 + indentation + keyLength + 1 + 20) { base in
            var count = 0
            if comma {
                base[0] = UInt8(ascii: ",")
                count = 1
            }
            count += Self.writeLineStart(indentation: indentation, key: key, to: base + count)
            if let last {
                base[count] = last
                count += 1
            }
            if let number { count += Self.writeDecimal(number, to: base + count) }
            return count
        }
    }

    /// Appends, as one buffer, six integer members of an object in pretty-printed JSON, each on its own line as
    /// `appendJSONLine(comma:indentation:key:number:)` writes it (the first after a comma when `comma`): a source
    /// range's lines, columns and offsets, one room check instead of six.
    @inline(__always)
    mutating func appendJSONNumberLines(
        comma: Bool, indentation: Int,
        _ first: (key: StaticString, value: Int), _ second: (key: StaticString, value: Int),
        _ third: (key: StaticString, value: Int), _ fourth: (key: StaticString, value: Int),
        _ fifth: (key: StaticString, value: Int), _ sixth: (key: StaticString, value: Int)
    ) {
        let keyLengths = first.key.utf8CodeUnitCount + second.key.utf8CodeUnitCount + third.key.utf8CodeUnitCount
            + fourth.key.utf8CodeUnitCount + fifth.key.utf8CodeUnitCount + sixth.key.utf8CodeUnitCount
        // Per line: a comma, a line break, the indentation, the quoted key, `: ` and a sign and 19 digits at most.
        write(atMost: 6 * (2 + indentation + 4 + 20) + keyLengths) { base in
            var count = 0
            if comma {
                base[0] = UInt8(ascii: ",")
                count = 1
            }
            count += Self.writeJSONNumberLine(indentation: indentation, key: first.key, number: first.value, to: base + count)
            func appendLine(_ member: (key: StaticString, value: Int)) {
                base[count] = UInt8(ascii: ",")
                count += 1 + Self.writeJSONNumberLine(
                    indentation: indentation, key: member.key, number: member.value, to: base + count + 1)
            }
            appendLine(second)
            appendLine(third)
            appendLine(fourth)
            appendLine(fifth)
            appendLine(sixth)
            return count
        }
    }

    /// Writes a line break, `indentation` spaces, `"key": ` and the digits of `number` at `destination`, which has
    /// room for them, and returns how many bytes it wrote.
    @inline(__always)
    private static func writeJSONNumberLine(
        indentation: Int, key: StaticString, number: Int, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let count = writeLineStart(indentation: indentation, key: key, to: destination)
        return count + writeDecimal(number, to: destination + count)
    }

    /// Writes a line break, `indentation` spaces and, when there is a key, `"key": ` at `destination`, which has room
    /// for them, and returns how many bytes it wrote: the start of a line of pretty-printed JSON.
    @inline(__always)
    private static func writeLineStart(
        indentation: Int, key: StaticString?, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        destination[0] = UInt8(ascii: "\n")
        (destination + 1).initialize(repeating: UInt8(ascii: " "), count: indentation)
        var count = 1 + indentation
        if let key {
            destination[count] = UInt8(ascii: "\"")
            count += 1
            (destination + count).initialize(from: key.utf8Start, count: key.utf8CodeUnitCount)
            count += key.utf8CodeUnitCount
            destination[count] = UInt8(ascii: "\"")
            destination[count + 1] = UInt8(ascii: ":")
            destination[count + 2] = UInt8(ascii: " ")
            count += 3
        }
        return count
    }

    /// Writes the decimal digits of `number` (with a minus sign when negative) at `destination`, which has room
    /// for 20 bytes, and returns how many it wrote. Two digits at a time, from a table of the pairs `00`…`99`.
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
        while probe >= 100 {
            probe /= 100
            digitCount += 2
        }
        if probe >= 10 { digitCount += 1 }
        let pairs = digitPairs.utf8Start
        var index = count + digitCount
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            index -= 2
            destination[index] = pairs[pair]
            destination[index + 1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(magnitude) &* 2
            destination[index - 2] = pairs[pair]
            destination[index - 1] = pairs[pair + 1]
        } else {
            destination[index - 1] = UInt8(ascii: "0") + UInt8(magnitude)
        }
        return count + digitCount
    }

    /// The two-digit numbers `00` to `99`, one after another.
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// Appends bytes already encoded as UTF-8 (a run of a value that needs no escaping).
    @inline(__always)
    mutating func appendUTF8(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        write(atMost: buffer.count) { destination in
            destination.update(from: source, count: buffer.count)
            return buffer.count
        }
    }

    mutating func append(byte: UInt8) {
        write(atMost: 1) { destination in
            destination[0] = byte
            return 1
        }
    }

    /// Appends `count` copies of an ASCII character (padding, indentation, underlines).
    mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        write(atMost: count) { destination in
            destination.update(repeating: byte, count: count)
            return count
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
        write: (_ source: UnsafeBufferPointer<UInt8>, _ index: Int, _ output: inout ReportBuffer) -> Int
    ) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { source in
            var runStart = 0
            var index = 0
            while index < source.count {
                guard isSpecial(source[index]) else {
                    index += 1
                    continue
                }
                if runStart < index { appendUTF8(UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                let consumed = write(source, index, &self)
                if consumed == 0 {
                    runStart = index
                    index += 1
                } else {
                    index += consumed
                    runStart = index
                }
            }
            if runStart < source.count { appendUTF8(UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
        if done == nil {
            var contiguous = text
            contiguous.makeContiguousUTF8()
            appendEscaping(contiguous, isSpecial: isSpecial, write: write)
        }
    }
}
