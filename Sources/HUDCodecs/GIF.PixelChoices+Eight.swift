// GIF.PixelChoices+Eight: the choices of eight changed pixels of the global palette, made together.
//
// Design note: in a moving frame most pixels of the box changed (needs 1), and their choices follow
// from four per-pixel facts the writer already has: the true colour, the quantised index, drawBox's
// keep decision and whether the pixel changes again in the next frame. Eight such pixels in a row go
// through the same rule as the writer's per-pixel one in 0/1 lane arithmetic (GIF.Lanes).
extension GIF.PixelChoices {
    struct Eight {
        let target: SIMD8<UInt32>, alternative: SIMD8<UInt32>, truth: SIMD8<UInt32>

        /// `truth` the pixels' colours, `quantized` their indices, `kept` 1 where they may keep what is
        /// shown, `later` non-zero where they change again in the next frame (all 0 when this is the
        /// last frame or there is no error budget), `keep` the transparent index.
        @inline(__always)
        init(truth: SIMD8<UInt32>, quantized: SIMD8<UInt32>, kept: SIMD8<UInt32>, later: SIMD8<UInt32>, keep: UInt8) {
            let opaque = GIF.Lanes.nonzero(truth), one = SIMD8<UInt32>(repeating: 1)
            // A transparent pixel keeps; an opaque one kept is drawn "keep" with its index as the
            // alternative, otherwise with its index.
            target = GIF.Lanes.select(opaque & (one &- kept), quantized, SIMD8(repeating: UInt32(keep)))
            alternative = GIF.Lanes.select(opaque & kept, quantized, SIMD8(repeating: 0xFFFF))
            // Only a pixel that changes again may take other colours within the budget.
            self.truth = truth &* GIF.Lanes.nonzero(later)
        }

        /// Writes the eight pixels' choices from `j` on.
        @inline(__always)
        func store(_ j: Int, target t: UnsafeMutableBufferPointer<UInt8>, alternative a: UnsafeMutableBufferPointer<Int16>,
                   truth u: UnsafeMutableBufferPointer<UInt32>) {
            GIF.Lanes.store(GIF.Lanes.lowBytes(target), t, j)
            GIF.Lanes.store(GIF.Lanes.lowHalves(alternative), a, j)
            GIF.Lanes.store(truth, u, j)
        }
    }
}
