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
            let top = Double(rowTop), bottom = Double(rowTop) + 256 * Double(rows)
            let rowEnd = rowTop &+ Int32(256 * rows)
            // The lists are filled through pointers into buffers kept at least `active.count`
            // long: appending paid a uniqueness check per element.
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
            guard n >= 2, n <= Self.maxPieces, budget > 0 else { return false }
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
                if !ok {
                    // Gave up: back to the plain area sum, every piece with its own direction,
                    // row by row.
                    sweep.closeRow()
                    for k in 0..<rows {
                        let c0 = min(lo[k], mn[k]), c1 = max(hi[k], mx[k] + 1)
                        if c0 <= c1 { (row0 + k * stride + c0).update(repeating: 0, count: c1 - c0 + 1) }
                        mn[k] = Int.max; mx[k] = Int.min
                    }
                    for k in 0..<rows {
                        sweep.row = row0 + k * stride; sweep.current = k
                        let y0 = top + 256 * Double(k), y1 = y0 + 256
                        for i in 0..<n {
                            let p = pb[i]
                            let a = max(p.y0, y0), b = min(p.yb, y1)
                            if a < b { sweep.boundary(p.x(at: a), a, p.x(at: b), b, Double(p.dir)) }
                        }
                        sweep.closeRow()
                    }
                }
                for k in 0..<rows where mn[k] <= mx[k] {
                    BandBuffers.markGroups(rb0 + k * words, mn[k], mx[k] + 1)
                    lo[k] = min(lo[k], mn[k]); hi[k] = max(hi[k], mx[k] + 1)
                }
            }}}}}}}}
            return true
        }

        /// The state of one sweep down a run of rows (`current` is the row it has reached).
        struct Sweep {
            let P: UnsafeMutablePointer<Piece>
            /// The current row's cells (the area units of Rasterizer.Engine: a full pixel is 256 *
            /// 512); the next row's are `stride` further on.
            var row: UnsafeMutablePointer<Int32>
            let stride: Int
            /// Index of the current row, and where each row's written cells begin and end.
            var current = 0
            let rowMin: UnsafeMutablePointer<Int>, rowMax: UnsafeMutablePointer<Int>
            /// Piece indices left to right; `count` of them.
            let order: UnsafeMutablePointer<Int32>
            let scratch: UnsafeMutablePointer<Int32>
            var count = 0
            let xs: UnsafeMutablePointer<Double>
            /// The current strip's crossings by height, `eventCount` of them in `eventCapacity`.
            var events: UnsafeMutablePointer<Crossing>
            var eventCount = 0
            var eventCapacity: Int
            unowned(unsafe) let storage: RawStorage<Crossing>
            let width: Int
            /// The cells' right end in 1/256 px.
            let maxX: Double
            var cmin = Int.max, cmax = Int.min

            init(P: UnsafeMutablePointer<Piece>, row: UnsafeMutablePointer<Int32>, stride: Int,
                 rowMin: UnsafeMutablePointer<Int>, rowMax: UnsafeMutablePointer<Int>, order: UnsafeMutablePointer<Int32>,
                 scratch: UnsafeMutablePointer<Int32>, xs: UnsafeMutablePointer<Double>,
                 storage: RawStorage<Crossing>, evenOdd: Bool, width: Int) {
                self.P = P; self.row = row; self.stride = stride; self.rowMin = rowMin; self.rowMax = rowMax
                self.order = order; self.scratch = scratch; self.xs = xs
                self.storage = storage; events = storage.base; eventCapacity = storage.capacity
                self.width = width
                maxX = Double(width) * 256
                insideMask = evenOdd ? 1 : -1
            }

            /// Cell coordinates and area terms are floored with `floorSmall` (FastMath): `Int(v)`
            /// checks its range, four conversions per segment, and here the range is known:
            /// coordinates are clamped to the row and a segment's area terms are at most
            /// 256 * 512 * 2.

            /// Adds the boundary segment (xa, ya) - (xb, yb) with sign `s` to the cells. The running
            /// total of the segment's contributions is rounded, not each one, so a segment's error
            /// stays under one unit (1/131072 of a pixel) however many cells it crosses.
            @inline(__always) mutating func boundary(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ s: Double) {
                let xa = min(max(xa, 0), maxX), xb = min(max(xb, 0), maxX)
                let dy = (yb - ya) * s
                let xl = min(xa, xb), xr = max(xa, xb)
                // xl and xr are at least 0, so floor is the truncation Int() did.
                let cl = min(floorSmall(xl * (1.0 / 256)), width)
                if cl < cmin { cmin = cl }
                // The last cell, cr below, equals cl exactly when xr <= (cl + 1) * 256: most segments
                // (a stretch between two events inside one row) stay in one cell, and this test
                // saves them the second floor and its corrections. That case is inlined where
                // stretches are closed (a call would cost about as much as the case); the rest is not.
                if xr <= Double(cl) * 256 + 256 {
                    if cl > cmax { cmax = cl }
                    let f = xa + xb - Double(cl) * 512
                    let a = Self.round(dy * (512 - f))
                    row[cl] &+= a
                    row[cl &+ 1] &+= Self.round(dy * 512) &- a
                    return
                }
                spanning(xl, xr, cl, dy)
            }

            @inline(__always) static func round(_ v: Double) -> Int32 { Int32(truncatingIfNeeded: floorSmall(v + 0.5)) }

            /// The rest of `boundary`: a segment across more than one cell.
            @inline(never) mutating func spanning(_ xl: Double, _ xr: Double, _ cl: Int, _ dy: Double) {
                @inline(__always) func round(_ v: Double) -> Int32 { Self.round(v) }
                // xl is at least 0, so floor is the truncation that Int() did before.
                var cr = floorSmall(xr * (1.0 / 256))
                if Double(cr) * 256 == xr { cr &-= 1 }
                cr = min(max(cl, cr), width)
                if cr > cmax { cmax = cr }
                let per = dy / (xr - xl)
                var total = 0.0
                var done: Int32 = 0
                // The first cell holds the segment from xl to its right border (p = xl, q = base +
                // 256), the last one from its left border to xr (p = base, q = xr): the general
                // step's max and min picked those, so the terms below are the very same values.
                let b0 = Double(cl) * 256
                do {
                    let part = per * ((b0 + 256) - xl)
                    let f = (xl - b0) + 256
                    // Cell cl gets part * (512 - f); the rest of the part's cover goes to cl + 1.
                    total += part * (512 - f)
                    let r = round(total)
                    row[cl] &+= r &- done
                    done = r
                    total += part * f
                }
                // Cells strictly between cl and cr are crossed whole: p = base and q = base + 256,
                // so part = per * 256 and f = 256, and both halves add part * 256.
                let half = (per * 256) * 256
                var c = cl &+ 1
                while c < cr {
                    total += half
                    let r = round(total)
                    row[c] &+= r &- done
                    done = r
                    total += half
                    c &+= 1
                }
                do {
                    let g = xr - Double(cr) * 256
                    let part = per * g
                    total += part * (512 - g)
                    let r = round(total)
                    row[cr] &+= r &- done
                    done = r
                    total += part * g
                }
                let r = round(total)
                row[cr &+ 1] &+= r &- done
            }

            /// A winding number is inside when it has a bit of this mask: 1 for even-odd, all
            /// bits for non-zero (no branch on the rule in the sweep's most frequent step).
            let insideMask: Int32

            /// Closes piece k's current stretch at y.
            @inline(__always) mutating func emit(_ k: Int, _ y: Double) {
                let p = P[k]
                if p.sign != 0 && y > p.since {
                    boundary(p.x(at: p.since), p.since, p.x(at: y), y, Double(p.sign))
                }
                P[k].since = y
            }

            /// Gives piece k the winding `wl` at y, closing its stretch if its sign changes.
            @inline(__always) mutating func setWinding(_ k: Int, _ wl: Int32, _ y: Double) {
                // +1 where the fill starts across the piece, -1 where it stops, 0 if neither.
                let a: Int32 = wl & insideMask != 0 ? 1 : 0
                let b: Int32 = (wl &+ P[k].dir) & insideMask != 0 ? 1 : 0
                let s = b &- a
                if s != P[k].sign { emit(k, y); P[k].sign = s }
                P[k].wl = wl
            }

            @inline(__always) func windingBefore(_ i: Int) -> Int32 {
                if i == 0 { return 0 }
                let k = Int(order[i - 1])
                return P[k].wl &+ P[k].dir
            }

            /// Recomputes windings from order index i on; past `last` it stops at the first piece
            /// whose winding is unchanged (everything right of it is as before).
            mutating func refresh(from i: Int, through last: Int, _ y: Double) {
                var wnd = windingBefore(i)
                var j = i
                while j < count {
                    let k = Int(order[j])
                    if j > last && P[k].wl == wnd { break }
                    setWinding(k, wnd, y)
                    wnd &+= P[k].dir
                    j += 1
                }
            }

            @inline(never) mutating func growEvents() {
                events = storage.grow(keeping: eventCount, minimum: 0)
                eventCapacity = storage.capacity
            }

            /// Puts the strip's crossings in height order: an insertion sort for the dozen a strip
            /// holds in practice (equal heights keep the order they came in), the library sort
            /// for a hostile path's thousands.
            mutating func sortEvents() {
                if eventCount > 64 {
                    var all = UnsafeMutableBufferPointer(start: events, count: eventCount)
                    all.sort { $0.y < $1.y }
                    return
                }
                var i = 1
                while i < eventCount {
                    let c = events[i]
                    var j = i
                    while j > 0 && events[j &- 1].y > c.y { events[j] = events[j &- 1]; j &-= 1 }
                    events[j] = c
                    i &+= 1
                }
            }

            /// Sweeps from ya down to yb, a stretch of the rows where no piece starts or ends.
            /// Straight pieces cross at most once, so the pairs that cross in the strip are exactly
            /// those whose order at yb differs from their order at ya: the insertion sort that
            /// takes the order from ya to yb meets each such pair once, as one swap, and the
            /// crossing's height follows from the pair. Each crossing changes the winding left of
            /// its two pieces, and a piece's sign depends only on that winding, so the crossings
            /// are replayed in height order as changes to the two windings alone: nothing needs
            /// the pieces to be neighbours at that moment, and nothing is scheduled beyond the
            /// strip. Returns the crossings, or a number above `limit` once it passes that.
            mutating func strip(_ ya: Double, _ yb: Double, limit: Int) -> Int {
                let n = count
                guard n > 1 else { return 0 }
                // The sort loop keeps to locals, only notes the pairs (heights and replay come
                // after it) and makes no calls, as room for every pair that can cross (or one past
                // the limit) is made first: with any of those in it, the compiler kept the loop's
                // values on the stack, which slowed the strokes of many-sided polygons.
                let room = min(n &* (n &- 1) / 2, limit &+ 1)
                while eventCapacity < room { eventCount = 0; growEvents() }
                let P = self.P, order = self.order, xs = self.xs, events = self.events
                var crossings = 0
                // Every piece's x at yb first, then the sort pass: a piece already right of the
                // one before it (nearly all of them) costs one compare, without the set-up of an
                // insertion (a stroke outline's strips hold 30 pieces and cross 4 times).
                for k in 0..<n { xs[k] = P[Int(order[k])].x(at: yb) }
                var prev = xs[0]
                var i = 1
                while i < n {
                    let xr = xs[i]
                    if xr > prev { prev = xr; i &+= 1; continue }
                    let r = order[i], sr = P[Int(r)].slope
                    var j = i
                    while j > 0 {
                        let xl = xs[j &- 1]
                        let l = order[j &- 1]
                        // Level at yb: the one heading further left comes first, as in slot(_:_:).
                        guard xr < xl || (xr == xl && sr < P[Int(l)].slope) else { break }
                        // l was left of r at ya and is right of it at yb.
                        if crossings == room { return crossings &+ 1 }   // past the limit
                        events[crossings] = Crossing(y: 0, left: l, right: r)
                        crossings &+= 1
                        xs[j] = xl; order[j] = l; P[Int(l)].pos = Int32(truncatingIfNeeded: j)
                        j &-= 1
                    }
                    xs[j] = xr
                    if j != i { order[j] = r; P[Int(r)].pos = Int32(truncatingIfNeeded: j) }
                    prev = xs[i]
                    i &+= 1
                }
                if crossings == 0 { return 0 }
                if crossings > limit { return crossings }
                eventCount = crossings
                replay(ya, yb)
                return crossings
            }

            /// The strip's crossings: their heights, then in height order as changes to the
            /// windings of their two pieces.
            @inline(never) mutating func replay(_ ya: Double, _ yb: Double) {
                for e in 0..<eventCount {
                    let l = Int(events[e].left), r = Int(events[e].right)
                    let ds = P[l].slope - P[r].slope
                    var yc = ya
                    if ds > 0 { yc = min(ya + max(P[r].x(at: ya) - P[l].x(at: ya), 0) / ds, yb) }
                    events[e].y = yc
                }
                if eventCount > 1 { sortEvents() }
                for e in 0..<eventCount {
                    let c = events[e]
                    let l = Int(c.left), r = Int(c.right)
                    // r passes to l's left; l is no longer on r's left.
                    setWinding(l, P[l].wl &+ P[r].dir, c.y)
                    setWinding(r, P[r].wl &- P[l].dir, c.y)
                }
            }

            /// Index where piece b goes at y: after every piece left of it, or level with it and
            /// heading further left.
            func slot(_ b: Int, _ y: Double) -> Int {
                let xb = P[b].x(at: y), sb = P[b].slope
                var lo = 0, hi = count
                while lo < hi {
                    let mid = (lo + hi) >> 1
                    let m = Int(order[mid])
                    let xm = P[m].x(at: y)
                    if xm < xb || (xm == xb && P[m].slope < sb) { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }

            /// Records the current row's written cells and starts the next row.
            mutating func closeRow() {
                rowMin[current] = cmin; rowMax[current] = cmax
                cmin = Int.max; cmax = Int.min
                current += 1
                row += stride
            }

            /// Closes every boundary stretch at y (a row boundary, or the bottom). Pieces with sign
            /// 0 are skipped: their `since` is not read until their sign changes, which resets it.
            mutating func closeStretches(_ y: Double) {
                for i in 0..<count {
                    let k = Int(order[i])
                    if P[k].sign != 0 { emit(k, y) }
                }
            }

            @inline(__always) static func index(_ key: Int64) -> Int { Int(key & 0xFFFF_FFFF) }
            @inline(__always) static func height(_ key: Int64) -> Double { Double(key >> 32) }

            /// Sweeps the rows; returns the events used, more than `maxEvents` when it gave up.
            mutating func run(top: Double, bottom: Double, initial: Int,
                              starts: UnsafeBufferPointer<Int64>, ends: UnsafeBufferPointer<Int64>, maxEvents: Int) -> Int {
                // The pieces present at the top, left to right, ties by heading.
                for k in 0..<(initial + starts.count) where P[k].y0 <= top {
                    let s = slot(k, top)
                    (order + s + 1).update(from: order + s, count: count - s)   // memmove
                    order[s] = Int32(k); count += 1
                }
                for i in 0..<count { let k = Int(order[i]); P[k].pos = Int32(i); P[k].since = top }
                refresh(from: 0, through: count - 1, top)

                var si = 0, ei = 0, events = 0
                var y = top, rowBottom = top + 256
                // The next start or end; it moves only when a batch consumes them.
                @inline(__always) func nextY(_ si: Int, _ ei: Int) -> Double {
                    min(si < starts.count ? Self.height(starts[si]) : .infinity,
                        ei < ends.count ? Self.height(ends[ei]) : .infinity)
                }
                var yNext = nextY(si, ei)
                while true {
                    // Strips end at row boundaries and wherever pieces start or end. A strip costs
                    // its crossings and a pass over the pieces: both count towards the limit, so a
                    // hostile path of thousands of long edges and thousands of vertices between
                    // them cannot make it quadratic without bound.
                    let yb = min(min(rowBottom, yNext), bottom)
                    if yb > y {
                        events &+= 1 &+ count &>> 3
                        if events > maxEvents { return events }
                        events &+= strip(y, yb, limit: maxEvents &- events)
                        if events > maxEvents { return events }
                        y = yb
                    }
                    if y >= bottom { break }
                    if rowBottom <= y {
                        // A row boundary: every stretch is closed in the row above it.
                        closeStretches(rowBottom)
                        closeRow()
                        rowBottom += 256
                    }
                    if yNext <= y {
                        batch(at: yNext, starts: starts, &si, ends: ends, &ei)
                        yNext = nextY(si, ei)
                    }
                }
                closeStretches(bottom)
                closeRow()
                return events
            }

            /// Every piece that ends or starts at y, as one batch.
            mutating func batch(at y: Double, starts: UnsafeBufferPointer<Int64>, _ si: inout Int,
                                ends: UnsafeBufferPointer<Int64>, _ ei: inout Int) {
                let e0 = ei
                while ei < ends.count && Self.height(ends[ei]) == y { emit(Self.index(ends[ei]), y); ei += 1 }
                // New pieces: a chain vertex hands the ended edge's place to the next one (O(1));
                // the others are collected in `scratch` and inserted below.
                var newCount = 0
                while si < starts.count && Self.height(starts[si]) == y {
                    let b = Self.index(starts[si]); si += 1
                    P[b].since = y
                    let xb = P[b].x(at: y)
                    var took = false
                    for j in e0..<ei {
                        let a = Self.index(ends[j])
                        if P[a].pos >= 0 && P[a].chain == P[b].chain && P[a].dir == P[b].dir
                            && abs(P[a].x(at: y) - xb) <= CrossingResolver.tie {
                            let i = Int(P[a].pos)
                            order[i] = Int32(b); P[b].pos = Int32(i); P[a].pos = -1
                            P[b].wl = P[a].wl; P[b].sign = P[a].sign
                            took = true
                            break
                        }
                    }
                    if !took { scratch[newCount] = Int32(b); newCount += 1 }
                }
                // Ended pieces nobody replaced leave the order. Exactly they are the pieces in
                // the order that end at y, so the order only changes from the leftmost of them.
                var firstChange = Int.max
                for j in e0..<ei {
                    let p = Int(P[Self.index(ends[j])].pos)
                    if p >= 0 && p < firstChange { firstChange = p }
                }
                if firstChange != Int.max {
                    var out = firstChange
                    for j in firstChange..<count {
                        let k = Int(order[j])
                        if P[k].yb == y { P[k].pos = -1; continue }
                        order[out] = order[j]; out += 1
                    }
                    count = out
                }
                // Insertions only need the order (slot reads no positions), so the positions
                // are renumbered once, from the first change on, after all of them.
                for j in 0..<newCount {
                    let b = Int(scratch[j])
                    let s = slot(b, y)
                    (order + s + 1).update(from: order + s, count: count - s)
                    order[s] = Int32(b); count += 1
                    P[b].sign = 0; P[b].wl = 0
                    firstChange = min(firstChange, s)
                }
                if firstChange != Int.max {
                    var i = firstChange
                    while i < count { P[Int(order[i])].pos = Int32(truncatingIfNeeded: i); i &+= 1 }
                    var last = -1
                    for j in 0..<newCount { last = max(last, Int(P[Int(scratch[j])].pos)) }
                    refresh(from: min(firstChange, count), through: last, y)
                }
            }
        }
    }
}
