// Shader+RadialSpread: concentric radial gradients that repeat or reflect, in Float lanes.
//
// Design note: a spread reads the table at a function of the unwrapped table position
// v = t * (lutSize - 1) + 0.5 alone: v less a whole number of periods (exact in Float for the
// positions allowed here), then folded (reflect) or moved up a period where below zero (repeat),
// is the table position the Double loop floors. Both moves keep the distance to the nearest
// integer, so the padded concentric gradient's Float lanes (Shader+RadialFloatSpans) give v and
// its error bound, and a lane is decided where v is farther from an integer than the bound (and,
// repeating, from the wrap). The bound is widened by the Double loop's own rounding, whose spread form
// computes v from t = (r - r0) / dr rather than as r * m + c. Undecided groups, and rows the Float
// lanes cannot take, go through the Double loop, so the pixels are that loop's.

extension Shader {
    /// The padded concentric constants widened for a spread, or nil where the unwrapped position
    /// could leave the range where the folds are exact (|v| < 2^20).
    static func concentricSpreadFloat(y: Double, m: Double, c: Double, reach: Double) -> ConcentricFloat? {
        guard var f = concentricFloat(y: y, m: m, c: c, reach: reach),
              abs(m) * (reach * reach + y * y).squareRoot() + abs(c) < Double(1 << 20) else { return nil }
        let slack = 0x1p-49
        f.g += Float(slack * abs(m))
        f.h += Float(slack * (abs(c) + 1024))
        return f
    }

    /// The table indices of four lanes at unwrapped position `v` (within `e` of the Double loop's)
    /// under a repeat or reflect spread, and whether every lane is decided.
    @inline(__always) static func spreadIndex4(_ v: SIMD4<Float>, _ e: SIMD4<Float>, reflect: Bool) -> (SIMD4<Int32>, Bool) {
        let magic = SIMD4<Float>(repeating: 12_582_912), zero = SIMD4<Float>()
        // s = 1023 t, less a whole number of periods: exact, and within about an entry of
        // -1023...1023 (reflect) or -511...511 (repeat).
        let s = v - 0.5
        let pos: SIMD4<Float>
        var near = SIMDMask<SIMD4<Int32>>()
        if reflect {
            let w = s - ((s * Float(1.0 / 2046.0) + magic) - magic) * 2046
            // |t| folded back from beyond 1.
            let a = magnitude4(w), b = 2046 - a
            pos = select(a .< b, a, b) + 0.5
        } else {
            let w = s - ((s * Float(1.0 / 1023.0) + magic) - magic) * 1023
            // A negative t reads the table a period on; the wrap at w = 0 must be decided too.
            pos = w + select(w .< zero, SIMD4<Float>(repeating: 1023), zero) + 0.5
            near = .!(magnitude4(w) .> e)
        }
        let (k, decided) = decidedFloor4(minf4(pos, Float(Gradient.lutSize) - 0.5), e)
        return (k, none(.!decided .| near))
    }

    /// |v| per lane (NaN stays NaN).
    @inline(__always) static func magnitude4(_ v: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }

    /// A repeating or reflecting concentric gradient along a row of constant y, four pixels at a
    /// time in Float where that decides the index, else through `shadeConcentricGeneral`; false
    /// (nothing written) when Float lanes cannot take the row.
    static func shadeConcentricSpread(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                      _ r0: Double, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Bool {
        let (m, c) = concentricPosition(r0, dr)
        guard let f = concentricSpreadFloat(y: p.1, m: m, c: c, reach: reach(p.0, step, n)) else {
            return false
        }
        // A row mirrored about the centre is shaded on one side (Shader+GradientSpans).
        mirrored(p, step, n, out) { q, k, o in concentricSpreadLanes(sh, L, q, step, r0, dr, f, k, o) }
        return true
    }

    /// `shadeConcentricSpread` over `n` pixels from `p` with the row's Float constants `f`
    /// (out of line, as `shadeConcentricLanes`).
    @inline(never)
    static func concentricSpreadLanes(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                      _ r0: Double, _ dr: Double, _ f: ConcentricFloat, _ n: Int,
                                      _ out: UnsafeMutablePointer<UInt32>) {
        let table = L.baseAddress!, reflect = sh.spread == .reflect
        // Lanes written out rather than through `forEachGroup`: its closure, called from two
        // loops, was not inlined, and reloading the captured constants each call stalled.
        @inline(__always) func group(_ px: SIMD4<Double>, _ i: Int) {
            let q = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
            let r = rootf4(q * q + f.yy)
            let (idx, decided) = spreadIndex4(r * f.m + f.c, r * f.g + f.h, reflect: reflect)
            if decided {
                storeEntries4(idx, table, out + i, n &- i)
            } else {
                shadeConcentricGeneral(sh, L, (px[0], p.1), (step, 0), r0, dr, true, true, min(4, n &- i), out + i)
            }
        }
        var i = 0
        if let first = exactSteps4(p.0, step, n) {
            var px = first
            let step4 = SIMD4<Double>(repeating: 4 * step)
            while i < n { group(px, i); px += step4; i &+= 4 }
        } else {
            var x = p.0
            while i < n { group(Shader.run4(&x, step), i); i &+= 4 }
        }
    }
}
