// Questions rules ask of a range of a template's bytes, answered in place: reading a range through a slice of the
// string's UTF-8 view costs a hundred instructions or more to make the slice and find its storage, and rules ask
// them of every link.

extension LinkTemplate {
    /// Whether every byte of a UTF-8 range of the template satisfies `predicate`: a query value may be thousands
    /// of letters.
    func allBytes(in span: Range<Int>, satisfy predicate: (UInt8) -> Bool) -> Bool {
        withTextBytes { UnsafeBufferPointer(rebasing: $0[span]).allSatisfy(predicate) }
    }

    /// Whether any byte of a UTF-8 range of the template satisfies `predicate`.
    func containsByte(in span: Range<Int>, where predicate: (UInt8) -> Bool) -> Bool {
        withTextBytes { UnsafeBufferPointer(rebasing: $0[span]).contains(where: predicate) }
    }

    /// Whether a UTF-8 range of the template spells `name`, ignoring ASCII case, as URL schemes and hosts compare
    /// (`equalsIgnoringASCIICase`).
    func spells(_ name: String, at span: Range<Int>) -> Bool {
        withTextBytes { bytes in
            name.withUTF8InPlace { equalsIgnoringASCIICase(UnsafeBufferPointer(rebasing: bytes[span]), $0) }
        }
    }

    /// Whether the template has an ASCII capital anywhere (`containsASCIICapital`).
    var hasASCIICapital: Bool { withTextBytes(containsASCIICapital) }
}
