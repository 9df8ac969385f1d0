// Rasterizer.BandBuffers+Deferred: the two passes of a deferred band.
//
// Design note: an outline of many chains a contour (a self-crossing polygon, a stroke of one)
// crosses itself in row after row, and a resolved row's cells are rebuilt from scratch. In a
// deferred band the edges are first only split into row pieces, with pixel ownership and each
// row's cell range; the runs of rows the resolver will take are reserved, and cells are made only
// for the others. The pieces are kept, so rows the resolver declines after all (its budget ran
// out) still get their cells.

extension Rasterizer {
    /// One row's piece of an edge, kept between the two passes of a deferred band.
    struct RowPiece { var xa: Int32, xb: Int32, dy: Int32, dir: Int32, row: Int32 }
}

extension Rasterizer.BandBuffers {
    typealias Edge = Rasterizer.Edge
    typealias RowPiece = Rasterizer.RowPiece

    /// The first pass of a deferred band between heights `fTop` and `fBot`: the `active` edges
    /// split into row pieces in `store`, with pixel ownership and each row's cell range; rows of
    /// the runs the resolver will rebuild are `reserved` (with `everyRow`, clean rows too), and
    /// cells are made for the others. `budget` is what the resolver has left: with none, no row
    /// is left to it. Returns the number of pieces.
    func deferredCells(active: [Edge], fTop: Int32, fBot: Int32, bandTop: Int, rows: Int,
                       everyRow: Bool, budget: Int, store: RawStorage<RowPiece>) -> Int {
        let np = splitIntoPieces(active, fTop, fBot, bandTop, store)
        reserveResolverRuns(active, bandTop: bandTop, rows: rows, everyRow: everyRow, budget: budget)
        let P = store.base
        for i in 0..<np {
            let p = P[i], r = Int(p.row)
            if rowState[r] != .reserved {
                Self.cellRow(row(r), p.xa, p.xb, p.dy, p.dir, &rowMin[r], &rowMax[r], groupRow(r))
            }
        }
        return np
    }

    /// Splits the edges into row pieces (recording ownership and cell ranges); returns how many.
    private func splitIntoPieces(_ active: [Edge], _ fTop: Int32, _ fBot: Int32, _ bandTop: Int,
                                 _ store: RawStorage<RowPiece>) -> Int {
        var need = 0
        for e in active {
            let ya = max(e.y0, fTop), yb = min(e.y1, fBot)
            if ya < yb { need += Int(((yb &- 1) >> 8) &- (ya >> 8)) + 1 }
        }
        let P = store.reserveDiscarding(need, minimum: 256)
        let b = self   // in registers (see `rasterizeEdges`)
        var np = 0
        for e in active {
            let ya = max(e.y0, fTop), yb = min(e.y1, fBot)
            if ya >= yb { continue }
            let dir = e.dir, chain = e.chain
            @inline(__always) func piece(_ x: Int32, _ xn: Int32, _ y: Int32, _ next: Int32) {
                let r = Int(y >> 8) - bandTop
                P[np] = RowPiece(xa: x, xb: xn, dy: next &- y, dir: dir, row: Int32(r))
                np &+= 1
                let cl = Int(min(x, xn) >> 8), cr = max(cl, Int((max(x, xn) &- 1) >> 8))
                b.own(row: r, cl, cr, chain, y & ~255)
                // What cellRow would widen the row's range to.
                if cl < b.rowMin[r] { b.rowMin[r] = cl }
                if cr + 1 > b.rowMax[r] { b.rowMax[r] = cr + 1 }
            }
            if ya == e.y0 && yb == e.y1 && (ya >> 8) == ((yb &- 1) >> 8) { piece(e.x0, e.x1, ya, yb); continue }
            Self.forEachRowPiece(e, ya, yb, piece)
        }
        return np
    }

    /// Reserves the runs of flagged rows the resolver will take (its own conditions: two pieces
    /// at least, not too many, budget left); their cells are not made.
    private func reserveResolverRuns(_ active: [Edge], bandTop: Int, rows: Int, everyRow: Bool, budget: Int) {
        @inline(__always) func wanted(_ r: Int) -> Bool {
            (rowState[r] == .shared || (everyRow && rowState[r] == .clean)) && rowMin[r] <= rowMax[r]
        }
        var r = 0
        while r < rows {
            guard wanted(r) else { r += 1; continue }
            var r1 = r
            while r1 + 1 < rows && wanted(r1 + 1) { r1 += 1 }
            let top = Int32((bandTop + r) << 8), end = Int32((bandTop + r1 + 1) << 8)
            var n = 0
            for e in active where e.y0 < end && e.y1 > top { n += 1 }
            if n >= 2 && n <= Rasterizer.CrossingResolver.maxPieces && budget > 0 {
                for k in r...r1 { rowState[k] = .reserved }
            }
            r = r1 + 1
        }
    }

    /// Cells of rows `rows` from the first `count` kept pieces (a deferred band's rows that the
    /// resolver could not take after all).
    func cells(from P: UnsafeMutablePointer<RowPiece>, _ count: Int, rows: ClosedRange<Int>) {
        for i in 0..<count {
            let p = P[i], r = Int(p.row)
            if rows.contains(r) { Self.cellRow(row(r), p.xa, p.xb, p.dy, p.dir, &rowMin[r], &rowMax[r], groupRow(r)) }
        }
    }
}
