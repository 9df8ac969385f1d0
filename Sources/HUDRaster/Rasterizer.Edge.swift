// Rasterizer.Edge: one quantised, clipped segment of an outline, in region-relative fixed point.

extension Rasterizer {
    /// One fixed-point edge, y0 < y1 always; `dir` is +1 for downward, -1 for upward segments.
    /// `chain` numbers the y-monotone run of the outline the edge belongs to (see `ChainTable`).
    @usableFromInline struct Edge {
        @usableFromInline var x0: Int32, y0: Int32, x1: Int32, y1: Int32, dir: Int32, chain: Int32
    }
}
