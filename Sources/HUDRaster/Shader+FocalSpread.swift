// Shader+FocalSpread: focal radial gradients (start radius 0 inside the end circle) that repeat or
// reflect, in Float lanes.
//
// Design note: as for concentric spreads (Shader+RadialSpread), the spread is a function of the
// unwrapped table position v alone, and the padded focal gradient's Float lanes
// (Shader+RadialFloatSpans) give v with a bound on its distance from the Double loop's. The Double
// loop of a spread divides by a where the padded one multiplies by 1 / a, so the bound is widened by
// a few ulps of v, and v must stay where the folds are exact (|v| < 2^20). A lane is taken only where
// v >= 1, so that the Double t is positive and the Double loop takes the same (larger) root; other
// groups, and rows the Float lanes cannot take, go through the Double loop, so the pixels are that
// loop's.

extension Shader {
    /// The padded focal constants (`focalFloat`) widened for a spread's Double loop, which divides by
    /// a where the padded one multiplies by 1 / a; nil where Float lanes cannot take the row.
    static func focalSpreadFloat(y: Double, cd: Point, dr: Double, reach: Double) -> FocalFloat? {
        guard !(y == 0 && y.sign == .minus) else { return nil }
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr
        guard var f = focalFloat(y: y, cd: cd, a: a, reach: reach) else { return nil }
        // v = (s - b) k + 0.5 with s >= |b|, so |v| <= 2 s k + 0.5.
        let slack = 0x1p-49
        f.g += Float(slack * 2 * Double(f.k))
        f.h += Float(slack * 1024)
        return f
    }

    /// A repeating or reflecting focal gradient along a row of constant y, four pixels at a time in
    /// Float where that decides the index, else through `shadeTwoCircleGeneral`; false (nothing
    /// written) when Float lanes cannot take the row.
    static func shadeFocalSpread(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                 _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Bool {
        guard let f = focalSpreadFloat(y: p.1, cd: cd, dr: dr, reach: reach(p.0, step, n)) else { return false }
        focalSpreadLanes(sh, L, p, step, cd, dr, f, n, out)
        return true
    }

    /// `shadeFocalSpread` over `n` pixels from `p` with the row's Float constants `f` (out of line,
    /// with the lanes written out, as `concentricSpreadLanes`); returns the groups of four the Float
    /// lanes decided.
    @discardableResult @inline(never)
    static func focalSpreadLanes(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                 _ cd: Point, _ dr: Double, _ f: FocalFloat, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Int {
        let table = L.baseAddress!, reflect = sh.spread == .reflect
        var decidedGroups = 0
        let one = SIMD4<Float>(repeating: 1), limit = SIMD4<Float>(repeating: Float(1 << 20))
        @inline(__always) func group(_ px: SIMD4<Double>, _ i: Int) {
            let q = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
            let b = q * f.cdx + f.qy
            let s = rootf4(b * b + f.na * (q * q + f.yy))
            let v = (s - b) * f.k + 0.5
            if none(.!((v .>= one) .& (v .< limit))) {
                let (idx, decided) = spreadIndex4(v, s * f.g + f.h, reflect: reflect)
                if decided {
                    decidedGroups &+= 1
                    return storeEntries4(idx, table, out + i, n &- i)
                }
            }
            shadeTwoCircleGeneral(sh, L, (px[0], p.1), (step, 0), 0, cd, dr, min(4, n &- i), out + i)
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
        return decidedGroups
    }
}
