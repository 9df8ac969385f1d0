// Rasterizer.BandBuffers: the memory of one band of the sweep, and the code that writes its cells.
//
// Design note: the sweep's buffers live in the engine's `RawStorage` blocks; for the length of a
// fill their pointers are gathered here, in one value passed to every step, instead of eight
// nested `withUnsafe...` closures and helpers of fifteen parameters. An edge adds signed area to
// two cells per row it crosses (see the Rasterizer design note): `cellRow` splits one row's piece
// at cell borders, `rasterizeEdge` walks an edge down its rows, and with tracking on, `own`
// records which chain first touched each pixel so that rows where two unrelated chains meet are
// flagged for the crossing resolver.

extension Rasterizer {
    struct BandBuffers {
        /// Cells of the band's rows, `stride` apart: the area units of the design note, zeroed as
        /// the sweep reads them.
        let cells: UnsafeMutablePointer<Int32>
        let stride: Int
        /// One row of coverage, handed to the sink.
        let coverage: UnsafeMutablePointer<UInt8>
        /// Per row: the first and last cell written (rowMin > rowMax when none was).
        let rowMin: UnsafeMutablePointer<Int>, rowMax: UnsafeMutablePointer<Int>
        /// One bit per group of `Tuning.groupCells` cells, `words` words a row: set when a cell of
        /// the group was written, so untouched stretches (the inside of big shapes) are filled
        /// with a constant.
        let groups: UnsafeMutablePointer<UInt64>
        let words: Int
        /// The chain that first touched each pixel of the band, in the low 32 bits, under the
        /// stamp of the row it was written in (the high 32 bits). An entry with another stamp is
        /// empty, so the buffer is never cleared (zeroing it behind the sweep cost more than the
        /// stamps).
        let owner: UnsafeMutablePointer<UInt64>
        let stampBase: UInt64
        /// Per row of the band.
        let rowState: UnsafeMutablePointer<RowState>
        let chains: ChainPointers

        /// Row `r`'s cells and group bits.
        @inline(__always) func row(_ r: Int) -> UnsafeMutablePointer<Int32> { cells + r &* stride }
        @inline(__always) func groupRow(_ r: Int) -> UnsafeMutablePointer<UInt64> { groups + r &* words }

        /// Marks rows `0..<rows` as having no cells and a clean state.
        @inline(__always) func resetRows(_ rows: Int) {
            for r in 0..<rows { rowMin[r] = Int.max; rowMax[r] = Int.min; rowState[r] = .clean }
        }

        /// Rows of `0..<rows` not clean.
        func flaggedRows(_ rows: Int) -> Int {
            var n = 0
            for r in 0..<rows where rowState[r] != .clean { n += 1 }
            return n
        }

        /// Marks the groups of cells c0 ... c1 as written.
        @inline(__always) static func markGroups(_ rb: UnsafeMutablePointer<UInt64>, _ c0: Int, _ c1: Int) {
            var g = c0 >> Tuning.groupShift
            let gLast = c1 >> Tuning.groupShift
            while g <= gLast { rb[g >> 6] |= 1 << UInt64(g & 63); g += 1 }
        }

        /// Marks cells c and c + 1 as written.
        @inline(__always) static func mark(_ rb: UnsafeMutablePointer<UInt64>, _ c: Int) {
            let g0 = c >> Tuning.groupShift, g1 = (c + 1) >> Tuning.groupShift
            rb[g0 >> 6] |= 1 << UInt64(g0 & 63)
            rb[g1 >> 6] |= 1 << UInt64(g1 & 63)
        }

        /// Records that `chain` crosses pixels `c0 ... c1` of row `r`, and flags the row when one
        /// of them already belongs to a chain that is not its neighbour.
        @inline(__always)
        func own(row r: Int, _ c0: Int, _ c1: Int, _ chain: Int32, _ rowTop: Int32) {
            let o = owner + r &* stride, flag = rowState + r
            let stamp = stampBase &+ UInt64(rowTop >> 8) &+ 1
            let mine = stamp << 32 | UInt64(UInt32(bitPattern: chain))
            var c = c0
            while c <= c1 {
                let v = o[c]
                if v != mine {
                    if v >> 32 != stamp {
                        o[c] = mine
                    } else if flag.pointee == .clean {
                        BandBuffers.conflict(Int32(truncatingIfNeeded: v), chain, rowTop, flag, chains)
                    }
                }
                c &+= 1
            }
        }

        @inline(never)
        static func conflict(_ a: Int32, _ b: Int32, _ rowTop: Int32, _ flag: UnsafeMutablePointer<RowState>, _ book: ChainPointers) {
            if !ChainTable.meetInRow(a, b, rowTop, book) { flag.pointee = .shared }
        }

        /// Whether `rasterizeEdges` tracks pixel ownership, as a type, so that each case gets its
        /// own specialised loop with the other's work compiled out.
        protocol TrackMode { static var on: Bool { get } }
        enum Tracked: TrackMode { static var on: Bool { true } }
        enum Untracked: TrackMode { static var on: Bool { false } }

        /// `rasterizeEdge` for every edge of a band between heights `fTop` and `fBot` (1/256 px,
        /// region-relative), in a loop of its own: one call per band rather than one per edge
        /// (inlined into the sweep, the edge code made the row loop spill).
        @inline(never)
        func rasterizeEdges<M: TrackMode>(_ edges: UnsafeBufferPointer<Edge>, _ fTop: Int32, _ fBot: Int32, bandTop: Int, _ mode: M.Type) {
            // A copy, so that the fields stay in registers: `self` is passed by address, and a
            // store through the cell pointers could alias it, so each field would be reloaded
            // for every cell.
            let b = self
            for e in edges { b.rasterizeEdge(e, fTop, fBot, bandTop, track: M.on) }
        }

        /// Accumulates one edge's cover and area into the band's cells.
        @inline(__always)
        func rasterizeEdge(_ e: Edge, _ fTop: Int32, _ fBot: Int32, _ bandTop: Int, track: Bool) {
            let ya = max(e.y0, fTop), yb = min(e.y1, fBot)
            if ya >= yb { return }
            if e.x0 == e.x1 { verticalEdge(e, ya, yb, bandTop, track: track); return }
            if ya == e.y0 && yb == e.y1 && (ya >> 8) == ((yb &- 1) >> 8) {
                // The whole edge inside one row (most edges of a small curve): no slope needed,
                // and its division was a large part of a small stroke's sweep.
                let r = Int(ya >> 8) - bandTop
                BandBuffers.cellRow(row(r), e.x0, e.x1, yb &- ya, e.dir, &rowMin[r], &rowMax[r], groupRow(r))
                if track {
                    let xl = min(e.x0, e.x1), xr = max(e.x0, e.x1)
                    own(row: r, Int(xl >> 8), max(Int(xl >> 8), Int((xr &- 1) >> 8)), e.chain, ya & ~255)
                }
                return
            }
            BandBuffers.forEachRowPiece(e, ya, yb) { x, xn, y, next in
                let r = Int(y >> 8) - bandTop
                BandBuffers.cellRow(row(r), x, xn, (next &- y), e.dir, &rowMin[r], &rowMax[r], groupRow(r))
                let xl = min(x, xn), xr = max(x, xn)
                if track { own(row: r, Int(xl >> 8), max(Int(xl >> 8), Int((xr &- 1) >> 8)), e.chain, y & ~255) }
            }
        }

        /// Calls `body(x, xNext, y, yNext)` for each row's piece of edge `e` between heights
        /// `ya` < `yb` (1/256 px), top to bottom. The x at a row boundary is rounded from the
        /// edge's slope; at the edge's own ends it is exact.
        @inline(__always)
        static func forEachRowPiece(_ e: Edge, _ ya: Int32, _ yb: Int32, _ body: (Int32, Int32, Int32, Int32) -> Void) {
            let dxdy = Double(e.x1 - e.x0) / Double(e.y1 - e.y0)
            var y = ya
            var x = ya == e.y0 ? e.x0 : e.x0 &+ roundFast(Double(ya &- e.y0) * dxdy)
            while y < yb {
                let next = min((y & ~255) &+ 256, yb)
                let xn = next == e.y1 ? e.x1 : e.x0 &+ roundFast(Double(next &- e.y0) * dxdy)
                body(x, xn, y, next)
                y = next; x = xn
            }
        }

        /// `rasterizeEdge` for a vertical edge: the same two cells on every row.
        @inline(__always)
        func verticalEdge(_ e: Edge, _ ya: Int32, _ yb: Int32, _ bandTop: Int, track: Bool) {
            let c = Int(e.x0 >> 8), f = e.x0 & 255
            var y = ya
            while y < yb {
                let next = min((y & ~255) &+ 256, yb)
                let d = (next &- y) &* e.dir
                let r = Int(y >> 8) - bandTop
                let cellRow = row(r)
                cellRow[c] &+= d &* (512 &- 2 &* f)
                cellRow[c + 1] &+= d &* (2 &* f)
                BandBuffers.mark(groupRow(r), c)
                if track { own(row: r, c, c, e.chain, y & ~255) }
                if c < rowMin[r] { rowMin[r] = c }
                if c + 1 > rowMax[r] { rowMax[r] = c + 1 }
                y = next
            }
        }

        /// Splits one row's piece of an edge at cell borders.
        @inline(__always)
        static func cellRow(_ row: UnsafeMutablePointer<Int32>, _ xa: Int32, _ xb: Int32, _ dy: Int32, _ dir: Int32,
                            _ lo: inout Int, _ hi: inout Int, _ rb: UnsafeMutablePointer<UInt64>) {
            let xl = min(xa, xb), xr = max(xa, xb)
            let cl = xl >> 8
            let cr = (xr &- 1) >> 8
            let sdy = dy &* dir
            if cr <= cl {
                let base = cl << 8
                let f = (xa &- base) &+ (xb &- base)
                let c = Int(cl)
                row[c] &+= sdy &* (512 &- f)
                row[c + 1] &+= sdy &* f
                mark(rb, c)
                if c < lo { lo = c }
                if c + 1 > hi { hi = c + 1 }
                return
            }
            // The piece rises (or falls) by dy over [xl, xr]; y is linear in x. First cell, whole
            // middle cells (entered at their left border, left at their right: f = 256), last cell.
            let scale = Double(dy) / Double(xr - xl)
            var nx = (cl << 8) &+ 256
            var py = roundFast(Double(nx &- xl) * scale)
            do {
                let d = py &* dir, f = (xl &- (cl << 8)) &+ 256
                row[Int(cl)] &+= d &* (512 &- f)
                row[Int(cl) + 1] &+= d &* f
            }
            var c = cl &+ 1
            while c < cr {
                nx &+= 256
                let ny = roundFast(Double(nx &- xl) * scale)
                let d = (ny &- py) &* dir &* 256
                let ci = Int(c)
                row[ci] &+= d
                row[ci + 1] &+= d
                py = ny; c &+= 1
            }
            do {
                let d = (dy &- py) &* dir, f = xr &- (cr << 8)
                row[Int(cr)] &+= d &* (512 &- f)
                row[Int(cr) + 1] &+= d &* f
            }
            // Mark the groups of cells cl ... cr + 1 once, not per cell.
            markGroups(rb, Int(cl), Int(cr) + 1)
            if Int(cl) < lo { lo = Int(cl) }
            if Int(cr) + 1 > hi { hi = Int(cr) + 1 }
        }
    }
}
