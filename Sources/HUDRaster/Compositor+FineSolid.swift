// Compositor.FineSolid: source-over of a translucent solid colour at full coverage, to 1/256 of a level.
//
// Design note: premultiplied RGBA8 rounds a colour's alpha to a multiple of 1/255. A 30 % black
// overlay becomes 77/255, and every pixel under it comes out up to half a level darker than the
// colour asks for; in a frame that is mostly overlay that bias is most of the error. Where a fill
// covers a pixel fully (most of its area) the colour is therefore blended at its own precision: its
// premultiplied channels S in 8.8 fixed point and its alpha A in 0.16, out = (S + 256 d - floor(d A
// / 256) + 127) >> 8: the floor leaves the sum up to 1/256 of a level above the exact blend, and
// 127, not 128, rounds what is then an exact half down, so that ties do not all go up.
// d A / 256 is split as d Ah + (d Al >> 8) (A = 256 Ah + Al), so the vector form needs only 16-bit
// lane multiplies (SSE2 has no 32-bit one; the multiply-high form, written with widened lanes, made
// the compiler outline a lane conversion that `Compositor.overRows` shares). Partial coverage keeps
// the RGBA8 arithmetic, whose error is below the coverage's own. Colours whose premultiplied RGBA8
// form is exact (opaque ones, or black or white at an alpha of k/255) keep the RGBA8 path
// everywhere: it is exactly rounded for them already.

extension Compositor {
    /// A translucent solid colour for full-coverage source-over at 8.8 fixed-point precision.
    struct FineSolid {
        /// The RGBA8 form: what partial coverage blends.
        let s: UInt32
        /// S + 127 for the low byte of each 16-bit lane (r, b) and for the high byte (g, a), in
        /// the lane layout of `overRun` (r|g<<8, b|a<<8 per pixel).
        let sLo: SIMD8<UInt16>, sHi: SIMD8<UInt16>
        /// The alpha's high and low bytes in 0.16 fixed point.
        let ah: SIMD8<UInt16>, al: SIMD8<UInt16>

        /// The fine form of `color` at global `alpha`, whose RGBA8 form is `s` (premultiplied,
        /// with the global alpha applied); nil where RGBA8 is exact or the colour is opaque or
        /// invisible in RGBA8, whose paths then stand.
        init?(_ color: Color, alpha: Double, s: UInt32) {
            let sa = s >> 24
            guard sa != 255, sa != 0, alpha.isFinite else { return nil }
            let k = color.clamped, a = k.alpha * min(max(alpha, 0), 1)
            let premul = SIMD4<Double>(k.red, k.green, k.blue, 1) * (a * 255)
            let e = premul - premul.rounded(.toNearestOrAwayFromZero)
            if e.max() < 1e-9 && e.min() > -1e-9 { return nil }
            let fixed = (premul * 256).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 65280))
            let f = SIMD4<UInt16>(truncatingIfNeeded: SIMD4<Int>(fixed, rounding: .toNearestOrAwayFromZero)) &+ 127
            let a16 = UInt16(min((a * 65536).rounded(), 65535))
            self.s = s
            sLo = SIMD8(f[0], f[2], f[0], f[2], f[0], f[2], f[0], f[2])
            sHi = SIMD8(f[1], f[3], f[1], f[3], f[1], f[3], f[1], f[3])
            ah = SIMD8(repeating: a16 >> 8)
            al = SIMD8(repeating: a16 & 255)
        }

        /// A placeholder where a colour has no fine form (`SolidOver` holds one unwrapped).
        init(unused s: UInt32) {
            self.s = s
            sLo = .zero; sHi = .zero; ah = .zero; al = .zero
        }

        /// Four pixels (eight 16-bit lanes) blended.
        @inline(__always) func blend4(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let dl = v & SIMD8(repeating: 0x00FF), dh = v &>> 8
            let ml = dl &* ah &+ ((dl &* al) &>> 8)
            let mh = dh &* ah &+ ((dh &* al) &>> 8)
            let lo = (sLo &+ (dl &<< 8) &- ml) &>> 8
            let hi = (sHi &+ (v & SIMD8(repeating: 0xFF00)) &- mh) & SIMD8(repeating: 0xFF00)
            return lo | hi
        }

        /// One pixel blended, channel by channel.
        @inline(__always) func blend1(_ d: UInt32) -> UInt32 {
            let h = UInt32(ah[0]), l = UInt32(al[0])
            @inline(__always) func ch(_ x: UInt32, _ s: UInt16) -> UInt32 {
                (UInt32(s) &+ (x &<< 8) &- (x &* h &+ ((x &* l) &>> 8))) &>> 8
            }
            return ch(d & 255, sLo[0]) | ch((d >> 8) & 255, sHi[0]) << 8
                | ch((d >> 16) & 255, sLo[1]) << 16 | ch(d >> 24, sHi[1]) << 24
        }

        /// `n` pixels of each of `rows` rows, `stride` pixels apart, at full coverage.
        @inline(never) func rows(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ rows: Int, _ stride: Int) {
            var row = d
            for _ in 0..<rows {
                let raw = UnsafeMutableRawPointer(row)
                var k = 0
                while k &+ 4 <= n {
                    let v = raw.loadUnaligned(fromByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
                    raw.storeBytes(of: blend4(v), toByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
                    k &+= 4
                }
                while k < n { row[k] = blend1(row[k]); k &+= 1 }
                row += stride
            }
        }

        /// A few pixels (the sides of a stroke), one at a time, without the vector loop.
        @inline(__always) func few(_ d: UnsafeMutablePointer<UInt32>, _ n: Int) {
            for k in 0..<n { d[k] = blend1(d[k]) }
        }

        /// `n` pixels at full coverage: short runs here, long ones out of line.
        @inline(__always) func run(_ d: UnsafeMutablePointer<UInt32>, _ n: Int) {
            if n >= 8 { rows(d, n, 1, 0) } else { few(d, n) }
        }
    }
}
