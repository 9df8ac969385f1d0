// CrossingResolver: exact coverage for the rows where the area sum is not enough.
//
// Design note: the cell accumulation adds up the *signed* winding over each pixel and applies the
// fill rule to that sum. That is exact when a pixel holds at most two winding numbers, which is
// all a single y-monotone chain can make; where edges of two chains overlap or cross inside one
// pixel (self-intersecting polygons, overlapping parts of a stroke outline) the pixel can hold
// three (0, 1 and 2, say) and the clamped sum is wrong: FreeType and Blend2D share that flaw. A
// row the sweep flags is recomputed here by a sweep down the row: the pieces of edges are kept in
// left-to-right order, and each knows the winding to its left, so it knows whether it is a
// boundary (the fill rule flips across it, sign +1 or -1) or lies inside the filled area or
// outside it (sign 0). Only boundaries add area to the cells, with the sign of the flip instead of
// the edge's direction: that is linear in coverage, so the ordinary running sum of the cells then
// gives each pixel's exact covered area. A piece's sign can change only when it swaps places with
// another (a crossing) or a piece appears or leaves beside it. The sweep goes down in strips that
// end at row boundaries and where pieces start or end; inside a strip the pieces are fixed
// straight segments, so the pairs that cross in it are exactly those whose order at the strip's
// bottom differs from the order at its top, and the insertion sort that carries the order down
// finds each of them as one swap. A crossing only changes the winding left of its two pieces, so
// the strip's crossings are replayed in height order as changes to those two windings: nothing
// needs the pieces to be neighbours at that moment. That replaced a Bentley-Ottmann sweep with a
// heap of predicted crossings between neighbours, which spent most of its time predicting,
// scheduling and discarding (a tangle's neighbours change at every crossing): the strips do none
// of that, with the same output byte for byte.
// A chain vertex hands its place to the next edge in O(1), and the two pieces that meet at a
// turning point cancel each other's effect on the pieces to their right. A run of flagged rows is
// swept in one go (stretches are closed at every row boundary, so each row gets its own cells): a
// tangle crosses itself in row after row, and setting up one sweep per row cost more than many of
// those rows' sweeps. The sweep state is a struct of raw pointers with mutating methods, so the inner loops carry
// no dynamic exclusivity or copy-on-write checks; the crossing list lives in raw memory
// (`RawStorage`) the resolver keeps between fills. The engine holds one resolver for its life and
// calls it in place, never copied. The output must not change with the implementation (it is compared
// byte for byte): the y-sorted start and end lists are sorted by (y, index), which is what a
// stable sort of the index order gave, and a crossing's height is computed by the same formula as
// before.

extension Rasterizer {
    struct CrossingResolver {
        struct Piece {
            /// Where the piece starts is max(y0, the sweep's top): not stored, so that a piece
            /// takes 64 bytes (a shift, not a multiply, per access in the inner loops).
            var x0: Double, y0: Double, slope: Double
            var yb: Double
            var dir: Int32, chain: Int32
            /// Winding number just left of the piece, its boundary sign and since when it holds
            /// (`since` is only kept up to date while the sign is not 0: nothing reads it then).
            var wl: Int32 = 0
            var sign: Int32 = 0
            var since = 0.0
            /// Index in the left-to-right order; -1 before it starts and after it ends.
            var pos: Int32 = -1
            @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * slope }
        }

        /// Pieces `left` and `right` (their order above y) swap places at y.
        struct Crossing { var y: Double; var left: Int32; var right: Int32 }

        /// Rows with more pieces than this, or sweeps longer than `maxEvents`, keep the area sum
        /// (slightly wrong where edges cross) rather than spend unbounded time; so do all rows of
        /// a fill once its rows together have used `budget` events (so a hostile path of thousands
        /// of crossing edges costs a bounded time more than the plain sum).
        static let maxPieces = 4096
        var maxEvents = 1 << 18
        static let fillBudget = 1 << 21
        var budget = fillBudget
        /// Positions closer than this (1/256 px units) are equal: a chain vertex hands over its place.
        static let tie = 1e-6

        var pieces: [Piece] = []
        var order: [Int32] = []
        /// Pieces starting and ending inside the rows, as sort keys: y (an integer in 1/256 px)
        /// in the high half, the piece's index in the low half. Sorting the keys orders by y and
        /// then by index, as the stable sort of the index lists did, with plain integer compares.
        var starts: [Int64] = []
        var ends: [Int64] = []
        var scratch: [Int32] = []
        /// Per strip: the pieces' x at its bottom, in the order being sorted.
        var xs: [Double] = []
        var sortKeys: [Int64] = []
        var sortCounts: [Int32] = []
        /// The crossing list's memory, allocated on the first resolved row (most engines never
        /// need it) and kept for the engine's later fills.
        var crossingStorage: RawStorage<Crossing>? = nil
        /// Per row of a multi-row sweep: the cells it wrote to.
        var rowMin: [Int] = []
        var rowMax: [Int] = []

        /// Sorts keys whose heights lie in [top, top + 256 * rows): a counting sort by height,
        /// in about as many height bands as there are keys, first, so the insertion sort after it
        /// only orders each band's few keys among themselves (a stroke outline starts a couple of
        /// hundred edges in a dozen rows, and the library sort cost as much as the sweep). A band
        /// holding very many keys (edges starting at one height) goes to the library sort, which
        /// keeps a hostile path from the insertion sort's quadratic worst case. The keys are
        /// distinct, so every route gives the one ascending order.
        static func sort(_ a: inout [Int64], _ n: Int, _ tmp: inout [Int64], _ counts: inout [Int32], top: Int64, rows: Int) {
            if n > 16 {
                let span = 256 * rows
                var shift = 0
                while span >> shift > n { shift &+= 1 }
                let bands = (span &- 1) >> shift &+ 1
                if counts.count < bands + 1 { counts = [Int32](repeating: 0, count: max(bands + 1, 2 * counts.count)) }
                if tmp.count < n { tmp = [Int64](repeating: 0, count: max(n, 2 * tmp.count)) }
                var crowded = false
                a.withUnsafeMutableBufferPointer { ab in
                tmp.withUnsafeMutableBufferPointer { tb in
                counts.withUnsafeMutableBufferPointer { cb in
                    let k = ab.baseAddress!, t = tb.baseAddress!, c = cb.baseAddress!
                    c.update(repeating: 0, count: bands + 1)
                    @inline(__always) func band(_ key: Int64) -> Int { Int(truncatingIfNeeded: ((key >> 32) &- top) >> shift) }
                    for i in 0..<n { c[band(k[i]) &+ 1] &+= 1 }
                    var sum: Int32 = 0
                    for r in 0...bands {
                        if c[r] > 64 { crowded = true }
                        sum &+= c[r]; c[r] = sum
                    }
                    if crowded { var all = UnsafeMutableBufferPointer(start: k, count: n); all.sort(); return }
                    for i in 0..<n { let r = band(k[i]); t[Int(c[r])] = k[i]; c[r] &+= 1 }
                    k.update(from: t, count: n)
                }}}
                if crowded { return }
            }
            a.withUnsafeMutableBufferPointer { b in
                guard let k = b.baseAddress else { return }
                var i = 1
                while i < n {
                    let v = k[i]
                    var j = i
                    while j > 0 && v < k[j &- 1] { k[j] = k[j &- 1]; j &-= 1 }
                    k[j] = v
                    i &+= 1
                }
            }
        }

        /// Replaces the cells of `rows` consecutive rows (the first at `rowTop` in 1/256 px,
        /// region-relative; cells `stride` apart, group bits `words` apart) with exact coverage
        /// contributions from the `active` edges, in one sweep down all of them, and widens each
        /// row's `lo ... hi` and group bits to what it now covers. A sweep that passes its event
        /// limit gives up and writes the plain area sum of the rows instead (and returns true).
        /// Returns false, having written nothing, when it declines the rows: fewer than two pieces
        /// or more than `maxPieces`, or the fill's budget spent.
        /// Out of line: it runs once per run of flagged rows (once per band in a whole sweep), and
        /// inlined into the engine's sweep it only bloats that loop (and hides the resolver's cost
        /// in profiles).
        @inline(never) @discardableResult
        mutating func resolve(rows: Int, first row0: UnsafeMutablePointer<Int32>, stride: Int, rowTop: Int32,
                              active: [Edge], evenOdd: Bool, width w: Int,
                              lo: UnsafeMutablePointer<Int>, hi: UnsafeMutablePointer<Int>,
                              bits rb0: UnsafeMutablePointer<UInt64>, words: Int) -> Bool {
            let (n, nStarts, nEnds, initial) = gather(active, rowTop: rowTop, rows: rows)
            guard n >= 2, n <= Self.maxPieces, budget > 0 else { return false }
            sweepRows(rows, n, nStarts, nEnds, initial, first: row0, stride: stride, rowTop: rowTop, evenOdd: evenOdd, width: w,
                      lo: lo, hi: hi, bits: rb0, words: words)
            return true
        }

        /// The pieces of the `active` edges that reach into the rows, and the sort keys of those
        /// that start or end inside them; returns their counts and how many are there at the top.
        /// The lists are filled through pointers into buffers kept at least `active.count` long:
        /// appending paid a uniqueness check per element.
        @inline(__always)
        private mutating func gather(_ active: [Edge], rowTop: Int32, rows: Int) -> (Int, Int, Int, Int) {
            let bottom = Double(rowTop) + 256 * Double(rows)
            let rowEnd = rowTop &+ Int32(256 * rows)
            let m = active.count
            if pieces.count < m {
                let blank = Piece(x0: 0, y0: 0, slope: 0, yb: 0, dir: 0, chain: 0)
                pieces = [Piece](repeating: blank, count: max(m, 2 * pieces.count))
            }
            if starts.count < m { starts = [Int64](repeating: 0, count: max(m, 2 * starts.count)); ends = starts }
            var n = 0, nStarts = 0, nEnds = 0
            var initial = 0
            pieces.withUnsafeMutableBufferPointer { pb in
            starts.withUnsafeMutableBufferPointer { sb in
            ends.withUnsafeMutableBufferPointer { eb in
                let P = pb.baseAddress!, S = sb.baseAddress!, E = eb.baseAddress!
                for e in active where e.y0 < rowEnd && e.y1 > rowTop {
                    let slope = Double(e.x1 - e.x0) / Double(e.y1 - e.y0)
                    let p = Piece(x0: Double(e.x0), y0: Double(e.y0), slope: slope,
                                  yb: min(Double(e.y1), bottom), dir: e.dir, chain: e.chain)
                    // A piece that starts (ends) inside the rows starts (ends) at its edge's own y.
                    if e.y0 > rowTop { S[nStarts] = Int64(e.y0) << 32 | Int64(n); nStarts &+= 1 } else { initial &+= 1 }
                    if e.y1 < rowEnd { E[nEnds] = Int64(e.y1) << 32 | Int64(n); nEnds &+= 1 }
                    P[n] = p
                    n &+= 1
                }
            }}}
            return (n, nStarts, nEnds, initial)
        }

        /// The second half of `resolve`: the sweep down the rows, and the plain area sum when it
        /// gives up.
        @inline(__always)
        private mutating func sweepRows(_ rows: Int, _ n: Int, _ nStarts: Int, _ nEnds: Int, _ initial: Int,
                                        first row0: UnsafeMutablePointer<Int32>, stride: Int, rowTop: Int32, evenOdd: Bool, width w: Int,
                                        lo: UnsafeMutablePointer<Int>, hi: UnsafeMutablePointer<Int>,
                                        bits rb0: UnsafeMutablePointer<UInt64>, words: Int) {
            let top = Double(rowTop), bottom = Double(rowTop) + 256 * Double(rows)
            if order.count < n {
                order = [Int32](repeating: 0, count: n); scratch = order
                xs = [Double](repeating: 0, count: n)
            }
            Self.sort(&starts, nStarts, &sortKeys, &sortCounts, top: Int64(rowTop), rows: rows)
            Self.sort(&ends, nEnds, &sortKeys, &sortCounts, top: Int64(rowTop), rows: rows)
            let storage: RawStorage<Crossing>
            if let s = crossingStorage { storage = s } else { storage = RawStorage(capacity: 256); crossingStorage = storage }

            // The rows' cells are rebuilt from scratch: boundaries only, with their flip's sign.
            for k in 0..<rows where lo[k] <= hi[k] { (row0 + k * stride + lo[k]).update(repeating: 0, count: hi[k] - lo[k] + 1) }
            if rowMin.count < rows { rowMin = [Int](repeating: 0, count: rows); rowMax = rowMin }
            var ok = false
            pieces.withUnsafeMutableBufferPointer { pb in
            order.withUnsafeMutableBufferPointer { ob in
            scratch.withUnsafeMutableBufferPointer { xb in
            xs.withUnsafeMutableBufferPointer { xsb in
            starts.withUnsafeBufferPointer { sAll in
            ends.withUnsafeBufferPointer { eAll in
            rowMin.withUnsafeMutableBufferPointer { mn in
            rowMax.withUnsafeMutableBufferPointer { mx in
                for k in 0..<rows { mn[k] = Int.max; mx[k] = Int.min }
                var sweep = Sweep(P: pb.baseAddress!, row: row0, stride: stride, rowMin: mn.baseAddress!, rowMax: mx.baseAddress!,
                                  order: ob.baseAddress!, scratch: xb.baseAddress!, xs: xsb.baseAddress!,
                                  storage: storage, evenOdd: evenOdd, width: w)
                let sp = UnsafeBufferPointer(rebasing: sAll[0..<nStarts]), ep = UnsafeBufferPointer(rebasing: eAll[0..<nEnds])
                let limit = min(maxEvents, budget)
                let used = sweep.run(top: top, bottom: bottom, initial: initial, starts: sp, ends: ep, maxEvents: limit)
                ok = used <= limit
                budget -= min(used, limit) + n
                if !ok { sweep.plainSum(rows: rows, pieces: n, top: top, first: row0, lo: lo, hi: hi) }
                for k in 0..<rows where mn[k] <= mx[k] {
                    BandBuffers.markGroups(rb0 + k * words, mn[k], mx[k] + 1)
                    lo[k] = min(lo[k], mn[k]); hi[k] = max(hi[k], mx[k] + 1)
                }
            }}}}}}}}
        }
    }
}
