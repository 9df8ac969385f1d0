// Shader+SampleLanes: bilinear image sampling under any transform, four pixels at a time.
//
// Design note: a rotated layer (a HUD swinging in, floating away) is sampled through the general
// fixed-point path, where each pixel's three packed lerps are a dozen scalar operations apiece.
// Here the positions still step pixel by pixel exactly as that path steps them (the same wrapping
// 64-bit additions), the four texels of each pixel are loaded as before, and the lerps of four
// pixels run side by side in vector lanes, each lane with its own fractions. A group of four whose
// texels are all inside the image needs no clamping; a group that reaches an edge takes the
// per-pixel formula. The integer arithmetic of every lane is the per-pixel formula's, so the pixels
// are the same.

extension Shader {
    /// Writes `n` pixels sampled from `img` (`w` x `h` texels at `p`) from fixed-point position
    /// `U`, `V` (1/256 texel units with 16 more fraction bits, half a texel already taken off)
    /// stepping by `DU`, `DV` per pixel: what `sampleBilinear`'s fixed-point loop computes.
    static func sampleLanes(_ p: UnsafeRawPointer, w: Int, h: Int, U start: Int64, V startV: Int64,
                            DU: Int64, DV: Int64, n: Int, out: UnsafeMutablePointer<UInt32>) {
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            p.loadUnaligned(fromByteOffset: (y &* w &+ x) &* 4, as: UInt32.self)
        }
        @inline(__always) func clamped(_ iu: Int, _ iv: Int) -> UInt32 { bilinearClamped(p, w: w, h: h, iu: iu, iv: iv) }
        var U = start, V = startV
        var i = 0
        while i &+ 4 <= n {
            var iu = SIMD4<Int32>(), iv = SIMD4<Int32>()
            var inside = true
            for k in 0..<4 {
                let u = Int(truncatingIfNeeded: U &>> 16), v = Int(truncatingIfNeeded: V &>> 16)
                let x0 = u >> 8, y0 = v >> 8
                // Both texel columns and rows inside: no clamping (and the lanes' values fit 32 bits).
                if x0 < 0 || x0 >= w - 1 || y0 < 0 || y0 >= h - 1 { inside = false }
                iu[k] = Int32(truncatingIfNeeded: u); iv[k] = Int32(truncatingIfNeeded: v)
                U &+= DU; V &+= DV
            }
            if inside {
                let x0 = iu &>> 8, y0 = iv &>> 8
                var a00 = SIMD4<UInt32>(), a10 = SIMD4<UInt32>(), a01 = SIMD4<UInt32>(), a11 = SIMD4<UInt32>()
                for k in 0..<4 {
                    let x = Int(x0[k]), y = Int(y0[k])
                    a00[k] = texel(x, y); a10[k] = texel(x + 1, y)
                    a01[k] = texel(x, y + 1); a11[k] = texel(x + 1, y + 1)
                }
                let fx = SIMD4<UInt32>(truncatingIfNeeded: iu & 255), fy = SIMD4<UInt32>(truncatingIfNeeded: iv & 255)
                let v = lerpPacked(lerpPacked(a00, a10, fx), lerpPacked(a01, a11, fx), fy)
                UnsafeMutableRawPointer(out + i).storeBytes(of: v, as: SIMD4<UInt32>.self)
            } else {
                // Recompute from the same positions, one at a time with clamping.
                var u0 = U &- DU &* 4, v0 = V &- DV &* 4
                for k in 0..<4 {
                    out[i &+ k] = clamped(Int(truncatingIfNeeded: u0 &>> 16), Int(truncatingIfNeeded: v0 &>> 16))
                    u0 &+= DU; v0 &+= DV
                }
            }
            i &+= 4
        }
        while i < n {
            out[i] = clamped(Int(truncatingIfNeeded: U &>> 16), Int(truncatingIfNeeded: V &>> 16))
            U &+= DU; V &+= DV
            i &+= 1
        }
    }
}
