// Stroker+Outline: the offset outline itself: joins, caps, arcs, rectangles, and the checks that
// tell the scan converter when the outline cannot cross itself (see Stroker for the design).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Stroker {
    // MARK: - Outline

    @inline(__always) mutating func moveOut(_ p: Point) {
        let q = p.applying(t); bound(q); emit(.move(to: q)); lastMove = q
    }
    @inline(__always) mutating func lineOut(_ p: Point) {
        // Always after moveOut in the same subpath, so the Path's current point is set.
        let q = p.applying(t); bound(q); emit(.line(to: q))
    }
    @inline(__always) mutating func closeOut() { emit(.closeSubpath) }

    @inline(__always) mutating func bound(_ q: Point) {
        bz += q.x * 0 + q.y * 0
        let c = Flattener.clampPoint(q)
        bx0 = min(bx0, c.x); by0 = min(by0, c.y); bx1 = max(bx1, c.x); by1 = max(by1, c.y)
    }

    /// The box `bound` has collected (valid when `bz == 0`).
    var outlineBounds: PixelRect {
        guard bx0.isFinite, by0.isFinite, bx1.isFinite, by1.isFinite, bx0 <= bx1, by0 <= by1 else { return .empty }
        return PixelRect(covering: Rect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0))
    }

    // MARK: - Rectangles

    /// The outline `Path.stroked` would produce for the closed polygon `p0 p1 p2 p3` (a path of
    /// move, three lines and close) under `style` and `transform`, left staged in
    /// `scratch.staged` (valid until the next stroke through `scratch`) instead of built into a
    /// Path: the same code emits the same doubles. Returns the number of elements, or nil when a
    /// guard of `stroked` fails, a vertex would be dropped as too close, or there is a dash. Lets a
    /// canvas recognise a stroked rectangle as a rectangle ring without building the outline.
    static func rectangleOutline(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, style: StrokeStyle,
                                 transform: Transform, scratch: inout Scratch) -> Int? {
        let scale = transform.maxScale
        guard style.dashPattern.isEmpty, style.lineWidth > 0, style.lineWidth.isFinite, scale > 0, scale.isFinite,
              transform.determinant != 0, transform.tx.isFinite, transform.ty.isFinite,
              p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { return nil }
        let tol = max(Path.strokeTolerance, 1e-4) / scale
        // run() would keep all four vertices (and drop the closing copy of p0) only when no two
        // neighbours are within add()'s distance.
        let eps = tol * 1e-3
        @inline(__always) func apart(_ a: Point, _ b: Point) -> Bool {
            let dx = b.x - a.x, dy = b.y - a.y
            return dx * dx + dy * dy > eps * eps
        }
        guard apart(p0, p1), apart(p1, p2), apart(p2, p3), apart(p3, p0), p1 != p0, p2 != p1, p3 != p2 else { return nil }
        var s = Stroker(style: style, tolerance: tol, transform: transform, scratch: &scratch)
        while s.ptsCap < 4 { s.growPoints() }   // never taken: the blocks start at 64 slots
        s.pts[0] = p0; s.pts[1] = p1; s.pts[2] = p2; s.pts[3] = p3
        s.smooth[0] = false; s.smooth[1] = false; s.smooth[2] = false; s.smooth[3] = false
        s.np = 4
        s.finish(closed: true)
        return s.no
    }
    /// The stroke's normal for unit direction d (d turned a quarter towards +y from +x).
    @inline(__always) static func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    mutating func finish(closed: Bool) {
        defer { np = 0; hadSegment = false }
        guard np > 0 else { return }
        if closed, np > 1 {
            let a = pts[0], b = pts[np - 1]
            let eps = tol * 1e-3
            if (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) <= eps * eps { np -= 1 }
        }
        // The polyline worked on below; it starts later in the blocks when chords are dropped.
        var pts = self.pts, smooth = self.smooth
        if closed && smoothClose && startExtra > 0 && np > startExtra + 2 {
            // The start is the middle of a smooth curve after all: no cap or corner needs the
            // short chords there (they only forced needless pivots on the inner side). The start
            // point moves up over them rather than the rest of the polyline moving down.
            pts[startExtra] = pts[0]
            pts += startExtra; smooth += startExtra
            np -= startExtra
            smooth[0] = true
        }
        let n = np
        subpaths += 1
        if n == 1 {
            simple = false
            if hadSegment { dot(pts[0]) }
            return
        }
        let segs = closed ? n : n - 1
        if segCap < segs { growSegments(segs) }
        for i in 0..<segs {
            let a = pts[i], b = pts[i + 1 == n ? 0 : i + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let l = (dx * dx + dy * dy).squareRoot()
            dirs[i] = Point(x: dx / l, y: dy / l); lens[i] = l
        }
        if closed { checkConvex(n) } else { simple = false }
        if closed {
            // One contour per side; the second walks the polyline backwards.
            moveOut(pts[0] + Stroker.normal(dirs[0]) * hw)
            for k in 1...n {
                let i = k == n ? 0 : k
                vertex(pts[i], dirs[k - 1], dirs[i], lens[k - 1], lens[i], smooth: smooth[i])
            }
            closeOut()
            let d0 = dirs[n - 1] * -1
            moveOut(pts[0] + Stroker.normal(d0) * hw)
            var k = n - 1
            while k >= 0 {
                // Walking backwards, vertex k sits between segment k (reversed) and segment k-1 (reversed).
                let prev = k == 0 ? n - 1 : k - 1
                let dIn = dirs[k] * -1, dOut = dirs[prev] * -1
                vertex(pts[k], dIn, dOut, lens[k], lens[prev], smooth: smooth[k])
                k -= 1
            }
            closeOut()
        } else {
            moveOut(pts[0] + Stroker.normal(dirs[0]) * hw)
            for i in 1..<(n - 1) {
                vertex(pts[i], dirs[i - 1], dirs[i], lens[i - 1], lens[i], smooth: smooth[i])
            }
            lineOut(pts[n - 1] + Stroker.normal(dirs[n - 2]) * hw)
            capOut(pts[n - 1], dirs[n - 2])
            var i = n - 2
            while i >= 1 {
                vertex(pts[i], dirs[i] * -1, dirs[i - 1] * -1, lens[i], lens[i - 1], smooth: smooth[i])
                i -= 1
            }
            lineOut(pts[0] - Stroker.normal(dirs[0]) * hw)
            capOut(pts[0], dirs[0] * -1)
            closeOut()
        }
    }

    /// Clears `simple` unless the closed polyline of n vertices (its `dirs` and `lens` computed)
    /// turns one way only, once round, and is long enough between turns that the inner offset
    /// polygon keeps every edge pointing the way its segment does.
    ///
    /// "Once round" used to be a sum of `atan2` turns compared with 2 pi, a libm call per vertex
    /// and the larger part of this check. The sum of the principal turn angles round a closed
    /// polyline is exactly 2 pi times its turning number, so counting how often the direction
    /// passes the +x axis (anticlockwise minus clockwise) gives the same answer: each turn is
    /// under pi here, so a turn passes +x exactly when it goes from the lower half-plane to the
    /// upper one anticlockwise, or back clockwise.
    mutating func checkConvex(_ n: Int) {
        guard simple, n >= 3 else { simple = false; return }
        var sign = 0.0
        var prevTan = 0.0
        var turns = 0
        @inline(__always) func lower(_ d: Point) -> Bool { d.y < 0 || (d.y == 0 && d.x < 0) }
        var a = dirs[n - 1]
        for k in 0...n {
            let i = k == n ? 0 : k
            let b = dirs[i]
            let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
            if k < n {
                if abs(cross) > 1e-12 {
                    if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1.0 : -1.0) != sign { simple = false; return }
                }
                if dot <= -0.999 { simple = false; return }
                let la = lower(a), lb = lower(b)
                if la && !lb && cross > 0 { turns += 1 } else if !la && lb && cross < 0 { turns -= 1 }
            }
            // Both ends of segment k - 1 are cut back by hw * tan(turn / 2) on the inner side.
            let tanHalf = abs(cross) / (1 + dot)
            if k > 0 && hw * (prevTan + tanHalf) >= lens[k - 1] { simple = false; return }
            prevTan = tanHalf
            a = b
        }
        if turns != 1 && turns != -1 { simple = false }
    }

    /// Emits the outline on the +normal side around vertex `v` between directions `a` (in, length
    /// `la`) and `b` (out, length `lb`): the part from the offset line of `a` to the offset line of `b`.
    /// The caller emits the points at the far ends of the segments.
    mutating func vertex(_ v: Point, _ a: Point, _ b: Point, _ la: Double, _ lb: Double, smooth: Bool) {
        // Points on the offset line of `a` (like pa) and of `b` (like pb) may be left out when the
        // neighbouring output points lie on the same line: that only removes a zero-area fold.
        let na = Stroker.normal(a), nb = Stroker.normal(b)
        // a and b are unit vectors: cross = sin(phi), dot = cos(phi), phi the signed turn.
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        if abs(cross) <= 1e-12 && dot > 0 { return }   // straight on: pa == pb, collinear
        let pa = v + na * hw, pb = v + nb * hw
        let reversal = abs(cross) <= 1e-9 && dot < 0
        if cross > 0 && !reversal {
            // Inner side. The two offset lines cross hw*tan(phi/2) from the vertex along each segment;
            // the corners of the pivot detour reach hw*sin(phi) along the other segment. When both fit
            // inside both segments the detour lies where the two segments' bodies overlap, so cutting
            // it off (taking the intersection) keeps the winding >= 1; otherwise (the curve bends more
            // tightly than the half width) the pivot detour is what keeps the fill watertight.
            let tanHalf = cross / (1 + dot)
            let reach = hw * (dot >= 0 ? cross : tanHalf)   // max(tan(phi/2), sin(phi))
            if dot > -0.999 && reach <= la && reach <= lb {
                // Intersection: along the bisector, hw / cos(phi/2) from the vertex.
                // Exactly v + (na + nb) * hw at a right angle, as the outer miter below.
                let m = na + nb
                lineOut(v + m * (dot == 0 ? hw : hw / (m.length * ((1 + dot) / 2).squareRoot())))
            } else {
                simple = false
                lineOut(pa); lineOut(v); lineOut(pb)
            }
            return
        }
        // Outer side.
        let half = reversal ? 0 : ((1 + dot) / 2).squareRoot()   // cos(phi/2)
        if smooth || join == .round {
            // A small turn: the miter point is within the tolerance of the arc, one point will do.
            if half > 0 && hw * (1 / half - 1) <= tol {
                let m = na + nb
                lineOut(v + m * (hw / (half * m.length)))
            } else if !reversal && dot >= cosArcStep {
                lineOut(pa); lineOut(pb)
            } else {
                lineOut(pa)
                arc(v, from: na, sweep: reversal ? -.pi : atan2(cross, dot))
            }
            return
        }
        lineOut(pa)
        if join == .miter, half > 0, 1 / half <= miterLimit {
            // At a right angle the miter point is exactly v + (na + nb) * hw; the general form
            // lands 2e-16 off it, enough for a rectangle's ring to miss the direct path.
            let m = na + nb
            lineOut(v + m * (dot == 0 ? hw : hw / (half * m.length)))
        }
        lineOut(pb)
    }

    /// Emits points around c from c + r0*hw turning by `sweep` (excluding the start point, including
    /// the end). Inner points sit on a radius enlarged by sqrt(step / sin(step)) so that the polygon
    /// has the arc's exact area instead of always falling short of it (an inscribed polygon loses
    /// about 2/3 of the tolerance along its whole length, visible on small round caps and dots).
    /// The points are generated by repeated rotation (one sin/cos pair per arc).
    mutating func arc(_ c: Point, from r0: Point, sweep: Double) {
        let n = max(1, min(4096, Int((abs(sweep) / arcStep).rounded(.up))))
        let step = sweep / Double(n)
        let cs = cos(step), sn = sin(step)
        let a = abs(step)
        let rr = a > 1e-6 ? hw * (a / sin(a)).squareRoot() : hw
        var x = r0.x, y = r0.y
        for k in 1...n {
            let nx = x * cs - y * sn
            y = x * sn + y * cs; x = nx
            let r = k == n ? hw : rr
            lineOut(Point(x: c.x + x * r, y: c.y + y * r))
        }
    }

    /// Emits the cap at end point p of a stroke heading in direction d, from p + N(d)*hw to p - N(d)*hw.
    mutating func capOut(_ p: Point, _ d: Point) {
        let nrm = Stroker.normal(d)
        switch cap {
        case .butt:
            lineOut(p - nrm * hw)
        case .square:
            lineOut(p + nrm * hw + d * hw); lineOut(p - nrm * hw + d * hw); lineOut(p - nrm * hw)
        case .round:
            arc(p, from: nrm, sweep: -.pi)
        }
    }

    /// The cap of a zero-length subpath: a disc or an axis-aligned square (nothing for butt caps),
    /// wound the same way as every other outline piece.
    mutating func dot(_ p: Point) {
        switch cap {
        case .butt: return
        case .square:
            moveOut(Point(x: p.x + hw, y: p.y + hw)); lineOut(Point(x: p.x + hw, y: p.y - hw))
            lineOut(Point(x: p.x - hw, y: p.y - hw)); lineOut(Point(x: p.x - hw, y: p.y + hw))
            closeOut()
        case .round:
            moveOut(Point(x: p.x + hw, y: p.y))
            arc(p, from: Point(x: 1, y: 0), sweep: -2 * .pi)
            closeOut()
        }
    }
}
