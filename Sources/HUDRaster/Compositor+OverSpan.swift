// Compositor+OverSpan: source-over of a shaded span at full coverage and full global alpha.
//
// Design note: a translucent gradient painted across a box (a full-screen glow or scrim) reaches
// `blendSpan` with every coverage byte 255, and there the per-group tests (coverage word, all-zero
// and all-opaque source as vector compares reduced lane by lane) cost more than the blend itself.
// This is `blendSpan`'s full-coverage branch without the coverage: the source's four pixels are
// tested as two 64-bit words (transparent: skipped; opaque: stored) and otherwise blended with the
// same lane arithmetic, so the bytes are `blendSpan`'s at coverage 255 and alpha 255
// (`CompositorOverSpanTests` compares them).

extension Compositor {
    /// Source-over of `n` premultiplied source pixels onto `d` at full coverage and alpha: the
    /// bytes of `blendSpan(d, n, src, cov, 255, .normal)` with every `cov` byte 255.
    static func overSpan(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ src: UnsafePointer<UInt32>) {
        let draw = UnsafeMutableRawPointer(d), sraw = UnsafeRawPointer(src)
        let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
        let full = SIMD8<UInt16>(repeating: 255)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var i = 0
        while i &+ 4 <= n {
            let off = i &<< 2
            let w0 = sraw.loadUnaligned(fromByteOffset: off, as: UInt64.self)
            let w1 = sraw.loadUnaligned(fromByteOffset: off &+ 8, as: UInt64.self)
            i &+= 4
            if w0 | w1 == 0 { continue }
            if w0 & w1 & alphas == alphas {
                draw.storeBytes(of: w0, toByteOffset: off, as: UInt64.self)
                draw.storeBytes(of: w1, toByteOffset: off &+ 8, as: UInt64.self)
                continue
            }
            let px = sraw.loadUnaligned(fromByteOffset: off, as: SIMD4<UInt32>.self)
            let sv = unsafeBitCast(px, to: SIMD8<UInt16>.self)
            let a32 = px &>> 24
            let inv = full &- unsafeBitCast(a32 | (a32 &<< 16), to: SIMD8<UInt16>.self)
            let v = draw.loadUnaligned(fromByteOffset: off, as: SIMD8<UInt16>.self)
            let rb = div255s((v & lo) &* inv &+ half)
            let ag = div255s((v &>> 8) &* inv &+ half) &<< 8
            draw.storeBytes(of: (rb | ag) &+ sv, toByteOffset: off, as: SIMD8<UInt16>.self)
        }
        while i < n {
            let s = src[i], sa = s >> 24
            if sa == 255 { d[i] = s } else if sa != 0 { d[i] = over(s, d[i]) }
            i &+= 1
        }
    }
}
