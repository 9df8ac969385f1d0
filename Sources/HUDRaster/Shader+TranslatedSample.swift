// Shader+TranslatedSample: bilinear image sampling when the image is only moved, not rotated or scaled.
//
// Design note: a layer composited at a fractional position (a HUD settling after its entry, a box
// centred on a half point) is filtered with the same two fractions at every pixel of a row, and the
// texels a row reads are neighbours in memory. `sampleBilinear` then spends most of its time on
// per-pixel addressing and clamping that cannot change along the row. This path takes the row's
// fractions once, filters the columns that need no clamping four at a time in vector lanes, and
// leaves the edge columns to the general per-pixel formula. The arithmetic of every lane is the
// general path's (the same integer lerps in the same order; a zero fraction returns its first
// input exactly, so those lerps are skipped), so the pixels are the same.

extension Shader {
    /// Writes `n` pixels of a row sampled from `img` (`w` x `h` texels at `p`) starting at
    /// fixed-point texel position `iu`, `iv` (1/256 texel units, half a texel already taken off),
    /// stepping one texel per pixel along x: what `sampleBilinear` computes for a translation.
    static func sampleTranslatedRow(_ p: UnsafeRawPointer, w: Int, h: Int, iu: Int, iv: Int, n: Int,
                                    out: UnsafeMutablePointer<UInt32>) {
        let x0 = iu >> 8, y0 = iv >> 8
        let fx = UInt32(truncatingIfNeeded: iu & 255), fy = UInt32(truncatingIfNeeded: iv & 255)
        let ya = min(max(y0, 0), h - 1), yb = min(max(y0 + 1, 0), h - 1)
        let top = p + ya * w * 4, bottom = p + yb * w * 4
        @inline(__always) func clamped(_ i: Int) -> UInt32 { bilinearClamped(p, w: w, h: h, iu: iu + i * 256, iv: iv) }
        // Columns whose two texels are both inside the image.
        let start = min(n, max(0, -x0)), end = max(start, min(n, w - 1 - x0))
        for i in 0..<start { out[i] = clamped(i) }
        var i = start
        @inline(__always) func row4(_ row: UnsafeRawPointer, _ x: Int) -> SIMD4<UInt32> {
            let a = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
            if fx == 0 { return a }
            return lerpPacked(a, row.loadUnaligned(fromByteOffset: (x + 1) * 4, as: SIMD4<UInt32>.self), SIMD4(repeating: fx))
        }
        let o = UnsafeMutableRawPointer(out)
        while i + 4 <= end {
            let x = x0 + i
            var v = row4(top, x)
            if fy != 0 { v = lerpPacked(v, row4(bottom, x), SIMD4(repeating: fy)) }
            o.storeBytes(of: v, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < n { out[i] = clamped(i); i += 1 }
    }
}
