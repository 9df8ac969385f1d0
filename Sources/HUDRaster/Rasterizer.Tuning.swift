// Rasterizer.Tuning: the engine's constants, each with the reason for its value.
//
// Design note: these values were chosen by measuring the benchmark suite (`hudrender bench`, and
// callgrind instruction counts of it) and the accuracy scenes; the figures are in the benchmark
// document, not here. Changing one changes speed only, never coverage: the tests that pin every
// strategy's bytes (Golden*Tests, CrossingTests, WholeSweepTests) hold for any value.

extension Rasterizer {
    enum Tuning {
        /// Rows per band, as a shift. The cell buffer holds one band; 64 rows of a canvas-wide
        /// shape keep it within the data cache, and a power of two lets the band of an edge be
        /// found with a shift.
        static let bandRowShift = 6
        static let bandRows = 1 << bandRowShift
        /// A region of at most this many cells (a 255 px square) is swept as one band: most of
        /// what a HUD draws then needs no sort of its edges and no active list. Rounded rects and
        /// their strokes up to 128 px gained from it; twice this made 256 px shapes slower, their
        /// band no longer fitting in cache.
        static let singleBandCells = 65536
        /// Cells per group bit, as a shift: eight cells (32 bytes) is about the span of an edge's
        /// cells in a row, so a bit rarely marks untouched cells and a stretch of clear bits is
        /// filled as a constant.
        static let groupShift = 3
        static let groupCells = 1 << groupShift
        /// Rows of fewer touched cells than this skip the group bits: reading the bits costs more
        /// than the four-cell zero test on cells they could skip.
        static let shortRow = 64
        /// An outline with at least this many chains a contour is deferred (its cells wait for the
        /// crossing check): such outlines (self-crossing polygons, their strokes) cross themselves
        /// in so many rows that making cells the resolver rebuilds costs more than a second pass.
        static let deferChainsPerContour = 4
        /// A deferred band stays deferred when at least one row in this many was flagged: below
        /// that the second pass costs more than the cells the resolver rebuilds.
        static let deferFlaggedShare = 4
        /// A region of at most `denseRows` rows with at least `denseChainsPerContour` chains a
        /// contour is swept whole without sampling: no glyph has that many ("m" has 10), and for a
        /// small tangle the sample costs a noticeable part of the fill.
        static let denseRows = 16
        static let denseChainsPerContour = 12
        /// Outlines of at most `pairTestEdges` edges over at most `pairTestRows` rows are tested
        /// for crossings pair by pair (a 10-gon: 45 pairs), which is exact and sees crossings
        /// between sample rows. Taller ones are sampled: there a few crossings leave most rows
        /// with nothing to resolve, and a whole sweep of a tall 10-gon gained nothing.
        static let pairTestEdges = 16
        static let pairTestRows = 128
        /// Rows sampled for crossings, at most; in a region taller than `oneSampleRows`, one
        /// sample in `sampleShare` must show a crossing before the outline is swept whole (up to
        /// that height one is enough: a small shape swept whole costs little more even where it
        /// does not cross).
        static let maxSamples = 16
        static let oneSampleRows = 64
        static let sampleShare = 8
        /// Sample rows with more edges than this are sorted by the library sort, fewer by an
        /// insertion sort (the dozen a row holds in practice); a hostile path's thousands cannot
        /// make it quadratic.
        static let insertionSortLimit = 32
    }
}
