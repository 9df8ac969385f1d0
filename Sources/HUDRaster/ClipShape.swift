// ClipShape: the device-space outline a clip equals exactly, kept beside its coverage mask.
//
// Design note: a clip is stored as 8-bit coverage, and intersecting two clips by multiplying their
// coverages is exact only where at most one of them is partial. Where both clip the same edge (a
// view's bounds and a mask path whose outline runs along them, as NotchGradientLoadingBar's bar and
// its notch mask do), the product squares the edge's coverage: half a pixel covered by both gives
// 64 instead of 128. So while a clip is one shape (a path, or an axis-aligned rectangle that does
// not fall on pixel edges), its device-space outline is kept; when a rectangle meets a path, the
// path's flattened outline is cut to the rectangle (Sutherland-Hodgman against each side, which
// keeps every winding number inside the rectangle, so any fill rule still holds) and the
// intersection is rasterized once, giving its true coverage. Intersections of two general paths
// still multiply (what Core Graphics' own mask clips do); edges that merely cross are unchanged.

/// The exact outline of a clip in device pixels, when it is a single rectangle or path.
enum ClipShape {
    /// An axis-aligned rectangle in device pixels.
    case rect(Rect)
    /// A path in device pixels, filled under `rule`.
    case path(Path, FillRule)

    /// `path` (device space, lines only after flattening) cut to `rect`.
    static func cut(_ path: Path, to rect: Rect) -> Path {
        var out = Path()
        for (points, _) in Flattener.polylines(path) {
            var poly = points
            poly = clipped(poly) { $0.x >= rect.minX } cross: { a, b in along(a, b, x: rect.minX) }
            poly = clipped(poly) { $0.x <= rect.maxX } cross: { a, b in along(a, b, x: rect.maxX) }
            poly = clipped(poly) { $0.y >= rect.minY } cross: { a, b in along(a, b, y: rect.minY) }
            poly = clipped(poly) { $0.y <= rect.maxY } cross: { a, b in along(a, b, y: rect.maxY) }
            guard poly.count >= 3 else { continue }
            out.move(to: poly[0])
            for p in poly.dropFirst() { out.addLine(to: p) }
            out.closeSubpath()
        }
        return out
    }

    /// One Sutherland-Hodgman pass: the closed polygon `poly` kept where `inside` holds.
    static func clipped(_ poly: [Point], inside: (Point) -> Bool, cross: (Point, Point) -> Point) -> [Point] {
        guard let last = poly.last else { return [] }
        var out: [Point] = []
        out.reserveCapacity(poly.count + 4)
        var prev = last, prevIn = inside(last)
        for p in poly {
            let pIn = inside(p)
            if pIn != prevIn { out.append(cross(prev, p)) }
            if pIn { out.append(p) }
            prev = p; prevIn = pIn
        }
        return out
    }

    static func along(_ a: Point, _ b: Point, x: Double) -> Point {
        let t = (x - a.x) / (b.x - a.x)
        return Point(x: x, y: a.y + (b.y - a.y) * t)
    }

    static func along(_ a: Point, _ b: Point, y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y)
        return Point(x: a.x + (b.x - a.x) * t, y: y)
    }
}
