// Rasterizer: exact-area coverage scan conversion (the FreeType / font-rs / Blend2D approach).
//
// Design note: every line segment adds signed `cover * (1 - mean x)` to the cell it crosses and the
// remainder to the next cell, in integer units (1/256 px positions, so a full pixel is 256 * 512).
// A running sum along the row then gives each pixel's exact covered area, without supersampling:
// antialiasing has 256 * 512 levels before the final rounding to 8 bits. The fill rule is applied
// only to the running sum (non-zero: clamp |sum|; even-odd: fold), which is exact wherever a pixel
// is crossed by one y-monotone chain of the outline. Each edge carries its chain's number and each
// pixel remembers the first chain through it, so a row where two unrelated chains share a pixel
// (edges crossing or overlapping there) is flagged and recomputed exactly by CrossingResolver; an
// outline that cannot cross itself (one convex contour, seen from its turns while it is built)
// skips that bookkeeping. One of many chains a contour that crosses itself in many rows (a sample
// of rows tells) skips it too, the other way: every row goes to the resolver, which costs less than
// finding the rows that need it; one of many chains that crosses itself less often makes cells only
// for the rows the resolver will not rebuild. Cells live in a dense Int32 buffer for one band of
// rows at a time (64 rows, so it stays in cache; a shape of up to 65536 cells, a 255 px square, is
// one band, which took 7 to 14% off rounded rects and their strokes of 64 and 128 px, while one
// band of twice that made 256 px rotated rects 15 to 20% slower), with a per-row touched range and
// a bit per 8 cells; the sweep zeroes cells as it reads them so the buffer is ready for the next
// band without a clear. Untouched stretches have constant coverage: empty ones are skipped (the
// inside of a stroke is never composited), full ones are handed over as one run. Where the coverage
// goes is a CoverageSink: a solid colour is composited right there (SolidSink), anything else gets
// spans of a coverage buffer (SpanSink). Segments are clipped to the work region in Double before
// quantisation: parts left of it become vertical edges on its left border (they still carry
// winding), parts right of, above or below it are dropped. So a 16k-wide canvas costs nothing for a
// 20 px shape: the work is bounded by the shape's box intersected with the clip.

/// Largest integer <= v, without a libm call. Valid for |v| < 2^62.
@inline(__always) func floorToInt(_ v: Double) -> Int {
    let t = Int(v)
    return v < Double(t) ? t - 1 : t
}

/// Round to nearest (ties to even) by the 1.5 * 2^52 trick: no libm call and no range check.
/// Only for |v| < 2^31, which the rasterizer's in-region fixed-point values always are.
@inline(__always) func roundFast(_ v: Double) -> Int32 {
    Int32(truncatingIfNeeded: Int64(bitPattern: (v + 6_755_399_441_055_744.0).bitPattern))
}

/// An integer pixel rectangle, half-open: [x0, x1) x [y0, y1).
@usableFromInline struct PixelRect: Hashable, Sendable {
    @usableFromInline var x0: Int, y0: Int, x1: Int, y1: Int
    @inlinable init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @inlinable var width: Int { x1 - x0 }
    @inlinable var height: Int { y1 - y0 }
    @inlinable var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @usableFromInline static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    @inlinable func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    func insetBy(_ d: Int) -> PixelRect { PixelRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }
    func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
    /// The pixels touched by a real rectangle (rounded outwards, clamped to sane magnitudes).
    init(covering r: Rect) {
        if r.isNull || !r.minX.isFinite || !r.minY.isFinite || !r.maxX.isFinite || !r.maxY.isFinite || r.width < 0 || r.height < 0 {
            self = .empty; return
        }
        let l = 1 << 26
        func c(_ v: Double) -> Int { Int(min(max(v, -Double(l)), Double(l))) }
        self.init(x0: c(r.minX.rounded(.down)), y0: c(r.minY.rounded(.down)),
                  x1: c(r.maxX.rounded(.up)), y1: c(r.maxY.rounded(.up)))
    }
    var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}

/// Fill-rule-aware scan conversion of paths into coverage.
public enum Rasterizer {
    /// The device area `mask(for:)` works in: paths reaching beyond it are cropped to
    /// `-Image.maxDimension ..< 2 * Image.maxDimension` on each axis.
    static let maskRegionLimit = PixelRect(x0: -Image.maxDimension, y0: -Image.maxDimension,
                                           x1: 2 * Image.maxDimension, y1: 2 * Image.maxDimension)

    /// The antialiased coverage of `path` (after `transform`) under `rule`, covering the path's
    /// device-space bounding box (cropped to `maskRegionLimit`). Nil when the path is empty,
    /// covers no pixel, has a NaN or infinite coordinate, or its cropped box has more than
    /// `Image.maxPixels` pixels.
    public static func mask(for path: Path, transform: Transform = .identity, rule: FillRule = .winding) -> Mask? {
        let engine = Engine()
        return engine.mask(for: path, transform: transform, rule: rule, within: maskRegionLimit)
    }

    /// The device-space pixel box of `path` after `transform` (control points included, so it is
    /// conservative). Empty when the path is empty or not finite.
    static func deviceBounds(of path: Path, transform: Transform) -> PixelRect {
        var finite = true
        return deviceBounds(of: path, transform: transform, finite: &finite)
    }

    /// `deviceBounds(of:transform:)`, also setting `finite` to `Flattener.isFinite(path, transform:)`
    /// from the same pass over the elements (a fill needs both, and a small path costs about as
    /// much to walk as to rasterize).
    static func deviceBounds(of path: Path, transform: Transform, finite: inout Bool) -> PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        let t = transform
        // x * 0 is 0 for every finite x and NaN for infinities and NaN, so one sum of such terms
        // stays 0 exactly when every coordinate is finite (no branch per coordinate).
        var z = t.a * 0 + t.b * 0 + t.c * 0 + t.d * 0 + t.tx * 0 + t.ty * 0
        @inline(__always) func add(_ p: Point) {
            z += p.x * 0 + p.y * 0
            let q = Flattener.clampPoint(p.applying(t))
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        path.elements.withUnsafeBufferPointer { els in
            for e in els {
                switch e {
                case .move(let p), .line(let p): add(p)
                case .quadCurve(let p, let c): add(p); add(c)
                case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
                case .closeSubpath: break
                }
            }
        }
        finite = z == 0
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x0 <= x1, y0 <= y1 else { return .empty }
        return PixelRect(covering: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// One fixed-point edge, y0 < y1 always; `dir` is +1 for downward, -1 for upward segments.
    /// `chain` numbers the y-monotone run of the outline the edge belongs to (see `ChainTable`).
    @usableFromInline struct Edge {
        @usableFromInline var x0: Int32, y0: Int32, x1: Int32, y1: Int32, dir: Int32, chain: Int32
    }

    /// `ChainTable`'s arrays while a sweep runs.
    struct ChainPointers {
        let contourOf: UnsafePointer<Int32>, first: UnsafePointer<Int32>, last: UnsafePointer<Int32>
        let endY: UnsafePointer<Int32>
    }

    /// The outline split into y-monotone chains: runs of consecutive edges going the same way.
    /// A pixel crossed by a single chain holds two winding numbers at most, so the area sum is
    /// exact there; a pixel two chains share may hold three (an overlap or a crossing), unless it
    /// is in the row of the turning point where two neighbouring chains of a contour meet (like the
    /// top of a circle). Neighbours can still cross further from it, so other rows are flagged.
    final class ChainTable {
        /// The contour of each chain; index 0 is unused (chain ids start at 1, 0 marks "no owner").
        @exclusivity(unchecked) var contourOf = Int32List()
        /// Where each chain ends, in region-relative 1/256 px (the turning point it shares with
        /// the chain after it).
        @exclusivity(unchecked) var endY = Int32List()
        /// First and last chain of each contour.
        @exclusivity(unchecked) var first = Int32List()
        @exclusivity(unchecked) var last = Int32List()
        /// The turns the outline makes, over all contours: bit 0 for a left turn, bit 1 for a
        /// right one (both for a U-turn). One contour of two chains that turns one way only is
        /// convex, so its chains cannot cross.
        @exclusivity(unchecked) var turns: UInt8 = 0

        init() { removeAll() }
        deinit { contourOf.deallocate(); endY.deallocate(); first.deallocate(); last.deallocate() }

        func removeAll() {
            contourOf.removeAll(); contourOf.append(0)
            endY.removeAll(); endY.append(0)
            first.removeAll(); last.removeAll()
            turns = 0
        }

        /// The lists' memory, for the length of a sweep (no list grows then).
        var pointers: ChainPointers {
            ChainPointers(contourOf: UnsafePointer(contourOf.base), first: UnsafePointer(first.base),
                          last: UnsafePointer(last.base), endY: UnsafePointer(endY.base))
        }

        /// True when chains a and b follow each other on one contour and meet at a turning point
        /// inside the pixel row starting at `rowTop`.
        static func meetInRow(_ a: Int32, _ b: Int32, _ rowTop: Int32, _ t: ChainPointers) -> Bool {
            let ca = t.contourOf[Int(a)]
            guard ca == t.contourOf[Int(b)] else { return false }
            let f = t.first[Int(ca)], l = t.last[Int(ca)]
            @inline(__always) func endsInRow(_ c: Int32) -> Bool {
                let y = t.endY[Int(c)]
                return y >= rowTop && y <= rowTop &+ 256
            }
            // A contour of two chains has them meet twice: at its top and at its bottom.
            if b == a &+ 1 && endsInRow(a) { return true }
            if a == b &+ 1 && endsInRow(b) { return true }
            if a == l && b == f && endsInRow(l) { return true }
            if b == l && a == f && endsInRow(l) { return true }
            return false
        }
    }

    /// Collects clipped, quantised edges while a path is flattened. It works on the engine's edge
    /// list and chain table through pointers (taken for the length of one `add`): a builder owning
    /// the arrays had to swap them in and out and destroy the empty ones it was left with, which
    /// cost more than the edges of a small shape. New edges are staged in a fixed buffer and
    /// appended to the list in blocks: `Array.append` per edge calls the runtime's uniqueness check,
    /// and the flattener's registers were spilled around every such call. A struct passed `inout`,
    /// so the per-segment work does no dynamic exclusivity checks.
    struct EdgeBuilder: FlattenSink {
        var rx0: Double, ry0: Double, rx1: Double, ry1: Double
        let edges: UnsafeMutablePointer<[Edge]>
        /// Held strongly: one retain per path. Held `unowned(unsafe)`, every access to it made a
        /// strong copy (a retain and a release per chain the outline starts).
        let chains: ChainTable
        /// Edges not yet appended to `edges` (room for `stageCapacity`: 960 bytes, under the
        /// 1 KiB that `withUnsafeTemporaryAllocation` is sure to put on the stack; past that it
        /// asks the runtime, which on Linux means a heap block per path).
        let stage: UnsafeMutablePointer<Edge>
        var staged = 0
        static let stageCapacity = 40
        var start = Point.zero
        var last = Point.zero
        var open = false
        /// The chain being extended (0 before the contour's first non-horizontal segment), its
        /// direction (0 with no chain, so one compare tells whether a segment starts a new chain),
        /// where its edges start in `edges`, and the contour's first chain and direction.
        var chain: Int32 = 0, chainDir: Int32 = 0, chainStart = 0
        var firstChain: Int32 = 0, firstDir: Int32 = 0
        /// Device y where the current chain has got to; stored in `chains.endY` when it ends.
        var chainEndY = 0.0
        /// The direction of the contour's last and first segments, and the turns it has made.
        var lastDX = 0.0, lastDY = 0.0, firstDX = 0.0, firstDY = 0.0
        var heading = false
        var turns: UInt8 = 0

        init(region r: PixelRect, edges: UnsafeMutablePointer<[Edge]>, chains: ChainTable,
             stage: UnsafeMutablePointer<Edge>) {
            rx0 = Double(r.x0); ry0 = Double(r.y0); rx1 = Double(r.x1); ry1 = Double(r.y1)
            self.edges = edges; self.chains = chains; self.stage = stage
        }

        /// Runs `body` with a builder over `engine`'s edges and chains for `region`, then appends
        /// what it staged; with `clear`, first empties them (as `Engine.reset` does).
        @inline(__always)
        static func build<R>(_ engine: Engine, region r: PixelRect, clear: Bool, _ body: (inout EdgeBuilder) -> R) -> R {
            return withUnsafeTemporaryAllocation(of: Edge.self, capacity: 40) { buf in
                withUnsafeMutablePointer(to: &engine.edges) { ep in
                    if clear { ep.pointee.removeAll(keepingCapacity: true); engine.chains.removeAll() }
                    var b = EdgeBuilder(region: r, edges: ep, chains: engine.chains, stage: buf.baseAddress!)
                    let result = body(&b)
                    b.flush()
                    return result
                }
            }
        }

        /// Edges built so far (appended and staged).
        var edgeCount: Int { edges.pointee.count + staged }

        @inline(__always) mutating func emit(_ e: Edge) {
            if staged == EdgeBuilder.stageCapacity { flush() }
            stage[staged] = e
            staged &+= 1
        }

        @inline(never) mutating func flush() {
            if staged == 0 { return }
            edges.pointee.append(contentsOf: UnsafeBufferPointer(start: stage, count: staged))
            staged = 0
        }

        /// floor(v) for 0 <= v < 2^31, without the NaN and range checks of `Int32(Double)`: adding
        /// 1.5 * 2^52 rounds to the nearest integer (read from the low bits), and one compare
        /// steps back when that rounded up.
        @inline(__always) static func floorNonNegative(_ v: Double) -> Int32 {
            let m = v + 6_755_399_441_055_744.0
            let r = Int32(truncatingIfNeeded: Int64(bitPattern: m.bitPattern))
            return m - 6_755_399_441_055_744.0 > v ? r &- 1 : r
        }

        @inline(__always) func fixedY(_ y: Double) -> Int32 { Int32(min(max((y - ry0) * 256, -1e9), 1e9)) }

        @inline(never)
        mutating func startChain(_ dir: Int32) {
            if chain != 0 { chains.endY[Int(chain)] = fixedY(chainEndY) }
            chain = Int32(chains.contourOf.count)
            chainDir = dir
            chainStart = edgeCount
            if firstChain == 0 {
                firstChain = chain; firstDir = dir
                chains.first.append(chain); chains.last.append(chain)
            }
            chains.contourOf.append(Int32(chains.first.count - 1))
            chains.endY.append(0)
        }

        /// Ends the contour's chain bookkeeping: a last chain going the same way as the first is
        /// the first one continued through the start point, so it takes the first one's id.
        mutating func endContour() {
            if heading {
                turn(firstDX, firstDY)   // from the closing segment into the first
                chains.turns |= turns
                heading = false; turns = 0
            }
            guard firstChain != 0 else { return }
            chains.endY[Int(chain)] = fixedY(chainEndY)
            if chain != firstChain && chainDir == firstDir {
                let n = edges.pointee.count
                if chainStart < n {
                    edges.pointee.withUnsafeMutableBufferPointer { e in
                        for i in chainStart..<n { e[i].chain = firstChain }
                    }
                }
                for i in max(chainStart - n, 0)..<staged { stage[i].chain = firstChain }
                chains.contourOf.removeLast(); chains.endY.removeLast()
            }
            chains.last[chains.last.count - 1] = Int32(chains.contourOf.count - 1)
            chain = 0; chainDir = 0; firstChain = 0
        }

        mutating func move(to p: Point) { closeCurrent(); start = p; last = p; open = true }
        /// Inlined into the flattener's loops: a call per flattened point cost more than most
        /// of what it does.
        @inline(__always) mutating func line(to p: Point) {
            if !open { start = last; open = true }
            turn(p.x - last.x, p.y - last.y)
            segment(last, p); last = p
        }

        /// Notes the turn from the previous segment's direction into (dx, dy). Segments far
        /// shorter than the 1/256 px grid are passed over: their direction is rounding noise (a
        /// rotated ellipse ends 2e-15 px from its start, and closing that gap turned both ways).
        @inline(__always) mutating func turn(_ dx: Double, _ dy: Double) {
            if abs(dx) + abs(dy) < 1.0 / 4096 { return }
            if heading {
                let c = lastDX * dy - lastDY * dx
                if c > 0 { turns |= 1 } else if c < 0 { turns |= 2 } else if lastDX * dx + lastDY * dy < 0 { turns = 3 }
            } else {
                firstDX = dx; firstDY = dy; heading = true
            }
            lastDX = dx; lastDY = dy
        }
        mutating func close() { closeCurrent() }
        func needsDetail(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
            !(maxY <= ry0 || minY >= ry1 || minX >= rx1 || maxX <= rx0)
        }
        mutating func closeCurrent() {
            if open && (last.x != start.x || last.y != start.y) {
                turn(start.x - last.x, start.y - last.y)
                segment(last, start)
            }
            endContour()
            last = start
            open = false
        }

        /// Stores one segment in fixed point, clipped to the region.
        @inline(__always) mutating func segment(_ p: Point, _ q: Point) {
            if p.y == q.y { return }
            let dir: Int32 = p.y < q.y ? 1 : -1
            if dir != chainDir { startChain(dir) }
            chainEndY = q.y
            let (x0, y0, x1, y1) = dir > 0 ? (p.x, p.y, q.x, q.y) : (q.x, q.y, p.x, p.y)
            let xl = min(x0, x1), xr = max(x0, x1)
            // A small shape's region is its own bounding box, so almost every segment lies inside
            // it and needs none of the clipping below. For those, `clipped` would push the segment
            // as it is (a segment with both ends on the right border is the one it drops), and
            // every quantised value is >= 0.5, so the floor is a plain truncation.
            if y0 >= ry0 && y1 <= ry1 && xl >= rx0 && xr <= rx1 && xl < rx1 {
                let fy0 = EdgeBuilder.floorNonNegative((y0 - ry0) * 256 + 0.5)
                let fy1 = EdgeBuilder.floorNonNegative((y1 - ry0) * 256 + 0.5)
                if fy0 == fy1 { return }
                let fx0 = EdgeBuilder.floorNonNegative((x0 - rx0) * 256 + 0.5)
                let fx1 = EdgeBuilder.floorNonNegative((x1 - rx0) * 256 + 0.5)
                emit(Edge(x0: fx0, y0: fy0, x1: fx1, y1: fy1, dir: dir, chain: chain))
                return
            }
            clipped(x0, y0, x1, y1, dir)
        }

        /// `segment` for a segment (y0 < y1) that reaches outside the region.
        @inline(never)
        mutating func clipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Int32) {
            var (x0, y0, x1, y1) = (x0, y0, x1, y1)
            if y1 <= ry0 || y0 >= ry1 { return }
            if y0 < ry0 { x0 += (x1 - x0) * (ry0 - y0) / (y1 - y0); y0 = ry0 }
            if y1 > ry1 { x1 -= (x1 - x0) * (y1 - ry1) / (y1 - y0); y1 = ry1 }
            // Horizontal clipping: left parts hug the left border, right parts are dropped.
            if x0 >= rx1 && x1 >= rx1 { return }
            if x0 <= rx0 && x1 <= rx0 { push(rx0, y0, rx0, y1, dir); return }
            var ax = x0, ay = y0, bx = x1, by = y1
            if (ax < rx0) != (bx < rx0) {
                let ym = ay + (by - ay) * (rx0 - ax) / (bx - ax)
                if ax < rx0 { push(rx0, ay, rx0, ym, dir); ax = rx0; ay = ym } else { push(rx0, ym, rx0, by, dir); bx = rx0; by = ym }
            }
            if (ax > rx1) != (bx > rx1) {
                let ym = ay + (by - ay) * (rx1 - ax) / (bx - ax)
                if ax > rx1 { ax = rx1; ay = ym } else { bx = rx1; by = ym }
            }
            push(ax, ay, bx, by, dir)
        }

        mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Int32) {
            // Coordinates are within the region here, so these conversions cannot overflow.
            let fx0 = Int32(floorToInt((x0 - rx0) * 256 + 0.5)), fy0 = Int32(floorToInt((y0 - ry0) * 256 + 0.5))
            let fx1 = Int32(floorToInt((x1 - rx0) * 256 + 0.5)), fy1 = Int32(floorToInt((y1 - ry0) * 256 + 0.5))
            if fy0 == fy1 { return }
            if fy0 < fy1 { emit(Edge(x0: fx0, y0: fy0, x1: fx1, y1: fy1, dir: dir, chain: chain)) }
            else { emit(Edge(x0: fx1, y0: fy1, x1: fx0, y1: fy0, dir: -dir, chain: chain)) }
        }
    }

    /// A reusable scan converter: its buffers are kept between paths so a frame allocates once.
    /// Not thread-safe; one per Canvas.
    final class Engine {
        // Every stored property skips the runtime exclusivity check (`@exclusivity(unchecked)`):
        // an engine belongs to one canvas on one thread, the sweep's overlapping accesses are to
        // different properties, and the eight checks a fill made were 4 to 8% of an 8 px shape's
        // time.
        @exclusivity(unchecked) var region = PixelRect.empty
        @exclusivity(unchecked) var edges: [Edge] = []
        @exclusivity(unchecked) var sorted: [Edge] = []
        @exclusivity(unchecked) var bandStart: [Int] = []
        @exclusivity(unchecked) var active: [Edge] = []
        @exclusivity(unchecked) var acc: [Int32] = []
        @exclusivity(unchecked) var cov: [UInt8] = []
        @exclusivity(unchecked) var rowMin: [Int] = []
        @exclusivity(unchecked) var rowMax: [Int] = []
        /// One bit per group of 8 cells per row: set when a cell of the group was written, so the
        /// sweep can fill untouched stretches (the inside of big shapes) with a constant.
        @exclusivity(unchecked) var bits: [UInt64] = []
        let chains = ChainTable()
        /// Scratch for `twoChainsKeepOrder`: edge indices grouped by chain.
        @exclusivity(unchecked) var chainIndex: [Int32] = []
        /// The chain that first touched each pixel of the band, in the low 32 bits, under the
        /// stamp of the row it was written in (the high 32 bits). An entry with another stamp is
        /// empty, so the buffer is never cleared: zeroing it behind the sweep cost 6% of a
        /// polygon fill.
        @exclusivity(unchecked) var owner: [UInt64] = []
        /// The stamp of the current fill's first row minus one; each fill takes the next
        /// `height` stamps (the buffer is cleared when they run out, after 4 billion rows).
        @exclusivity(unchecked) var ownerStamp: UInt64 = 0
        /// Per row of the band: 1 when two chains that are not neighbours share a pixel.
        @exclusivity(unchecked) var shared: [UInt8] = []
        @exclusivity(unchecked) var resolver = CrossingResolver()
        /// One row's piece of an edge, kept between the two passes of a band whose cells wait for
        /// the crossing check (see `sweep`).
        struct RowPiece { var xa: Int32, xb: Int32, dy: Int32, dir: Int32, row: Int32 }
        @exclusivity(unchecked) var rowPieces: UnsafeMutablePointer<RowPiece>? = nil
        @exclusivity(unchecked) var rowPieceCapacity = 0
        deinit { rowPieces?.deallocate() }
        static let bandRows = 64
        /// A region of at most this many cells is swept as one band (see the design note).
        static let singleBandCells = 65536
        /// Cells per bit of `bits`, as a shift.
        static let groupShift = 3
        static let groupCells = 1 << groupShift
        /// Testing hooks: resolve every row exactly, or none (the plain area sum); and the number
        /// of rows resolved so far (a circle or a rounded rect should need none).
        @exclusivity(unchecked) var resolveEveryRow = false
        /// Set by a caller that knows the outline's contours cross neither each other nor
        /// themselves (`Stroker.Scratch.outlineIsSimple`): no pixel ownership is tracked.
        @exclusivity(unchecked) var outlineIsSimple = false
        @exclusivity(unchecked) var resolveNoRow = false
        /// Testing hook: whether a fill that may skip the pixel bookkeeping and sweep every row
        /// (`crossesOften`) does so; nil lets the sample decide. `sweptWhole` counts the fills
        /// that did.
        @exclusivity(unchecked) var resolveWhole: Bool? = nil
        @exclusivity(unchecked) var sweptWhole = 0
        /// The resolver's event budget for one fill (`CrossingResolver.fillBudget`; lowered by
        /// tests to reach the rows after it runs out).
        @exclusivity(unchecked) var fillBudget = CrossingResolver.fillBudget
        @exclusivity(unchecked) var resolvedRows = 0
        /// Rows of fewer touched cells than this skip the group bits (see the sweep).
        static let shortRow = 64

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

        /// Converts the accumulated edges to coverage, row by row, into `sink` (see CoverageSink).
        ///
        /// Edges are bucketed by band (a counting sort, O(n)); their order within a band does not
        /// matter because the accumulation is exact integer addition.
        func sweep<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
            let w = region.width, h = region.height
            guard w > 0, h > 0, !edges.isEmpty else { return }
            let simple = twoChainsCannotCross()
            let stride = w + 2
            let bandRows = stride * h <= Engine.singleBandCells ? h : min(Engine.bandRows, h)
            let bandCount = (h + bandRows - 1) / bandRows
            if acc.count < stride * bandRows { acc = [Int32](repeating: 0, count: stride * bandRows) }
            if cov.count < w { cov = [UInt8](repeating: 0, count: w) }
            if rowMin.count < bandRows { rowMin = [Int](repeating: 0, count: bandRows); rowMax = rowMin }
            let words = (((stride + Engine.groupCells - 1) >> Engine.groupShift) + 63) >> 6
            if bits.count < words * bandRows { bits = [UInt64](repeating: 0, count: words * bandRows) }
            if owner.count < stride * bandRows { owner = [UInt64](repeating: 0, count: stride * bandRows) }
            if ownerStamp + UInt64(h) + 1 > UInt64(UInt32.max) {
                owner.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                ownerStamp = 0
            }
            let stampBase = ownerStamp
            ownerStamp += UInt64(h)
            if shared.count < bandRows { shared = [UInt8](repeating: 0, count: bandRows) }
            // The buffers are used in place: taking them out of the object (swapping in empty ones
            // and back) cost a reference-count operation each, some 5% of an 8 px shape's time.
            // A shape of one band (most of what a HUD draws) has every edge active throughout:
            // the edges themselves serve as the active list, with no sort and no copy.
            let single = bandCount == 1
            if single { swap(&active, &edges) }
            defer { if single { swap(&active, &edges) } }
            // Counting sort by first band.
            if !single {
            bandStart.removeAll(keepingCapacity: true)
            bandStart.append(contentsOf: repeatElement(0, count: bandCount + 1))
            let shift = bandRows == 64 ? 14 : -1
            @inline(__always) func band(_ y0: Int32) -> Int {
                shift > 0 ? Int(y0) >> shift : Int(y0 >> 8) / bandRows
            }
            for e in edges { bandStart[band(e.y0) + 1] += 1 }
            for i in 0..<bandCount { bandStart[i + 1] += bandStart[i] }
            if sorted.count < edges.count { sorted = edges }
            // bandStart[b] serves as band b's fill cursor, ending where band b + 1 starts; shifting
            // it back by one band restores the starts (a copy for the cursors would allocate on
            // every fill).
            for e in edges { let b = band(e.y0); sorted[bandStart[b]] = e; bandStart[b] += 1 }
            var i = bandCount
            while i > 0 { bandStart[i] = bandStart[i - 1]; i -= 1 }
            bandStart[0] = 0
            active.removeAll(keepingCapacity: true)
            }
            let evenOdd = rule == .evenOdd
            let ry0 = region.y0
            let everyRow = resolveEveryRow, noRow = resolveNoRow
            // Ownership is tracked unless the outline cannot cross itself: the caller knows it (a
            // stroker's ring round a convex shape), or it is one contour of two chains that turns
            // one way only or keeps its order (`twoChainsCannotCross`). Two chains alone are not
            // enough: an hourglass with a flat top and bottom has two that cross.
            let track = everyRow || !(outlineIsSimple || simple)
            // An outline of many chains a contour (a self-crossing polygon, a stroke of one)
            // crosses itself in row after row, and a resolved row's cells are rebuilt from scratch:
            // there, a band's edges are first only split into row pieces and checked for shared
            // pixels, and cells are made only for the rows that will not be resolved.
            // It pays where a quarter of the rows or more are resolved: guessed for the first
            // band from the number of chains, then told by the band before.
            var deferCells = track && !noRow && chains.contourOf.count - 1 >= 4 * max(1, chains.first.count)
            // Such an outline that crosses itself (in many rows, when a sample of rows has to tell:
            // `crossesOften`) skips the pixel bookkeeping altogether: every row goes to the
            // resolver, a band's rows in one sweep. The bookkeeping cost more than the resolver
            // spends on the rows that need no resolving: random polygons and their strokes take 5
            // to 28% fewer instructions. An outline of many chains that does not cross (a star, a
            // zigzag stroke) keeps it: swept whole, it took up to 40% longer from 64 px on.
            // A small outline of 12 chains a contour or more is not even tested: no glyph has that
            // many ("m" has 10), and for a small tangle the sample cost 4% of the fill.
            let dense = h <= 16 && chains.contourOf.count - 1 >= 12 * max(1, chains.first.count)
            let whole = deferCells && !everyRow && (single ? active : edges).count <= CrossingResolver.maxPieces
                && (resolveWhole ?? (dense || (single ? active : edges).withUnsafeBufferPointer { Engine.crossesOften($0, rows: h) }))
            if whole { sweptWhole += 1 }
            var resolved = 0
            defer { resolvedRows += resolved }
            resolver.budget = fillBudget
            sorted.withUnsafeBufferPointer { ep in
            acc.withUnsafeMutableBufferPointer { accBuf in
            cov.withUnsafeMutableBufferPointer { covBuf in
            rowMin.withUnsafeMutableBufferPointer { rmin in
            rowMax.withUnsafeMutableBufferPointer { rmax in
            bits.withUnsafeMutableBufferPointer { bitBuf in
            owner.withUnsafeMutableBufferPointer { ownBuf in
            shared.withUnsafeMutableBufferPointer { sharedBuf in
                let A = accBuf.baseAddress!, C = covBuf.baseAddress!, B = bitBuf.baseAddress!
                let O = ownBuf.baseAddress!, S = sharedBuf.baseAddress!
                let book = chains.pointers
                for bi in 0..<bandCount {
                    let bandTop = bi * bandRows
                    let bandBot = min(bandTop + bandRows, h)
                    let fTop = Int32(bandTop << 8), fBot = Int32(bandBot << 8)
                    // Drop edges that ended above this band, then add the band's new ones.
                    if !single {
                        var k = 0
                        while k < active.count {
                            if active[k].y1 <= fTop { active[k] = active[active.count - 1]; active.removeLast() } else { k += 1 }
                        }
                        active.append(contentsOf: ep[bandStart[bi]..<bandStart[bi + 1]])
                    }
                    if active.isEmpty { continue }
                    for r in 0..<(bandBot - bandTop) { rmin[r] = Int.max; rmax[r] = Int.min; S[r] = 0 }
                    var pieceCount = 0
                    if whole {
                        // Every row is one run for the resolver. Each row's cell range starts
                        // empty at the right end (w) and widens to what the resolver writes.
                        for r in 0..<(bandBot - bandTop) { S[r] = 3; rmin[r] = w; rmax[r] = w }
                    } else if deferCells {
                        pieceCount = deferredCells(active: active, fTop: fTop, fBot: fBot, bandTop: bandTop, rows: bandBot - bandTop,
                                                   A: A, stride: stride, rmin: rmin.baseAddress!, rmax: rmax.baseAddress!, B: B,
                                                   words: words, O: O, stampBase: stampBase, S: S, book: book, everyRow: everyRow,
                                                   budget: resolver.budget)
                    } else {
                        active.withUnsafeBufferPointer { ap in
                            if track {
                                Engine.rasterizeEdges(ap, fTop, fBot, bandTop, A, stride, rmin.baseAddress!, rmax.baseAddress!, B, words,
                                                      O, stampBase, S, book, Tracked.self)
                            } else {
                                Engine.rasterizeEdges(ap, fTop, fBot, bandTop, A, stride, rmin.baseAddress!, rmax.baseAddress!, B, words,
                                                      O, stampBase, S, book, Untracked.self)
                            }
                        }
                    }
                    let deferredBand = deferCells || whole
                    if track && !noRow && bandCount > 1 && !whole {
                        var flaggedRows = 0
                        for r in 0..<(bandBot - bandTop) where S[r] != 0 { flaggedRows += 1 }
                        deferCells = 4 * flaggedRows >= bandBot - bandTop
                    }
                    for r in 0..<(bandBot - bandTop) {
                        if rmin[r] > rmax[r] { continue }
                        let row = A + r &* stride
                        @inline(__always) func flagged(_ r: Int) -> Bool {
                            deferredBand ? S[r] == 3 : (S[r] == 1 || (everyRow && S[r] == 0)) && !noRow
                        }
                        if flagged(r) {
                            // Two chains share a pixel: the clamped (or folded) area sum may be
                            // wrong there, so this row's cells are recomputed exactly, together
                            // with the flagged rows right below it (one sweep down all of them).
                            var r1 = r
                            while r1 + 1 < bandBot - bandTop && flagged(r1 + 1) && rmin[r1 + 1] <= rmax[r1 + 1] {
                                r1 += 1
                                S[r1] = 2   // done with this run
                            }
                            if deferredBand && !whole && resolver.budget <= 0 {
                                // The fill's budget ran out in this band: these rows get the plain
                                // area sum after all.
                                Engine.cells(from: rowPieces!, pieceCount, rows: r...r1, A, stride, rmin.baseAddress!, rmax.baseAddress!, B, words)
                            }
                            resolved += r1 - r + 1
                            let wrote = resolver.resolve(rows: r1 - r + 1, first: row, stride: stride, rowTop: Int32((bandTop + r) << 8),
                                                         active: active, evenOdd: evenOdd, width: w,
                                                         lo: rmin.baseAddress! + r, hi: rmax.baseAddress! + r, bits: B + r * words, words: words)
                            if whole && !wrote {
                                // Declined (the fill's budget is spent, or a single piece): these
                                // rows get the plain area sum, as they would have without it.
                                active.withUnsafeBufferPointer { ap in
                                    Engine.rasterizeEdges(ap, Int32((bandTop + r) << 8), Int32((bandTop + r1 + 1) << 8), bandTop, A, stride,
                                                          rmin.baseAddress!, rmax.baseAddress!, B, words, O, stampBase, S, book, Untracked.self)
                                }
                            }
                        }
                        let lo = rmin[r], hi = rmax[r]

                        var sum: Int32 = 0
                        let visEnd = min(hi, w - 1)
                        let rb = B + r &* words
                        var x = lo
                        sink.beginRow(ry0 &+ bandTop &+ r, from: lo, C)
                        if visEnd &- lo < Engine.shortRow {
                            // A short row is accumulated straight through: reading its group bits
                            // costs more than the four-cell zero test on cells it could skip.
                            if evenOdd {
                                Engine.accumulate(row, &sink, x, visEnd + 1, &sum, evenOdd: true)
                            } else {
                                Engine.accumulate(row, &sink, x, visEnd + 1, &sum, evenOdd: false)
                            }
                            x = max(x, visEnd + 1)
                        }
                        while x <= visEnd {
                            let g = x >> Engine.groupShift
                            let word = rb[g >> 6] >> UInt64(g & 63)
                            if word & 1 == 0 {
                                // A stretch of untouched groups: one constant coverage throughout.
                                let groups = word == 0 ? 64 - (g & 63) : word.trailingZeroBitCount
                                let stop = min((g + groups) << Engine.groupShift, visEnd + 1)
                                let a = Engine.alpha(sum, evenOdd)
                                // Empty (inside a stroke, an even-odd hole): the compositor never
                                // walks it.
                                if a == 0 { sink.empty(x, stop - x) } else { sink.constant(x, stop - x, a) }
                                x = stop
                            } else {
                                // The run of touched groups from g on (it ends with the word, whose
                                // shifted-in bits are clear): one call for all of them, as an edge
                                // across two groups is common.
                                let touched = (~word).trailingZeroBitCount
                                let gEnd = min((g + touched) << Engine.groupShift, visEnd + 1)
                                // The hottest loop, specialised per fill rule.
                                if evenOdd {
                                    Engine.accumulate(row, &sink, x, gEnd, &sum, evenOdd: true)
                                } else {
                                    Engine.accumulate(row, &sink, x, gEnd, &sum, evenOdd: false)
                                }
                                x = gEnd
                            }
                        }
                        // One word for a shape up to 510 px wide: a store, not a memset call.
                        rb[0] = 0
                        if words > 1 { (rb + 1).update(repeating: 0, count: words - 1) }
                        while x <= hi { row[x] = 0; x += 1 }   // cells right of the visible row
                        var end = visEnd + 1
                        if sum != 0 && end < w {
                            sink.constant(end, w - end, Engine.alpha(sum, evenOdd))
                            end = w
                        }
                        sink.endRow(end)
                    }
                }
            }}}}}}}}
        }

        /// Whether the outline crosses itself often enough to be swept whole (see `sweep`). An
        /// outline of up to 16 edges and 128 rows is swept whole if any two cross. Others are
        /// judged on up to 16 sample rows spread over the region: in a sample row, the edges that
        /// span it are sorted by x at its top, and a crossing shows as a pair out of order at its
        /// bottom. Above 64 rows an eighth of the samples must show one; up to 64, one is enough
        /// (a small shape swept whole costs little more even where it does not cross). Small
        /// shapes are tested too: a glyph of many chains (an "m", a "W") does not cross itself,
        /// and its coverage stays the flagged sweep's to the byte. Each edge is visited once (the
        /// samples it spans follow from its ends), with one division.
        static func crossesOften(_ E: UnsafeBufferPointer<Edge>, rows h: Int) -> Bool {
            // Up to 16 edges, every pair is tested instead (a 10-gon: 45 pairs): exact, and it
            // sees crossings that fall between the sample rows or in rows where an edge ends. Not
            // above 128 rows: there a few crossings leave most rows with nothing to resolve, and
            // a 256 px 10-gon swept whole took as long as before (even-odd 3% longer).
            if E.count <= 16 && h <= 128 { return anyTwoCross(E) }
            let samples = max(1, min(16, h / 2))
            let needed = h <= 64 ? 1 : samples / 8
            // Per sample: its row's top (1/256 px), where its edges start in `xs` and where they
            // end so far; one allocation for the three.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * samples + 1) { buf in
                let top = buf.baseAddress!, start = top + samples, end = start + samples + 1
                for k in 0..<samples { top[k] = ((2 &* k &+ 1) &* h / (2 &* samples)) << 8 }
                start.initialize(repeating: 0, count: samples + 1)
                // The first sample whose row starts at or below y0: a guess from y0's share of the
                // height, then a step either way at most (the rows are evenly spread).
                let scale = Double(samples) / Double(h &* 256)
                @inline(__always) func first(_ y0: Int32) -> Int {
                    var k = min(max(Int(Double(y0) * scale), 0), samples)
                    while k > 0 && top[k &- 1] >= Int(y0) { k &-= 1 }
                    while k < samples && top[k] < Int(y0) { k &+= 1 }
                    return k
                }
                var total = 0
                // An edge shorter than a row spans no sample row (most of a curve's or a stroke's).
                for e in E where e.y1 &- e.y0 >= 256 {
                    var k = first(e.y0)
                    while k < samples && top[k] &+ 256 <= Int(e.y1) { start[k &+ 1] &+= 1; total &+= 1; k &+= 1 }
                }
                if total == 0 { return false }
                for k in 0..<samples { start[k &+ 1] &+= start[k] }
                end.update(from: start, count: samples)
                return withUnsafeTemporaryAllocation(of: (top: Double, bottom: Double).self, capacity: total) { xs in
                    // Each sample's spanning edges: x at the row's top and at its bottom.
                    for e in E where e.y1 &- e.y0 >= 256 {
                        var k = first(e.y0)
                        guard k < samples && top[k] &+ 256 <= Int(e.y1) else { continue }
                        let slope = Double(e.x1 &- e.x0) / Double(e.y1 &- e.y0)
                        while k < samples && top[k] &+ 256 <= Int(e.y1) {
                            let t = Double(e.x0) + Double(top[k] &- Int(e.y0)) * slope
                            xs[end[k]] = (t, t + 256 * slope)
                            end[k] &+= 1
                            k &+= 1
                        }
                    }
                    var crossing = 0
                    for k in 0..<samples {
                        // Sorted by x at the top, a crossing is a pair out of order below. Edges
                        // level at the top (a vertex on the row's top) are ordered by x below:
                        // spreading from one point is not crossing. An insertion sort for the
                        // dozen a row holds in practice, the library sort for a hostile path's
                        // thousands.
                        @inline(__always) func before(_ a: (top: Double, bottom: Double), _ b: (top: Double, bottom: Double)) -> Bool {
                            a.top < b.top || (a.top == b.top && a.bottom < b.bottom)
                        }
                        if end[k] &- start[k] > 32 {
                            var row = UnsafeMutableBufferPointer(rebasing: xs[start[k]..<end[k]])
                            row.sort(by: before)
                        } else {
                            var i = start[k] &+ 1
                            while i < end[k] {
                                let v = xs[i]
                                var j = i
                                while j > start[k] && before(v, xs[j &- 1]) { xs[j] = xs[j &- 1]; j &-= 1 }
                                xs[j] = v
                                i &+= 1
                            }
                        }
                        var i = start[k] &+ 1
                        while i < end[k] && xs[i].bottom >= xs[i &- 1].bottom { i &+= 1 }
                        if i < end[k] { crossing &+= 1; if crossing >= needed { return true } }
                    }
                    return false
                }
            }
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

        /// True when the outline is one contour of two y-monotone chains that cannot cross:
        /// convex (it turns one way only, which is cheap to see while building; a contour that
        /// turns one way but winds twice, like a pentagram, has more than two chains), or found
        /// by `twoChainsKeepOrder` to keep their order.
        func twoChainsCannotCross() -> Bool {
            chains.contourOf.count == 3 && chains.first.count == 1 && (chains.turns != 3 || twoChainsKeepOrder())
        }

        /// True when the edges are one contour of two y-monotone chains that never swap sides, as
        /// in every convex shape (a circle, a rounded or rotated rectangle). Between the two chains
        /// the winding is one value, so no pixel can hold three and the area sum is exact: pixel
        /// ownership need not be tracked, which saves 4 to 13% of a convex fill. Two chains can
        /// still cross (an hourglass with a flat top and bottom), so their order is compared at
        /// every vertex height where both exist: between those heights both are straight, so a
        /// swap shows as a change of sign. A chain with a gap (its part beyond the right border
        /// was dropped) answers false, as does anything but two chains. O(n), no allocation.
        func twoChainsKeepOrder() -> Bool {
            guard chains.contourOf.count == 3, chains.first.count == 1, edges.count >= 2 else { return false }
            return edges.withUnsafeBufferPointer { buf in
                let E = buf.baseAddress!, count = buf.count
                // In path order the contour is chain 1's head, chain 2, then chain 1's tail (the
                // part before the path's start point, when the start is not a turning point).
                var k = 0
                while k < count && E[k].chain == 1 { k += 1 }
                var m = k
                while m < count && E[m].chain == 2 { m += 1 }
                guard k > 0, m > k else { return false }
                for i in m..<count where E[i].chain != 1 { return false }
                guard let a = ChainWalk(E, tail: m..<count, head: 0..<k),
                      let b = ChainWalk(E, tail: k..<k, head: k..<m) else { return false }
                // Which side of chain b chain a is on at height y, where `ea` ends (its x is then
                // exact) and `eb` runs through: the sign of x_a - x_b, without a division.
                @inline(__always) func side(_ xa: Int32, _ y: Int32, _ eb: Edge) -> Int {
                    let l = Int64(xa &- eb.x0) * Int64(eb.y1 &- eb.y0), r = Int64(eb.x1 &- eb.x0) * Int64(y &- eb.y0)
                    return l < r ? -1 : (l > r ? 1 : 0)
                }
                var ia = 0, ib = 0
                var ea = a.edge(0), eb = b.edge(0)
                // Both chains start at one height (the top vertex, the two ends of a flat top, or
                // the region's top): compared there and then at every edge's lower end, they are
                // compared at both ends of every straight stretch.
                guard ea.y0 == eb.y0 else { return false }
                var seen = ea.x0 < eb.x0 ? -1 : (ea.x0 > eb.x0 ? 1 : 0)
                while true {
                    let s = ea.y1 <= eb.y1 ? side(ea.x1, ea.y1, eb) : -side(eb.x1, eb.y1, ea)
                    if s != 0 { if seen == 0 { seen = s } else if s != seen { return false } }
                    if ea.y1 <= eb.y1 {
                        ia += 1
                        if ia == a.n { break }
                        let next = a.edge(ia)
                        if next.y0 != ea.y1 { return false }   // a gap
                        ea = next
                    } else {
                        ib += 1
                        if ib == b.n { break }
                        let next = b.edge(ib)
                        if next.y0 != eb.y1 { return false }
                        eb = next
                    }
                }
                return a.edge(a.n - 1).y1 == b.edge(b.n - 1).y1
            }
        }

        /// One chain's edges in ascending y. In path order the chain is `tail` then `head`
        /// (either may be empty); a downward chain runs down that way, an upward one up.
        struct ChainWalk {
            let E: UnsafePointer<Edge>, tailStart: Int, tailCount: Int, headStart: Int, n: Int, up: Bool
            init?(_ E: UnsafePointer<Edge>, tail: Range<Int>, head: Range<Int>) {
                self.E = E
                tailStart = tail.lowerBound; tailCount = tail.count; headStart = head.lowerBound
                n = tail.count + head.count
                guard n > 0 else { return nil }
                up = E[tail.isEmpty ? head.lowerBound : tail.lowerBound].dir < 0
            }
            @inline(__always) func edge(_ k: Int) -> Edge {
                let t = up ? n &- 1 &- k : k
                return E[t < tailCount ? tailStart &+ t : headStart &+ (t &- tailCount)]
            }
        }

        /// `n` copies of `a` at `p`, eight bytes per store (these runs are short: a memset call
        /// costs more than the stores).
        @inline(__always) static func fillBytes(_ p: UnsafeMutablePointer<UInt8>, _ a: UInt8, _ n: Int) {
            let v = UInt64(a) &* 0x0101_0101_0101_0101
            let raw = UnsafeMutableRawPointer(p)
            var i = 0
            while i &+ 8 <= n { raw.storeBytes(of: v, toByteOffset: i, as: UInt64.self); i &+= 8 }
            while i < n { p[i] = a; i &+= 1 }
        }

        /// Running sum and coverage for cells `x0..<end` (touched groups, or a short row), zeroing
        /// the cells, into `sink`. Four cells at a time: when all four are zero (the inside of a
        /// shape) the coverage is repeated without reading or clearing anything.
        @inline(__always) static func accumulate<Sink: CoverageSink>(_ row: UnsafeMutablePointer<Int32>, _ sink: inout Sink,
                                                                     _ x0: Int, _ end: Int, _ sum: inout Int32, evenOdd: Bool) {
            @inline(__always) func cov(_ s: Int32) -> UInt8 { evenOdd ? alphaEvenOdd(s) : alphaNonZero(s) }
            var x = x0
            var s = sum
            var a = cov(s)
            let raw = UnsafeRawPointer(row)
            while x &+ 4 <= end {
                let q0 = raw.loadUnaligned(fromByteOffset: x &<< 2, as: UInt64.self)
                let q1 = raw.loadUnaligned(fromByteOffset: (x &<< 2) &+ 8, as: UInt64.self)
                if q0 | q1 == 0 {
                    sink.four(x, UInt32(a) &* 0x0101_0101)
                } else {
                    // The running sum of four cells as a prefix sum in one vector (two shifted
                    // adds), and their four coverages at once.
                    let v = raw.loadUnaligned(fromByteOffset: x &<< 2, as: SIMD4<Int32>.self)
                    var p = v &+ SIMD4(0, v[0], v[1], v[2])
                    p = p &+ SIMD4(0, 0, p[0], p[1]) &+ SIMD4(repeating: s)
                    s = p[3]
                    let c = evenOdd ? alphaEvenOdd4(p) : alphaNonZero4(p)
                    a = UInt8(truncatingIfNeeded: c >> 24)
                    UnsafeMutableRawPointer(row).storeBytes(of: 0 as UInt64, toByteOffset: x &<< 2, as: UInt64.self)
                    UnsafeMutableRawPointer(row).storeBytes(of: 0 as UInt64, toByteOffset: (x &<< 2) &+ 8, as: UInt64.self)
                    sink.four(x, c)
                }
                x &+= 4
            }
            while x < end {
                s &+= row[x]; row[x] = 0
                sink.one(x, cov(s))
                x &+= 1
            }
            sum = s
        }

        /// `alpha(sum, false)` without branches (the clamp is a min; 131072 maps to 255 exactly).
        @inline(__always) static func alphaNonZero(_ sum: Int32) -> UInt8 {
            let m = sum >> 31
            let v = min((sum ^ m) &- m, 131072)
            return UInt8(truncatingIfNeeded: (v &* 255 &+ 65536) >> 17)
        }

        /// `alphaNonZero` of four sums, as four bytes (the first in the lowest).
        @inline(__always) static func alphaNonZero4(_ sum: SIMD4<Int32>) -> UInt32 {
            let m = sum &>> 31
            var v = (sum ^ m) &- m
            v.replace(with: 131072, where: v .> 131072)
            return pack4(((v &<< 8) &- v &+ 65536) &>> 17)
        }

        /// `alphaEvenOdd` of four sums, as four bytes.
        @inline(__always) static func alphaEvenOdd4(_ sum: SIMD4<Int32>) -> UInt32 {
            let m = sum &>> 31
            let v = ((sum ^ m) &- m) & 0x3FFFF
            var f = 262144 &- v
            f.replace(with: v, where: v .< f)
            return pack4(((f &<< 8) &- f &+ 65536) &>> 17)
        }

        /// Four lanes of 0...255 as four bytes.
        @inline(__always) static func pack4(_ v: SIMD4<Int32>) -> UInt32 {
            let b = SIMD4<UInt8>(truncatingIfNeeded: v)
            return unsafeBitCast(b, to: UInt32.self)
        }

        /// `alpha(sum, true)` without branches.
        @inline(__always) static func alphaEvenOdd(_ sum: Int32) -> UInt8 {
            let m = sum >> 31
            let v = ((sum ^ m) &- m) & 0x3FFFF
            let f = min(v, 262144 &- v)
            return UInt8(truncatingIfNeeded: (f &* 255 &+ 65536) >> 17)
        }

        @inline(__always) static func alpha(_ sum: Int32, _ evenOdd: Bool) -> UInt8 {
            var v = sum < 0 ? 0 &- sum : sum
            if evenOdd {
                v &= 0x3FFFF
                if v > 131072 { v = 262144 - v }
            } else if v >= 131072 { return 255 }
            return UInt8(truncatingIfNeeded: (v &* 255 &+ 65536) >> 17)
        }

        /// Marks the groups of cells c0 ... c1 as written.
        @inline(__always) static func markGroups(_ rb: UnsafeMutablePointer<UInt64>, _ c0: Int, _ c1: Int) {
            var g = c0 >> groupShift
            let gLast = c1 >> groupShift
            while g <= gLast { rb[g >> 6] |= 1 << UInt64(g & 63); g += 1 }
        }

        /// Marks cells c and c + 1 as written.
        @inline(__always) static func mark(_ rb: UnsafeMutablePointer<UInt64>, _ c: Int) {
            let g0 = c >> groupShift, g1 = (c + 1) >> groupShift
            rb[g0 >> 6] |= 1 << UInt64(g0 & 63)
            rb[g1 >> 6] |= 1 << UInt64(g1 & 63)
        }

        /// Records that `chain` crosses pixels `c0 ... c1` of a row, and flags the row when one of
        /// them already belongs to a chain that is not its neighbour.
        @inline(__always)
        static func own(_ o: UnsafeMutablePointer<UInt64>, _ c0: Int, _ c1: Int, _ chain: Int32, _ rowTop: Int32,
                        _ stampBase: UInt64, _ flag: UnsafeMutablePointer<UInt8>, _ book: ChainPointers) {
            let stamp = stampBase &+ UInt64(rowTop >> 8) &+ 1
            let mine = stamp << 32 | UInt64(UInt32(bitPattern: chain))
            var c = c0
            while c <= c1 {
                let v = o[c]
                if v != mine {
                    if v >> 32 != stamp {
                        o[c] = mine
                    } else if flag.pointee == 0 {
                        conflict(Int32(truncatingIfNeeded: v), chain, rowTop, flag, book)
                    }
                }
                c &+= 1
            }
        }

        @inline(never)
        static func conflict(_ a: Int32, _ b: Int32, _ rowTop: Int32, _ flag: UnsafeMutablePointer<UInt8>, _ book: ChainPointers) {
            if !ChainTable.meetInRow(a, b, rowTop, book) { flag.pointee = 1 }
        }

        /// Whether `rasterizeEdges` tracks pixel ownership, as a type, so that each case gets its
        /// own specialised loop with the other's work compiled out.
        protocol TrackMode { static var on: Bool { get } }
        enum Tracked: TrackMode { static var on: Bool { true } }
        enum Untracked: TrackMode { static var on: Bool { false } }

        /// `rasterizeEdge` for every edge of a band, in a loop of its own: one call per band rather
        /// than one per edge (the sweep had grown too big for the edge code to stay inlined, and a
        /// call with fourteen arguments per edge cost more than a small edge's cells).
        @inline(never)
        static func rasterizeEdges<M: TrackMode>(_ edges: UnsafeBufferPointer<Edge>, _ fTop: Int32, _ fBot: Int32, _ bandTop: Int,
                                                 _ A: UnsafeMutablePointer<Int32>, _ stride: Int,
                                                 _ rmin: UnsafeMutablePointer<Int>, _ rmax: UnsafeMutablePointer<Int>,
                                                 _ B: UnsafeMutablePointer<UInt64>, _ words: Int,
                                                 _ O: UnsafeMutablePointer<UInt64>, _ stampBase: UInt64,
                                                 _ S: UnsafeMutablePointer<UInt8>, _ book: ChainPointers, _ mode: M.Type) {
            for e in edges {
                rasterizeEdge(e, fTop, fBot, bandTop, A, stride, rmin, rmax, B, words, O, stampBase, S, book, track: M.on)
            }
        }

        /// Accumulates one edge's cover and area into the band's cells.
        @inline(__always)
        static func rasterizeEdge(_ e: Edge, _ fTop: Int32, _ fBot: Int32, _ bandTop: Int,
                                  _ A: UnsafeMutablePointer<Int32>, _ stride: Int,
                                  _ rmin: UnsafeMutablePointer<Int>, _ rmax: UnsafeMutablePointer<Int>,
                                  _ B: UnsafeMutablePointer<UInt64>, _ words: Int,
                                  _ O: UnsafeMutablePointer<UInt64>, _ stampBase: UInt64,
                                  _ S: UnsafeMutablePointer<UInt8>, _ book: ChainPointers,
                                  track: Bool) {
            let ya = max(e.y0, fTop), yb = min(e.y1, fBot)
            if ya >= yb { return }
            let dir = e.dir, chain = e.chain
            if e.x0 == e.x1 {
                // Vertical: the same two cells on every row.
                let c = Int(e.x0 >> 8), f = e.x0 & 255
                var y = ya
                while y < yb {
                    let next = min((y & ~255) &+ 256, yb)
                    let d = (next &- y) &* dir
                    let r = Int(y >> 8) - bandTop
                    let row = A + r * stride
                    row[c] &+= d &* (512 &- 2 &* f)
                    row[c + 1] &+= d &* (2 &* f)
                    mark(B + r * words, c)
                    if track { own(O + r * stride, c, c, chain, y & ~255, stampBase, S + r, book) }
                    if c < rmin[r] { rmin[r] = c }
                    if c + 1 > rmax[r] { rmax[r] = c + 1 }
                    y = next
                }
                return
            }
            if ya == e.y0 && yb == e.y1 && (ya >> 8) == ((yb &- 1) >> 8) {
                // The whole edge inside one row (most edges of a small curve): no slope needed,
                // and its division was a tenth of a small stroke's sweep.
                let r = Int(ya >> 8) - bandTop
                cellRow(A + r * stride, e.x0, e.x1, yb &- ya, dir, &rmin[r], &rmax[r], B + r * words)
                if track {
                    let xl = min(e.x0, e.x1), xr = max(e.x0, e.x1)
                    own(O + r * stride, Int(xl >> 8), max(Int(xl >> 8), Int((xr &- 1) >> 8)), chain, ya & ~255, stampBase, S + r, book)
                }
                return
            }
            let dxdy = Double(e.x1 - e.x0) / Double(e.y1 - e.y0)
            var y = ya
            var x = ya == e.y0 ? e.x0 : e.x0 &+ roundFast(Double(ya &- e.y0) * dxdy)
            while y < yb {
                let next = min((y & ~255) &+ 256, yb)
                let xn = next == e.y1 ? e.x1 : e.x0 &+ roundFast(Double(next &- e.y0) * dxdy)
                let r = Int(y >> 8) - bandTop
                let row = A + r * stride
                cellRow(row, x, xn, (next &- y), dir, &rmin[r], &rmax[r], B + r * words)
                let xl = min(x, xn), xr = max(x, xn)
                if track {
                    own(O + r * stride, Int(xl >> 8), max(Int(xl >> 8), Int((xr &- 1) >> 8)), chain, y & ~255, stampBase, S + r, book)
                }
                y = next; x = xn
            }
        }

        /// The first pass of a deferred band (see `sweep`): the active edges are split into row
        /// pieces, kept in `rowPieces`, with pixel ownership and each row's cell range; rows of
        /// the runs the resolver will rebuild are marked 3, and cells are made for the others.
        /// `budget` is what the resolver has left: with none, no row is left to it. Returns the
        /// number of pieces.
        func deferredCells(active: [Edge], fTop: Int32, fBot: Int32, bandTop: Int, rows: Int,
                           A: UnsafeMutablePointer<Int32>, stride: Int,
                           rmin: UnsafeMutablePointer<Int>, rmax: UnsafeMutablePointer<Int>,
                           B: UnsafeMutablePointer<UInt64>, words: Int,
                           O: UnsafeMutablePointer<UInt64>, stampBase: UInt64,
                           S: UnsafeMutablePointer<UInt8>, book: ChainPointers, everyRow: Bool,
                           budget: Int) -> Int {
            var need = 0
            for e in active {
                let ya = max(e.y0, fTop), yb = min(e.y1, fBot)
                if ya < yb { need += Int(((yb &- 1) >> 8) &- (ya >> 8)) + 1 }
            }
            if need > rowPieceCapacity {
                rowPieces?.deallocate()
                rowPieceCapacity = max(need, 2 * rowPieceCapacity, 256)
                rowPieces = .allocate(capacity: rowPieceCapacity)
            }
            let P = rowPieces!
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
                    Engine.own(O + r * stride, cl, cr, chain, y & ~255, stampBase, S + r, book)
                    // What cellRow would widen the row's range to.
                    if cl < rmin[r] { rmin[r] = cl }
                    if cr + 1 > rmax[r] { rmax[r] = cr + 1 }
                }
                if ya == e.y0 && yb == e.y1 && (ya >> 8) == ((yb &- 1) >> 8) { piece(e.x0, e.x1, ya, yb); continue }
                let dxdy = Double(e.x1 - e.x0) / Double(e.y1 - e.y0)
                var y = ya
                var x = ya == e.y0 ? e.x0 : e.x0 &+ roundFast(Double(ya &- e.y0) * dxdy)
                while y < yb {
                    let next = min((y & ~255) &+ 256, yb)
                    let xn = next == e.y1 ? e.x1 : e.x0 &+ roundFast(Double(next &- e.y0) * dxdy)
                    piece(x, xn, y, next)
                    y = next; x = xn
                }
            }
            // The runs of flagged rows the resolver will take (its own conditions: two pieces at
            // least, not too many, budget left) are marked 3; their cells are not made.
            var r = 0
            while r < rows {
                guard S[r] == 1 || (everyRow && S[r] == 0), rmin[r] <= rmax[r] else { r += 1; continue }
                var r1 = r
                while r1 + 1 < rows && (S[r1 + 1] == 1 || (everyRow && S[r1 + 1] == 0)) && rmin[r1 + 1] <= rmax[r1 + 1] { r1 += 1 }
                let top = Int32((bandTop + r) << 8), end = Int32((bandTop + r1 + 1) << 8)
                var n = 0
                for e in active where e.y0 < end && e.y1 > top { n += 1 }
                if n >= 2 && n <= CrossingResolver.maxPieces && budget > 0 {
                    for k in r...r1 { S[k] = 3 }
                }
                r = r1 + 1
            }
            for i in 0..<np {
                let p = P[i], r = Int(p.row)
                if S[r] != 3 { Engine.cellRow(A + r * stride, p.xa, p.xb, p.dy, p.dir, &rmin[r], &rmax[r], B + r * words) }
            }
            return np
        }

        /// Cells of rows `rows` from the first `count` kept pieces (a deferred band's rows that
        /// the resolver could not take after all).
        static func cells(from P: UnsafeMutablePointer<RowPiece>, _ count: Int, rows: ClosedRange<Int>,
                          _ A: UnsafeMutablePointer<Int32>, _ stride: Int,
                          _ rmin: UnsafeMutablePointer<Int>, _ rmax: UnsafeMutablePointer<Int>,
                          _ B: UnsafeMutablePointer<UInt64>, _ words: Int) {
            for i in 0..<count {
                let p = P[i], r = Int(p.row)
                if rows.contains(r) { cellRow(A + r * stride, p.xa, p.xb, p.dy, p.dir, &rmin[r], &rmax[r], B + r * words) }
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
