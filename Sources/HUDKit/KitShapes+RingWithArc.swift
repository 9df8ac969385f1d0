// KitShapes+RingWithArc: a full ring with a wider band along an arc, as one shape whose edges the
// ring alone would also draw.
//
// Design note: UAProgressView's border and progress arc share the ring's outer edge, and the arc
// widens the ring inwards. Their union is the border's outer circle and one hole contour: the arc's
// inner radius along the arc, the border's elsewhere, joined by radial steps. The hole contour's
// border part is cut from the border's own cubics: whole quarters as they are, and a quarter the
// arc ends in split at the parameter where it reaches the arc's end. So the pixels the arc does
// not reach are covered exactly as by the border alone in every frame, except along a split
// quarter, whose curve is flattened at other points (a few levels at most): an animated ring does
// not shimmer. Nothing overlaps, so the scan converter has no crossings to resolve.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

extension KitShapes {
    /// The union of the full ring `ring` (inner, outer radius) and the band from `arcInner` to the
    /// ring's outer radius, from `start` clockwise by `sweep` (sweep > 0, 0 < arcInner <=
    /// ring.inner); nil for anything else. A full turn is the ring widened to `arcInner`.
    static func ringWithArc(center c: Point, ring: (inner: Double, outer: Double), arcInner: Double,
                            start: Double, sweep: Double) -> Path? {
        guard sweep > 1e-9, arcInner > 0, arcInner <= ring.inner else { return nil }
        if sweep >= 2 * .pi - 1e-9 { return annularSector(center: c, inner: arcInner, outer: ring.outer, start: 0, sweep: 2 * .pi) }
        let border = annularSector(center: c, inner: ring.inner, outer: ring.outer, start: 0, sweep: 2 * .pi)
        let els = border.elements
        guard let hole = els.lastIndex(where: { if case .move = $0 { return true }; return false }), hole > 0,
              case .move(let p0) = els[hole] else { return nil }
        var quarters: [(from: Point, c1: Point, c2: Point, to: Point)] = []
        var at = p0
        for e in els[(hole + 1)...] {
            if case let .curve(to, c1, c2) = e { quarters.append((at, c1, c2, to)); at = to }
        }
        guard quarters.count == 4 else { return nil }
        var p = Path(elements: Array(els[..<hole]))
        // The hole, walked towards decreasing angles: the arc's inner edge from its end to its
        // start, then the border's inner edge on round to the arc's end.
        let end = start + sweep
        p.move(to: Point(x: c.x + arcInner * cos(end), y: c.y + arcInner * sin(end)))
        p.addArc(withCenter: c, radius: arcInner, startAngle: end, endAngle: start, clockwise: false)
        // Quarter k of the border's hole runs from angle -k pi/2 down to -(k + 1) pi/2.
        var from = start.truncatingRemainder(dividingBy: 2 * .pi)
        if from > 0 { from -= 2 * .pi }
        let to = from - (2 * .pi - sweep)
        var first = true
        for k in 0..<8 {
            let hi = -Double(k) * .pi / 2, lo = hi - .pi / 2
            let a = min(hi, from), b = max(lo, to)
            guard a > b else { continue }
            let q = quarters[k % 4]
            let t0 = a == hi ? 0 : parameter(of: a, on: q, center: c, from: hi)
            let t1 = b == lo ? 1 : parameter(of: b, on: q, center: c, from: hi)
            let piece = t0 == 0 && t1 == 1 ? q : split(q, t0, t1)
            if first { p.addLine(to: piece.from); first = false }
            p.addCurve(to: piece.to, control1: piece.c1, control2: piece.c2)
        }
        p.closeSubpath()
        return p
    }

    /// The parameter at which quarter `q` (from angle `hi` down by a quarter turn) reaches `angle`.
    static func parameter(of angle: Double, on q: (from: Point, c1: Point, c2: Point, to: Point),
                          center c: Point, from hi: Double) -> Double {
        var lo = 0.0, up = 1.0
        for _ in 0..<52 {
            let t = (lo + up) / 2
            let pt = point(q, t)
            var turned = hi - atan2(pt.y - c.y, pt.x - c.x)
            turned -= (turned / (2 * .pi)).rounded(.down) * 2 * .pi
            if turned > 1.5 * .pi { turned -= 2 * .pi }
            if turned < hi - angle { lo = t } else { up = t }
        }
        return (lo + up) / 2
    }

    /// The point of cubic `q` at parameter `t`.
    static func point(_ q: (from: Point, c1: Point, c2: Point, to: Point), _ t: Double) -> Point {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, d = 3 * s * t * t, e = t * t * t
        return Point(x: a * q.from.x + b * q.c1.x + d * q.c2.x + e * q.to.x,
                     y: a * q.from.y + b * q.c1.y + d * q.c2.y + e * q.to.y)
    }

    /// The part of cubic `q` between parameters `t0` and `t1` (de Casteljau, twice).
    static func split(_ q: (from: Point, c1: Point, c2: Point, to: Point), _ t0: Double, _ t1: Double)
        -> (from: Point, c1: Point, c2: Point, to: Point) {
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        func tail(_ q: (from: Point, c1: Point, c2: Point, to: Point), _ t: Double) -> (from: Point, c1: Point, c2: Point, to: Point) {
            let ab = lerp(q.from, q.c1, t), bc = lerp(q.c1, q.c2, t), cd = lerp(q.c2, q.to, t)
            let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t)
            return (lerp(abc, bcd, t), bcd, cd, q.to)
        }
        func head(_ q: (from: Point, c1: Point, c2: Point, to: Point), _ t: Double) -> (from: Point, c1: Point, c2: Point, to: Point) {
            let ab = lerp(q.from, q.c1, t), bc = lerp(q.c1, q.c2, t), cd = lerp(q.c2, q.to, t)
            let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t)
            return (q.from, ab, abc, lerp(abc, bcd, t))
        }
        let rest = t0 > 0 ? tail(q, t0) : q
        return t1 < 1 ? head(rest, (t1 - t0) / (1 - t0)) : rest
    }
}
