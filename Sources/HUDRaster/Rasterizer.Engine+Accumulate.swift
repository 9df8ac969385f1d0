// Rasterizer.Engine+Accumulate: the running sum along a row, and coverage from it.
//
// Design note: a row's cells hold signed area; their running sum is the covered area of each
// pixel, to which the fill rule is applied (non-zero: clamp |sum|; even-odd: fold). The sweep
// reads each row once, zeroing the cells as it goes so the band is ready for the next one without
// a clear, and skips what the group bits say is untouched: empty stretches are never handed to the
// compositor, full ones go as one constant run.

extension Rasterizer.Engine {
    /// Row `r` of `band`: the running sum of its cells into `sink`, the cells and group bits
    /// cleared behind it.
    @inline(__always)
    func accumulateRow<Sink: CoverageSink>(_ r: Int, _ band: Band, _ b: BandBuffers, _ evenOdd: Bool, _ sink: inout Sink) {
        let w = region.width
        let row = b.row(r), rb = b.groupRow(r)
        let lo = b.rowMin[r], hi = b.rowMax[r]
        var sum: Int32 = 0
        let visEnd = min(hi, w - 1)
        var x = lo
        sink.beginRow(region.y0 &+ band.top &+ r, from: lo, b.coverage)
        if visEnd &- lo < Tuning.shortRow {
            // A short row is accumulated straight through: reading its group bits costs more than
            // the four-cell zero test on cells it could skip.
            if evenOdd {
                Self.accumulate(row, &sink, x, visEnd + 1, &sum, evenOdd: true)
            } else {
                Self.accumulate(row, &sink, x, visEnd + 1, &sum, evenOdd: false)
            }
            x = max(x, visEnd + 1)
        }
        while x <= visEnd {
            let g = x >> Tuning.groupShift
            let word = rb[g >> 6] >> UInt64(g & 63)
            if word & 1 == 0 {
                // A stretch of untouched groups: one constant coverage throughout.
                let groups = word == 0 ? 64 - (g & 63) : word.trailingZeroBitCount
                let stop = min((g + groups) << Tuning.groupShift, visEnd + 1)
                let a = Self.alpha(sum, evenOdd)
                // Empty (inside a stroke, an even-odd hole): the compositor never walks it.
                if a == 0 { sink.empty(x, stop - x) } else { sink.constant(x, stop - x, a) }
                x = stop
            } else {
                // The run of touched groups from g on (it ends with the word, whose shifted-in
                // bits are clear): one call for all of them, as an edge across two groups is
                // common.
                let touched = (~word).trailingZeroBitCount
                let gEnd = min((g + touched) << Tuning.groupShift, visEnd + 1)
                // The hottest loop, specialised per fill rule.
                if evenOdd {
                    Self.accumulate(row, &sink, x, gEnd, &sum, evenOdd: true)
                } else {
                    Self.accumulate(row, &sink, x, gEnd, &sum, evenOdd: false)
                }
                x = gEnd
            }
        }
        // One word for a shape of up to 64 groups: a store, not a memset call.
        rb[0] = 0
        if b.words > 1 { (rb + 1).update(repeating: 0, count: b.words - 1) }
        while x <= hi { row[x] = 0; x += 1 }   // cells right of the visible row
        var end = visEnd + 1
        if sum != 0 && end < w {
            sink.constant(end, w - end, Self.alpha(sum, evenOdd))
            end = w
        }
        sink.endRow(end)
    }

    /// `n` copies of `a` at `p`, eight bytes per store (these runs are short: a memset call
    /// costs more than the stores).
    @inline(__always) static func fillBytes(_ p: UnsafeMutablePointer<UInt8>, _ a: UInt8, _ n: Int) {
        let v = UInt64(a) &* 0x0101_0101_0101_0101
        let raw = UnsafeMutableRawPointer(p)
        var i = 0
        while i &+ 8 <= n { raw.storeBytes(of: v, toByteOffset: i, as: UInt64.self); i &+= 8 }
        while i < n { p[i] = a; i &+= 1 }
    }

    /// Running sum and coverage for cells `x0..<end` (touched groups, or a short row), zeroing
    /// the cells, into `sink`. Four cells at a time: when all four are zero (the inside of a
    /// shape) the coverage is repeated without reading or clearing anything.
    @inline(__always) static func accumulate<Sink: CoverageSink>(_ row: UnsafeMutablePointer<Int32>, _ sink: inout Sink,
                                                                 _ x0: Int, _ end: Int, _ sum: inout Int32, evenOdd: Bool) {
        @inline(__always) func cov(_ s: Int32) -> UInt8 { evenOdd ? alphaEvenOdd(s) : alphaNonZero(s) }
        var x = x0
        var s = sum
        var a = cov(s)
        let raw = UnsafeRawPointer(row)
        while x &+ 4 <= end {
            let q0 = raw.loadUnaligned(fromByteOffset: x &<< 2, as: UInt64.self)
            let q1 = raw.loadUnaligned(fromByteOffset: (x &<< 2) &+ 8, as: UInt64.self)
            if q0 | q1 == 0 {
                sink.four(x, UInt32(a) &* 0x0101_0101)
            } else {
                // The running sum of four cells as a prefix sum in one vector (two shifted
                // adds), and their four coverages at once.
                let v = raw.loadUnaligned(fromByteOffset: x &<< 2, as: SIMD4<Int32>.self)
                var p = v &+ SIMD4(0, v[0], v[1], v[2])
                p = p &+ SIMD4(0, 0, p[0], p[1]) &+ SIMD4(repeating: s)
                s = p[3]
                let c = evenOdd ? alphaEvenOdd4(p) : alphaNonZero4(p)
                a = UInt8(truncatingIfNeeded: c >> 24)
                UnsafeMutableRawPointer(row).storeBytes(of: 0 as UInt64, toByteOffset: x &<< 2, as: UInt64.self)
                UnsafeMutableRawPointer(row).storeBytes(of: 0 as UInt64, toByteOffset: (x &<< 2) &+ 8, as: UInt64.self)
                sink.four(x, c)
            }
            x &+= 4
        }
        while x < end {
            s &+= row[x]; row[x] = 0
            sink.one(x, cov(s))
            x &+= 1
        }
        sum = s
    }

    /// `alpha(sum, false)` without branches (the clamp is a min; 131072 maps to 255 exactly).
    @inline(__always) static func alphaNonZero(_ sum: Int32) -> UInt8 {
        let m = sum >> 31
        let v = min((sum ^ m) &- m, 131072)
        return UInt8(truncatingIfNeeded: (v &* 255 &+ 65536) >> 17)
    }

    /// `alphaNonZero` of four sums, as four bytes (the first in the lowest).
    @inline(__always) static func alphaNonZero4(_ sum: SIMD4<Int32>) -> UInt32 {
        let m = sum &>> 31
        var v = (sum ^ m) &- m
        v.replace(with: 131072, where: v .> 131072)
        return pack4(((v &<< 8) &- v &+ 65536) &>> 17)
    }

    /// `alphaEvenOdd` of four sums, as four bytes.
    @inline(__always) static func alphaEvenOdd4(_ sum: SIMD4<Int32>) -> UInt32 {
        let m = sum &>> 31
        let v = ((sum ^ m) &- m) & 0x3FFFF
        var f = 262144 &- v
        f.replace(with: v, where: v .< f)
        return pack4(((f &<< 8) &- f &+ 65536) &>> 17)
    }

    /// Four lanes of 0...255 as four bytes.
    @inline(__always) static func pack4(_ v: SIMD4<Int32>) -> UInt32 {
        let b = SIMD4<UInt8>(truncatingIfNeeded: v)
        return unsafeBitCast(b, to: UInt32.self)
    }

    /// `alpha(sum, true)` without branches.
    @inline(__always) static func alphaEvenOdd(_ sum: Int32) -> UInt8 {
        let m = sum >> 31
        let v = ((sum ^ m) &- m) & 0x3FFFF
        let f = min(v, 262144 &- v)
        return UInt8(truncatingIfNeeded: (f &* 255 &+ 65536) >> 17)
    }

    @inline(__always) static func alpha(_ sum: Int32, _ evenOdd: Bool) -> UInt8 {
        var v = sum < 0 ? 0 &- sum : sum
        if evenOdd {
            v &= 0x3FFFF
            if v > 131072 { v = 262144 - v }
        } else if v >= 131072 { return 255 }
        return UInt8(truncatingIfNeeded: (v &* 255 &+ 65536) >> 17)
    }
}
