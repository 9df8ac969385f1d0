// PathDataParser: SVG path data (`d`) to a HUDRaster Path.
//
// Design note: SVG says to render a path up to the first error, so the parser never throws; it stops
// at the first bad token and returns what it has. Relative commands, implicit repetition, smooth
// control-point reflection and elliptical arcs (converted to cubics via the endpoint-to-centre
// parameterisation of SVG implementation note F.6) all resolve to absolute Path elements here, so
// the renderer sees only moves, lines, quads, cubics and closes.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

enum PathDataParser {
    /// Parses `d`. Returns the path up to the first error (possibly empty).
    static func parse(_ d: String) -> Path {
        var sc = SVGScanner(d)
        var path = Path()
        var current = Point.zero
        var start = Point.zero
        var lastCubicCtrl: Point? = nil
        var lastQuadCtrl: Point? = nil
        var command: UInt8 = 0
        var first = true
        var needsMove = false

        sc.skipSpaces()
        while !sc.atEnd {
            var cmd: UInt8
            if let b = sc.peek(), isCommand(b) {
                cmd = b
                sc.pos += 1
                sc.skipSpaces()
            } else if command != 0 && sc.atNumberStart() && command != 0x5A && command != 0x7A {
                // Implicit repetition; after a move the repeated command is a line.
                cmd = command == 0x4D ? 0x4C : (command == 0x6D ? 0x6C : command)
            } else {
                break
            }
            if first {
                guard cmd == 0x4D || cmd == 0x6D else { break }
                first = false
            }
            let rel = cmd >= 0x61
            let up = rel ? cmd - 0x20 : cmd
            func pt(_ x: Double, _ y: Double) -> Point { rel ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y) }
            var ok = true
            var newCubic: Point? = nil, newQuad: Point? = nil
            if needsMove && up != 0x4D && up != 0x5A {
                path.move(to: current)
                needsMove = false
            }
            switch up {
            case 0x4D: // M
                guard let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                current = pt(x, y); start = current
                path.move(to: current)
                needsMove = false
            case 0x4C: // L
                guard let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                current = pt(x, y); path.addLine(to: current)
            case 0x48: // H
                guard let x = sc.listNumber() else { ok = false; break }
                current = Point(x: rel ? current.x + x : x, y: current.y); path.addLine(to: current)
            case 0x56: // V
                guard let y = sc.listNumber() else { ok = false; break }
                current = Point(x: current.x, y: rel ? current.y + y : y); path.addLine(to: current)
            case 0x43: // C
                guard let x1 = sc.listNumber(), let y1 = sc.listNumber(), let x2 = sc.listNumber(),
                      let y2 = sc.listNumber(), let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                let c1 = pt(x1, y1), c2 = pt(x2, y2), p = pt(x, y)
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p; newCubic = c2
            case 0x53: // S
                guard let x2 = sc.listNumber(), let y2 = sc.listNumber(), let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                let c1 = lastCubicCtrl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = pt(x2, y2), p = pt(x, y)
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p; newCubic = c2
            case 0x51: // Q
                guard let x1 = sc.listNumber(), let y1 = sc.listNumber(), let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                let c = pt(x1, y1), p = pt(x, y)
                path.addQuadCurve(to: p, control: c)
                current = p; newQuad = c
            case 0x54: // T
                guard let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                let c = lastQuadCtrl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let p = pt(x, y)
                path.addQuadCurve(to: p, control: c)
                current = p; newQuad = c
            case 0x41: // A
                guard let rx = sc.listNumber(), let ry = sc.listNumber(), let rot = sc.listNumber(),
                      let large = sc.flag(), let sweep = sc.flag(),
                      let x = sc.listNumber(), let y = sc.listNumber() else { ok = false; break }
                let p = pt(x, y)
                appendArc(&path, from: current, to: p, rx: rx, ry: ry, rotationDegrees: rot, largeArc: large, sweep: sweep)
                current = p
            case 0x5A: // Z
                path.closeSubpath()
                current = start
                needsMove = true
                sc.skipCommaSpaces()
            default:
                ok = false
            }
            if !ok { break }
            lastCubicCtrl = newCubic
            lastQuadCtrl = newQuad
            command = cmd
        }
        return path
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        switch b {
        case 0x4D, 0x6D, 0x4C, 0x6C, 0x48, 0x68, 0x56, 0x76, 0x43, 0x63, 0x53, 0x73,
             0x51, 0x71, 0x54, 0x74, 0x41, 0x61, 0x5A, 0x7A: return true
        default: return false
        }
    }

    /// Appends an SVG elliptical arc as cubic Béziers (at most 90 degrees each).
    static func appendArc(_ path: inout Path, from p0: Point, to p1: Point, rx rx0: Double, ry ry0: Double,
                          rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        if p0 == p1 { return }
        var rx = abs(rx0), ry = abs(ry0)
        if rx == 0 || ry == 0 { path.addLine(to: p1); return }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1p = cp * dx + sp * dy
        let y1p = -sp * dx + cp * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den == 0 ? 0 : (max(0, num / den)).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        let cx = cp * cxp - sp * cyp + (p0.x + p1.x) / 2
        let cy = sp * cxp + cp * cyp + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var dtheta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && dtheta > 0 { dtheta -= 2 * .pi }
        if sweep && dtheta < 0 { dtheta += 2 * .pi }
        guard dtheta.isFinite, cx.isFinite, cy.isFinite else { path.addLine(to: p1); return }
        let n = max(1, Int((abs(dtheta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = dtheta / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        func ellipsePoint(_ t: Double) -> Point {
            let x = rx * cos(t), y = ry * sin(t)
            return Point(x: cx + cp * x - sp * y, y: cy + sp * x + cp * y)
        }
        func derivative(_ t: Double) -> Point {
            let x = -rx * sin(t), y = ry * cos(t)
            return Point(x: cp * x - sp * y, y: sp * x + cp * y)
        }
        var t = theta1
        for i in 0..<n {
            let t2 = t + step
            let a = ellipsePoint(t), b = i == n - 1 ? p1 : ellipsePoint(t2)
            let da = derivative(t), db = derivative(t2)
            path.addCurve(to: b, control1: Point(x: a.x + k * da.x, y: a.y + k * da.y),
                          control2: Point(x: b.x - k * db.x, y: b.y - k * db.y))
            t = t2
        }
    }
}
