// Compositor.SoftSolid: source-over of a solid colour through soft coverage, eight pixels a step.
//
// Design note: a blurred shadow or glow is a mask of mostly partial coverage, composited with
// `blendSolid` row by row. Per pixel the colour scaled by its coverage, scale(s, c), is rounded
// channel by channel, so it can be computed in any lane layout: here each channel of eight pixels
// is one multiply of the eight coverages (widened once) by that channel in every lane, instead of
// two multiplies per four pixels with each coverage copied into its pixel's two lanes. Black, the
// usual shadow, skips its colour channels. The channels are then interleaved (unpacks) into
// `overRun`'s lane layout (r|g<<8, b|a<<8 per pixel) and blended as there. A transparent
// destination (a layer's untouched pixels) takes the scaled colour as is: over(x, 0) is x. The
// bytes are `SolidOver.partial4`'s, which groups holding a fully covered pixel of a `FineSolid`
// colour keep using. The interleaves are byte shuffles of the vectors' bytes: written as lane
// shuffles, the compiler scalarised the lanes' arithmetic and rebuilt the vectors lane by lane.

extension Compositor {
    /// A premultiplied colour set up for soft coverage (see the note).
    struct SoftSolid {
        /// Each of the colour's channels in every lane.
        let r: SIMD8<UInt16>, g: SIMD8<UInt16>, b: SIMD8<UInt16>, sa: SIMD8<UInt16>
        /// No colour channel (r = g = b = 0): only the alpha is scaled.
        let black: Bool

        @inline(__always) init(_ s: UInt32) {
            r = SIMD8(repeating: UInt16(truncatingIfNeeded: s & 255))
            g = SIMD8(repeating: UInt16(truncatingIfNeeded: (s >> 8) & 255))
            b = SIMD8(repeating: UInt16(truncatingIfNeeded: (s >> 16) & 255))
            sa = SIMD8(repeating: UInt16(truncatingIfNeeded: s >> 24))
            black = s & 0x00FF_FFFF == 0
        }

        /// Eight pixels at `p` at the eight coverage bytes at `cov`: each channel of the
        /// eight scaled at once, then interleaved into two groups of four.
        @inline(__always) func partial8(_ p: UnsafeMutableRawPointer, _ cov: UnsafeRawPointer) {
            let c = Compositor.widen8(cov), half = SIMD8<UInt16>(repeating: 128)
            let a8 = Compositor.div255s(c &* sa &+ half)
            var rg = SIMD8<UInt16>.zero, ba = a8 &<< 8
            if !black {
                rg = Compositor.div255s(c &* r &+ half) | (Compositor.div255s(c &* g &+ half) &<< 8)
                ba |= Compositor.div255s(c &* b &+ half)
            }
            SoftSolid.over4(p, Compositor.zipLow(rg, ba), Compositor.zipLow(a8, a8))
            SoftSolid.over4(p + 16, Compositor.zipHigh(rg, ba), Compositor.zipHigh(a8, a8))
        }

        /// Four pixels at `p`: source-over of `src` (lane layout of `overRun`) whose alpha is in
        /// both lanes of each pixel in `srcA`.
        @inline(__always) static func over4(_ p: UnsafeMutableRawPointer, _ src: SIMD8<UInt16>, _ srcA: SIMD8<UInt16>) {
            let v = p.loadUnaligned(as: SIMD8<UInt16>.self)
            // Tested as the vector's two halves: two scalar loads for the test made the compiler
            // build the vector from them lane by lane.
            let w = unsafeBitCast(v, to: SIMD2<UInt64>.self)
            if w[0] | w[1] == 0 {
                p.storeBytes(of: src, as: SIMD8<UInt16>.self)
                return
            }
            let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
            let inv = SIMD8<UInt16>(repeating: 255) &- srcA
            let drb = Compositor.div255s((v & lo) &* inv &+ half)
            let dag = Compositor.div255s((v &>> 8) &* inv &+ half) &<< 8
            p.storeBytes(of: (drb | dag) &+ src, as: SIMD8<UInt16>.self)
        }
    }

    /// The eight coverage bytes at `cov` as eight 16-bit lanes (one unpack against zero). Loaded
    /// as a vector: moved from a scalar register, its first byte went through another one.
    @inline(__always) static func widen8(_ cov: UnsafeRawPointer) -> SIMD8<UInt16> {
        let b = SIMD16<UInt8>(lowHalf: cov.loadUnaligned(as: SIMD8<UInt8>.self), highHalf: .zero)
        let d = SIMD16<UInt8>(b[0], 0, b[1], 0, b[2], 0, b[3], 0, b[4], 0, b[5], 0, b[6], 0, b[7], 0)
        return unsafeBitCast(d, to: SIMD8<UInt16>.self)
    }

    /// Lanes 0...3 of `x` and `y` alternated, x0, y0, x1, y1, ... (one unpack; see the note).
    @inline(__always) static func zipLow(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let a = unsafeBitCast(x, to: SIMD16<UInt8>.self), b = unsafeBitCast(y, to: SIMD16<UInt8>.self)
        return unsafeBitCast(SIMD16<UInt8>(a[0], a[1], b[0], b[1], a[2], a[3], b[2], b[3],
                                           a[4], a[5], b[4], b[5], a[6], a[7], b[6], b[7]), to: SIMD8<UInt16>.self)
    }

    /// Lanes 4...7 of `x` and `y` alternated, x4, y4, x5, y5, ... (see `zipLow`).
    @inline(__always) static func zipHigh(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let a = unsafeBitCast(x, to: SIMD16<UInt8>.self), b = unsafeBitCast(y, to: SIMD16<UInt8>.self)
        return unsafeBitCast(SIMD16<UInt8>(a[8], a[9], b[8], b[9], a[10], a[11], b[10], b[11],
                                           a[12], a[13], b[12], b[13], a[14], a[15], b[14], b[15]), to: SIMD8<UInt16>.self)
    }

    /// Whether any of the eight bytes of `c8` is 255.
    @inline(__always) static func hasFullByte(_ c8: UInt64) -> Bool {
        let x = ~c8
        return (x &- 0x0101_0101_0101_0101) & c8 & 0x8080_8080_8080_8080 != 0
    }
}

extension Compositor {
    /// `blendSolid` under normal blending: source-over of `o` through the coverage bytes `cov`,
    /// eight pixels a step (empty, fully covered or soft), the last few four or one at a time.
    @inline(never) static func overSolid(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ cov: UnsafePointer<UInt8>,
                                         _ o: SolidOver) {
        let soft = SoftSolid(o.s)
        let craw = UnsafeRawPointer(cov), draw = UnsafeMutableRawPointer(d)
        var i = 0
        while i &+ 8 <= n {
            let c8 = craw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if c8 == 0 { i &+= 8; continue }
            if c8 == ~0 {
                // A long run goes to the run blender; eight pixels (the inside of a small shape)
                // are blended here, without the run set-up.
                if i &+ 32 <= n && craw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                    & craw.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
                    & craw.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self) == ~0 {
                    let j = runEnd(cov, i &+ 32, n)
                    if o.hasFine { o.fine.run(d + i, j &- i) } else { overLongRun(d + i, j &- i, o.s) }
                    i = j
                    continue
                }
                o.full4(draw + (i &<< 2))
                o.full4(draw + (i &<< 2) + 16)
                i &+= 8
                continue
            }
            if o.hasFine && hasFullByte(c8) {
                // Fully covered pixels of a fine colour: `SolidOver`'s groups of four.
                o.group4(draw + (i &<< 2), UInt32(truncatingIfNeeded: c8))
                o.group4(draw + (i &<< 2) + 16, UInt32(truncatingIfNeeded: c8 >> 32))
            } else {
                soft.partial8(draw + (i &<< 2), craw + i)
            }
            i &+= 8
        }
        if i &+ 4 <= n {
            o.group4(draw + (i &<< 2), craw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            i &+= 4
        }
        while i < n { o.one(d + i, UInt32(cov[i])); i &+= 1 }
    }
}

extension Compositor.SolidOver {
    /// Four pixels at `p` at the coverage bytes of `c4`, whatever they are.
    @inline(__always) func group4(_ p: UnsafeMutableRawPointer, _ c4: UInt32) {
        if c4 == 0 { return }
        if c4 == ~0 { full4(p) } else { partial4(p, c4) }
    }
}
