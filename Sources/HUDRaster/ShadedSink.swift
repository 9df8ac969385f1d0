// ShadedSink: an opaque shader (a gradient) composited where the sweep computes the coverage.
//
// Design note: the counterpart of SolidSink for shaders whose every pixel is opaque. Fully covered
// stretches (the inside of a shape, reported as one constant run, or four full coverages) are
// shaded straight into the image: an opaque source at full coverage replaces the pixel. Only the
// edge pixels are shaded into a small buffer and blended through `Compositor.blendSpan`, the same
// arithmetic as the span path, so a fill gives the same bytes by either path. Without this sink a
// shaded fill wrote every coverage byte, scanned them for full runs and shaded each span into a
// row buffer before blending it.

extension Rasterizer {
    struct ShadedSink: CoverageSink {
        let shader: Shader
        let pixels: UnsafeMutablePointer<UInt32>
        let stride: Int
        let ox: Int, oy: Int
        let x0: Int
        /// Scratch for partially covered pixels (at least the region's width).
        let scratch: UnsafeMutablePointer<UInt32>
        var y = 0
        /// The pixel of the current row's region column 0.
        var d: UnsafeMutablePointer<UInt32>

        /// Draws `shader` (opaque) into an image of `stride` pixels a row whose top-left pixel is
        /// device (`ox`, `oy`); `scratch` holds at least a region row of pixels.
        init(_ shader: Shader, pixels: UnsafeMutablePointer<UInt32>, stride: Int, ox: Int, oy: Int, regionX0: Int,
             scratch: UnsafeMutablePointer<UInt32>) {
            self.shader = shader
            self.pixels = pixels; self.stride = stride; self.ox = ox; self.oy = oy; x0 = regionX0
            self.scratch = scratch
            d = pixels
        }

        @inline(__always) mutating func beginRow(_ y: Int, from x: Int, _ cov: UnsafeMutablePointer<UInt8>) {
            self.y = y
            d = pixels + ((y &- oy) &* stride &+ (x0 &- ox))
        }

        /// Shades `n` pixels from region column `x` and blends them at coverage `cov`.
        @inline(__always) func blend(_ x: Int, _ n: Int, _ cov: UnsafePointer<UInt8>) {
            shader.shade(y: y, x: x0 &+ x, n: n, into: scratch)
            Compositor.blendSpan(d + x, n, scratch, cov, 255, .normal)
        }

        @inline(__always) func four(_ x: Int, _ c: UInt32) {
            if c == 0 { return }
            if c == ~0 { shader.shade(y: y, x: x0 &+ x, n: 4, into: d + x); return }
            var c4 = c
            withUnsafeBytes(of: &c4) { blend(x, 4, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        }
        @inline(__always) func one(_ x: Int, _ c: UInt8) {
            if c == 0 { return }
            var c1 = c
            blend(x, 1, &c1)
        }
        @inline(__always) func constant(_ x: Int, _ n: Int, _ a: UInt8) {
            if a == 255 { shader.shade(y: y, x: x0 &+ x, n: n, into: d + x); return }
            if a == 0 { return }
            // A constant partial coverage (rare: a shape's faint inside); one byte buffer per pixel.
            var i = 0
            var c8 = UInt64(a) &* 0x0101_0101_0101_0101
            while i < n {
                let k = min(8, n &- i)
                withUnsafeBytes(of: &c8) { blend(x &+ i, k, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
                i &+= k
            }
        }
        @inline(__always) func empty(_ x: Int, _ n: Int) {}
        @inline(__always) func endRow(_ end: Int) {}
    }
}
