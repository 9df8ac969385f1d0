// PNGChunks+AdaptiveRow: the five PNG filters of one row and their minimum-sum costs, 16 bytes a step.
//
// Design note: the adaptive heuristic needs every filter of every byte, which is most of the time
// of filtering a frame when done a byte at a time. Sixteen bytes are filtered together in SIMD
// lanes (Paeth's predictor in 16-bit lanes, where its distances cannot overflow); the costs are
// summed in 16-bit lanes, emptied into the totals before they can overflow. The bytes past the
// last whole step are done one at a time with the same arithmetic.

extension PNGChunks {
    /// Writes the five filterings of the row at `cur` (`stride` bytes, with `bpp` readable bytes
    /// before it; `prev` likewise, the row above) to `cand` (5 x `stride`), and returns each one's
    /// cost: the sum of its bytes read as signed magnitudes.
    static func filterAdaptiveRow(_ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, stride: Int, bpp: Int,
                                  into cand: UnsafeMutablePointer<UInt8>) -> [Int] {
        typealias Bytes = SIMD16<UInt8>
        typealias Wide = SIMD16<Int16>
        var sums = [0, 0, 0, 0, 0]
        var acc = (SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>())
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> Bytes { UnsafeRawPointer(p).loadUnaligned(as: Bytes.self) }
        @inline(__always) func store(_ v: Bytes, _ f: Int, _ i: Int) { UnsafeMutableRawPointer(cand + f * stride + i).storeBytes(of: v, as: Bytes.self) }
        @inline(__always) func cost(_ v: Bytes) -> SIMD16<UInt16> { SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(v, 0 &- v)) }
        @inline(__always) func total(_ a: SIMD16<UInt16>) -> Int { Int(SIMD16<UInt32>(truncatingIfNeeded: a).wrappedSum()) }
        func empty() {
            sums[0] += total(acc.0); sums[1] += total(acc.1); sums[2] += total(acc.2); sums[3] += total(acc.3); sums[4] += total(acc.4)
            acc = (SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>())
        }
        var i = 0, steps = 0
        while i + 16 <= stride {
            let x = load(cur + i), a = load(cur + i - bpp), b = load(prev + i), c = load(prev + i - bpp)
            let v1 = x &- a, v2 = x &- b, v3 = x &- ((a & b) &+ ((a ^ b) &>> 1))
            let a16 = Wide(truncatingIfNeeded: a), b16 = Wide(truncatingIfNeeded: b), c16 = Wide(truncatingIfNeeded: c)
            let da = b16 &- c16, db = a16 &- c16, dc = da &+ db
            let pa = pointwiseMax(da, 0 &- da), pb = pointwiseMax(db, 0 &- db), pc = pointwiseMax(dc, 0 &- dc)
            var predictor = c16
            predictor.replace(with: b16, where: pb .<= pc)
            predictor.replace(with: a16, where: (pa .<= pb) .& (pa .<= pc))
            let v4 = x &- Bytes(truncatingIfNeeded: predictor)
            store(x, 0, i); store(v1, 1, i); store(v2, 2, i); store(v3, 3, i); store(v4, 4, i)
            acc.0 &+= cost(x); acc.1 &+= cost(v1); acc.2 &+= cost(v2); acc.3 &+= cost(v3); acc.4 &+= cost(v4)
            steps += 1
            if steps == 256 { empty(); steps = 0 } // 256 x 128 still fits 16 bits
            i += 16
        }
        empty()
        @inline(__always) func cost1(_ v: UInt8) -> Int { Int(min(v, 0 &- v)) }
        while i < stride {
            let x = cur[i], a = cur[i - bpp], b = prev[i], c = prev[i - bpp]
            let p = Int(a) &+ Int(b) &- Int(c)
            let pa = abs(p &- Int(a)), pb = abs(p &- Int(b)), pc = abs(p &- Int(c))
            let v1 = x &- a, v2 = x &- b, v3 = x &- ((a & b) &+ ((a ^ b) >> 1))
            let v4 = x &- ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c))
            cand[i] = x; cand[stride + i] = v1; cand[2 * stride + i] = v2; cand[3 * stride + i] = v3; cand[4 * stride + i] = v4
            sums[0] += cost1(x); sums[1] += cost1(v1); sums[2] += cost1(v2); sums[3] += cost1(v3); sums[4] += cost1(v4)
            i += 1
        }
        return sums
    }
}
