// GIF.BinAccumulator: the four sums of one colour-histogram bin, held in registers while a run of
// pixels adds to them (GIF.ColorStatistics).
//
// Design note: each changed pixel adds its weight and its weighted red, green and blue to its bin,
// and neighbouring pixels nearly always fall in the same bin (flat areas, the rows of a fade).
// Added in memory, each pixel's sums wait for the previous pixel's store; held here they are loaded
// once per run and stored when another bin is needed. The additions are the same, in the same
// order, so the sums (and the palette built from them) are bit-identical.
extension GIF {
    struct BinAccumulator {
        /// Offset of the held bin's weight in the histogram, or -1.
        private var offset = -1
        private var sums = SIMD4<Double>()

        /// Holds the bin at `offset` of `histogram` (weight, then red, green and blue sums), storing
        /// the one held before.
        @inline(__always)
        mutating func select(_ offset: Int, in histogram: Histogram.Bins) {
            if offset == self.offset { return }
            store(into: histogram)
            self.offset = offset
            sums = histogram.load(offset)
        }

        /// Adds a weighted colour: (weight, weight x red, weight x green, weight x blue).
        @inline(__always)
        mutating func add(_ weighted: SIMD4<Double>) { sums += weighted }

        /// Writes the held bin back (call once the run of pixels is over).
        @inline(__always)
        func store(into histogram: Histogram.Bins) {
            guard offset >= 0 else { return }
            histogram.store(offset, sums)
        }
    }
}
