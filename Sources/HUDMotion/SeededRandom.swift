// SeededRandom: a deterministic pseudo-random source (xoshiro256** seeded through SplitMix64).
//
// Design note: MMProgressHUD draws its drop/swing angles from arc4random. To make output
// reproducible, hudrender takes a seed and draws from this generator instead; the same seed gives
// the same angles on every machine and every run. `uniform(_:)` mirrors arc4random_uniform.

/// A seeded, reproducible random number generator.
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next(); s1 = seeder.next(); s2 = seeder.next(); s3 = seeder.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    @inline(__always) private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// A uniformly distributed Double in [0, 1) with 53 random bits.
    public mutating func nextDouble() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniformly distributed integer in 0..<upperBound (0 when upperBound is 0), like arc4random_uniform.
    public mutating func uniform(_ upperBound: UInt32) -> UInt32 {
        guard upperBound > 0 else { return 0 }
        return UInt32(truncatingIfNeeded: next(upperBound: UInt64(upperBound)))
    }
}
