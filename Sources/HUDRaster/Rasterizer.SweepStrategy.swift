// Rasterizer.SweepStrategy: how much bookkeeping one fill's sweep does, chosen in one place.
//
// Design note: the area sum is exact wherever a pixel is crossed by one y-monotone chain; rows
// where two unrelated chains share a pixel need the crossing resolver. Finding those rows costs
// (pixel ownership per cell), and so does resolving rows; which costs less depends on the outline.
// The engine picks once per fill, from what the edge builder saw (chains per contour, turns) and,
// for outlines of many chains, a sample of rows (Engine+CrossingSample):
//
//   plain     the outline cannot cross itself (convex, or a stroke ring the stroker vouches for):
//             no ownership, no resolver;
//   tracked   cells as the edges are read, ownership tracked, flagged rows resolved (also for
//             many chains a contour when the sample sees no crossing);
//   deferred  many chains a contour, crossing in many rows: edges split into row pieces first,
//             cells made only for the rows the resolver will not rebuild;
//   whole     many chains crossing in most rows: every row to the resolver, no ownership.
//
// Over several bands, tracked and deferred follow what the band before found.

extension Rasterizer {
    enum SweepStrategy: Equatable {
        case plain, tracked, deferred, whole

        /// The strategy for the band after one of `rows` rows swept with this one: tracked and
        /// deferred switch on the share of rows that were flagged; plain and whole stay.
        @inline(__always)
        func next(afterRows rows: Int, _ buffers: BandBuffers) -> SweepStrategy {
            switch self {
            case .plain, .whole: return self
            case .tracked, .deferred:
                return Tuning.deferFlaggedShare * buffers.flaggedRows(rows) >= rows ? .deferred : .tracked
            }
        }
    }
}

extension Rasterizer.Engine {
    /// The strategy for the current edges (see `SweepStrategy`), as `overrides` allow.
    func chooseStrategy(_ plan: BandPlan) -> Rasterizer.SweepStrategy {
        let everyRow = overrides.rows == .every
        // Ownership is tracked unless the outline cannot cross itself: the caller knows it (a
        // stroker's ring round a convex shape), or it is one contour of two chains that turns
        // one way only or keeps its order (`twoChainsCannotCross`). Two chains alone are not
        // enough: an hourglass with a flat top and bottom has two that cross.
        guard everyRow || !(outlineIsSimple || twoChainsCannotCross()) else { return .plain }
        if overrides.rows == .none { return .plain }
        let chainCount = chains.contourOf.count - 1, contours = max(1, chains.first.count)
        guard chainCount >= Tuning.deferChainsPerContour * contours else { return .tracked }
        if everyRow || edges.count > CrossingResolver.maxPieces { return .deferred }
        if let whole = overrides.whole { return whole ? .whole : .deferred }
        let dense = plan.height <= Tuning.denseRows && chainCount >= Tuning.denseChainsPerContour * contours
        if dense { return .whole }
        let sample = edges.withUnsafeBufferPointer { Self.crossingSamples($0, rows: plan.height) }
        // No crossing seen (a thick arc, a glyph of many chains): few rows, if any, will be
        // flagged, and cells made as the edges are read cost less than the deferred second pass.
        if sample.seen == 0 { return .tracked }
        return sample.seen >= sample.needed ? .whole : .deferred
    }
}
