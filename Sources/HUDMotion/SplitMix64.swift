// SplitMix64: the small seeded generator the project uses wherever it needs reproducible numbers
// (seeding SeededRandom, the benchmark scenes, randomised tests).
//
// Design note: one definition, so every "random" scene, seed and test case is the same sequence on
// every machine; it is Steele, Lea and Flood's SplitMix64 (the seeder xoshiro recommends).

/// A tiny deterministic generator: the same `seed` gives the same sequence everywhere.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed Double in [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
