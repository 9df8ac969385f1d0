// SVGGeometry: exact bounding boxes of paths (curve extrema, not control points).
//
// Design note: objectBoundingBox gradients and filter regions are defined on the tight box of the
// geometry; CGPath-style control-point boxes would shift gradients on curved shapes. The extrema of
// each quadratic and cubic come from the roots of its derivative.

import HUDRaster

enum SVGGeometry {
    static func tightBounds(_ path: Path) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            guard p.isFinite else { return }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        var cur = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p):
                add(p); cur = p
            case let .quadCurve(p, c):
                add(p)
                for t in quadExtrema(cur.x, c.x, p.x) + quadExtrema(cur.y, c.y, p.y) {
                    let u = 1 - t
                    add(Point(x: u * u * cur.x + 2 * u * t * c.x + t * t * p.x, y: u * u * cur.y + 2 * u * t * c.y + t * t * p.y))
                }
                cur = p
            case let .curve(p, c1, c2):
                add(p)
                for t in cubicExtrema(cur.x, c1.x, c2.x, p.x) + cubicExtrema(cur.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(x: a * cur.x + b * c1.x + c * c2.x + d * p.x, y: a * cur.y + b * c1.y + c * c2.y + d * p.y))
                }
                cur = p
            case .closeSubpath:
                break
            }
        }
        return x0 > x1 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let d = a - 2 * b + c
        guard d != 0 else { return [] }
        let t = (a - b) / d
        return t > 0 && t < 1 ? [t] : []
    }

    private static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // Derivative: 3[(p1-p0)(1-t)^2 + 2(p2-p1)(1-t)t + (p3-p2)t^2] = a t^2 + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-b + s) / (2 * a)); roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
