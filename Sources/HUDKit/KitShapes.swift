// KitShapes: the few path shapes HUDKit's components build over and over (rounded rects, capsules,
// annular sectors), kept in HUDKit so that components do not wait on convenience API elsewhere.
//
// Design note: every shape is built from Path's primitive arcs and lines, so it stays a true curve
// until the rasterizer flattens it at the frame's own scale. Rounded rects here use circular
// corners (UIKit's `cornerRadius` on a layer without `cornerCurve = .continuous`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

/// Path builders shared by HUDKit's components.
enum KitShapes {
    /// A rect with circular corners of `radius` (clamped to half the shorter side), clockwise.
    static func roundedRect(_ r: Rect, radius: Double) -> Path {
        var p = Path()
        guard r.width > 0, r.height > 0 else { return p }
        p.addRoundedRect(in: r, cornerRadius: max(0, radius))
        return p
    }

    /// A stadium: a rounded rect whose radius is half its shorter side.
    static func capsule(_ r: Rect) -> Path { roundedRect(r, radius: min(r.width, r.height) / 2) }

    /// A circle as a closed path.
    static func circle(center c: Point, radius: Double) -> Path {
        var p = Path()
        p.addEllipse(in: Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
        return p
    }

    /// An open circular arc (for stroking), clockwise on screen from `start` by `sweep` radians.
    static func arc(center c: Point, radius: Double, start: Double, sweep: Double) -> Path {
        var p = Path()
        guard sweep > 1e-9, radius > 0 else { return p }
        if sweep >= 2 * .pi - 1e-9 {
            p.addArc(withCenter: c, radius: radius, startAngle: start, endAngle: start + .pi, clockwise: true)
            p.addArc(withCenter: c, radius: radius, startAngle: start + .pi, endAngle: start + 2 * .pi, clockwise: true)
            p.closeSubpath()
            return p
        }
        p.addArc(withCenter: c, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: true)
        return p
    }

    /// A filled ring segment between two radii from `start` clockwise by `sweep` (butt ends).
    static func annularSector(center c: Point, inner: Double, outer: Double, start: Double, sweep: Double) -> Path {
        var p = Path()
        guard sweep > 1e-9, outer > inner else { return p }
        let s = min(sweep, 2 * .pi)
        if s >= 2 * .pi - 1e-9 {
            // A full ring: two circles, opposite windings.
            p.addArc(withCenter: c, radius: outer, startAngle: 0, endAngle: .pi, clockwise: true)
            p.addArc(withCenter: c, radius: outer, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
            p.closeSubpath()
            if inner > 0 {
                p.move(to: Point(x: c.x + inner, y: c.y))
                p.addArc(withCenter: c, radius: inner, startAngle: 0, endAngle: -.pi, clockwise: false)
                p.addArc(withCenter: c, radius: inner, startAngle: -.pi, endAngle: -2 * .pi, clockwise: false)
                p.closeSubpath()
            }
            return p
        }
        p.addArc(withCenter: c, radius: outer, startAngle: start, endAngle: start + s, clockwise: true)
        if inner > 0 {
            p.addArc(withCenter: c, radius: inner, startAngle: start + s, endAngle: start, clockwise: false)
        } else {
            p.addLine(to: c)
        }
        p.closeSubpath()
        return p
    }
}
