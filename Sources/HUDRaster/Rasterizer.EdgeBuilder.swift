// Rasterizer.EdgeBuilder: the flattener's sink that turns segments into clipped fixed-point edges
// and numbers the outline's chains.

extension Rasterizer {
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
            return withUnsafeTemporaryAllocation(of: Edge.self, capacity: stageCapacity) { buf in
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
                let fy0 = floorFixed((y0 - ry0) * 256 + 0.5)
                let fy1 = floorFixed((y1 - ry0) * 256 + 0.5)
                if fy0 == fy1 { return }
                let fx0 = floorFixed((x0 - rx0) * 256 + 0.5)
                let fx1 = floorFixed((x1 - rx0) * 256 + 0.5)
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
}
