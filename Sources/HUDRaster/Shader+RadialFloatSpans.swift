// Shader+RadialFloatSpans: padded radial gradients in Float lanes, checked against the Double form.
//
// Design note: the radial loops compute t in Double, two lanes a register; their table index is
// the reference every output is compared with. Float lanes do four pixels a register with the
// same instructions, but round differently, so they may only decide a pixel's index where they
// provably agree with the Double loop: each lane's Float value v (the unclamped table position)
// comes with a bound e on |v - v_Double|, derived below from the rounding of every Float and
// Double operation relative to the exact value of the same formula at the same Double position;
// where the nearest integer to the clamped v is more than e away, both clamped positions lie
// between the same two integers, so both floors (the table index) agree. A group of four with an
// undecided lane (one in a few hundred, next to an entry boundary) goes through the Double loop.
// The bounds are per lane and relative (no cancellation in x^2 + y^2, nor in b^2 - a c for nested
// circles, where a < 0), so rows far from the centre need no more fallbacks than rows near it;
// they carry a factor of two to spare. With u = 2^-24 (Float rounding), per lane:
//   concentric: r = sqrt(x^2 + y^2) within 3.1u r; v = r m + c within 6.2u |m| r + 2u |c|.
//   focal (start radius 0, na = -a > 0): with B = x cdx + y cdy, C = x^2 + y^2 and
//   D = B^2 + na C >= na C, the Float discriminant is within rho D where
//   rho = 14.2u (|cd|^2 + na) / na (as |x cdx| + |y cdy| <= |cd| sqrt(C)); then s within
//   (rho + 2u) sqrt(D), b within 6u |cd| sqrt(D / na), and v = (s - b) 1023 / na + 0.5 within
//   1023 / na * sqrt(D) (rho + 16u + 6u |cd| / sqrt(na)) + u / 2, with sqrt(D) <= 1.01 s.
// The Double loop's own error is the same with 2^-53 for u, which the spare factor covers.

extension Shader {
    /// Per-row constants of `focalFloat4`: the gradient in Float, and the bound e = g * s + h.
    typealias FocalFloat = (cdx: Float, qy: Float, yy: Float, na: Float, k: Float, g: Float, h: Float)
    /// Per-row constants of `concentricFloat4`, and the bound e = g * r + h.
    typealias ConcentricFloat = (yy: Float, m: Float, c: Float, g: Float, h: Float)

    static let floatRounding = Double(Float.ulpOfOne) / 2

    /// The constants for a focal gradient (start radius 0 inside the end circle, a < 0) on a row
    /// at `y` whose positions stay within `reach` of the focus; nil where Float lanes could
    /// overflow or the bound would leave most pixels undecided (nearly touching circles).
    static func focalFloat(y: Double, cd: Point, a: Double, reach: Double) -> FocalFloat? {
        let u = floatRounding, na = -a, cd2 = cd.x * cd.x + cd.y * cd.y
        guard na > 0, reach.isFinite, y.isFinite else { return nil }
        let rho = 14.2 * u * (cd2 + na) / na * 1.001
        let dMax = (reach * reach + y * y) * (cd2 + na)
        guard rho < 1e-3, dMax < 1e36 else { return nil }
        let k = Double(Gradient.lutSize - 1) / na
        let g = 2 * 1.02 * k * (rho + 16 * u + 6 * u * cd2.squareRoot() / na.squareRoot())
        return (Float(cd.x), Float(y * cd.y), Float(y * y), Float(na), Float(k), Float(g), Float(2 * u))
    }

    /// The constants for a concentric gradient padded both ways (table position r * m + c) on a
    /// row at `y` whose positions stay within `reach` of the centre; nil where Float could overflow.
    static func concentricFloat(y: Double, m: Double, c: Double, reach: Double) -> ConcentricFloat? {
        let u = floatRounding
        guard (reach * reach + y * y) < 1e36, m.isFinite, c.isFinite, abs(m * reach) < 1e30, abs(c) < 1e30 else { return nil }
        return (Float(y * y), Float(m), Float(c), Float(2 * 1.02 * 6.3 * u * abs(m)), Float(4.1 * u * abs(c) + 2 * u))
    }

    /// The table indices of four pixels of a focal gradient at Double positions `px` (relative to
    /// the focus), and whether Float decides every lane: its index is that of the Double loop, and
    /// at least 1, so that the Double t is positive (the root the Double loop takes).
    @inline(__always) static func focalFloat4(_ px: SIMD4<Double>, _ f: FocalFloat) -> (SIMD4<Int32>, Bool) {
        let p = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
        let b = p * f.cdx + f.qy
        let c = p * p + f.yy
        let s = rootf4(b * b + f.na * c)
        let v = (s - b) * f.k + 0.5
        let (k, decided) = decidedFloor4(minf4(v, Float(Gradient.lutSize) - 0.5), s * f.g + f.h)
        return (k, none(.!(decided .& (v .>= SIMD4<Float>(repeating: 1)))))
    }

    /// The table indices of four pixels of a concentric gradient padded both ways at Double
    /// positions `px` (relative to the centre), and whether Float decides every lane.
    @inline(__always) static func concentricFloat4(_ px: SIMD4<Double>, _ f: ConcentricFloat) -> (SIMD4<Int32>, Bool) {
        let p = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
        let r = rootf4(p * p + f.yy)
        let u = r * f.m + f.c
        let lo = SIMD4<Float>(repeating: 0.5)
        let w = select(u .> lo, u, lo)
        let (k, decided) = decidedFloor4(minf4(w, Float(Gradient.lutSize) - 0.5), r * f.g + f.h)
        return (k, none(.!decided))
    }

    /// floor(v) per lane (|v| < 2^22) as a table index, and whether each lane is more than `e`
    /// from the nearest integer (so that anything within e of v has the same floor). Adding
    /// 1.5 * 2^23 rounds to the nearest integer, which lands in the low bits; v minus that integer
    /// is exact (for v >= 1, where it matters), and says whether the floor is one below.
    @inline(__always) static func decidedFloor4(_ v: SIMD4<Float>, _ e: SIMD4<Float>) -> (SIMD4<Int32>, SIMDMask<SIMD4<Int32>>) {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let m = v + magic
        let d = v - (m - magic)
        let below = unsafeBitCast(d .< SIMD4<Float>(repeating: 0), to: SIMD4<Int32>.self)
        let k = (unsafeBitCast(m, to: SIMD4<Int32>.self) &+ below) & SIMD4<Int32>(repeating: Int32(Gradient.lutSize - 1))
        return (k, magnitude4(d) .> e)
    }

    /// sqrt per lane of `d`, which the caller knows is not negative: the magnitude lets the
    /// compiler see that too and emit the vector instruction (see `root4`).
    @inline(__always) static func rootf4(_ d: SIMD4<Float>) -> SIMD4<Float> {
        var r = SIMD4<Float>()
        for j in 0..<4 { r[j] = d[j].magnitude.squareRoot() }
        return r
    }

    /// min(v, hi) per lane (NaN becomes hi: the callers' bounds are NaN there, which decides nothing).
    @inline(__always) static func minf4(_ v: SIMD4<Float>, _ hi: Float) -> SIMD4<Float> {
        let h = SIMD4<Float>(repeating: hi)
        return select(v .<= h, v, h)
    }
}
