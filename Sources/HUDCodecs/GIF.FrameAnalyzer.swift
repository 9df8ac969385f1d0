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
        /// holds every row where the two may differ (the others are not compared). `parallel` lets a
        /// large frame be quantised on two threads (GIF.Quantizer); the result is the same.
        mutating func analyze(_ frame: [UInt32], rows: Range<Int>? = nil, parallel: Bool = true) -> FrameAnalysis {
            let n = width * height
            precondition(frame.count == n)
            let first = previous.count != n
            var needs = [UInt8](repeating: first ? 1 : 0, count: n)
            var changed: Region? = first ? (0, 0, width - 1, height - 1) : nil
            if !first { changed = markChanges(frame, rows: rows ?? 0..<height, into: &needs) }
            var quantized = [UInt8](repeating: 0, count: n)
            // A frame that does not move only lengthens the previous one: nothing to quantise.
            if let c = changed {
                quantizer.quantize(frame, needs: needs, first: first, rows: c.y0..<(c.y1 + 1), parallel: parallel, into: &quantized)
            }
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
                    var x = 0
                    while x < w {
                        // Eight pixels at a time: equal ones (most of a frame where only the HUD
                        // moves) are skipped together.
                        let n = x &+ 8 <= w ? 8 : 1
                        if n == 8 && !any(GIF.Lanes.load(SIMD8<UInt32>.self, f, row &+ x) .!= GIF.Lanes.load(SIMD8<UInt32>.self, p, row &+ x)) {
                            x &+= 8; continue
                        }
                        for j in x..<(x &+ n) where f[row &+ j] != p[row &+ j] {
                            nd[row &+ j] = 1
                            if first < 0 { first = j }
                            last = j
                        }
                        x &+= n
                    }
                    if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y }
                }
            }}}
            return x1 >= 0 ? (x0, y0, x1, y1) : nil
        }
    }
}
