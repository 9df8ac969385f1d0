// Canvas+AlignedBoxes: the direct path for solid fills, and axis-aligned rectangles in closed form.
//
// Design note: a path that is an axis-aligned rectangle in device space, or a ring of two (a
// rectangle stroked with miter joins), skips the scan converter: its coverage is computed in
// closed form with the scan converter's own quantisation, so the bytes are identical, and
// composited band by band (the rows of a band share their coverage). With a solid colour, normal
// blending, no shadow and no clip mask, any fill goes straight to the pixels without binding a
// Shader, since per-call overhead is most of the cost of a small shape.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Canvas {
    /// A path that is, in device space, one axis-aligned rectangle or a ring of two (an inner one
    /// inside the outer one and wound the other way: the outline of a rectangle stroked with miter
    /// joins). Edges are device coordinates as the rasterizer would see them (transformed, clamped).
    struct BoxCover {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var inner: (x0: Double, y0: Double, x1: Double, y1: Double)?
        /// Exactly `Rasterizer.deviceBounds(of:transform:)` of the path.
        var bounds: PixelRect
    }

    /// Recognises rectangles and rectangle rings among small line-only paths (nil otherwise, and for
    /// anything not finite). The scan converter only sees vertical edges of such paths (horizontal
    /// ones carry no area), so a contour is a rectangle when its vertical segments form exactly two
    /// runs (one down, one up, at two x positions), whatever horizontal folds lie between them, as
    /// the inner side of a stroked rectangle has. The winding is then 0 or 1 everywhere, the area
    /// sum is the exact area, and `renderBoxes` can compute it in closed form.
    static func boxCover(_ path: Path, _ t: Transform) -> BoxCover? {
        let count = path.elements.count
        guard count <= 32, count >= 3 else { return nil }
        return path.elements.withUnsafeBufferPointer { boxCover($0, t) }
    }

    /// `boxCover` of the path made of the elements `els`.
    static func boxCover(_ els: UnsafeBufferPointer<PathElement>, _ t: Transform) -> BoxCover? {
        guard els.count <= 32, els.count >= 3, t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite,
              t.tx.isFinite, t.ty.isFinite else { return nil }
        var scan = BoxScan()
        for e in els {
            switch e {
            case .move(let p):
                guard scan.endContour() else { return nil }
                let q = Flattener.clampPoint(p.applying(t))
                guard q.isFinite else { return nil }
                scan.first = q; scan.prev = q; scan.open = true
                scan.include(q)
            case .line(let p):
                guard scan.open else { return nil }
                let q = Flattener.clampPoint(p.applying(t))
                guard q.isFinite, scan.segment(scan.prev, q) else { return nil }
                scan.prev = q
                scan.include(q)
            case .closeSubpath:
                guard scan.endContour() else { return nil }
            case .quadCurve, .curve:
                return nil
            }
        }
        return scan.finish()
    }

    /// `boxCover`'s state while it walks a path (a struct, so nothing is allocated).
    struct BoxScan {
        typealias Found = (x0: Double, y0: Double, x1: Double, y1: Double, leftDown: Bool)
        var rect0: Found? = nil, rect1: Found? = nil
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        var first = Point.zero, prev = Point.zero
        var open = false
        // Vertical runs of the current contour: how many, the first one, the current one, the second's x.
        var runs = 0, firstX = 0.0, firstDown = false, runX = 0.0, runDown = false
        var otherX = 0.0, cy0 = Double.infinity, cy1 = -Double.infinity

        @inline(__always) mutating func include(_ q: Point) {
            bx0 = min(bx0, q.x); by0 = min(by0, q.y); bx1 = max(bx1, q.x); by1 = max(by1, q.y)
        }

        /// Notes one segment; false when it is neither horizontal nor vertical or a fourth run starts.
        @inline(__always) mutating func segment(_ a: Point, _ b: Point) -> Bool {
            if a.y == b.y { return true }
            guard a.x == b.x else { return false }
            let down = b.y > a.y
            cy0 = min(cy0, a.y, b.y); cy1 = max(cy1, a.y, b.y)
            if runs > 0 && a.x == runX && down == runDown { return true }
            runs += 1
            if runs == 1 { firstX = a.x; firstDown = down } else if runs == 2 { otherX = a.x }
            runX = a.x; runDown = down
            return runs <= 3
        }

        /// Ends the walk: the rectangle or ring found, with the bounds of every point.
        mutating func finish() -> BoxCover? {
            guard endContour(), bx0 <= bx1, by0 <= by1, var o = rect0 else { return nil }
            let bounds = PixelRect(covering: Rect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0))
            guard var i = rect1 else { return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: nil, bounds: bounds) }
            if i.x0 <= o.x0 && i.y0 <= o.y0 && i.x1 >= o.x1 && i.y1 >= o.y1 { swap(&o, &i) }
            guard o.leftDown != i.leftDown, i.x0 >= o.x0, i.y0 >= o.y0, i.x1 <= o.x1, i.y1 <= o.y1 else { return nil }
            return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: (i.x0, i.y0, i.x1, i.y1), bounds: bounds)
        }

        /// Closes the current contour (if any); false when it is not a rectangle or is a third one.
        mutating func endContour() -> Bool {
            guard open else { return true }
            open = false
            defer { runs = 0; cy0 = .infinity; cy1 = -.infinity }
            if !segment(prev, first) { return false }
            if runs == 3 && runX == firstX && runDown == firstDown { runs = 2 }
            if runs == 0 { return true }   // no vertical edge: nothing for the scan converter either
            guard runs == 2, firstX != otherX else { return false }
            let r: Found = (min(firstX, otherX), cy0, max(firstX, otherX), cy1, (firstX < otherX) == firstDown)
            if rect0 == nil { rect0 = r; return true }
            if rect1 == nil { rect1 = r; return true }
            return false
        }
    }

    /// The common case of `draw`: a solid colour, normal blending, no shadow and no clip mask. The
    /// same pixels as `draw` would produce, without binding a Shader, copying the clip or going
    /// through the general span closure (for a small shape that per-call work costs as much as
    /// the pixels); rectangles and rectangle rings skip the scan converter too. False when it does
    /// not apply; nothing is drawn then.
    @inline(__always)
    func fillDirectly(_ path: Path, _ t: Transform, _ rule: FillRule, _ paint: Paint, alpha: Double,
                      bounds known: PixelRect? = nil) -> Bool {
        guard case .color(let c) = paint, state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil
        else { return false }
        let bx = Canvas.boxCover(path, t)
        if let bx = bx { return fillDirectly(bx, rule, paint, alpha: alpha) }
        // One pass gives the box and finiteness (or the stroker has collected the box of a finite
        // outline as it went); a non-finite path still marks its box dirty (as it always has) but
        // draws nothing.
        var finite = true
        let bounds = known ?? Rasterizer.deviceBounds(of: path, transform: t, finite: &finite)
        guard let (ti, region, a8) = directTarget(bounds, alpha: alpha), finite
        else { return true }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        let color = Compositor.pack(c)
        let s = a8 == 255 ? color : Compositor.scale(color, a8)
        if s >> 24 == 0 { return true }
        _ = engine.reset(region: region, adding: path, transform: t, knownFinite: true)
        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
            pixBuf.withMemoryRebound(to: UInt32.self) { px in
                var sink = Rasterizer.SolidSink(s, fine: Compositor.FineSolid(c, alpha: alpha, s: s), pixels: px.baseAddress!, stride: tw, ox: ox, oy: oy, regionX0: region.x0)
                engine.sweep(rule: rule, into: &sink)
            }
        }
        return true
    }

    /// What both `fillDirectly` paths draw into: the current target, the part of `bounds` inside it
    /// and the clip (marked dirty on a layer), and the alpha as 0...255; nil when nothing would be
    /// drawn.
    @inline(__always)
    func directTarget(_ bounds: PixelRect, alpha: Double, settle: Bool = true) -> (Int, PixelRect, UInt32)? {
        let ti = targets.count - 1
        let region = targets[ti].box.intersection(bounds).intersection(state.clip.bounds)
        if region.isEmpty { return nil }
        let a8 = UInt32((alpha * 255).rounded())
        if a8 == 0 { return nil }
        if ti > 0 { targets[ti].dirty = targets[ti].dirty.union(region) }
        // The caller blends into the pixels (unless it settles the background itself).
        if settle { settleBackground(target: ti, replacesAll: false) }
        return (ti, region, a8)
    }

    /// `fillDirectly` for a path already recognised as a rectangle or ring (same conditions).
    func fillDirectly(_ bx: BoxCover, _ rule: FillRule, _ paint: Paint, alpha: Double) -> Bool {
        guard case .color(let c) = paint, state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil
        else { return false }
        guard let (ti, region, a8) = directTarget(bx.bounds, alpha: alpha, settle: false) else { return true }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        let color = Compositor.pack(c)
        settleBackground(target: ti, replacesAll: replacesCanvas(bx, region: region, color: color, alpha: a8, mode: .normal))
        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
            pixBuf.withMemoryRebound(to: UInt32.self) { px in
                let fine = Compositor.FineSolid(c, alpha: alpha, s: a8 == 255 ? color : Compositor.scale(color, a8))
                Canvas.compositeBoxes(bx, region: region, evenOdd: rule == .evenOdd, color: color, alpha: a8, fine: fine,
                                      into: px.baseAddress! + (region.y0 - oy) * tw + (region.x0 - ox), stride: tw)
            }
        }
        return true
    }

    /// `stroke` of an axis-aligned rectangle path (move, three lines, close) whose outline is a
    /// rectangle ring, for the cases `fillDirectly` takes: the stroker leaves the outline staged in
    /// its scratch (`Stroker.rectangleOutline`, the same code and doubles as `Path.stroked`),
    /// `boxCover` reads the elements there as it would read the outline path, and the ring is
    /// composited, without building the outline Path. False (nothing drawn) when it does not apply.
    func strokeRectangleDirectly(_ path: Path, _ style: StrokeStyle, _ t: Transform, alpha: Double) -> Bool {
        guard style.lineJoin == .miter, style.dashPattern.isEmpty, t.b == 0, t.c == 0, case .color = state.strokePaint,
              state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil else { return false }
        let els = path.elements
        guard els.count == 5, case .move(let p0) = els[0], case .line(let p1) = els[1], case .line(let p2) = els[2],
              case .line(let p3) = els[3], case .closeSubpath = els[4],
              (p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x) ||
              (p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y) else { return false }
        if let bx = Canvas.alignedRing(p0, p2, style: style, transform: t) {
            return fillDirectly(bx, .winding, state.strokePaint, alpha: alpha)
        }
        guard let count = Stroker.rectangleOutline(p0, p1, p2, p3, style: style, transform: t, scratch: &strokeScratch),
              let bx = Canvas.boxCover(UnsafeBufferPointer(start: strokeScratch.staged.base, count: count), .identity)
        else { return false }
        return fillDirectly(bx, .winding, state.strokePaint, alpha: alpha)
    }

    /// The ring a miter-joined stroke of width w draws round the axis-aligned rectangle with
    /// opposite corners `a` and `c`, under a transform without rotation or shear: the boxes
    /// `rect ± w/2`, computed directly. The stroker's outline of such a rectangle is exactly these
    /// two boxes (its right-angle joins are exact: v + (na + nb) * w/2), so `boxCover` of it gives
    /// the same values bit for bit (a test checks); this skips the stroker and the outline walk,
    /// a good part of a stroked rectangle's cost. Nil when the corners would not be mitred or the hole is
    /// (nearly) closed, which the stroker handles.
    static func alignedRing(_ a: Point, _ c: Point, style: StrokeStyle, transform t: Transform) -> BoxCover? {
        let hw = style.lineWidth / 2
        let limit = style.miterLimit.isFinite ? max(1, style.miterLimit) : 10
        guard style.lineJoin == .miter, hw > 0, hw.isFinite, 1 / (0.5 as Double).squareRoot() <= limit,
              t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
        let x0 = min(a.x, c.x), x1 = max(a.x, c.x), y0 = min(a.y, c.y), y1 = max(a.y, c.y)
        guard x1 - x0 > 2 * hw + 1e-3, y1 - y0 > 2 * hw + 1e-3 else { return nil }
        func box(_ l: Double, _ top: Double, _ r: Double, _ b: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
            let p = Flattener.clampPoint(Point(x: l, y: top).applying(t)), q = Flattener.clampPoint(Point(x: r, y: b).applying(t))
            guard p.isFinite, q.isFinite else { return nil }
            return (min(p.x, q.x), min(p.y, q.y), max(p.x, q.x), max(p.y, q.y))
        }
        guard let o = box(x0 - hw, y0 - hw, x1 + hw, y1 + hw), let i = box(x0 + hw, y0 + hw, x1 - hw, y1 - hw) else { return nil }
        return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: i,
                        bounds: PixelRect(covering: Rect(x: o.x0, y: o.y0, width: o.x1 - o.x0, height: o.y1 - o.y0)))
    }

    /// Source-over of premultiplied `color` at global alpha `alpha` (0...255) through the coverage
    /// of `box`, band by band, straight to the pixels (`base` is the region's top-left pixel): per
    /// pixel exactly what `Compositor.blendSolid` computes (with `fine` at full coverage).
    static func compositeBoxes(_ box: BoxCover, region: PixelRect, evenOdd: Bool, color: UInt32, alpha: UInt32,
                               fine: Compositor.FineSolid?, into base: UnsafeMutablePointer<UInt32>, stride tw: Int) {
        let sc = alpha == 255 ? color : Compositor.scale(color, alpha)
        if sc >> 24 == 0 { return }
        renderBoxes(box, region: region, evenOdd: evenOdd) { r0, r1, pieces in
            for p in pieces where p.alpha != 0 {
                let src = p.alpha == 255 ? sc : Compositor.scale(sc, UInt32(p.alpha))
                let d = base + r0 * tw + p.column
                if p.alpha == 255, let f = fine {
                    if p.count < 8 {
                        for r in 0..<(r1 - r0) { f.few(d + r * tw, p.count) }
                    } else {
                        f.rows(d, p.count, r1 - r0, tw)
                    }
                } else if p.count < 8 {
                    // The sides of a stroke: a few pixels a row, no run set-up.
                    Compositor.overColumns(d, p.count, r1 - r0, tw, src)
                } else {
                    Compositor.overRows(d, p.count, r1 - r0, tw, src)
                }
            }
        }
    }

    /// A stretch of one row with constant coverage (region-relative column).
    struct BoxPiece {
        var column: Int, count: Int, alpha: UInt8
    }

    /// The coverage of `box` within `region`, exactly as the scan converter computes it: edges
    /// quantised to 1/256 px relative to the region's origin (clipped to it first), each pixel's
    /// covered area `2 * dx * dy` (a full pixel is 131072) turned into alpha by the fill rule.
    /// A row's coverage is constant between the (at most four) columns holding a vertical edge, and
    /// rows whose vertical overlaps with both rectangles are equal have equal coverage, so it is
    /// reported by bands: `band(firstRow, endRow, pieces)`, region-relative, pieces left to right
    /// with zero alphas included.
    @inline(__always)
    static func renderBoxes(_ box: BoxCover, region: PixelRect, evenOdd: Bool,
                            _ band: (Int, Int, UnsafeMutableBufferPointer<BoxPiece>) -> Void) {
        let rx0 = Double(region.x0), ry0 = Double(region.y0), rx1 = Double(region.x1), ry1 = Double(region.y1)
        let fw = Int32(region.width << 8), fh = Int32(region.height << 8)
        // The rasterizer's clip-then-quantise for vertical edges: left of the region -> 0, right of
        // it -> dropped, which for visible pixels is the same as sitting on the right border.
        @inline(__always) func qx(_ x: Double) -> Int32 {
            x <= rx0 ? 0 : x >= rx1 ? fw : Int32(floorToInt((x - rx0) * 256 + 0.5))
        }
        @inline(__always) func qy(_ y: Double) -> Int32 {
            y <= ry0 ? 0 : y >= ry1 ? fh : Int32(floorToInt((y - ry0) * 256 + 0.5))
        }
        let ox0 = qx(box.x0), ox1 = qx(box.x1), oy0 = qy(box.y0), oy1 = qy(box.y1)
        guard ox1 > ox0, oy1 > oy0 else { return }
        var ix0: Int32 = 0, ix1: Int32 = 0, iy0: Int32 = 0, iy1: Int32 = 0
        if let i = box.inner {
            ix0 = qx(i.x0); ix1 = qx(i.x1); iy0 = qy(i.y0); iy1 = qy(i.y1)
            if ix1 <= ix0 || iy1 <= iy0 { ix0 = 0; ix1 = 0; iy0 = 0; iy1 = 0 }
        }
        let hasInner = ix1 > ix0
        @inline(__always) func overlap(_ a: Int32, _ b: Int32, _ cell: Int) -> Int32 {
            let lo = Int32(truncatingIfNeeded: cell << 8)
            return max(0, min(b, lo &+ 256) &- max(a, lo))
        }
        let cx0 = Int(ox0 >> 8), cx1 = Int((ox1 &- 1) >> 8)
        let ci0 = Int(ix0 >> 8), ci1 = Int((ix1 &- 1) >> 8)
        let lastRow = Int((oy1 &- 1) >> 8)
        withUnsafeTemporaryAllocation(of: BoxPiece.self, capacity: 8) { buf in
            var r = Int(oy0 >> 8)
            while r <= lastRow {
                let a = overlap(oy0, oy1, r)
                let b = hasInner ? overlap(iy0, iy1, r) : 0
                // The next row whose vertical overlaps may differ: just after a partial first row,
                // or at a last row, of either rectangle.
                // Bands that turn out equal (a pixel-aligned edge) are merged.
                @inline(__always) func nextChange(after row: Int) -> Int {
                    var end = lastRow + 1
                    @inline(__always) func candidate(_ c: Int) { if c > row && c < end { end = c } }
                    candidate(Int(oy0 >> 8) + 1); candidate(lastRow)
                    if hasInner {
                        let i0 = Int(iy0 >> 8), i1 = Int((iy1 &- 1) >> 8)
                        candidate(i0); candidate(i0 + 1); candidate(i1); candidate(i1 + 1)
                    }
                    return end
                }
                var end = nextChange(after: r)
                while end <= lastRow && overlap(oy0, oy1, end) == a && (hasInner ? overlap(iy0, iy1, end) : 0) == b {
                    end = nextChange(after: end)
                }
                @inline(__always) func at(_ c: Int) -> UInt8 {
                    Rasterizer.Engine.alpha(2 &* (a &* overlap(ox0, ox1, c) &- b &* overlap(ix0, ix1, c)), evenOdd)
                }
                var k = 0
                @inline(__always) func emit(_ c: Int, _ n: Int, _ v: UInt8) {
                    if k > 0 && buf[k - 1].alpha == v { buf[k - 1].count += n; return }
                    buf[k] = BoxPiece(column: c, count: n, alpha: v); k += 1
                }
                // Edge columns in order; the coverage between two of them is that of the first one's
                // right neighbour.
                var prev = cx0
                emit(cx0, 1, at(cx0))
                @inline(__always) func edge(_ c: Int) {
                    if c <= prev { return }
                    if c > prev + 1 { emit(prev + 1, c - prev - 1, at(prev + 1)) }
                    emit(c, 1, at(c)); prev = c
                }
                if b > 0 { edge(ci0); edge(ci1) }
                edge(cx1)
                band(r, end, UnsafeMutableBufferPointer(rebasing: buf[0..<k]))
                r = end
            }
        }
    }
}
