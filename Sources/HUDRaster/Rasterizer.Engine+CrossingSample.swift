// Rasterizer.Engine+CrossingSample: whether an outline crosses itself often enough to be swept
// whole, told from a sample of its rows.
//
// Design note: a whole sweep (every row to the crossing resolver, no pixel bookkeeping) pays for
// an outline that crosses itself in row after row, and costs more for one that does not. Small
// outlines are tested pair by pair, which is exact; others on a few sample rows spread over the
// region: in a sample row, the edges that span it are sorted by x at its top, and a crossing
// shows as a pair out of order at its bottom. Small shapes are tested too: a glyph of many chains
// (an "m", a "W") does not cross itself, and its coverage stays the flagged sweep's to the byte.
// Each edge is visited once (the samples it spans follow from its ends), with one division.

extension Rasterizer.Engine {
    /// One edge in one sample row: its x at the row's top and at its bottom.
    typealias SampleSpan = (top: Double, bottom: Double)

    /// Whether the outline crosses itself often enough to be swept whole (see `Tuning` for the
    /// sizes and shares, and why).
    static func crossesOften(_ E: UnsafeBufferPointer<Edge>, rows h: Int) -> Bool {
        let s = crossingSamples(E, rows: h)
        return s.seen >= s.needed
    }

    /// How many of the outline's sample rows show a crossing (`seen`, counted up to `needed`),
    /// and how many make it cross often. Up to `Tuning.pairTestEdges` edges the test is exact:
    /// one "sample", seen when any two edges cross.
    static func crossingSamples(_ E: UnsafeBufferPointer<Edge>, rows h: Int) -> (seen: Int, needed: Int) {
        if E.count <= Tuning.pairTestEdges && h <= Tuning.pairTestRows { return (anyTwoCross(E) ? 1 : 0, 1) }
        let samples = max(1, min(Tuning.maxSamples, h / 2))
        let needed = h <= Tuning.oneSampleRows ? 1 : samples / Tuning.sampleShare
        // Per sample: its row's top (1/256 px), where its edges start in the spans and where they
        // end so far; one allocation for the three.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * samples + 1) { buf in
            let top = buf.baseAddress!, start = top + samples, end = start + samples + 1
            for k in 0..<samples { top[k] = ((2 &* k &+ 1) &* h / (2 &* samples)) << 8 }
            start.initialize(repeating: 0, count: samples + 1)
            let sampler = SampleRows(top: top, count: samples, scale: Double(samples) / Double(h &* 256))
            var total = 0
            // An edge shorter than a row spans no sample row (most of a curve's or a stroke's).
            for e in E where e.y1 &- e.y0 >= 256 {
                var k = sampler.first(e.y0)
                while k < samples && top[k] &+ 256 <= Int(e.y1) { start[k &+ 1] &+= 1; total &+= 1; k &+= 1 }
            }
            if total == 0 { return (0, needed) }
            for k in 0..<samples { start[k &+ 1] &+= start[k] }
            end.update(from: start, count: samples)
            return withUnsafeTemporaryAllocation(of: SampleSpan.self, capacity: total) { xs in
                sampler.collectSpans(E, into: xs.baseAddress!, end: end)
                var crossing = 0
                for k in 0..<samples where sampleCrosses(xs.baseAddress!, start[k], end[k]) {
                    crossing &+= 1
                    if crossing >= needed { break }
                }
                return (crossing, needed)
            }
        }
    }

    /// The sample rows' tops (1/256 px), evenly spread.
    struct SampleRows {
        let top: UnsafeMutablePointer<Int>, count: Int, scale: Double

        /// The first sample whose row starts at or below y0: a guess from y0's share of the
        /// height, then a step either way at most (the rows are evenly spread).
        @inline(__always) func first(_ y0: Int32) -> Int {
            var k = min(max(Int(Double(y0) * scale), 0), count)
            while k > 0 && top[k &- 1] >= Int(y0) { k &-= 1 }
            while k < count && top[k] < Int(y0) { k &+= 1 }
            return k
        }

        /// Each sample's spanning edges, at `end[k]` on for sample k (which it advances).
        func collectSpans(_ E: UnsafeBufferPointer<Edge>, into xs: UnsafeMutablePointer<SampleSpan>, end: UnsafeMutablePointer<Int>) {
            for e in E where e.y1 &- e.y0 >= 256 {
                var k = first(e.y0)
                guard k < count && top[k] &+ 256 <= Int(e.y1) else { continue }
                let slope = Double(e.x1 &- e.x0) / Double(e.y1 &- e.y0)
                while k < count && top[k] &+ 256 <= Int(e.y1) {
                    let t = Double(e.x0) + Double(top[k] &- Int(e.y0)) * slope
                    xs[end[k]] = (t, t + 256 * slope)
                    end[k] &+= 1
                    k &+= 1
                }
            }
        }
    }

    /// Whether two of one sample row's spans `xs[start ..< end]` cross in it: sorted by x at the
    /// top, a crossing is a pair out of order below. Spans level at the top (a vertex on the row's
    /// top) are ordered by x below: spreading from one point is not crossing. An insertion sort
    /// for the dozen a row holds in practice, the library sort for a hostile path's thousands.
    static func sampleCrosses(_ xs: UnsafeMutablePointer<SampleSpan>, _ start: Int, _ end: Int) -> Bool {
        @inline(__always) func before(_ a: SampleSpan, _ b: SampleSpan) -> Bool {
            a.top < b.top || (a.top == b.top && a.bottom < b.bottom)
        }
        if end &- start > Tuning.insertionSortLimit {
            var row = UnsafeMutableBufferPointer(start: xs + start, count: end &- start)
            row.sort(by: before)
        } else {
            var i = start &+ 1
            while i < end {
                let v = xs[i]
                var j = i
                while j > start && before(v, xs[j &- 1]) { xs[j] = xs[j &- 1]; j &-= 1 }
                xs[j] = v
                i &+= 1
            }
        }
        var i = start &+ 1
        while i < end && xs[i].bottom >= xs[i &- 1].bottom { i &+= 1 }
        return i < end
    }

    /// Whether two of the edges cross properly: each one's ends strictly on either side of the
    /// other's line (edges that share an end, as neighbours on a contour do, do not count).
    static func anyTwoCross(_ E: UnsafeBufferPointer<Edge>) -> Bool {
        @inline(__always) func side(_ a: Edge, _ x: Int32, _ y: Int32) -> Int {
            let v = Int64(a.x1 &- a.x0) * Int64(y &- a.y0) - Int64(a.y1 &- a.y0) * Int64(x &- a.x0)
            return v > 0 ? 1 : (v < 0 ? -1 : 0)
        }
        for i in 0..<E.count {
            let a = E[i]
            for j in (i + 1)..<E.count {
                let b = E[j]
                // Apart in y: no crossing (and no arithmetic).
                if b.y0 >= a.y1 || a.y0 >= b.y1 { continue }
                if side(a, b.x0, b.y0) * side(a, b.x1, b.y1) < 0 && side(b, a.x0, a.y0) * side(b, a.x1, a.y1) < 0 { return true }
            }
        }
        return false
    }
}
