/// A seeded pseudo-random generator (SplitMix64) whose whole output, and so every generated catalogue,
/// depends only on the seed: the same seed gives the same bytes on every machine and toolchain.
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard library's `random(in:using:)`
/// algorithms may change between releases, so the draws below are spelled out here.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), by the high half of a 64×64-bit product.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// True with the given probability (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// An index into `weights` drawn in proportion to the weights (all ≥ 0, sum > 0).
    public mutating func weightedIndex(_ weights: [Int]) -> Int {
        var remaining = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if remaining < weight { return index }
            remaining -= weight
        }
        return weights.count - 1
    }
}
