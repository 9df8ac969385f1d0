// Path: a resolution-independent outline of moves, lines, quadratic and cubic Béziers.
//
// Design note: a Path stores only the four primitive segment kinds plus close, like CGPath; every
// convenience shape (arcs, ellipses, rounded rects) is turned into cubic Béziers of at most 90
// degrees when it is added. Curves stay curves until the rasterizer flattens them in device space,
// so a path can be scaled 3x for a Retina frame without losing roundness.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One element of a path, as `CGPathElement` describes it.
public enum PathElement: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case closeSubpath
}

/// A mutable vector path (like `CGMutablePath`). Angles are radians in a y-down space.
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement] = []
    /// The current point, where the next segment starts.
    public private(set) var currentPoint: Point? = nil
    @usableFromInline var subpathStart: Point? = nil

    public init() {}
    public init(elements: [PathElement]) { for e in elements { append(e) } }

    public var isEmpty: Bool { elements.isEmpty }

    /// Makes this path the `count` elements at `staged` (a stroke outline: contours of a move,
    /// lines and a close, the last of them starting at `lastMove`), copied in one go into
    /// `storage`'s buffer (whose old contents are dropped, capacity kept), leaving `storage`
    /// empty. The current point ends where `append`ing the elements one by one would leave it;
    /// copying them as a block spares the per-element uniqueness and capacity checks of `append`.
    mutating func setStagedOutline(_ staged: UnsafePointer<PathElement>, count: Int, lastMove: Point,
                                   storage: inout [PathElement]) {
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: UnsafeBufferPointer(start: staged, count: count))
        swap(&elements, &storage)
        storage.removeAll()
        guard count > 0 else { currentPoint = nil; subpathStart = nil; return }
        subpathStart = lastMove
        switch staged[count - 1] {
        case .move(let p), .line(let p): currentPoint = p
        case .quadCurve(let p, _), .curve(let p, _, _): currentPoint = p
        case .closeSubpath: currentPoint = lastMove
        }
    }

    /// Moves this path's element buffer into `storage` (for `adoptStorage`), leaving the path empty.
    mutating func takeElements(into storage: inout [PathElement]) {
        swap(&elements, &storage)
        elements.removeAll()
        currentPoint = nil; subpathStart = nil
    }

    /// Appends one element, keeping the current point up to date.
    public mutating func append(_ e: PathElement) {
        switch e {
        case .move(let p): currentPoint = p; subpathStart = p
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
            if currentPoint == nil { elements.append(.move(to: p)); subpathStart = p }
            currentPoint = p
        case .closeSubpath:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(e)
    }

    public mutating func move(to p: Point) { append(.move(to: p)) }
    public mutating func addLine(to p: Point) { append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) { append(.quadCurve(to: p, control: control)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        append(.curve(to: p, control1: control1, control2: control2))
    }
    public mutating func closeSubpath() { append(.closeSubpath) }

    /// Adds a closed rectangle, clockwise on screen from its top-left corner.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY)); addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY)); addLine(to: Point(x: r.minX, y: r.maxY)); closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `r`, clockwise on screen from 3 o'clock.
    public mutating func addEllipse(in r: Rect) {
        let c = r.center, rx = r.width / 2, ry = r.height / 2
        move(to: Point(x: c.x + rx, y: c.y))
        appendArcCubics(center: c, rx: rx, ry: ry, from: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// Adds a circular arc with Core Graphics' meaning of `clockwise`
    /// (`CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`), as seen in UIKit's
    /// flipped (y-down) context: `clockwise` is clockwise in Core Graphics' y-up space, so
    /// `clockwise: false` walks towards increasing angles, which is clockwise on screen here. The
    /// everyday `addArc(center: c, radius: r, startAngle: 0, endAngle: 2 * .pi, clockwise: false)`
    /// is a full circle. For UIKit's meaning (clockwise on screen) use
    /// ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)``.
    /// A line joins the current point to the arc's start, if there is a current point.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        appendArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, increasing: !clockwise)
    }

    /// The arc from `startAngle` to `endAngle` walking towards increasing angles (clockwise on a
    /// y-down screen) or decreasing ones. The sweep is the end angle brought into the one turn
    /// after (or before) the start; an end a non-zero whole number of turns away, either way, is
    /// one full circle, an end equal to the start is no arc.
    @usableFromInline mutating func appendArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                              increasing: Bool) {
        guard radius.isFinite else { return }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        appendArcCubics(center: center, rx: radius, ry: radius, from: startAngle,
                        sweep: Path.arcSweep(from: startAngle, to: endAngle, increasing: increasing))
    }

    /// The signed sweep of an arc from `a0` to `a1` (see ``appendArc``); non-finite input sweeps nothing.
    static func arcSweep(from a0: Double, to a1: Double, increasing: Bool) -> Double {
        var sweep = a1 - a0
        let full = 2 * Double.pi
        if increasing {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        return sweep.isFinite ? sweep : 0
    }

    /// Adds an elliptical arc of cubic Béziers of at most 90 degrees each (radial error well below a device pixel at any HUD size; the bound is in docs/benchmarks.md).
    @usableFromInline mutating func appendArcCubics(center c: Point, rx: Double, ry: Double, from a0: Double, sweep: Double) {
        guard sweep != 0 else { return }
        let n = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up) - 1e-9 < 1 ? 1 : (abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = a0
        for _ in 0..<n {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            let p1 = Point(x: c.x + rx * (ca - k * sa), y: c.y + ry * (sa + k * ca))
            let p2 = Point(x: c.x + rx * (cb + k * sb), y: c.y + ry * (sb - k * cb))
            let p3 = Point(x: c.x + rx * cb, y: c.y + ry * sb)
            addCurve(to: p3, control1: p1, control2: p2)
            a = b
        }
    }

    /// The path with every point transformed by `t`.
    public func applying(_ t: Transform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.move(to: p.applying(t))
            case .line(let p): out.addLine(to: p.applying(t))
            case .quadCurve(let p, let c): out.addQuadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2): out.addCurve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: out.closeSubpath()
            }
        }
        return out
    }

    /// Appends all of `other`'s elements, optionally transformed.
    public mutating func addPath(_ other: Path, transform: Transform = .identity) {
        for e in other.applying(transform).elements { append(e) }
    }

    /// Calls `body` with each element in order (as `CGPath.applyWithBlock`).
    public func forEach(_ body: (PathElement) throws -> Void) rethrows { for e in elements { try body(e) } }

    /// The bounding box of all points including control points (as `CGPath.boundingBox`);
    /// `Rect.null` for an empty path.
    public var boundingBox: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        return x0 > x1 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
