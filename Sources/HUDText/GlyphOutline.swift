// GlyphOutline: a glyph's TrueType points (quadratic B-spline contours) in font units.
//
// Design note: composite glyphs are assembled at the point level, not the path level, because
// TrueType's point-matching placement ("attach my point 3 to the parent's point 17") needs the
// numbered points of the parts assembled so far. The path is built once at the end: quadratic
// Béziers with the implied on-curve midpoints between consecutive off-curve points.

import HUDRaster

/// A glyph outline as TrueType stores it: points, on-curve flags and contour ends, y up.
public struct GlyphOutline: Sendable, Equatable {
    public var xs: [Double] = []
    public var ys: [Double] = []
    public var onCurve: [Bool] = []
    /// Index of the last point of each contour.
    public var contourEnds: [Int] = []
    /// How many components a composite glyph was built from (0 for a simple glyph).
    public var componentCount = 0

    public init() {}

    public var pointCount: Int { xs.count }
    public var isEmpty: Bool { xs.isEmpty }

    /// Appends `other`'s points mapped by the matrix [a c; b d] plus (dx, dy).
    mutating func append(_ other: GlyphOutline, a: Double, b: Double, c: Double, d: Double, dx: Double, dy: Double) {
        let base = xs.count
        for i in 0..<other.xs.count {
            let x = other.xs[i], y = other.ys[i]
            xs.append(a * x + c * y + dx)
            ys.append(b * x + d * y + dy)
        }
        onCurve += other.onCurve
        contourEnds += other.contourEnds.map { $0 + base }
    }

    /// The outline as a path, mapped by `transform` (font units y-up to whatever space it wants).
    public func path(transform t: Transform = .identity) -> Path {
        var path = Path()
        var start = 0
        for end in contourEnds {
            defer { start = end + 1 }
            guard end >= start, end < xs.count else { continue }
            let n = end - start + 1
            func pt(_ i: Int) -> Point { Point(x: xs[start + i], y: ys[start + i]).applying(t) }
            func on(_ i: Int) -> Bool { onCurve[start + i] }
            func mid(_ p: Point, _ q: Point) -> Point { Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2) }
            guard n >= 2 else { continue }
            // Start on an on-curve point; if there is none, on the implied midpoint of the last and first.
            let first: Int
            let startPoint: Point
            if on(0) { first = 0; startPoint = pt(0) }
            else if on(n - 1) { first = n - 1; startPoint = pt(n - 1) }
            else { first = -1; startPoint = mid(pt(n - 1), pt(0)) }
            path.move(to: startPoint)
            var control: Point? = nil
            let count = first == -1 ? n : n - 1
            var i = first == -1 ? 0 : (first + 1) % n
            for _ in 0..<count {
                let p = pt(i)
                if on(i) {
                    if let c = control { path.addQuadCurve(to: p, control: c); control = nil } else { path.addLine(to: p) }
                } else {
                    if let c = control { path.addQuadCurve(to: mid(c, p), control: c) }
                    control = p
                }
                i = (i + 1) % n
            }
            if let c = control { path.addQuadCurve(to: startPoint, control: c) } else { path.addLine(to: startPoint) }
            path.closeSubpath()
        }
        return path
    }
}
