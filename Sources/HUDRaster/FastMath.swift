// FastMath: floor and round for the rasterizer's fixed-point conversions, without libm calls.
//
// Design note: converting a Double with `Int(_:)` or `.rounded()` checks the range (or calls libm)
// on every conversion, and the edge builder, the cell writer and the crossing resolver convert
// several values per segment. Where the range is known, adding 1.5 * 2^52 rounds to the nearest
// integer, which can be read from the low bits; one compare turns that into a floor. These used
// to be written out in three places; they live here once, with the range each one is valid for.

/// Largest integer <= v, without a libm call. Valid for |v| < 2^62.
@inline(__always) package func floorToInt(_ v: Double) -> Int {
    let t = Int(v)
    return v < Double(t) ? t - 1 : t
}

/// Round to nearest (ties to even) by the 1.5 * 2^52 trick: no libm call and no range check.
/// Only for |v| < 2^31, which the rasterizer's in-region fixed-point values always are.
@inline(__always) package func roundFast(_ v: Double) -> Int32 {
    Int32(truncatingIfNeeded: Int64(bitPattern: (v + 6_755_399_441_055_744.0).bitPattern))
}

/// floor(v) for |v| < 2^31, as an Int32, without the NaN and range checks of `Int32(_:)`: adding
/// 1.5 * 2^52 rounds to the nearest integer (read from the low bits), and one compare steps back
/// when that rounded up.
@inline(__always) package func floorFixed(_ v: Double) -> Int32 {
    let m = v + 6_755_399_441_055_744.0
    let r = Int32(truncatingIfNeeded: Int64(bitPattern: m.bitPattern))
    return m - 6_755_399_441_055_744.0 > v ? r &- 1 : r
}

/// `floorFixed` as an Int.
@inline(__always) package func floorSmall(_ v: Double) -> Int { Int(floorFixed(v)) }
