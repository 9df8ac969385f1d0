// Shader+LinearSpread: linear gradients that repeat or reflect, as runs of padded ramps.
//
// Design note: along a row, t is affine, so the table position P = t * (lutSize - 1) + 0.5 is
// too, and a spread only decides which stretch of the table a pixel reads: the row splits where t
// crosses an integer (P = 1023 n + 0.5) into runs over which the index is P - 1023 n (repeat, and
// reflect for even n) or 1023 (n + 1) + 1 - P (reflect for odd n, the table read backwards). Each
// run is found by integer division and drawn by the padded gradient's ramp loop (a shift and a load
// a pixel), so a spread costs what pad costs. Positions are in fixed point with more fraction bits
// than the padded form (the unwrapped position needs no room for the table's clamp), so ties at
// entry boundaries and wraps are settled as exact arithmetic settles them, where the four-lane
// loop's running Double sum lands on either side (GradientSpreadTests measures both). Rows
// whose period is only a few pixels (each run would be a pixel or two) keep the four-lane loop.

extension Shader {
    /// Fraction bits of the spread ramps' fixed-point positions.
    static let spreadFractionBits: Int64 = 40

    /// A repeating or reflecting linear gradient along a row of `n` pixels whose first t is `t`
    /// and step `ax`, as padded ramps; false (nothing written) when the positions do not fit the
    /// fixed point or a period spans too few pixels for runs to pay.
    static func shadeLinearSpread(_ L: UnsafeBufferPointer<UInt32>, _ reflect: Bool, _ t: Double, _ ax: Double, _ n: Int,
                                  _ out: UnsafeMutablePointer<UInt32>) -> Bool {
        let f = spreadFractionBits, one = Double(Int64(1) << f), scale = Double(Gradient.lutSize - 1)
        let p0 = t * scale + 0.5, dp = ax * scale, p1 = p0 + dp * Double(n)
        let limit = Double(Int64(1) << (62 - f))
        // A run shorter than about eight pixels costs more to set up than the lanes' loop.
        guard abs(p0) < limit, abs(p1) < limit, abs(dp) < scale / 8, n > 0 else { return false }   // NaN fails too
        // A gradient between integer points puts pixels exactly on entry boundaries and wraps,
        // where exact arithmetic takes the entry above (after the wrap, the start colour).
        // Positions are rounded to nearest and nudged up by far more than their rounding over a
        // row and far less than anything visible, so such ties go that way.
        let nudge = Int64(1) << (f - 20)
        let w = Int64((p0 * one).rounded()) &+ nudge, d = Int64((dp * one).rounded())
        let period = Int64(Gradient.lutSize - 1) << f, half = Int64(1) << (f - 1)
        let table = L.baseAddress!
        var i = 0
        while i < n {
            let wi = w &+ Int64(i) &* d
            // The run: the period n of pixel i and the first pixel past it.
            let k = floorDivide(wi &- half, period)
            let end = min(n, i &+ runLength(wi &- half &- k &* period, d, period))
            if reflect && k & 1 != 0 {
                // Read backwards: the nudge goes the other way.
                ramp(table, (k &+ 1) &* period &+ (Int64(1) << f) &- wi &+ 2 &* nudge, 0 &- d, f, end &- i, out + i)
            } else {
                ramp(table, wi &- k &* period, d, f, end &- i, out + i)
            }
            i = end
        }
        return true
    }

    /// Pixels from one at offset `r` (0 <= r < period) into a period until the position leaves it
    /// stepping by `d` (at least 1; all of them when d is 0).
    @inline(__always) static func runLength(_ r: Int64, _ d: Int64, _ period: Int64) -> Int {
        if d > 0 { return Int(truncatingIfNeeded: min((period &- r &+ d &- 1) / d, Int64(Int32.max))) }
        if d < 0 { return Int(truncatingIfNeeded: min(r / (0 &- d) &+ 1, Int64(Int32.max))) }
        return Int(Int32.max)
    }

    /// floor(a / b) for b > 0.
    @inline(__always) static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q &- 1 : q
    }

    /// out[i] = table[(v + i * d) >> shift] for i in 0..<count: a shift and a load a pixel (the
    /// caller keeps every index within the table).
    @inline(__always) static func ramp(_ table: UnsafePointer<UInt32>, _ v0: Int64, _ d: Int64, _ shift: Int64, _ count: Int,
                                       _ out: UnsafeMutablePointer<UInt32>) {
        var v = v0
        var i = 0
        while i &+ 4 <= count {
            let v1 = v &+ d, v2 = v1 &+ d, v3 = v2 &+ d
            out[i] = table[Int(truncatingIfNeeded: v &>> shift)]
            out[i &+ 1] = table[Int(truncatingIfNeeded: v1 &>> shift)]
            out[i &+ 2] = table[Int(truncatingIfNeeded: v2 &>> shift)]
            out[i &+ 3] = table[Int(truncatingIfNeeded: v3 &>> shift)]
            v = v3 &+ d
            i &+= 4
        }
        while i < count {
            out[i] = table[Int(truncatingIfNeeded: v &>> shift)]
            v &+= d
            i &+= 1
        }
    }
}
