// Compositor: the per-pixel arithmetic of every blend mode on premultiplied RGBA8.
//
// Design note: pixels are handled as packed UInt32 (r in the low byte, little-endian memory order
// R,G,B,A) and scaled two channels at a time in 16-bit lanes (`(p & 0x00FF00FF) * f`), with an
// exactly rounded division by 255. This scalar integer form is far faster than going through
// SIMD4<Float> (docs/benchmarks.md has the measurement). Source-over, the mode nearly everything uses, has solid-colour
// and opaque-run fast paths; translucent runs of full coverage go four pixels at a time through
// SIMD8<UInt16> lanes (the same two-channels-per-lane arithmetic, no lane-width conversions, which
// are what make Swift SIMD slow), halving the cost of big translucent fills; bands of rectangle
// rows share one vector set-up, and the few-pixel sides of a stroke go two pixels per 64-bit word;
// a translucent solid colour that RGBA8 cannot hold exactly is blended at full coverage at its own
// precision (Compositor+FineSolid); the rarer modes work channel by channel. Coverage and global alpha
// arrive separately because `copy` and `clear` use coverage to interpolate, not to scale.

@usableFromInline enum Compositor {
    /// Packs a straight colour as premultiplied RGBA8.
    static func pack(_ c: Color) -> UInt32 {
        let p = c.premultipliedRGBA8
        return pack(p.r, p.g, p.b, p.a)
    }
    @inlinable @inline(__always)
    static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// x / 255 rounded to nearest, exact for x <= 255 * 255 * 2.
    @inlinable @inline(__always) static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `div255` in each 16-bit lane, for lane values up to 65535 (all that 255 * 255 + 128 needs):
    /// (t + (t >> 8)) >> 8 equals (t * 257) >> 16 there, and the widened multiply-high form
    /// compiles to `pmulhuw`, one instruction instead of three.
    @inline(__always) static func div255(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
    }

    /// `div255` in each 16-bit lane with shifts and adds. Where the multiply-high form above gets
    /// inlined into a big function its lane conversions become calls, which costs far more.
    @inline(__always) static func div255s(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
        (t &+ (t &>> 8)) &>> 8
    }

    /// Every channel of `p` times f / 255 (f in 0...255), rounded.
    @inlinable @inline(__always) static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        var rb = (p & 0x00FF00FF) &* f &+ 0x00800080
        rb = ((rb &+ ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF
        var ag = ((p >> 8) & 0x00FF00FF) &* f &+ 0x00800080
        ag = (ag &+ ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00
        return rb | ag
    }

    /// `scale` for two packed pixels at once (four 16-bit lanes per half of the word).
    @inlinable @inline(__always) static func scale2(_ p: UInt64, _ f: UInt64) -> UInt64 {
        let m: UInt64 = 0x00FF00FF00FF00FF, h: UInt64 = 0x0080008000800080
        var rb = (p & m) &* f &+ h
        rb = ((rb &+ ((rb >> 8) & m)) >> 8) & m
        var ag = ((p >> 8) & m) &* f &+ h
        ag = (ag &+ ((ag >> 8) & m)) & ~m
        return rb | ag
    }

    /// Source-over of a premultiplied source on a premultiplied destination.
    @inlinable @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    @inline(__always) static func channels(_ p: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        (p & 255, (p >> 8) & 255, (p >> 16) & 255, p >> 24)
    }
    @inline(__always) static func packClamped(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        // Keep premultiplied validity (channels <= alpha) whatever rounding did.
        let a = min(a, 255)
        return min(r, a) | min(g, a) << 8 | min(b, a) << 16 | a << 24
    }

    /// Non-separable-by-coverage modes and the rarer separable ones, one pixel at a time.
    /// `s` is the source already scaled by coverage * alpha (`f`); `c` is coverage alone.
    @inline(__always) static func combine(_ s: UInt32, _ d: UInt32, _ c: UInt32, _ mode: BlendMode, _ sRaw: UInt32, _ f: UInt32) -> UInt32 {
        switch mode {
        case .normal:
            return over(s, d)
        case .copy:
            return scale(sRaw, f) &+ scale(d, 255 &- c)
        case .clear:
            return scale(d, 255 &- c)
        case .destinationOut:
            return scale(d, 255 &- (s >> 24))
        case .multiply:
            let (sr, sg, sb, sa) = channels(s), (dr, dg, db, da) = channels(d)
            @inline(__always) func m(_ x: UInt32, _ y: UInt32) -> UInt32 {
                div255(x &* (255 &- da) &+ y &* (255 &- sa) &+ x &* y)
            }
            return packClamped(m(sr, dr), m(sg, dg), m(sb, db), sa &+ da &- div255(sa &* da))
        case .screen:
            let (sr, sg, sb, sa) = channels(s), (dr, dg, db, da) = channels(d)
            @inline(__always) func m(_ x: UInt32, _ y: UInt32) -> UInt32 { x &+ y &- div255(x &* y) }
            return packClamped(m(sr, dr), m(sg, dg), m(sb, db), m(sa, da))
        case .plusLighter:
            let (sr, sg, sb, sa) = channels(s), (dr, dg, db, da) = channels(d)
            return packClamped(min(sr &+ dr, 255), min(sg &+ dg, 255), min(sb &+ db, 255), min(sa &+ da, 255))
        }
    }

    /// The end of the run of 255s in `cov` that continues at `from` (eight bytes per step).
    @inline(__always) static func runEnd(_ cov: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
        var j = from
        let raw = UnsafeRawPointer(cov)
        while j &+ 8 <= n && raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) == ~0 { j &+= 8 }
        while j < n && cov[j] == 255 { j &+= 1 }
        return j
    }

    /// Source-over of the premultiplied colour `s` on `n` pixels at full coverage: stores when `s`
    /// is opaque, otherwise four pixels per step as eight 16-bit lanes (r|g<<8, b|a<<8 per pixel).
    @inline(__always) static func overRun(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ s: UInt32) {
        let sa = s >> 24
        if sa == 255 { d.update(repeating: s, count: n); return }
        if sa == 0 { return }
        let inv = 255 &- sa
        let raw = UnsafeMutableRawPointer(d)
        let inv16 = SIMD8<UInt16>(repeating: UInt16(inv))
        let s16 = SIMD8<UInt16>(UInt16(truncatingIfNeeded: s), UInt16(truncatingIfNeeded: s >> 16),
                                UInt16(truncatingIfNeeded: s), UInt16(truncatingIfNeeded: s >> 16),
                                UInt16(truncatingIfNeeded: s), UInt16(truncatingIfNeeded: s >> 16),
                                UInt16(truncatingIfNeeded: s), UInt16(truncatingIfNeeded: s >> 16))
        let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
        var k = 0
        while k &+ 3 < n {
            let v = raw.loadUnaligned(fromByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
            let rb = div255s((v & lo) &* inv16 &+ half)
            let ag = div255s((v &>> 8) &* inv16 &+ half) &<< 8
            raw.storeBytes(of: (rb | ag) &+ s16, toByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
            k &+= 4
        }
        while k < n { d[k] = s &+ scale(d[k], inv); k &+= 1 }
    }

    /// `overRun`, handing long runs to the out-of-line `overRows`, whose multiply-high division
    /// is cheaper per pixel than the call (and the inlined shift form) once a run is long.
    @inline(__always) static func overLongRun(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ s: UInt32) {
        if n >= 32 { overRows(d, n, 1, 0, s) } else { overRun(d, n, s) }
    }

    /// `overRun` on `rows` rows of `n` pixels, `stride` pixels apart (a band of a rectangle): the
    /// vector constants are set up once, not per row, and `div255` is the multiply-high form (kept
    /// out of line so that the compiler does match it: fewer instructions on big rectangles).
    @inline(never) static func overRows(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ rows: Int, _ stride: Int,
                                        _ s: UInt32) {
        let sa = s >> 24
        var row = d
        if sa == 255 {
            for _ in 0..<rows { row.update(repeating: s, count: n); row += stride }
            return
        }
        if sa == 0 { return }
        let inv = 255 &- sa
        let inv16 = SIMD8<UInt16>(repeating: UInt16(inv))
        let s16 = unsafeBitCast(SIMD2<UInt64>(repeating: UInt64(s) | UInt64(s) << 32), to: SIMD8<UInt16>.self)
        let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
        // The loop is unrolled to eight pixels a step: at four, the loop's own bookkeeping was a
        // fifth of its instructions.
        @inline(__always) func over4(_ raw: UnsafeMutableRawPointer, _ k: Int) {
            let v = raw.loadUnaligned(fromByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
            let rb = div255((v & lo) &* inv16 &+ half)
            let ag = div255((v &>> 8) &* inv16 &+ half) &<< 8
            raw.storeBytes(of: (rb | ag) &+ s16, toByteOffset: k &<< 2, as: SIMD8<UInt16>.self)
        }
        for _ in 0..<rows {
            let raw = UnsafeMutableRawPointer(row)
            var k = 0
            while k &+ 8 <= n { over4(raw, k); over4(raw, k &+ 4); k &+= 8 }
            if k &+ 4 <= n { over4(raw, k); k &+= 4 }
            while k < n { row[k] = s &+ scale(row[k], inv); k &+= 1 }
            row += stride
        }
    }

    /// `overFew` on `rows` rows of `n` (< 8) pixels, `stride` pixels apart (the side of a stroked
    /// rectangle), with the one- and two-pixel-wide cases, the usual ones, in their own loops.
    @inline(never) static func overColumns(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ rows: Int, _ stride: Int,
                                           _ s: UInt32) {
        var row = d
        let inv = 255 &- (s >> 24)
        if n == 1 {
            if inv == 0 { for _ in 0..<rows { row.pointee = s; row += stride }; return }
            // Two rows per step in one 64-bit word.
            let s2 = UInt64(s) | UInt64(s) << 32, f = UInt64(inv)
            var r = 0
            while r &+ 1 < rows {
                let below = row + stride
                let v = s2 &+ scale2(UInt64(row.pointee) | UInt64(below.pointee) << 32, f)
                row.pointee = UInt32(truncatingIfNeeded: v); below.pointee = UInt32(truncatingIfNeeded: v >> 32)
                row += 2 &* stride
                r &+= 2
            }
            if r < rows { row.pointee = s &+ scale(row.pointee, inv) }
        } else if n == 2 {
            let s2 = UInt64(s) | UInt64(s) << 32
            if inv == 0 {
                for _ in 0..<rows { UnsafeMutableRawPointer(row).storeBytes(of: s2, as: UInt64.self); row += stride }
                return
            }
            // Two rows per step, each row's two pixels in one 64-bit word. Both rows in one
            // vector, the previous form, was slower (StrokeRectA in `hudrender bench`): joining
            // two 64-bit loads into a register and splitting the result cost more than the blend
            // they shared.
            let f = UInt64(inv)
            var r = 0
            while r &+ 1 < rows {
                let a = UnsafeMutableRawPointer(row), b = UnsafeMutableRawPointer(row + stride)
                let va = a.loadUnaligned(as: UInt64.self), vb = b.loadUnaligned(as: UInt64.self)
                a.storeBytes(of: s2 &+ scale2(va, f), as: UInt64.self)
                b.storeBytes(of: s2 &+ scale2(vb, f), as: UInt64.self)
                row += 2 &* stride
                r &+= 2
            }
            if r < rows {
                let a = UnsafeMutableRawPointer(row)
                a.storeBytes(of: s2 &+ scale2(a.loadUnaligned(as: UInt64.self), f), as: UInt64.self)
            }
        } else {
            for _ in 0..<rows { overFew(row, n, s); row += stride }
        }
    }

    /// `over(s, d[i])` for a few pixels (the sides of a stroke): two at a time in one 64-bit word,
    /// without `overRun`'s vector set-up.
    @inline(__always) static func overFew(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ s: UInt32) {
        let inv = 255 &- (s >> 24)
        if inv == 0 { d.update(repeating: s, count: n); return }
        var i = 0
        let raw = UnsafeMutableRawPointer(d)
        let s2 = UInt64(s) | UInt64(s) << 32, f = UInt64(inv)
        while i &+ 2 <= n {
            let v = raw.loadUnaligned(fromByteOffset: i &<< 2, as: UInt64.self)
            raw.storeBytes(of: s2 &+ scale2(v, f), toByteOffset: i &<< 2, as: UInt64.self)
            i &+= 2
        }
        if i < n { d[i] = s &+ scale(d[i], inv) }
    }

    /// Whether any of the four bytes of `c4` is 255 (a zero byte of its complement).
    @inline(__always) static func hasFullByte(_ c4: UInt32) -> Bool {
        let x = ~c4
        return (x &- 0x0101_0101) & c4 & 0x8080_8080 != 0
    }

    /// Four coverage bytes, each in both 16-bit lanes of its pixel's two (its pixel's rb and ag
    /// halves): one byte shuffle against zero, which SSE2 does as two unpacks (the shifts and
    /// masks on a 64-bit word this replaces were a third of an edge pixel's work). Written as a
    /// shuffle, not a lane-width conversion: inlined into the sweep, the conversion became a call.
    @inline(__always) static func widen4(_ c4: UInt32) -> SIMD8<UInt16> {
        let b = unsafeBitCast(SIMD4<UInt32>(c4, 0, 0, 0), to: SIMD16<UInt8>.self)
        let d = SIMD16<UInt8>(b[0], 0, b[0], 0, b[1], 0, b[1], 0, b[2], 0, b[2], 0, b[3], 0, b[3], 0)
        return unsafeBitCast(d, to: SIMD8<UInt16>.self)
    }

    /// Source-over of one premultiplied colour `s`, with its vector constants set up once: four
    /// pixels at full coverage, four at the coverage bytes of a word, or one. The same arithmetic
    /// per pixel as `over(s, d)` and `over(scale(s, c), d)`, so any mix of them gives the same bytes;
    /// with a `FineSolid`, full coverage is its arithmetic instead, on every path alike.
    struct SolidOver {
        let s: UInt32
        let opaque: Bool
        let s16: SIMD8<UInt16>, srb: SIMD8<UInt16>, sag: SIMD8<UInt16>, invS: SIMD8<UInt16>
        /// The fine form when `hasFine` (held unwrapped: unwrapping an optional copied it per group).
        let fine: FineSolid
        let hasFine: Bool

        @inline(__always) init(_ s: UInt32, fine: FineSolid? = nil) {
            self.s = s
            self.fine = fine ?? FineSolid(unused: s)
            hasFine = fine != nil
            opaque = s >> 24 == 255
            s16 = unsafeBitCast(SIMD2<UInt64>(repeating: UInt64(s) | UInt64(s) << 32), to: SIMD8<UInt16>.self)
            srb = s16 & SIMD8<UInt16>(repeating: 0x00FF)
            sag = s16 &>> 8
            invS = SIMD8<UInt16>(repeating: UInt16(255 &- (s >> 24)))
        }

        /// Four pixels at `p` at full coverage.
        @inline(__always) func full4(_ p: UnsafeMutableRawPointer) {
            if opaque { p.storeBytes(of: s16, as: SIMD8<UInt16>.self); return }
            let v = p.loadUnaligned(as: SIMD8<UInt16>.self)
            if hasFine { p.storeBytes(of: fine.blend4(v), as: SIMD8<UInt16>.self); return }
            let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
            let drb = div255s((v & lo) &* invS &+ half)
            let dag = div255s((v &>> 8) &* invS &+ half) &<< 8
            p.storeBytes(of: (drb | dag) &+ s16, as: SIMD8<UInt16>.self)
        }

        /// Four pixels at `p` at the coverage bytes of `c4` (lowest first): over(scale(s, c), d)
        /// per pixel in 16-bit lanes, each coverage byte widened to its pixel's two lanes.
        @inline(__always) func partial4(_ p: UnsafeMutableRawPointer, _ c4: UInt32) {
            let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
            let full = SIMD8<UInt16>(repeating: 255)
            let c16 = widen4(c4)
            let rb = div255s(srb &* c16 &+ half)
            let agLanes = div255s(sag &* c16 &+ half)
            // The scaled source alpha is already in each pixel's odd (ga) lane: copied into both
            // of its lanes by shifts of the pixel's 32 bits (not lane by lane).
            let a32 = unsafeBitCast(agLanes, to: SIMD4<UInt32>.self) &>> 16
            let srcA = unsafeBitCast(a32 | (a32 &<< 16), to: SIMD8<UInt16>.self)
            let inv = full &- srcA
            let ag = agLanes &<< 8
            let v = p.loadUnaligned(as: SIMD8<UInt16>.self)
            let drb = div255s((v & lo) &* inv &+ half)
            let dag = div255s((v &>> 8) &* inv &+ half) &<< 8
            var out = (drb | dag) &+ (rb | ag)
            // Fully covered pixels of the group get the fine arithmetic, as in full4: groups
            // start at different columns on different paths.
            if hasFine && Compositor.hasFullByte(c4) { out.replace(with: fine.blend4(v), where: c16 .== full) }
            p.storeBytes(of: out, as: SIMD8<UInt16>.self)
        }

        /// One pixel at coverage `c`.
        @inline(__always) func one(_ d: UnsafeMutablePointer<UInt32>, _ c: UInt32) {
            if c == 255 {
                d.pointee = hasFine ? fine.blend1(d.pointee) : over(s, d.pointee)
            } else if c != 0 {
                d.pointee = over(scale(s, c), d.pointee)
            }
        }
    }

    /// Blends `n` pixels of a constant premultiplied colour through coverage `cov` and global
    /// `alpha` (0...255); `fine` is the same colour and alpha for full coverage under normal
    /// blending (`FineSolid`).
    static func blendSolid(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32,
                           _ cov: UnsafePointer<UInt8>, _ alpha: UInt32, _ mode: BlendMode,
                           fine: FineSolid? = nil) {
        if mode == .normal {
            let s = alpha == 255 ? color : scale(color, alpha)
            if s >> 24 != 0 { overSolid(d, n, cov, SolidOver(s, fine: fine)) }
            return
        }
        var i = 0
        if mode == .copy {
            // Full coverage replaces the pixel with the same value whatever was there: runs of it
            // are stored (a backdrop's first fill, drawn with `copy`, covers the whole frame).
            let f = alpha == 255 ? 255 : div255(255 &* alpha)
            let v = combine(scale(color, f), 0, 255, mode, color, f)
            while i < n {
                if cov[i] == 255 {
                    let j = runEnd(cov, i, n)
                    (d + i).update(repeating: v, count: j &- i)
                    i = j
                    continue
                }
                let c = UInt32(cov[i])
                if c != 0 {
                    let f = alpha == 255 ? c : div255(c &* alpha)
                    d[i] = combine(scale(color, f), d[i], c, mode, color, f)
                }
                i += 1
            }
            return
        }
        while i < n {
            let c = UInt32(cov[i])
            if c != 0 {
                let f = alpha == 255 ? c : div255(c &* alpha)
                d[i] = combine(scale(color, f), d[i], c, mode, color, f)
            }
            i += 1
        }
    }

    /// Blends `n` pixels of a premultiplied source span.
    static func blendSpan(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ src: UnsafePointer<UInt32>,
                          _ cov: UnsafePointer<UInt8>, _ alpha: UInt32, _ mode: BlendMode) {
        var i = 0
        if mode == .normal {
            let draw = UnsafeMutableRawPointer(d), sraw = UnsafeRawPointer(src), craw = UnsafeRawPointer(cov)
            let lo = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
            let full = SIMD8<UInt16>(repeating: 255)
            while i < n {
                // Four pixels at full coverage and alpha: vector source-over with per-pixel alpha.
                if alpha == 255 && i &+ 3 < n && craw.loadUnaligned(fromByteOffset: i, as: UInt32.self) == ~0 {
                    let px = sraw.loadUnaligned(fromByteOffset: i &<< 2, as: SIMD4<UInt32>.self)
                    // Transparent source (the empty parts of a layer): the blend would give the
                    // destination's bytes back.
                    if px == .zero { i &+= 4; continue }
                    if px | SIMD4<UInt32>(repeating: 0x00FF_FFFF) == SIMD4<UInt32>(repeating: ~0) {
                        // Opaque source: stored, not blended (the blend would give the same bytes).
                        draw.storeBytes(of: px, toByteOffset: i &<< 2, as: SIMD4<UInt32>.self)
                        i &+= 4
                        continue
                    }
                    let sv = unsafeBitCast(px, to: SIMD8<UInt16>.self)
                    // Each pixel's alpha in both of its lanes, by shifts (not lane by lane).
                    let a32 = px &>> 24
                    let inv = full &- unsafeBitCast(a32 | (a32 &<< 16), to: SIMD8<UInt16>.self)
                    let v = draw.loadUnaligned(fromByteOffset: i &<< 2, as: SIMD8<UInt16>.self)
                    let rb = div255s((v & lo) &* inv &+ half)
                    let ag = div255s((v &>> 8) &* inv &+ half) &<< 8
                    draw.storeBytes(of: (rb | ag) &+ sv, toByteOffset: i &<< 2, as: SIMD8<UInt16>.self)
                    i &+= 4
                    continue
                }
                let c = UInt32(cov[i])
                if c != 0 {
                    let f = alpha == 255 ? c : div255(c &* alpha)
                    var s = src[i]
                    if f != 255 { s = scale(s, f) }
                    let sa = s >> 24
                    if sa == 255 { d[i] = s } else if sa != 0 { d[i] = over(s, d[i]) }
                }
                i += 1
            }
            return
        }
        while i < n {
            let c = UInt32(cov[i])
            if c != 0 {
                let f = alpha == 255 ? c : div255(c &* alpha)
                d[i] = combine(scale(src[i], f), d[i], c, mode, src[i], f)
            }
            i += 1
        }
    }
}
