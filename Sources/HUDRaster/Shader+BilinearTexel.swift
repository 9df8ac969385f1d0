// Shader+BilinearTexel: the bilinear filter of packed premultiplied RGBA8 texels, one formula for
// every sampling path.
//
// Design note: the general per-pixel path (Paint.swift), the translated-row path and the four-lane
// path all filter with these integer lerps, in the same order, so whichever path a row takes, its
// pixels are the same bits.

extension Shader {
    /// One lerp of packed premultiplied RGBA8 pixels by `f`/256 (a zero `f` returns `a` exactly).
    @inline(__always)
    static func lerpPacked(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = (((a & 0x00FF00FF) &* g &+ (b & 0x00FF00FF) &* f) >> 8) & 0x00FF00FF
        let ag = (((a >> 8) & 0x00FF00FF) &* g &+ ((b >> 8) & 0x00FF00FF) &* f) & 0xFF00FF00
        return rb | ag
    }

    /// `lerpPacked` in four lanes, each with its own fraction.
    @inline(__always)
    static func lerpPacked(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let g = 256 &- f
        let lo = SIMD4<UInt32>(repeating: 0x00FF00FF), hi = SIMD4<UInt32>(repeating: 0xFF00FF00)
        let rb = (((a & lo) &* g &+ (b & lo) &* f) &>> 8) & lo
        let ag = (((a &>> 8) & lo) &* g &+ ((b &>> 8) & lo) &* f) & hi
        return rb | ag
    }

    /// The pixel at fixed-point texel position `iu`, `iv` (1/256 texel units, half a texel already
    /// taken off) of the `w` x `h` texels at `p`, with clamp-to-edge addressing.
    @inline(__always)
    static func bilinearClamped(_ p: UnsafeRawPointer, w: Int, h: Int, iu: Int, iv: Int) -> UInt32 {
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            p.loadUnaligned(fromByteOffset: (y &* w &+ x) &* 4, as: UInt32.self)
        }
        let x0 = iu >> 8, y0 = iv >> 8
        let fx = UInt32(truncatingIfNeeded: iu & 255), fy = UInt32(truncatingIfNeeded: iv & 255)
        let xa = min(max(x0, 0), w - 1), xb = min(max(x0 + 1, 0), w - 1)
        let ya = min(max(y0, 0), h - 1), yb = min(max(y0 + 1, 0), h - 1)
        let top = lerpPacked(texel(xa, ya), texel(xb, ya), fx)
        let bot = lerpPacked(texel(xa, yb), texel(xb, yb), fx)
        return lerpPacked(top, bot, fy)
    }
}
