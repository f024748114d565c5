/// Parameter names as the credential and URL rules compare them (`PayloadCredential.normalizedName`: lowercased,
/// without `_`, `-` and `.`), and suffixes that also mark a name, kept as bytes: an ASCII name is normalized on
/// the stack and compared byte by byte rather than copied, hashed and searched for suffixes as a string.
struct NormalizedNameList: Sendable {
    private let names: [[UInt8]]
    private let suffixes: [[UInt8]]
    /// Whether every name and suffix is ASCII; the byte test answers only then.
    private let isASCII: Bool

    /// A list of names and suffixes, each already normalized.
    init(names: some Sequence<String>, suffixes: some Sequence<String>) {
        self.names = names.map { Array($0.utf8) }
        self.suffixes = suffixes.map { Array($0.utf8) }
        isASCII = (self.names + self.suffixes).allSatisfy { $0.allSatisfy { $0 < 0x80 } }
    }

    /// Whether `name`, normalized, is one of the names or ends with one of the suffixes; nil when the byte test
    /// cannot tell (a name outside ASCII or of more than 64 bytes, or a listed name outside ASCII), for the
    /// caller to compare normalized strings.
    func matches(_ name: String) -> Bool? {
        guard isASCII else { return nil }
        let answer = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.count <= 64 else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { room -> Bool? in
                var count = 0
                for byte in bytes {
                    if byte >= 0x80 { return nil }
                    if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") { continue }
                    room[count] = asciiLowercased(byte)
                    count += 1
                }
                let normalized = UnsafeBufferPointer(rebasing: room[..<count])
                for listed in names where listed.count == count && listed.elementsEqual(normalized) { return true }
                for suffix in suffixes where suffix.count <= count && suffix.elementsEqual(normalized[(count - suffix.count)...]) {
                    return true
                }
                return false
            }
        }
        return answer ?? nil
    }
}
