// CrossingResolver.Sweep: the sweep down a run of rows that rebuilds their cells exactly (see
// CrossingResolver for the design): pieces in left-to-right order with the winding left of each,
// strips between events, crossings replayed in height order, boundary stretches added to the cells.

extension Rasterizer.CrossingResolver {
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
                        && abs(P[a].x(at: y) - xb) <= Rasterizer.CrossingResolver.tie {
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

        /// The plain area sum of the `rows` rows, every one of the first `n` pieces with its own
        /// direction, row by row: what a sweep that gave up writes instead. The cells it wrote so far
        /// (and the rows' old `lo ... hi`) are cleared first.
        mutating func plainSum(rows: Int, pieces n: Int, top: Double, first row0: UnsafeMutablePointer<Int32>,
                               lo: UnsafeMutablePointer<Int>, hi: UnsafeMutablePointer<Int>) {
            closeRow()
            for k in 0..<rows {
                let c0 = min(lo[k], rowMin[k]), c1 = max(hi[k], rowMax[k] + 1)
                if c0 <= c1 { (row0 + k * stride + c0).update(repeating: 0, count: c1 - c0 + 1) }
                rowMin[k] = Int.max; rowMax[k] = Int.min
            }
            for k in 0..<rows {
                row = row0 + k * stride; current = k
                let y0 = top + 256 * Double(k), y1 = y0 + 256
                for i in 0..<n {
                    let p = P[i]
                    let a = max(p.y0, y0), b = min(p.yb, y1)
                    if a < b { boundary(p.x(at: a), a, p.x(at: b), b, Double(p.dir)) }
                }
                closeRow()
            }
        }
    }
}
