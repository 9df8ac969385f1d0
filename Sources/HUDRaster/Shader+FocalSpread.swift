// Shader+FocalSpread: focal radial gradients (start radius 0 inside the end circle) that repeat or
// reflect, in Float lanes.
//
// Design note: as for concentric spreads (Shader+RadialSpread), the spread is a function of the
// unwrapped table position v alone, and the padded focal gradient's Float lanes
// (Shader+RadialFloatSpans) give v with a bound on its distance from the Double loop's. The Double
// loop of a spread divides by a where the padded one multiplies by 1 / a, so the bound is widened by
// a few ulps of v, and v must stay where the folds are exact (|v| < 2^20). A lane is taken only where
// v >= 1, so that the Double t is positive and the Double loop takes the same (larger) root.
// The bound grows with |v|, and a spread reaches far past the end circle, so a group of four is
// left undecided often enough that a branch on it mispredicts, and a mispredict there costs the
// whole Float chain it waited for. So no group branches: every group stores the Float entries and
// notes itself, without a branch, in a short list when a lane is undecided; after a stretch of
// groups the listed ones are shaded again by the Double loop's own operations (`focalSpreadExact4`),
// so the pixels are that loop's. Rows the Float lanes cannot take go through the Double loop.
// Where Float holds the row's positions exactly (pixel centres), the lanes step in Float rather
// than rounding Double positions, and a reflect spread folds the integer floor(v) rather than v
// (`reflectIndex4`): both keep the work in whole four-lane registers, where the compiler split
// the conversions and the Float fold into halves and single lanes.

extension Shader {
    /// Bytes of the list of undecided groups (an offset, or a position and an offset, each): it
    /// bounds the groups shaded in Float before the listed ones are shaded again, and stays within
    /// a kilobyte, which Swift keeps on the stack.
    static let focalSpreadListBytes = 1024

    /// The padded focal constants (`focalFloat`) widened for a spread's Double loop, which divides by
    /// a where the padded one multiplies by 1 / a; nil where Float lanes cannot take the row, or
    /// where a is so near 0 (|a| < 1e-12) that the Double loop solves the linear form instead.
    static func focalSpreadFloat(y: Double, cd: Point, dr: Double, reach: Double) -> FocalFloat? {
        guard !(y == 0 && y.sign == .minus) else { return nil }
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr
        guard abs(a) >= 1e-12, var f = focalFloat(y: y, cd: cd, a: a, reach: reach) else { return nil }
        // v = (s - b) k + 0.5 with s >= |b|, so |v| <= 2 s k + 0.5.
        let slack = 0x1p-49
        f.g += Float(slack * 2 * Double(f.k))
        f.h += Float(slack * 1024)
        return f
    }

    /// A repeating or reflecting focal gradient along a row of constant y, four pixels at a time in
    /// Float where that decides the index, else as `shadeTwoCircleGeneral`; false (nothing
    /// written) when Float lanes cannot take the row.
    static func shadeFocalSpread(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                 _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Bool {
        guard let f = focalSpreadFloat(y: p.1, cd: cd, dr: dr, reach: reach(p.0, step, n)) else { return false }
        focalSpreadLanes(sh, L, p, step, cd, dr, f, n, out)
        return true
    }

    /// `shadeFocalSpread` over `n` pixels from `p` with the row's Float constants `f` (out of line);
    /// returns the groups of four the Float lanes decided. The gradient must be nested
    /// (`radialIsNested`), as `shadeTwoCircle` checks.
    @discardableResult @inline(never)
    static func focalSpreadLanes(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                 _ cd: Point, _ dr: Double, _ f: FocalFloat, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Int {
        withUnsafeTemporaryAllocation(byteCount: focalSpreadListBytes, alignment: 16) { list in
            let reflect = sh.spread == .reflect
            if let q = exactFloatSteps4(p.0, step, n) {
                let offsets = list.bindMemory(to: Int.self)
                return reflect ? focalSpreadSteps(sh, L, p, step, cd, dr, f, q, true, n, out, offsets)
                               : focalSpreadSteps(sh, L, p, step, cd, dr, f, q, false, n, out, offsets)
            }
            let starts = list.bindMemory(to: SIMD2<Double>.self)
            return reflect ? focalSpreadRuns(sh, L, p, step, cd, dr, f, true, n, out, starts)
                           : focalSpreadRuns(sh, L, p, step, cd, dr, f, false, n, out, starts)
        }
    }

    /// `focalSpreadLanes` where Float holds every position of the row exactly (`exactFloatSteps4`,
    /// first group `q`): the lanes step in Float, and a listed group's first position is
    /// p.0 + i * step, exact too. Returns the groups decided.
    @inline(__always)
    static func focalSpreadSteps(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                 _ cd: Point, _ dr: Double, _ f: FocalFloat, _ first: SIMD4<Float>, _ reflect: Bool, _ n: Int,
                                 _ out: UnsafeMutablePointer<UInt32>, _ list: UnsafeMutableBufferPointer<Int>) -> Int {
        let table = L.baseAddress!, stretch = list.count
        let step4 = SIMD4<Float>(repeating: Float(4 * step))
        var q = first, i = 0, redone = 0
        while i < n {
            let end = min(n, i &+ 4 &* stretch)
            var listed = 0
            while i < end {
                let decided = focalSpreadGroup(q, f, reflect, table, out + i, n &- i)
                list[listed] = i
                listed &+= decided ? 0 : 1
                q += step4
                i &+= 4
            }
            for j in 0..<listed {
                let k = list[j]
                focalSpreadExact4(sh, L, (p.0 + Double(k) * step, p.1), step, cd, dr, min(4, n &- k), out + k)
            }
            redone &+= listed
        }
        return (n &+ 3) / 4 &- redone
    }

    /// `focalSpreadLanes` for other rows: positions are the Double loop's running sums, rounded to
    /// Float per group, and a listed group keeps its first position. Returns the groups decided.
    @inline(__always)
    static func focalSpreadRuns(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                _ cd: Point, _ dr: Double, _ f: FocalFloat, _ reflect: Bool, _ n: Int,
                                _ out: UnsafeMutablePointer<UInt32>, _ list: UnsafeMutableBufferPointer<SIMD2<Double>>) -> Int {
        let table = L.baseAddress!, stretch = list.count
        var x = p.0, i = 0, redone = 0
        while i < n {
            let end = min(n, i &+ 4 &* stretch)
            var listed = 0
            while i < end {
                let px = Shader.run4(&x, step)
                let q = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
                let decided = focalSpreadGroup(q, f, reflect, table, out + i, n &- i)
                list[listed] = SIMD2(px[0], Double(i))
                listed &+= decided ? 0 : 1
                i &+= 4
            }
            for j in 0..<listed {
                let k = Int(list[j][1])
                focalSpreadExact4(sh, L, (list[j][0], p.1), step, cd, dr, min(4, n &- k), out + k)
            }
            redone &+= listed
        }
        return (n &+ 3) / 4 &- redone
    }

    /// Stores the Float entries of one group at positions `q` (relative to the focus), `count`
    /// (at most four) of them, and returns whether every lane is decided. An infinite bound
    /// decides nothing: lanes below 1 (where the Double loop's root could differ) or beyond the
    /// exact folds.
    @inline(__always)
    static func focalSpreadGroup(_ q: SIMD4<Float>, _ f: FocalFloat, _ reflect: Bool, _ table: UnsafePointer<UInt32>,
                                 _ out: UnsafeMutablePointer<UInt32>, _ count: Int) -> Bool {
        let b = q * f.cdx + f.qy
        let s = rootf4(b * b + f.na * (q * q + f.yy))
        let v = (s - b) * f.k + 0.5
        let inRange = (v .>= SIMD4<Float>(repeating: 1)) .& (v .< SIMD4<Float>(repeating: Float(1 << 20)))
        let e = select(inRange, s * f.g + f.h, SIMD4<Float>(repeating: .infinity))
        if reflect {
            let (idx, decided) = reflectIndex4(v, e)
            storeEntries4(idx, table, out, count)
            return decided
        }
        let (idx, decided) = spreadIndex4(v, e, reflect: false)
        storeEntries4(idx, table, out, count)
        return decided
    }

    /// The table indices of four lanes at unwrapped position `v` (within `e` of the Double loop's,
    /// 1 <= v < 2^20 where e is finite) under a reflect spread, and whether every lane is decided,
    /// from the integer k = floor(v): v more than e from an integer, both positions have that
    /// floor, and the Double loop's index is k folded into one period of 2046 entries (r = k mod
    /// 2046, then r or 2046 - r, whichever is at most 1023). The arithmetic is on integers (the
    /// quotient k / 2046 as k * 1025 / 2^21, which is low by at most 2^-11 and so misses only at
    /// multiples of 2046, where r = 2046 folds to 0 all the same), which the vector unit keeps in
    /// four lanes; the Float fold of `spreadIndex4` had its lanes split apart by the compiler.
    @inline(__always) static func reflectIndex4(_ v: SIMD4<Float>, _ e: SIMD4<Float>) -> (SIMD4<Int32>, Bool) {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let m = v + magic
        let d = v - (m - magic)
        // The nearest integer is in the low bits of m (below 2^22); one less where v is below it.
        let below = unsafeBitCast(d .< SIMD4<Float>(repeating: 0), to: SIMD4<Int32>.self)
        let k = unsafeBitCast(m, to: SIMD4<Int32>.self) &- 0x4B40_0000 &+ below
        let q = ((k &<< 10) &+ k) &>> 21
        let r = k &- ((q &<< 11) &- (q &<< 1))
        // 1023 - |r - 1023|: r up to 1023, else 2046 - r; masked so that undecided lanes stay in the table.
        let t = r &- 1023, sign = t &>> 31
        let idx = (1023 &- ((t ^ sign) &- sign)) & SIMD4<Int32>(repeating: Int32(Gradient.lutSize - 1))
        return (idx, none(.!(magnitude4(d) .> e)))
    }

    /// The first four positions of a row as Floats when Float holds every running sum of up to
    /// `n + 4` steps exactly (as `exactSteps4` for Double, with Float's 24 bits), else nil: then
    /// adding `4 * step` in Float lands on the Double loop's positions, which the Float lanes
    /// would otherwise round.
    static func exactFloatSteps4(_ x: Double, _ step: Double, _ n: Int) -> SIMD4<Float>? {
        guard exactSteps4(x, step, n) != nil else { return nil }
        let e = min(lowestBitExponent(x), lowestBitExponent(step))
        guard e >= -100, e <= 100, reach(x, step, n) < Double(sign: .plus, exponent: 23 + e, significand: 1) else { return nil }
        return SIMD4(Float(x), Float(x + step), Float(x + 2 * step), Float(x + 3 * step))
    }

    /// `shadeTwoCircleGeneral` over one group of `count` (at most four) pixels from `p` of a row
    /// `focalSpreadLanes` takes: its operations, with its per-row terms formed once per group
    /// rather than per call. Along the row y + 0 is y (y is not -0), the start radius is 0 (so
    /// r0 * dr and r0 * r0 are +0, and c less +0 is c), the circles are nested (a negative
    /// discriminant is kept, as rounding) and a is not near 0 (no linear form). The larger root
    /// is taken where its radius is not negative, which rounding can only break at a NaN; such a
    /// group goes through the Double loop itself.
    @inline(__always)
    static func focalSpreadExact4(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: Double,
                                  _ cd: Point, _ dr: Double, _ count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr, y = p.1
        var x = p.0
        let px = Shader.run4(&x, step)
        let b = px * cd.x + y * cd.y + 0.0
        let c = px * px + y * y
        let s = Shader.root4(b * b - a * c)
        let t = (b - s) / a
        guard all((0 + t * dr) .>= SIMD4<Double>(repeating: 0)) else {
            return shadeTwoCircleGeneral(sh, L, p, (step, 0), 0, cd, dr, count, out)
        }
        store4(sh.index4(t), L.baseAddress!, out, count)
    }
}
