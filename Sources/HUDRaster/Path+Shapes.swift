// Path+Shapes: tangent arcs, rounded rects (circular and iOS "continuous") and convenience inits.
//
// Design note: every shape here is built from the four primitive segments, so the stroker, the
// dasher and the rasterizer never learn about shapes. Circular corners are exact 90-degree arc
// cubics; the continuous corner is the published reverse-engineered UIBezierPath curve (two cubics
// and a circular middle section reaching 1.52866483 r along each edge), clamped as UIKit clamps it
// when the rectangle is too small for the full corner, so a small rect degrades to a pill instead
// of overlapping corners.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the corners of a rounded rectangle are shaped.
public enum CornerStyle: Hashable, Sendable {
    /// Quarter circles (Core Graphics `CGPath(roundedRect:)`, `CALayer.cornerCurve = .circular`).
    case circular
    /// The iOS 7+ continuous-curvature "squircle" corner (`UIBezierPath(roundedRect:cornerRadius:)`,
    /// `CALayer.cornerCurve = .continuous`). The corner reaches `continuousCornerExtent` times the
    /// radius along each edge.
    case continuous
}

/// Per-corner radii of a rounded rectangle (like SwiftUI's `RectangleCornerRadii`), in a y-down space.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double
    public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    /// The same radius on all four corners.
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
}

extension Path {
    /// How far along each edge a continuous corner of radius 1 reaches (the published UIKit value).
    public static let continuousCornerExtent = 1.52866483

    /// Cubic control distance for a 90-degree circular arc: 4/3 * tan(pi/8).
    @usableFromInline static let quarterArcKappa = 0.5522847498307936

    /// A closed rectangle.
    public init(rect: Rect) { self.init(); addRect(rect) }
    /// A closed ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) { self.init(); addEllipse(in: rect) }
    /// A closed rounded rectangle (as `UIBezierPath(roundedRect:cornerRadius:)` for `.continuous`,
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:)` for `.circular`).
    public init(roundedRect rect: Rect, cornerRadius: Double, style: CornerStyle = .circular) {
        self.init(); addRoundedRect(in: rect, cornerRadius: cornerRadius, style: style)
    }
    /// A closed rounded rectangle with a radius per corner.
    public init(roundedRect rect: Rect, cornerRadii: CornerRadii, style: CornerStyle = .circular) {
        self.init(); addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from `tangent1End` to `tangent2End`, preceded by a straight line from the current point to
    /// the arc's start (Core Graphics `addArc(tangent1End:tangent2End:radius:)`, PostScript `arct`).
    /// With no current point the path first moves to `tangent1End`. When the three points are
    /// collinear or the radius is zero, a line to `tangent1End` is added instead.
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double) {
        guard p1.isFinite, p2.isFinite, radius.isFinite else { return }
        guard let p0 = currentPoint else { move(to: p1); return }
        let u = p0 - p1, v = p2 - p1
        let lu = u.length, lv = v.length
        guard lu > 0, lv > 0, radius > 0 else { addLine(to: p1); return }
        let ux = u.x / lu, uy = u.y / lu, vx = v.x / lv, vy = v.y / lv
        let cross = ux * vy - uy * vx
        let cosTheta = max(-1, min(1, ux * vx + uy * vy))
        // Collinear (pointing the same way or straight through): no corner to round.
        guard abs(cross) > 1e-12 else { addLine(to: p1); return }
        let theta = acos(cosTheta)                 // angle at the corner between the two legs
        let dist = radius / tan(theta / 2)         // from the corner to each tangent point
        let t1 = Point(x: p1.x + ux * dist, y: p1.y + uy * dist)
        let t2 = Point(x: p1.x + vx * dist, y: p1.y + vy * dist)
        // The centre lies on the bisector, radius / sin(theta/2) from the corner.
        var bx = ux + vx, by = uy + vy
        let bl = (bx * bx + by * by).squareRoot()
        bx /= bl; by /= bl
        let cd = radius / sin(theta / 2)
        let c = Point(x: p1.x + bx * cd, y: p1.y + by * cd)
        let a0 = atan2(t1.y - c.y, t1.x - c.x)
        let a1 = atan2(t2.y - c.y, t2.x - c.x)
        // The arc is the short way round (its sweep is pi - theta).
        var sweep = a1 - a0
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep < -.pi { sweep += 2 * .pi }
        addLine(to: t1)
        appendArcCubics(center: c, rx: radius, ry: radius, from: a0, sweep: sweep)
    }

    /// Adds an arc of `delta` radians from `startAngle` (as `CGMutablePath.addRelativeArc`): a
    /// positive delta goes towards increasing angles, clockwise on screen in y-down space, like
    /// `addArc(center:..., clockwise: false)`. A delta beyond one full turn draws one full turn. A line
    /// joins the current point to the arc's start, if there is a current point.
    public mutating func addRelativeArc(center: Point, radius: Double, startAngle: Double, delta: Double) {
        guard center.isFinite, radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let full = 2 * Double.pi
        appendArcCubics(center: center, rx: radius, ry: radius, from: startAngle, sweep: min(max(delta, -full), full))
    }

    /// Starts a new subpath at the first point and adds a line to each of the others (as
    /// `CGMutablePath.addLines(between:)`); an empty array adds nothing.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds each rectangle as a closed subpath (as `CGMutablePath.addRects`).
    public mutating func addRects(_ rects: [Rect]) {
        for r in rects { addRect(r) }
    }

    /// Adds a closed rounded rectangle, clockwise on screen starting at the end of the top-left corner.
    /// The radius is clamped to half the shorter side (`.circular`) or so that two continuous corners
    /// meet on the shorter side (`.continuous`, as UIKit does). A radius of zero adds a plain rect.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double, style: CornerStyle = .circular) {
        addRoundedRect(in: rect, cornerRadii: CornerRadii(all: cornerRadius), style: style)
    }

    /// Adds a closed rectangle with elliptical corners `cornerWidth` wide and `cornerHeight` tall (as
    /// `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:)` and SVG's `rx` / `ry`), clockwise
    /// on screen from the end of the top-left corner. Each is clamped to half its side; a rectangle
    /// with either at zero is a plain rect.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite, !r.isNull else { return }
        let rx = cornerWidth.isFinite ? min(max(0, cornerWidth), r.width / 2) : 0
        let ry = cornerHeight.isFinite ? min(max(0, cornerHeight), r.height / 2) : 0
        if rx == 0 || ry == 0 { addRect(r); return }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        move(to: Point(x: x0 + rx, y: y0))
        ellipticalCorner(Point(x: x1, y: y0), u: Point(x: -1, y: 0), v: Point(x: 0, y: 1), rx, ry)
        ellipticalCorner(Point(x: x1, y: y1), u: Point(x: 0, y: -1), v: Point(x: -1, y: 0), rx, ry)
        ellipticalCorner(Point(x: x0, y: y1), u: Point(x: 1, y: 0), v: Point(x: 0, y: -1), rx, ry)
        ellipticalCorner(Point(x: x0, y: y0), u: Point(x: 0, y: 1), v: Point(x: 1, y: 0), rx, ry)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with one radius per corner. Radii are clamped to be non-negative
    /// and then scaled down together (as CSS `border-radius` does) so that neighbouring corners never
    /// overlap; continuous corners count their full `continuousCornerExtent` reach.
    public mutating func addRoundedRect(in rect: Rect, cornerRadii radii: CornerRadii, style: CornerStyle = .circular) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite, !r.isNull else { return }
        func clean(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }
        var tl = clean(radii.topLeft), tr = clean(radii.topRight)
        var br = clean(radii.bottomRight), bl = clean(radii.bottomLeft)
        let reach = style == .continuous ? Path.continuousCornerExtent : 1
        // Largest common factor f <= 1 such that the corners on each side fit into it.
        var f = 1.0
        func fit(_ a: Double, _ b: Double, _ side: Double) {
            let need = (a + b) * reach
            if need > side { f = min(f, side / need) }
        }
        fit(tl, tr, r.width); fit(bl, br, r.width); fit(tl, bl, r.height); fit(tr, br, r.height)
        tl *= f; tr *= f; br *= f; bl *= f
        if tl == 0 && tr == 0 && br == 0 && bl == 0 { addRect(r); return }

        // Each corner is written in a local frame: `c` the rect corner, `u` the unit vector pointing
        // back along the edge we arrive on, `v` the one along the edge we leave on.
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        switch style {
        case .circular:
            move(to: Point(x: x0 + tl, y: y0))
            circularCorner(Point(x: x1, y: y0), u: Point(x: -1, y: 0), v: Point(x: 0, y: 1), tr)
            circularCorner(Point(x: x1, y: y1), u: Point(x: 0, y: -1), v: Point(x: -1, y: 0), br)
            circularCorner(Point(x: x0, y: y1), u: Point(x: 1, y: 0), v: Point(x: 0, y: -1), bl)
            circularCorner(Point(x: x0, y: y0), u: Point(x: 0, y: 1), v: Point(x: 1, y: 0), tl)
        case .continuous:
            let e = Path.continuousCornerExtent
            move(to: Point(x: x0 + tl * e, y: y0))
            continuousCorner(Point(x: x1, y: y0), u: Point(x: -1, y: 0), v: Point(x: 0, y: 1), tr)
            continuousCorner(Point(x: x1, y: y1), u: Point(x: 0, y: -1), v: Point(x: -1, y: 0), br)
            continuousCorner(Point(x: x0, y: y1), u: Point(x: 1, y: 0), v: Point(x: 0, y: -1), bl)
            continuousCorner(Point(x: x0, y: y0), u: Point(x: 0, y: 1), v: Point(x: 1, y: 0), tl)
        }
        closeSubpath()
    }

    private mutating func circularCorner(_ c: Point, u: Point, v: Point, _ r: Double) {
        ellipticalCorner(c, u: u, v: v, r, r)
    }

    /// A quarter ellipse of radii `rx` (along x) and `ry` (along y) rounding the corner `c`, arriving
    /// along `-u` and leaving along `v` (unit vectors of the axes).
    private mutating func ellipticalCorner(_ c: Point, u: Point, v: Point, _ rx: Double, _ ry: Double) {
        func p(_ a: Double, _ b: Double) -> Point { Point(x: c.x + (u.x * a + v.x * b) * rx, y: c.y + (u.y * a + v.y * b) * ry) }
        guard rx > 0, ry > 0 else { addLine(to: c); return }
        let k = 1 - Path.quarterArcKappa
        addLine(to: p(1, 0))
        addCurve(to: p(0, 1), control1: p(k, 0), control2: p(0, k))
    }

    /// The UIKit continuous corner: an entry cubic, a short line, a near-circular cubic, a short line
    /// and the mirrored exit cubic. The constants are the widely published measurements of
    /// `UIBezierPath(roundedRect:cornerRadius:)`, made exactly symmetric about the corner diagonal.
    private mutating func continuousCorner(_ c: Point, u: Point, v: Point, _ r: Double) {
        func p(_ a: Double, _ b: Double) -> Point { Point(x: c.x + (u.x * a + v.x * b) * r, y: c.y + (u.y * a + v.y * b) * r) }
        guard r > 0 else { addLine(to: c); return }
        addLine(to: p(1.52866483, 0))
        addCurve(to: p(0.66993427, 0.06549600), control1: p(1.08849323, 0), control2: p(0.86840689, 0))
        addLine(to: p(0.63149399, 0.07491100))
        addCurve(to: p(0.07491100, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16905899, 0.37282392))
        addLine(to: p(0.06549600, 0.66993427))
        addCurve(to: p(0, 1.52866483), control1: p(0, 0.86840689), control2: p(0, 1.08849323))
    }
}
