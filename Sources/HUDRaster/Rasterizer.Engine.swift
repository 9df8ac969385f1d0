// Rasterizer.Engine: the reusable scan converter a canvas fills and clips with.
//
// Design note: an engine owns every buffer a fill needs (edges, the band's cells, coverage, group
// bits, pixel owners, row states) and keeps them from one path to the next, so a frame allocates
// once. Adding paths goes through `EdgeBuilder`; `sweep` (Engine+Sweep) turns the edges into
// coverage for a `CoverageSink`. What the engine decides per fill (how much bookkeeping the
// outline needs) is in SweepStrategy; the knobs tests turn are in `SweepOverrides`, apart from
// the engine's own state.

extension Rasterizer {
    /// A reusable scan converter: its buffers are kept between paths so a frame allocates once.
    /// Not thread-safe; one per Canvas.
    final class Engine {
        // Every stored property skips the runtime exclusivity check (`@exclusivity(unchecked)`):
        // an engine belongs to one canvas on one thread, the sweep's overlapping accesses are to
        // different properties, and the checks a fill made were a noticeable part of an 8 px
        // shape's time.
        @exclusivity(unchecked) var region = PixelRect.empty
        @exclusivity(unchecked) var edges: [Edge] = []
        /// The edges in order of the band they start in, and where each band's run starts (only
        /// for a fill of several bands).
        @exclusivity(unchecked) var sorted: [Edge] = []
        @exclusivity(unchecked) var bandStart: [Int] = []
        /// The edges that reach into the current band.
        @exclusivity(unchecked) var active: [Edge] = []
        let chains = ChainTable()
        /// The band's buffers (see `BandBuffers` for what each holds).
        let cellStore = RawStorage<Int32>(capacity: 0)
        let coverageStore = RawStorage<UInt8>(capacity: 0)
        let rowMinStore = RawStorage<Int>(capacity: 0)
        let rowMaxStore = RawStorage<Int>(capacity: 0)
        let groupStore = RawStorage<UInt64>(capacity: 0)
        let ownerStore = RawStorage<UInt64>(capacity: 0)
        let rowStateStore = RawStorage<RowState>(capacity: 0)
        /// Row pieces kept between the two passes of a deferred band (see `BandBuffers`).
        let rowPieceStore = RawStorage<RowPiece>(capacity: 0)
        /// The stamp of the current fill's first row minus one; each fill takes the next
        /// `height` stamps (the owner buffer is cleared when they run out, after 4 billion rows).
        @exclusivity(unchecked) var ownerStamp: UInt64 = 0
        @exclusivity(unchecked) var resolver = CrossingResolver()
        /// Set by a caller that knows the outline's contours cross neither each other nor
        /// themselves (`Stroker.Scratch.outlineIsSimple`): no pixel ownership is tracked.
        @exclusivity(unchecked) var outlineIsSimple = false
        /// What tests force, and what they count (left at their defaults by production code).
        @exclusivity(unchecked) var overrides = SweepOverrides()
        @exclusivity(unchecked) var counters = SweepCounters()

        // The rasterizer's types, by the names the engine's extensions (in their own files) use.
        typealias BandBuffers = Rasterizer.BandBuffers
        typealias Tuning = Rasterizer.Tuning
        typealias SweepStrategy = Rasterizer.SweepStrategy
        typealias CrossingResolver = Rasterizer.CrossingResolver
        typealias CoverageSink = Rasterizer.CoverageSink
        typealias Edge = Rasterizer.Edge

        init() {}

        /// Starts a new fill limited to `region` (device pixels).
        func reset(region r: PixelRect) {
            region = r
            edges.removeAll(keepingCapacity: true)
            chains.removeAll()
        }

        /// Adds a path's outline; false when the path was dropped for non-finite coordinates.
        @discardableResult
        func add(_ path: Path, transform: Transform, tolerance: Double = Flattener.defaultTolerance) -> Bool {
            add(path, transform: transform, tolerance: tolerance, knownFinite: false)
        }

        /// `add`, skipping the finiteness pass when the caller has just made it (`deviceBounds`
        /// with `finite:` checks the same coordinates).
        func add(_ path: Path, transform: Transform, tolerance: Double = Flattener.defaultTolerance, knownFinite: Bool) -> Bool {
            // The builder works on the engine's arrays in place: one exclusive access to each for
            // the whole path instead of swapping them in and out of a builder.
            return EdgeBuilder.build(self, region: region, clear: false) { b in
                let ok = Flattener.flatten(path, transform: transform, tolerance: tolerance, checked: !knownFinite, into: &b)
                b.closeCurrent()
                return ok
            }
        }

        /// `reset(region:)` and then `add(path, transform:, knownFinite:)` with one exclusive access
        /// to each array of the engine (each costs a runtime call, a few of which add up for a
        /// small shape); false when the path was dropped for non-finite coordinates.
        func reset(region r: PixelRect, adding path: Path, transform: Transform, knownFinite: Bool) -> Bool {
            region = r
            return EdgeBuilder.build(self, region: r, clear: true) { b in
                let ok = Flattener.flatten(path, transform: transform, checked: !knownFinite, into: &b)
                b.closeCurrent()
                return ok
            }
        }

        /// Adds a transformed rectangle without building a Path.
        func addRect(_ r: Rect, transform t: Transform) {
            let a = Point(x: r.minX, y: r.minY).applying(t), b = Point(x: r.maxX, y: r.minY).applying(t)
            let c = Point(x: r.maxX, y: r.maxY).applying(t), d = Point(x: r.minX, y: r.maxY).applying(t)
            guard a.isFinite, b.isFinite, c.isFinite, d.isFinite else { return }
            EdgeBuilder.build(self, region: region, clear: false) { e in
                e.move(to: Flattener.clampPoint(a)); e.line(to: Flattener.clampPoint(b))
                e.line(to: Flattener.clampPoint(c)); e.line(to: Flattener.clampPoint(d))
                e.closeCurrent()
            }
        }

        /// Converts the accumulated edges to coverage and calls `body(y, x, count, coverage)` for
        /// each non-empty row span in device coordinates (a row may give several spans: untouched
        /// stretches of zero coverage are left out). `coverage` is valid only during the call and
        /// may be modified by it.
        func sweep(rule: FillRule, _ body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void) {
            // The closure does not escape: the sink lives only for the sweep.
            withoutActuallyEscaping(body) { body in
                var sink = SpanSink(body: body, x0: region.x0)
                sweep(rule: rule, into: &sink)
            }
        }

        /// Rasterizes `path` into a mask over its device box intersected with `within`.
        func mask(for path: Path, transform: Transform, rule: FillRule, within: PixelRect) -> Mask? {
            var finite = true
            let box = Rasterizer.deviceBounds(of: path, transform: transform, finite: &finite).intersection(within)
            guard finite, !box.isEmpty, box.width * box.height <= Image.maxPixels else { return nil }
            _ = reset(region: box, adding: path, transform: transform, knownFinite: true)
            return collectMask(rule: rule)
        }

        /// Sweeps the current edges into a mask covering the region.
        func collectMask(rule: FillRule) -> Mask? {
            let box = region
            guard !box.isEmpty else { return nil }
            var m = Mask(originX: box.x0, originY: box.y0, width: box.width, height: box.height)
            let w = box.width
            var any = false
            m.coverage.withUnsafeMutableBufferPointer { out in
                sweep(rule: rule) { y, x, n, c in
                    let dst = out.baseAddress! + (y - box.y0) * w + (x - box.x0)
                    dst.update(from: c, count: n)
                    any = true
                }
            }
            return any ? m : nil
        }
    }
}
