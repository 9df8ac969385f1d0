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

        /// The analysis of `frame`, the frame after the previously analysed one. `rows`, when known,
        /// holds every row where the two may differ (the others are not compared).
        mutating func analyze(_ frame: [UInt32], rows: Range<Int>? = nil) -> FrameAnalysis {
            let n = width * height
            precondition(frame.count == n)
            let first = previous.count != n
            var needs = [UInt8](repeating: first ? 1 : 0, count: n)
            var changed: Region? = first ? (0, 0, width - 1, height - 1) : nil
            if !first { changed = markChanges(frame, rows: rows ?? 0..<height, into: &needs) }
            var quantized = [UInt8](repeating: 0, count: n)
            // A frame that does not move only lengthens the previous one: nothing to quantise.
            if changed != nil { quantizer.quantize(frame, needs: needs, first: first, into: &quantized) }
            previous = frame
            return FrameAnalysis(frame: frame, needs: needs, quantized: quantized, moving: changed != nil,
                                 changed: changed, first: first)
        }

        /// Marks the pixels of `rows` that differ from the previous frame; returns their box.
        private func markChanges(_ frame: [UInt32], rows: Range<Int>, into needs: inout [UInt8]) -> Region? {
            var x0 = width, y0 = height, x1 = -1, y1 = -1
            let w = width
            frame.withUnsafeBufferPointer { f in
            previous.withUnsafeBufferPointer { p in
            needs.withUnsafeMutableBufferPointer { nd in
                for y in rows.clamped(to: 0..<height) {
                    let row = y * w
                    var first = -1, last = -1
                    for x in 0..<w where f[row + x] != p[row + x] {
                        nd[row + x] = 1
                        if first < 0 { first = x }
                        last = x
                    }
                    if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y }
                }
            }}}
            return x1 >= 0 ? (x0, y0, x1, y1) : nil
        }
    }
}
