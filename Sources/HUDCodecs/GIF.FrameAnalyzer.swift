// GIF.FrameAnalyzer: turns consecutive true frames into GIF.FrameAnalysis values.
//
// Design note: it keeps the previous true frame and its own quantiser (whose colour cache is a pure
// memo), so it can run on any thread while the writer runs on another, and its results are the
// same whichever thread computes them.
extension GIF {
    struct FrameAnalyzer {
        let width: Int, height: Int
        private var quantizer: Quantizer
        private var previous: [UInt32] = []

        init(width: Int, height: Int, palette: Palette, dithering: Dithering) {
            self.width = width; self.height = height
            quantizer = Quantizer(width: width, height: height, palette: palette, dithering: dithering)
        }

        /// The analysis of `frame`, the frame after the previously analysed one.
        mutating func analyze(_ frame: [UInt32]) -> FrameAnalysis {
            let n = width * height
            precondition(frame.count == n)
            let first = previous.count != n
            var needs = [UInt8](repeating: first ? 1 : 0, count: n)
            var moving = first
            if !first {
                frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                needs.withUnsafeMutableBufferPointer { nd in
                    var changed = false
                    for i in 0..<n where f[i] != p[i] { nd[i] = 1; changed = true }
                    moving = changed
                }}}
            }
            var quantized = [UInt8](repeating: 0, count: n)
            // A frame that does not move only lengthens the previous one: nothing to quantise.
            if moving { quantizer.quantize(frame, needs: needs, first: first, into: &quantized) }
            previous = frame
            return FrameAnalysis(frame: frame, needs: needs, quantized: quantized, moving: moving, first: first)
        }
    }
}
