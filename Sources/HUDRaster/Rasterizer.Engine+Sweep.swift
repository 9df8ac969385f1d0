// Rasterizer.Engine+Sweep: edges to coverage, band by band.
//
// Design note: one fill's sweep is a few steps, each a function: the plan (`BandPlan`: how the
// rows are cut into bands and how the buffers are laid out), the buffers (`prepareBuffers`, one
// `BandBuffers` of pointers for the whole sweep), the strategy (chosen once, `chooseStrategy` in SweepStrategy), and
// per band: the active edges, the cells (`makeCells`, as the strategy says), the runs of rows that
// go to the crossing resolver (`resolveRun`) and the running sum of every row into the sink
// (`accumulateRow`, Engine+Accumulate). Edges are bucketed by band with a counting sort; their
// order within a band does not matter because the accumulation is exact integer addition.

extension Rasterizer.Engine {

    /// How one fill's rows are cut into bands, and the layout of its band buffers.
    struct BandPlan {
        let width: Int, height: Int
        /// Cells per row: the width, and two to the right of it for the cells an edge on the
        /// right border spills into.
        let stride: Int
        let bandRows: Int, bandCount: Int
        /// Group-bit words per row.
        let words: Int

        init(width w: Int, height h: Int) {
            width = w; height = h
            stride = w + 2
            bandRows = stride * h <= Tuning.singleBandCells ? h : min(Tuning.bandRows, h)
            bandCount = (h + bandRows - 1) / bandRows
            words = (((stride + Tuning.groupCells - 1) >> Tuning.groupShift) + 63) >> 6
        }

        /// The band whose rows hold height `y0` (1/256 px): a shift for bands of `Tuning.bandRows`.
        @inline(__always) func band(of y0: Int32) -> Int {
            bandRows == Tuning.bandRows ? Int(y0) >> (Tuning.bandRowShift + 8) : Int(y0 >> 8) / bandRows
        }
    }

    /// One band's rows: `top ..< bottom` (region rows) and the same in 1/256 px.
    struct Band {
        let top: Int, bottom: Int
        var rows: Int { bottom - top }
        var fTop: Int32 { Int32(top << 8) }
        var fBot: Int32 { Int32(bottom << 8) }
    }

    /// Converts the accumulated edges to coverage, row by row, into `sink` (see CoverageSink).
    func sweep<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
        let w = region.width, h = region.height
        guard w > 0, h > 0, !edges.isEmpty else { return }
        let plan = BandPlan(width: w, height: h)
        var strategy = chooseStrategy(plan)
        if strategy == .whole { counters.sweptWhole += 1 }
        let buffers = prepareBuffers(plan)
        // The buffers are used in place (taking them out of the object and back cost a
        // reference-count operation each). A shape of one band (most of what a HUD draws) has
        // every edge active throughout: the edges themselves serve as the active list, with no
        // sort and no copy.
        let single = plan.bandCount == 1
        if single { swap(&active, &edges) } else { sortIntoBands(plan) }
        defer { if single { swap(&active, &edges) } }
        resolver.budget = overrides.fillBudget
        var resolved = 0
        for bi in 0..<plan.bandCount {
            let band = Band(top: bi * plan.bandRows, bottom: min((bi + 1) * plan.bandRows, h))
            if !single { advanceActive(to: band, index: bi) }
            if active.isEmpty { continue }
            let pieces = makeCells(band, strategy, buffers)
            let bandStrategy = strategy
            if plan.bandCount > 1 { strategy = strategy.next(afterRows: band.rows, buffers) }
            resolved += sweepRows(band, bandStrategy, pieces, buffers, rule == .evenOdd, &sink)
        }
        counters.resolvedRows += resolved
    }

    /// The band buffers, grown to the plan, with the next `height` ownership stamps taken.
    @inline(__always)
    func prepareBuffers(_ plan: BandPlan) -> BandBuffers {
        let cellCount = plan.stride * plan.bandRows
        let owner = ownerStore.reserve(cellCount, filling: 0)
        if ownerStamp + UInt64(plan.height) + 1 > UInt64(UInt32.max) {
            owner.update(repeating: 0, count: ownerStore.capacity)
            ownerStamp = 0
        }
        let stampBase = ownerStamp
        ownerStamp += UInt64(plan.height)
        return BandBuffers(cells: cellStore.reserve(cellCount, filling: 0), stride: plan.stride,
                           coverage: coverageStore.reserve(plan.width, filling: 0),
                           rowMin: rowMinStore.reserve(plan.bandRows, filling: 0),
                           rowMax: rowMaxStore.reserve(plan.bandRows, filling: 0),
                           groups: groupStore.reserve(plan.words * plan.bandRows, filling: 0), words: plan.words,
                           owner: owner, stampBase: stampBase,
                           rowState: rowStateStore.reserve(plan.bandRows, filling: .clean), chains: chains.pointers)
    }

    /// Counting sort of the edges by first band into `sorted`; `bandStart[b]` is where band b's
    /// edges start.
    func sortIntoBands(_ plan: BandPlan) {
        let bandCount = plan.bandCount
        bandStart.removeAll(keepingCapacity: true)
        bandStart.append(contentsOf: repeatElement(0, count: bandCount + 1))
        for e in edges { bandStart[plan.band(of: e.y0) + 1] += 1 }
        for i in 0..<bandCount { bandStart[i + 1] += bandStart[i] }
        if sorted.count < edges.count { sorted = edges }
        // bandStart[b] serves as band b's fill cursor, ending where band b + 1 starts; shifting
        // it back by one band restores the starts (a copy for the cursors would allocate on
        // every fill).
        for e in edges { let b = plan.band(of: e.y0); sorted[bandStart[b]] = e; bandStart[b] += 1 }
        var i = bandCount
        while i > 0 { bandStart[i] = bandStart[i - 1]; i -= 1 }
        bandStart[0] = 0
        active.removeAll(keepingCapacity: true)
    }

    /// Drops the edges that ended above `band`, then adds the ones that start in it.
    func advanceActive(to band: Band, index bi: Int) {
        let fTop = band.fTop
        var k = 0
        while k < active.count {
            if active[k].y1 <= fTop { active[k] = active[active.count - 1]; active.removeLast() } else { k += 1 }
        }
        sorted.withUnsafeBufferPointer { ep in active.append(contentsOf: ep[bandStart[bi]..<bandStart[bi + 1]]) }
    }

    /// Resets the band's rows and makes its cells as `strategy` says; returns the number of row
    /// pieces a deferred band kept.
    @inline(__always)
    func makeCells(_ band: Band, _ strategy: Rasterizer.SweepStrategy, _ buffers: BandBuffers) -> Int {
        buffers.resetRows(band.rows)
        switch strategy {
        case .whole:
            // Every row is one run for the resolver. Each row's cell range starts empty at the
            // right end (the width) and widens to what the resolver writes.
            let w = region.width
            for r in 0..<band.rows { buffers.rowState[r] = .reserved; buffers.rowMin[r] = w; buffers.rowMax[r] = w }
            return 0
        case .deferred:
            return buffers.deferredCells(active: active, fTop: band.fTop, fBot: band.fBot, bandTop: band.top, rows: band.rows,
                                         everyRow: overrides.rows == .every, budget: resolver.budget, store: rowPieceStore)
        case .tracked:
            active.withUnsafeBufferPointer { buffers.rasterizeEdges($0, band.fTop, band.fBot, bandTop: band.top, BandBuffers.Tracked.self) }
            return 0
        case .plain:
            active.withUnsafeBufferPointer { buffers.rasterizeEdges($0, band.fTop, band.fBot, bandTop: band.top, BandBuffers.Untracked.self) }
            return 0
        }
    }

    /// Every row of the band into `sink`, runs of flagged rows through the resolver first;
    /// returns the number of rows resolved.
    @inline(__always)
    func sweepRows<Sink: CoverageSink>(_ band: Band, _ strategy: Rasterizer.SweepStrategy, _ pieces: Int,
                                       _ bandBuffers: BandBuffers, _ evenOdd: Bool, _ sink: inout Sink) -> Int {
        let buffers = bandBuffers   // in registers (see `BandBuffers.rasterizeEdges`)
        let rows = band.rows
        let reserving = strategy == .deferred || strategy == .whole, everyRow = overrides.rows == .every
        // A deferred band flags the rows it reserved; the others the rows where chains share a
        // pixel (every row when a test asks for it).
        @inline(__always) func flagged(_ r: Int) -> Bool {
            let s = buffers.rowState[r]
            return reserving ? s == .reserved : s == .shared || (everyRow && s == .clean)
        }
        var resolved = 0
        for r in 0..<rows {
            if buffers.rowMin[r] > buffers.rowMax[r] { continue }
            if flagged(r) {
                // Two chains share a pixel: the clamped (or folded) area sum may be wrong there, so
                // this row's cells are recomputed exactly, together with the flagged rows right
                // below it (one sweep down all of them).
                var r1 = r
                while r1 + 1 < rows && flagged(r1 + 1) && buffers.rowMin[r1 + 1] <= buffers.rowMax[r1 + 1] {
                    r1 += 1
                    buffers.rowState[r1] = .resolved
                }
                resolveRun(band, r...r1, strategy, pieces, buffers, evenOdd)
                resolved += r1 - r + 1
            }
            accumulateRow(r, band, buffers, evenOdd, &sink)
        }
        return resolved
    }

    /// Hands the rows `run` of the band to the resolver; rows it cannot take get the plain area
    /// sum from the kept pieces or the edges.
    @inline(never)
    func resolveRun(_ band: Band, _ run: ClosedRange<Int>, _ strategy: Rasterizer.SweepStrategy, _ pieces: Int,
                    _ buffers: BandBuffers, _ evenOdd: Bool) {
        let r = run.lowerBound
        if strategy == .deferred && resolver.budget <= 0 {
            // The fill's budget ran out in this band: these rows get the plain area sum after all.
            buffers.cells(from: rowPieceStore.base, pieces, rows: run)
        }
        let wrote = resolver.resolve(rows: run.count, first: buffers.row(r), stride: buffers.stride,
                                     rowTop: Int32((band.top + r) << 8), active: active, evenOdd: evenOdd, width: region.width,
                                     lo: buffers.rowMin + r, hi: buffers.rowMax + r, bits: buffers.groupRow(r), words: buffers.words)
        if strategy == .whole && !wrote {
            // Declined (the fill's budget is spent, or a single piece): these rows get the plain
            // area sum, as they would have without it.
            active.withUnsafeBufferPointer { ap in
                buffers.rasterizeEdges(ap, Int32((band.top + r) << 8), Int32((band.top + run.upperBound + 1) << 8),
                                       bandTop: band.top, BandBuffers.Untracked.self)
            }
        }
    }
}
