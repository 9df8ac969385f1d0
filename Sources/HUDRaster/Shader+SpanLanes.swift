// Shader+SpanLanes: the lane helpers of the gradient loops (positions, roots, masks, indices).
//
// Design note: the radial loops must give the bits of the one-pixel loops they replaced, so every
// helper here computes the same IEEE operations as the plain form, only arranged for the vector
// unit: positions stepped four at a time only where the running sum is exact, square roots whose
// argument the compiler can see is not negative (else it keeps the C library's call, which may set
// errno), selects and mask tests written as bit operations because `replacing(with:where:)` and
// `all` compile to lane-by-lane code with SSE2.

extension Shader {
    /// Calls `body` with the positions of each group of four pixels of a row and the group's first
    /// pixel, the positions being `x`, `x + step`, ... summed one after another. When every such
    /// sum is exact (`exactSteps4`) the lanes step by `4 * step` instead, which lands on the same
    /// bits without the chain of dependent additions.
    @inline(__always) static func forEachGroup(_ x: Double, _ step: Double, _ n: Int, _ body: (SIMD4<Double>, Int) -> Void) {
        var i = 0
        if let first = exactSteps4(x, step, n) {
            var px = first
            let step4 = SIMD4<Double>(repeating: 4 * step)
            while i < n {
                body(px, i)
                px += step4
                i &+= 4
            }
        } else {
            var v = x
            while i < n {
                body(Shader.run4(&v, step), i)
                i &+= 4
            }
        }
    }

    /// `x, x + step, x + 2 * step, x + 3 * step` when every running sum `x + step + step + ...` of
    /// up to `n + 4` steps is exact, else nil: when x and step are multiples of 2^e (the lower of
    /// their last set bits) and the sums stay below 2^(52+e), every sum is a multiple of 2^e that
    /// a Double holds, so adding `4 * step` to a lane gives the bits of the running sum. Pixel
    /// centres under an integer translation (or a power-of-two scale) qualify; a scale of 1/3 not.
    static func exactSteps4(_ x: Double, _ step: Double, _ n: Int) -> SIMD4<Double>? {
        guard x.isFinite, step.isFinite, n >= 0 else { return nil }
        let e = min(lowestBitExponent(x), lowestBitExponent(step))
        let reach = abs(x) + Double(n &+ 4) * abs(step)
        guard reach < Double(sign: .plus, exponent: min(52 + e, 1023), significand: 1) else { return nil }
        return SIMD4(x, x + step, x + 2 * step, x + 3 * step)
    }

    /// The largest |x + i * step| over a row of `n` pixels (and a group's spare lanes).
    static func reach(_ x: Double, _ step: Double, _ n: Int) -> Double {
        max(abs(x), abs(x + Double(n &+ 4) * step))
    }

    /// The exponent of the last set bit of finite `d` (d is a multiple of 2 to that power); 2048 for 0.
    static func lowestBitExponent(_ d: Double) -> Int {
        guard d != 0 else { return 2048 }
        let significand = d.significandBitPattern | (d.isNormal ? 1 << 52 : 0)
        return (d.isNormal ? Int(d.exponent) : -1022) - 52 + significand.trailingZeroBitCount
    }

    /// The square root per lane of `d` with negative lanes taken as 0 (a discriminant a rounding
    /// below zero); NaN stays NaN. Written lane by lane on `max(d, 0)` because Double's square root
    /// is the C library's, which may set errno for a negative argument: the compiler keeps one
    /// scalar call per lane unless it sees that the argument cannot be negative, and then emits the
    /// vector instruction. max turns a -0 lane into +0, which only drops the sign of a zero root.
    @inline(__always) static func root4(_ d: SIMD4<Double>) -> SIMD4<Double> {
        var r = SIMD4<Double>()
        for j in 0..<4 { r[j] = max(d[j], 0).squareRoot() }
        return r
    }

    /// Whether no lane of `m` is set: one mask move, where `all` / `any` reduce lane by lane.
    @inline(__always) static func none<S: SIMD>(_ m: SIMDMask<S>) -> Bool where S.Scalar: FixedWidthInteger {
        let bits = unsafeBitCast(m, to: S.self)
        var any: S.Scalar = 0
        for j in bits.indices { any |= bits[j] }
        return any == 0
    }

    /// `a` where `m` is set, else `b`, as bitwise operations on the mask: `replacing(with:where:)`
    /// with a constant compiled to shifts that re-extend the mask's sign, this to a plain select
    /// (a min instruction for a clamp).
    @inline(__always) static func select<V: SIMD, M: SIMD>(_ m: SIMDMask<M>, _ a: V, _ b: V) -> V where M.Scalar: FixedWidthInteger {
        let k = unsafeBitCast(m, to: M.self)
        let x = unsafeBitCast(a, to: M.self), y = unsafeBitCast(b, to: M.self)
        return unsafeBitCast((x & k) | (y & ~k), to: V.self)
    }

    /// floor(u) per lane with u first clamped to lo...hi (0 <= lo < hi < lutSize; NaN becomes lo),
    /// as table indices.
    @inline(__always) static func clampedIndex4(_ u: SIMD4<Double>, _ lo: Double, _ hi: Double) -> SIMD4<Int64> {
        let loV = SIMD4<Double>(repeating: lo), hiV = SIMD4<Double>(repeating: hi)
        let w = select(u .> loV, u, loV)
        let v = select(w .<= hiV, w, hiV)
        let magic = SIMD4<Double>(repeating: 6_755_399_441_055_744.0)
        let m = v + magic
        // The rounded integer is in the low bits of m (magic's low 51 bits are zero).
        let k = unsafeBitCast(m, to: SIMD4<Int64>.self)
        return k.replacing(with: k &- 1, where: (m - magic) .> v) & SIMD4<Int64>(repeating: Int64(Gradient.lutSize - 1))
    }

    /// Stores the table entries of the first `count` (at most four) indices, all within the table.
    @inline(__always) static func storeEntries4<I: FixedWidthInteger & SIMDScalar>(_ k: SIMD4<I>, _ table: UnsafePointer<UInt32>,
                                                                                 _ out: UnsafeMutablePointer<UInt32>, _ count: Int) {
        if count >= 4 {
            out[0] = table[Int(truncatingIfNeeded: k[0])]
            out[1] = table[Int(truncatingIfNeeded: k[1])]
            out[2] = table[Int(truncatingIfNeeded: k[2])]
            out[3] = table[Int(truncatingIfNeeded: k[3])]
            return
        }
        for j in 0..<count { out[j] = table[Int(truncatingIfNeeded: k[j])] }
    }
}
