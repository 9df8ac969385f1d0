// Path+Queries: what a path's geometry answers without drawing it: its tight bounds, and whether a
// point lies inside it.
//
// Design note: both answers come from the curves themselves, not from a rendering. The tight box
// solves each curve's derivative for its extremes (Core Graphics' `boundingBoxOfPath`), where
// `boundingBox` takes the control points as they are. The hit test counts signed crossings of a
// ray from the point with the outline flattened at 1/1000 of a unit, far below what a pixel shows,
// and it closes every subpath, as a fill does; a crossing counts on the edge's half-open span in y
// and strictly right of the point, so a point on a left or top edge is inside and one on a right
// or bottom edge outside, the same convention as a pixel centre in the scan converter. No mask is
// allocated, so it is cheap to ask per event (a tap on a HUD's cancel button).

extension Path {
    /// The smallest rectangle containing every point of the path, curves included and control
    /// points not (as `CGPath.boundingBoxOfPath`); `Rect.null` for an empty path.
    public var boundingBoxOfPath: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        /// Adds the curve's points at the roots in (0, 1) of a t^2 + b t + c, one axis's derivative.
        func extremes(_ a: Double, _ b: Double, _ c: Double, _ at: (Double) -> Point) {
            if abs(a) < 1e-12 {
                if b != 0 { let t = -c / b; if t > 0 && t < 1 { add(at(t)) } }
                return
            }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { return }
            let s = disc.squareRoot()
            for t in [(-b + s) / (2 * a), (-b - s) / (2 * a)] where t > 0 && t < 1 { add(at(t)) }
        }
        // A segment after a close starts where the closed subpath started.
        var current: Point? = nil, start: Point? = nil
        for e in elements {
            switch e {
            case .move(let p):
                add(p); current = p; start = p
            case .line(let p):
                add(p); current = p
            case .quadCurve(let p, let c):
                add(p)
                if let p0 = current {
                    let at = { (t: Double) -> Point in
                        let u = 1 - t
                        return Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                    }
                    // B'(t) / 2 = (c - p0) + t (p0 - 2c + p), per axis.
                    extremes(0, p0.x - 2 * c.x + p.x, c.x - p0.x, at)
                    extremes(0, p0.y - 2 * c.y + p.y, c.y - p0.y, at)
                }
                current = p
            case .curve(let p, let c1, let c2):
                add(p)
                if let p0 = current {
                    let at = { (t: Double) -> Point in
                        let u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
                    }
                    // B'(t) / 3 = A t^2 + B t + C with d0, d1, d2 the control polygon's legs.
                    func axis(_ q0: Double, _ q1: Double, _ q2: Double, _ q3: Double) {
                        let d0 = q1 - q0, d1 = q2 - q1, d2 = q3 - q2
                        extremes(d0 - 2 * d1 + d2, 2 * (d1 - d0), d0, at)
                    }
                    axis(p0.x, c1.x, c2.x, p.x)
                    axis(p0.y, c1.y, c2.y, p.y)
                }
                current = p
            case .closeSubpath:
                current = start
            }
        }
        return x0 > x1 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` is inside the path filled under `rule`, with `transform` applied to the
    /// path first (as `CGPath.contains(_:using:transform:)`). Every subpath counts as closed.
    /// False for a path with NaN or infinite coordinates.
    public func contains(_ point: Point, using rule: FillRule = .winding, transform: Transform = .identity) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        for (points, _) in Flattener.polylines(self, transform: transform, tolerance: 1e-3) {
            var a = points[points.count - 1]
            for b in points {
                // The edge a -> b crosses the horizontal line through the point on [min y, max y).
                if (a.y <= point.y) != (b.y <= point.y) {
                    let x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                    if x > point.x { winding += b.y > a.y ? 1 : -1 }
                }
                a = b
            }
        }
        return rule == .evenOdd ? winding & 1 != 0 : winding != 0
    }
}
