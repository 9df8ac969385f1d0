// Shader+GradientSpans: the per-pixel loops of linear and radial gradients.
//
// Design note: a gradient pixel is "compute t, turn it into a table index, load". Linear t is affine
// along a row, so a padded row splits into the pixels before the ramp, the ramp and the pixels
// after it, found by integer division in 32.32 fixed point: the ends are plain fills and the ramp
// is a shift and a load per pixel, without the clamps. Radial t needs a square root per pixel; it
// is computed four pixels at a time in SIMD4<Double> (two SSE2 registers, the baseline this
// package is built for), and so is the spread, with floors done by the 1.5 * 2^52 rounding trick
// because Swift's generic SIMD float-to-integer conversions compile to calls. Positions are the
// running scalar sum of the one-pixel loops, so that t lands on the same bits: where it is exactly
// at a repeat's wrap or the end of an unextended gradient, one ulp decides between two far-apart
// colours. The lane helpers (Shader+SpanLanes) keep those bits while cutting work: a square root
// that compiles to the vector instruction, lanes stepped by four steps where every running sum is
// exact, y terms hoisted out of rows of constant y. Padded concentric and focal gradients go four
// pixels a register in Float wherever that provably gives the Double loop's index
// (Shader+RadialFloatSpans), and through the Double loop elsewhere. A padded concentric row whose
// exact positions are symmetric about the centre (a centre on a pixel centre or between two, at an
// exact scale) is shaded on one side and mirrored: both sides' positions have the same magnitude.
// Repeating and reflecting linear rows, and concentric rows of constant y, have their own fast
// forms (Shader+LinearSpread, Shader+RadialSpread); two-circle spreads use the loops here.

extension Shader {
    /// A padded linear gradient along a row in 32.32 fixed point: the table position
    /// `t * (lutSize - 1) + 0.5` of pixel i is `(u + i * d) >> 32`, clamped to the table. The
    /// pixels where it is below 0 or above the last entry are found by division and filled with the
    /// end colours; between them each pixel is one shift and one load. The step is rounded to
    /// 2^-32 of an entry, so a row drifts from the exact position by far less than one entry.
    /// False (nothing written) when the row's positions do not fit.
    @inline(__always)
    static func shadeLinearFixed(_ L: UnsafeBufferPointer<UInt32>, _ t: Double, _ ax: Double, _ n: Int,
                                 _ out: UnsafeMutablePointer<UInt32>) -> Bool {
        let scale = Double(Gradient.lutSize - 1), one = 4294967296.0
        let u0 = t * scale + 0.5, du = ax * scale, u1 = u0 + du * Double(n)
        guard abs(u0) < 1e9, abs(u1) < 1e9, abs(du) < 1e9 else { return false }   // NaN fails too
        let u = Int64(u0 * one), d = Int64(du * one)
        let hi = Gradient.lutSize - 1, top = Int64(Gradient.lutSize) << 32
        let table = L.baseAddress!
        let first = table[0], last = table[hi]
        // [lo, end) is the ramp; before it the start colour (the end colour when d < 0), after it the other.
        var lo = 0, end = n
        if d > 0 {
            if u < 0 { lo = Int(min(Int64(n), (d &- 1 &- u) / d)) }
            end = u >= top ? 0 : Int(min(Int64(n), (top &- u &+ d &- 1) / d))
        } else if d < 0 {
            if u >= top { lo = Int(min(Int64(n), (u &- top) / (0 &- d) &+ 1)) }
            end = u < 0 ? 0 : Int(min(Int64(n), u / (0 &- d) &+ 1))
        } else {
            let k = u &>> 32
            out.initialize(repeating: table[Int(truncatingIfNeeded: k < 0 ? 0 : (k > Int64(hi) ? Int64(hi) : k))], count: n)
            return true
        }
        end = max(end, lo)
        if lo > 0 { out.initialize(repeating: d > 0 ? first : last, count: lo) }
        if end < n { (out + end).initialize(repeating: d > 0 ? last : first, count: n &- end) }
        ramp(table, u &+ Int64(lo) &* d, d, 32, end &- lo, out + lo)
        return true
    }

    /// A linear gradient under any spread or drawing options, four pixels at a time through `index4`.
    static func shadeLinear4(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ t0: Double, _ ax: Double, _ n: Int,
                             _ out: UnsafeMutablePointer<UInt32>) {
        let table = L.baseAddress!
        var t = t0
        var i = 0
        while i < n {
            let k = sh.index4(Shader.run4(&t, ax))
            store4(k, table, out + i, n &- i)
            i &+= 4
        }
    }

    /// `v`, `v + step`, `v + step + step`, ... (summed one after another), and `v` advanced by four steps.
    @inline(__always) static func run4(_ v: inout Double, _ step: Double) -> SIMD4<Double> {
        let v1 = v + step, v2 = v1 + step, v3 = v2 + step
        defer { v = v3 + step }
        return SIMD4(v, v1, v2, v3)
    }

    /// floor(x) per lane for |x| < 2^51 (the caller masks other lanes), as Doubles.
    @inline(__always) static func floor4(_ x: SIMD4<Double>) -> SIMD4<Double> {
        let magic = SIMD4<Double>(repeating: 6_755_399_441_055_744.0)
        let r = (x + magic) - magic
        return r.replacing(with: r - 1, where: r .> x)
    }

    /// floor(x) per lane for 0 <= x < 2^31, as integers.
    @inline(__always) static func floorIndex4(_ x: SIMD4<Double>) -> SIMD4<Int64> {
        let magic = SIMD4<Double>(repeating: 6_755_399_441_055_744.0)
        let m = x + magic
        let k = unsafeBitCast(m, to: SIMD4<Int64>.self) & SIMD4<Int64>(repeating: 0xFFFF_FFFF)
        return k.replacing(with: k &- 1, where: (m - magic) .> x)
    }

    /// `index(t)` for four values of t: the table index after spread, -1 where nothing is painted.
    @inline(__always) func index4(_ t: SIMD4<Double>) -> SIMD4<Int64> {
        let zero = SIMD4<Double>(repeating: 0), oneV = SIMD4<Double>(repeating: 1)
        var valid = (t - t) .== zero   // finite
        var u: SIMD4<Double>
        switch spread {
        case .pad:
            if !extendBefore { valid = valid .& .!(t .< zero) }
            if !extendAfter { valid = valid .& .!(t .> oneV) }
            u = t.replacing(with: zero, where: .!(t .> zero)).replacing(with: oneV, where: t .> oneV)
        case .repeat:
            let small = (t .< SIMD4<Double>(repeating: 1e15)) .& (t .> SIMD4<Double>(repeating: -1e15))
            u = (t - Shader.floor4(t)).replacing(with: zero, where: .!small)
        case .reflect:
            let small = (t .< SIMD4<Double>(repeating: 1e15)) .& (t .> SIMD4<Double>(repeating: -1e15))
            u = (t - 2 * Shader.floor4(t * 0.5)).replacing(with: zero, where: .!small)
            u = u.replacing(with: 2 - u, where: u .> oneV)
        }
        let k = Shader.floorIndex4(u * Double(Gradient.lutSize - 1) + 0.5)
        return k.replacing(with: -1, where: .!valid)
    }

    /// `index(t)` for pad extended both ways: t clamped to 0...1, then the table position; NaN
    /// (no circle through the pixel) paints nothing.
    @inline(__always) static func padIndex4(_ t: SIMD4<Double>) -> SIMD4<Int64> {
        let scale = Double(Gradient.lutSize - 1)
        let lo = SIMD4<Double>(repeating: 0.5), hi = SIMD4<Double>(repeating: scale + 0.5)
        let v = t * scale + 0.5
        return floorIndex4(v.replacing(with: lo, where: .!(v .> lo)).replacing(with: hi, where: v .> hi))
            .replacing(with: -1, where: t .!= t)
    }

    /// Stores the table entries of the first `count` (at most four) indices, transparent where an
    /// index is -1.
    @inline(__always) static func store4(_ k: SIMD4<Int64>, _ table: UnsafePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>,
                                         _ count: Int) {
        let mask = Int64(Gradient.lutSize - 1)
        if count >= 4 {
            for j in 0..<4 {
                let e = table[Int(truncatingIfNeeded: k[j] & mask)]
                out[j] = k[j] < 0 ? 0 : e
            }
            return
        }
        for j in 0..<count { out[j] = k[j] < 0 ? 0 : table[Int(truncatingIfNeeded: k[j] & mask)] }
    }

    /// A two-circle radial gradient over `n` pixels, four at a time: the same roots and the same
    /// choice between them as the scalar form in `shade` (the larger t whose radius is not
    /// negative and which the drawing options allow), then `index4`. `p`, `step` are the first
    /// pixel's position relative to the start centre in gradient space and the step per pixel.
    static func shadeTwoCircle(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                               _ r0: Double, _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let extB = sh.extendBefore || sh.spread != .pad, extA = sh.extendAfter || sh.spread != .pad
        let padBoth = sh.spread == .pad && extB && extA, nested = sh.radialIsNested
        if nested && padBoth {
            shadeFocalPadded(L, p, step, r0, cd, dr, n, out)
            return
        }
        if nested && sh.spread != .pad && r0 == 0 && step.1 == 0 && shadeFocalSpread(sh, L, p, step.0, cd, dr, n, out) { return }
        shadeTwoCircleGeneral(sh, L, p, step, r0, cd, dr, n, out)
    }

    /// `shadeTwoCircle` for any gradient, row, spread and drawing options.
    static func shadeTwoCircleGeneral(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                                      _ r0: Double, _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let table = L.baseAddress!
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr
        let extB = sh.extendBefore || sh.spread != .pad, extA = sh.extendAfter || sh.spread != .pad
        let zero = SIMD4<Double>(repeating: 0), oneV = SIMD4<Double>(repeating: 1), nan = SIMD4<Double>(repeating: .nan)
        let linear = abs(a) < 1e-12
        let rr = r0 * dr, r00 = r0 * r0
        let padBoth = sh.spread == .pad && extB && extA, nested = sh.radialIsNested
        @inline(__always) func allowed(_ t: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
            var ok = (r0 + t * dr) .>= zero
            if !extB { ok = ok .& (t .>= zero) }
            if !extA { ok = ok .& (t .<= oneV) }
            return ok
        }
        var x = p.0, y = p.1
        var i = 0
        while i < n {
            let px = Shader.run4(&x, step.0), py = Shader.run4(&y, step.1)
            let b = px * cd.x + py * cd.y + rr
            let c = px * px + py * py - r00
            var t: SIMD4<Double>
            if linear {
                let t1 = c / (2 * b)
                t = t1.replacing(with: nan, where: .!(allowed(t1) .& (b .!= zero)))
            } else {
                let disc = b * b - a * c
                let s = Shader.root4(disc)
                // The larger root first; the smaller one only when some lane needs it (for
                // nested circles, never): a vector division is not cheap.
                let tHi = (a > 0 ? b + s : b - s) / a
                let okHi = allowed(tHi)
                if all(okHi) {
                    t = tHi
                } else {
                    let tLo = (a > 0 ? b - s : b + s) / a
                    t = tLo.replacing(with: nan, where: .!allowed(tLo)).replacing(with: tHi, where: okHi)
                }
                // Nested circles cover the plane; a negative discriminant there is rounding.
                if !nested { t = t.replacing(with: nan, where: disc .< zero) }
            }
            let k = padBoth ? Shader.padIndex4(t) : sh.index4(t)
            store4(k, table, out + i, n &- i)
            i &+= 4
        }
    }

    /// `shadeTwoCircle` for the usual focal gradient: the start circle inside the end circle, padded
    /// both ways. Along a row of constant y (no rotation or skew) the y terms are per-row constants:
    /// every lane's y is y itself (y + 0 keeps y's bits unless y is -0), so the products are the
    /// ones the general loop forms lane by lane. Where t >= 0 (and not NaN) the general loop takes
    /// the larger root too (r0 + t * dr >= 0, as r0 >= 0 and dr > 0) and its clamp at 0.5 does
    /// nothing, so a group of four needs one mask test; a group with a lane below 0 (inside the
    /// start circle, or rounding at the focus) goes through the general loop.
    static func shadeFocalPadded(_ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                                 _ r0: Double, _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let y = p.1
        guard step.1 == 0, !(y == 0 && y.sign == .minus) else {
            shadeFocalPaddedGeneral(L, p, step, r0, cd, dr, n, out)
            return
        }
        let table = L.baseAddress!
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr, ia = 1 / a
        let qy = y * cd.y, yy = y * y, rr = r0 * dr, r00 = r0 * r0
        let scale = Double(Gradient.lutSize - 1)
        @inline(__always) func group(_ px: SIMD4<Double>, _ i: Int) {
            let b = px * cd.x + qy + rr
            let c = px * px + yy - r00
            let t = (b - Shader.root4(b * b - a * c)) * ia
            if Shader.none(.!(t .>= SIMD4<Double>(repeating: 0))) {
                storeEntries4(Shader.clampedIndex4(t * scale + 0.5, 0.5, scale + 0.5), table, out + i, n &- i)
            } else {
                shadeFocalPaddedGeneral(L, (px[0], y), step, r0, cd, dr, min(4, n &- i), out + i)
            }
        }
        // A focal point (start radius 0): Float lanes where they decide the index (RadialFloatSpans).
        guard r0 == 0, let f = focalFloat(y: y, cd: cd, a: a, reach: reach(p.0, step.0, n)) else {
            Shader.forEachGroup(p.0, step.0, n, group)
            return
        }
        Shader.forEachGroup(p.0, step.0, n) { px, i in
            let (k, decided) = focalFloat4(px, f)
            if decided { storeEntries4(k, table, out + i, n &- i) } else { group(px, i) }
        }
    }

    /// `shadeFocalPadded` for any row: positions stepped in both coordinates, every lane checked.
    /// Every point is on one circle of non-negative radius, the larger root (a < 0, so
    /// (b - s) / a), which is multiplied by 1 / a: a vector division per four pixels cost as much
    /// as the rest, and the product differs from the quotient by an ulp or two of t, far below a
    /// table entry. The smaller root is still taken where rounding puts the larger one's radius
    /// below zero, as in `shadeTwoCircle`.
    static func shadeFocalPaddedGeneral(_ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                                 _ r0: Double, _ cd: Point, _ dr: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let table = L.baseAddress!
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr, ia = 1 / a
        let zero = SIMD4<Double>(repeating: 0)
        let rr = r0 * dr, r00 = r0 * r0
        var x = p.0, y = p.1
        var i = 0
        while i < n {
            let px = Shader.run4(&x, step.0), py = Shader.run4(&y, step.1)
            let b = px * cd.x + py * cd.y + rr
            let c = px * px + py * py - r00
            let disc = b * b - a * c
            let s = Shader.root4(disc)
            var t = (b - s) * ia
            let ok = (r0 + t * dr) .>= zero
            if !all(ok) {
                let tLo = (b + s) * ia
                t = tLo.replacing(with: .nan, where: .!((r0 + tLo * dr) .>= zero)).replacing(with: t, where: ok)
            }
            store4(Shader.padIndex4(t), table, out + i, n &- i)
            i &+= 4
        }
    }

    /// A radial gradient between concentric circles, in closed form: the circle through a point
    /// is the one of radius |p| (the other root has a negative radius), so t = (|p| - r0) / dr,
    /// one square root a pixel. Padded both ways, the table index is one multiply-add from |p|.
    static func shadeConcentric(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                                _ r0: Double, _ dr: Double, _ extB: Bool, _ extA: Bool, _ n: Int,
                                _ out: UnsafeMutablePointer<UInt32>) {
        if sh.spread == .pad && extB && extA && step.1 == 0 && !(p.1 == 0 && p.1.sign == .minus) {
            let (m, c) = concentricPosition(r0, dr)
            shadeConcentricRow(L.baseAddress!, p, step.0, m, c, n, out)
            return
        }
        if sh.spread != .pad && step.1 == 0 && shadeConcentricSpread(sh, L, p, step.0, r0, dr, n, out) { return }
        shadeConcentricGeneral(sh, L, p, step, r0, dr, extB, extA, n, out)
    }

    /// The table position r * m + c (t * (lutSize - 1) + 0.5) of a concentric gradient at radius r.
    @inline(__always) static func concentricPosition(_ r0: Double, _ dr: Double) -> (m: Double, c: Double) {
        let k = 1 / dr, scale = Double(Gradient.lutSize - 1)
        return (k * scale, 0.5 - r0 * k * scale)
    }

    /// `shadeConcentric` for any row, spread and drawing options.
    static func shadeConcentricGeneral(_ sh: Shader, _ L: UnsafeBufferPointer<UInt32>, _ p: (Double, Double), _ step: (Double, Double),
                                       _ r0: Double, _ dr: Double, _ extB: Bool, _ extA: Bool, _ n: Int,
                                       _ out: UnsafeMutablePointer<UInt32>) {
        let table = L.baseAddress!
        let k = 1 / dr, scale = Double(Gradient.lutSize - 1)
        let padBoth = sh.spread == .pad && extB && extA
        let (m, c) = concentricPosition(r0, dr)
        let lo = SIMD4<Double>(repeating: 0.5), hi = SIMD4<Double>(repeating: scale + 0.5)
        let zero = SIMD4<Double>(repeating: 0), oneV = SIMD4<Double>(repeating: 1), nan = SIMD4<Double>(repeating: .nan)
        var x = p.0, y = p.1
        var i = 0
        while i < n {
            let px = Shader.run4(&x, step.0), py = Shader.run4(&y, step.1)
            let r = (px * px + py * py).squareRoot()
            var idx: SIMD4<Int64>
            if padBoth {
                // NaN compares false both ways and becomes the first entry.
                let u = r * m + c
                let v = u.replacing(with: lo, where: .!(u .> lo)).replacing(with: hi, where: u .> hi)
                idx = Shader.floorIndex4(v)
            } else {
                var t = (r - r0) * k
                var ok = t .== t
                if !extB { ok = ok .& (t .>= zero) }
                if !extA { ok = ok .& (t .<= oneV) }
                t = t.replacing(with: nan, where: .!ok)
                idx = sh.index4(t)
            }
            store4(idx, table, out + i, n &- i)
            i &+= 4
        }
    }

    /// `shadeConcentric` padded both ways along a row of constant y: y * y is the same in every lane
    /// (see `shadeFocalPadded`), and the table position is r * m + c. Float lanes where they decide
    /// the index (Shader+RadialFloatSpans), else the Double form.
    static func shadeConcentricRow(_ table: UnsafePointer<UInt32>, _ p: (Double, Double), _ step: Double, _ m: Double, _ c: Double,
                                   _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        mirrored(p, step, n, out) { q, k, o in shadeConcentricLanes(table, q, step, m, c, k, o) }
    }

    /// Shades a concentric row through `lanes` (a row start, a count, the output), once for
    /// each side of the centre when the row is mirrored about it (`mirrorIndex`), else once.
    @inline(__always) static func mirrored(_ p: (Double, Double), _ step: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>,
                                           _ lanes: ((Double, Double), Int, UnsafeMutablePointer<UInt32>) -> Void) {
        if let s = mirrorIndex(p.0, step, n) {
            // Pixels i and s - i are the same distance from the centre: the left part of the
            // mirrored stretch is the right part reversed. (The part left of the stretch, if any,
            // and the right part are shaded from exact starting positions, so on the same bits.)
            let a = min(max((s &+ 1) / 2, 0), n), b = min(max(s &- n &+ 1, 0), a)
            if b > 0 { lanes(p, b, out) }
            lanes((p.0 + Double(a) * step, p.1), n &- a, out + a)
            reverseCopy(out, from: s, b, a)
            return
        }
        lanes(p, n, out)
    }

    /// out[i] = out[s - i] for i in lo..<hi, where every s - i is at least hi (already written).
    @inline(__always) static func reverseCopy(_ out: UnsafeMutablePointer<UInt32>, from s: Int, _ lo: Int, _ hi: Int) {
        let raw = UnsafeMutableRawPointer(out)
        var i = lo
        while i &+ 4 <= hi {
            let v = raw.loadUnaligned(fromByteOffset: (s &- i &- 3) &<< 2, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: SIMD4(v[3], v[2], v[1], v[0]), toByteOffset: i &<< 2, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < hi { out[i] = out[s &- i]; i &+= 1 }
    }

    /// The index s where pixel s - i of a row mirrors pixel i about the centre (position
    /// x + (s - i) * step is exactly -(x + i * step)), when the row's positions are exact
    /// (`exactSteps4`) and the centre falls on a pixel centre or between two; nil otherwise or
    /// when no pixel of the row has its mirror in it.
    static func mirrorIndex(_ x: Double, _ step: Double, _ n: Int) -> Int? {
        guard n >= 16, step != 0, exactSteps4(x, step, n) != nil else { return nil }
        let q = (-2 * x / step).rounded()
        guard abs(q) < Double(1 << 40), 2 * x + q * step == 0 else { return nil }
        let s = Int(q)
        return s > 0 && s < 2 &* n &- 2 ? s : nil
    }

    /// `shadeConcentricRow` without the mirror (kept out of line: inlined into `shade`, its
    /// loop ran more instructions).
    @inline(never)
    static func shadeConcentricLanes(_ table: UnsafePointer<UInt32>, _ p: (Double, Double), _ step: Double, _ m: Double,
                                     _ c: Double, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let yy = p.1 * p.1, hi = Double(Gradient.lutSize) - 0.5
        @inline(__always) func group(_ px: SIMD4<Double>, _ i: Int) {
            storeEntries4(Shader.clampedIndex4(Shader.root4(px * px + yy) * m + c, 0.5, hi), table, out + i, n &- i)
        }
        guard let f = concentricFloat(y: p.1, m: m, c: c, reach: reach(p.0, step, n)) else {
            Shader.forEachGroup(p.0, step, n, group)
            return
        }
        Shader.forEachGroup(p.0, step, n) { px, i in
            let (k, decided) = concentricFloat4(px, f)
            if decided { storeEntries4(k, table, out + i, n &- i) } else { group(px, i) }
        }
    }
}
