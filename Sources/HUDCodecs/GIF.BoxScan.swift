// GIF.BoxScan: the box, count and error of the pixels a frame must draw, gathered row by row.
//
// Design note: the frame writer's draw-box scan visits the pixels of a row left to right, so a row's
// leftmost marked pixel is the first one marked and its rightmost the last: the row keeps those two
// and folds them into the box once, at the row's end, instead of four comparisons per pixel. Most
// pixels of a moving frame changed, so eight changed pixels in a row are decided together (whether
// each may keep what is shown, and the error of drawing it), with the same arithmetic as the
// per-pixel rule (GIF.mayKeep, GIF.squaredError).
extension GIF {
    struct BoxScan {
        /// The box so far (inclusive corners; x1 < 0 while empty).
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        /// Changed pixels drawn, and their summed squared error.
        var count = 0, error = 0
        private var rowFirst = -1, rowLast = -1

        /// Marks pixel `x` of the current row as drawn.
        @inline(__always)
        mutating func mark(_ x: Int) {
            if rowFirst < 0 { rowFirst = x }
            rowLast = x
        }

        /// Marks the pixels from `x` on whose byte in `bytes` (one byte per pixel, the first lowest) is not 0.
        @inline(__always)
        mutating func markEight(_ x: Int, _ bytes: UInt64) {
            guard bytes != 0 else { return }
            mark(x &+ bytes.trailingZeroBitCount / 8)
            rowLast = x &+ (63 &- bytes.leadingZeroBitCount) / 8
        }

        /// Marks pixel `x` as a changed pixel drawn with `error`.
        @inline(__always)
        mutating func changed(_ x: Int, error e: Int) {
            count &+= 1; error &+= e
            mark(x)
        }

        /// Ends row `y`.
        @inline(__always)
        mutating func endRow(_ y: Int) {
            guard rowLast >= 0 else { return }
            x0 = min(x0, rowFirst); x1 = max(x1, rowLast)
            y0 = min(y0, y); y1 = max(y1, y)
            rowFirst = -1; rowLast = -1
        }

        /// Eight changed pixels from `x` on: `truth` their colours, `drawn` the colours they would be
        /// drawn with, `shown` what is shown, `budget` the error each may keep. Returns per pixel (one
        /// byte each) 1 where it may keep what is shown, 0 where it is drawn (and marked). Truth
        /// values are 0/1 lanes (GIF.Lanes).
        @inline(__always)
        mutating func changedEight(_ x: Int, truth: SIMD8<UInt32>, drawn: SIMD8<UInt32>, shown: SIMD8<UInt32>,
                                   budget: SIMD8<UInt32>) -> UInt64 {
            let one = SIMD8<UInt32>(repeating: 1)
            let withinBudget = one &- ((budget &- BoxScan.squaredError(truth, shown)) &>> 31)
            let mayKeep = Lanes.nonzero(budget) & Lanes.nonzero(truth) & Lanes.nonzero(shown) & withinBudget
            let kept = (one &- Lanes.nonzero(drawn ^ shown)) | mayKeep
            let keptBytes = Lanes.lowBytes(kept)
            let drawnBytes = 0x0101_0101_0101_0101 ^ keptBytes
            if drawnBytes != 0 {
                let drawnLanes = one &- kept
                count &+= Lanes.sum(drawnLanes)
                error &+= Lanes.sum(BoxScan.squaredError(truth, drawn) &* drawnLanes)
                markEight(x, drawnBytes)
            }
            return keptBytes
        }

        /// GIF.squaredError of eight pairs.
        @inline(__always)
        static func squaredError(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let m = SIMD8<UInt32>(repeating: 0xFF)
            let dr = (a &>> 16 & m) &- (b &>> 16 & m), dg = (a &>> 8 & m) &- (b &>> 8 & m), db = (a & m) &- (b & m)
            let sum = dr &* dr &+ dg &* dg &+ db &* db
            let opacityDiffers = ((a ^ b) &>> 24) & SIMD8(repeating: 1)
            return sum &+ opacityDiffers &* (SIMD8(repeating: 3 * 255 * 255) &- sum)
        }
    }
}
