// SolidSink: source-over of one colour, composited where the sweep computes the coverage.
//
// Design note: this is the fused path of CoverageSink (see its note): each group of four coverages
// is blended onto its four pixels at once, one pixel at a time only at a row's last one to three,
// and a stretch no edge touched goes to the run blender whatever its length (there is no call and
// no byte buffer to save by keeping short ones). The per-pixel arithmetic is Compositor.SolidOver,
// the same as `Compositor.blendSolid`, so a fill gives the same bytes by either path.

extension Rasterizer {
    struct SolidSink: CoverageSink {
        let over: Compositor.SolidOver
        /// The image's pixels, its width, the device position of its top-left pixel, and the
        /// region's left edge in device columns.
        let pixels: UnsafeMutablePointer<UInt32>
        let stride: Int
        let ox: Int, oy: Int
        let x0: Int
        /// The pixel of the current row's region column 0.
        var d: UnsafeMutablePointer<UInt32>

        /// `s` is the premultiplied colour with the global alpha applied (`fine`, the same at full
        /// coverage), drawn into an image of `stride` pixels a row whose top-left pixel is device
        /// (`ox`, `oy`).
        init(_ s: UInt32, fine: Compositor.FineSolid? = nil, pixels: UnsafeMutablePointer<UInt32>, stride: Int,
             ox: Int, oy: Int, regionX0: Int) {
            over = Compositor.SolidOver(s, fine: fine)
            self.pixels = pixels; self.stride = stride; self.ox = ox; self.oy = oy; x0 = regionX0
            d = pixels
        }

        @inline(__always) mutating func beginRow(_ y: Int, from x: Int, _ cov: UnsafeMutablePointer<UInt8>) {
            d = pixels + ((y &- oy) &* stride &+ (x0 &- ox))
        }
        @inline(__always) func four(_ x: Int, _ c: UInt32) {
            if c == 0 { return }
            let p = UnsafeMutableRawPointer(d + x)
            if c == ~0 { over.full4(p) } else { over.partial4(p, c) }
        }
        @inline(__always) func one(_ x: Int, _ c: UInt8) { over.one(d + x, UInt32(c)) }
        @inline(__always) func constant(_ x: Int, _ n: Int, _ a: UInt8) {
            if a == 255 {
                if over.hasFine { over.fine.run(d + x, n) } else { Compositor.overLongRun(d + x, n, over.s) }
            } else if a != 0 {
                Compositor.overLongRun(d + x, n, Compositor.scale(over.s, UInt32(a)))
            }
        }
        @inline(__always) func empty(_ x: Int, _ n: Int) {}
        @inline(__always) func endRow(_ end: Int) {}
    }
}
