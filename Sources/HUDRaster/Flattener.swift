// Flattener: turns a path's curves into line segments in device space.
//
// Design note: curves are flattened after the transform, so the tolerance is in device pixels and
// a path scaled 3x gets 1.7x more segments, not a coarser look. Segment counts come from the
// second-derivative bound (a chord of parameter length h deviates at most |B''| h^2 / 8), evaluated
// by uniform subdivision: no recursion, deterministic, and cheap to bound. The default tolerance
// is 1/32 px rather than the often-quoted 0.1 px: chords always lie inside a convex arc, so the
// area deficit is systematic (about phi^2/6 of the area) and 0.1 px makes a circle visibly small.
// `areaBias` takes most of that deficit back, but not the tolerance's other cost: at 1/16 px, small
// curved fills were faster but text markedly less accurate (Scripts/compare_raster.py's text
// scenes; figures in docs/benchmarks.md), so 1/32 px stays.
// Robustness lives here too: a path with any NaN or infinite coordinate is dropped as a whole
// (a partial path could flood-fill the canvas), and coordinates are clamped to +-2^24 px before
// anything is converted to fixed point.

/// Receives the flattened outline. Subpaths are reported as `move` followed by `line`s; `close`
/// is reported only for explicitly closed subpaths (fills close every subpath anyway).
@usableFromInline protocol FlattenSink {
    mutating func move(to p: Point)
    mutating func line(to p: Point)
    mutating func close()
    /// When false for a curve's control box, the curve may be replaced by its chord (it is
    /// entirely outside the area of interest, so only its end points matter for winding).
    func needsDetail(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool
}

extension FlattenSink {
    @usableFromInline func needsDetail(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool { true }
}

/// Curve flattening in device space.
public enum Flattener {
    /// Maximum distance in device pixels between a curve and its chords (see the file note).
    public static let defaultTolerance = 1.0 / 32.0
    /// Coordinates beyond this magnitude (device px) are clamped.
    public static let coordinateLimit = 16_777_216.0
    /// Upper bound on the segments one curve may produce (guards absurd inputs).
    public static let maxSegmentsPerCurve = 2048

    /// Whether every coordinate of `path` (after `transform`) is finite.
    public static func isFinite(_ path: Path, transform: Transform) -> Bool {
        let t = transform
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return false }
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p):
                if !p.isFinite { return false }
            case .quadCurve(let p, let c):
                if !p.isFinite || !c.isFinite { return false }
            case .curve(let p, let c1, let c2):
                if !p.isFinite || !c1.isFinite || !c2.isFinite { return false }
            case .closeSubpath: break
            }
        }
        return true
    }

    @inlinable static func clampPoint(_ p: Point) -> Point {
        let l = coordinateLimit
        return Point(x: min(max(p.x, -l), l), y: min(max(p.y, -l), l))
    }

    /// Flattens `path` through `transform` into `sink`. Returns false (and emits nothing) when the
    /// path has a non-finite coordinate. `checked: false` skips that test for a caller that has
    /// just made it (see `Rasterizer.deviceBounds(of:transform:finite:)`).
    @discardableResult
    static func flatten<S: FlattenSink>(_ path: Path, transform: Transform, tolerance: Double = defaultTolerance,
                                        checked: Bool = true, into sink: inout S) -> Bool {
        if checked && !isFinite(path, transform: transform) { return false }
        let tol = tolerance.isFinite && tolerance > 1e-4 ? tolerance : defaultTolerance
        let t = transform
        // Fills under an identity CTM and stroke outlines (already in device space) are common.
        // For finite points (checked above) the identity's 1 * x + 0 * y + 0 is exactly x + 0
        // (which only turns -0 into +0): two additions instead of four products and four sums.
        let identity = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0
        @inline(__always) func dev(_ p: Point) -> Point {
            clampPoint(identity ? Point(x: p.x + 0, y: p.y + 0) : p.applying(t))
        }
        var current = Point.zero
        var hasCurrent = false
        for e in path.elements {
            switch e {
            case .move(let p):
                current = dev(p); hasCurrent = true
                sink.move(to: current)
            case .line(let p):
                let q = dev(p)
                if !hasCurrent { sink.move(to: q); hasCurrent = true }
                sink.line(to: q); current = q
            case .quadCurve(let p, let c):
                let p2 = dev(p), p1 = dev(c)
                if !hasCurrent { sink.move(to: p2); hasCurrent = true; current = p2; continue }
                flattenQuad(current, p1, p2, tol, &sink)
                current = p2
            case .curve(let p, let c1, let c2):
                let p3 = dev(p), p1 = dev(c1), p2 = dev(c2)
                if !hasCurrent { sink.move(to: p3); hasCurrent = true; current = p3; continue }
                flattenCubic(current, p1, p2, p3, tol, &sink)
                current = p3
            case .closeSubpath:
                if hasCurrent { sink.close() }
            }
        }
        return true
    }

    /// Interior vertices are moved against the local curvature by B''(t) h^2 / 12, i.e. 2/3 of the
    /// chord's sagitta: the area a chord cuts off a parabolic arc is 2/3 * chord * sagitta, so the
    /// polygon then has no systematic area bias (circles keep their area) and its largest distance
    /// from the curve drops from s to 2s/3.
    static let areaBias = 1.0 / 12.0

    @inlinable static func segmentCount(_ bound: Double, _ tol: Double) -> Int {
        // bound is max |B''|; error of n uniform pieces <= bound / (8 n^2).
        let n = (bound / (8 * tol)).squareRoot().rounded(.up)
        if !(n >= 1) { return 1 }
        return n > Double(maxSegmentsPerCurve) ? maxSegmentsPerCurve : Int(n)
    }

    static func flattenQuad<S: FlattenSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double, _ sink: inout S) {
        let minX = min(p0.x, p1.x, p2.x), maxX = max(p0.x, p1.x, p2.x)
        let minY = min(p0.y, p1.y, p2.y), maxY = max(p0.y, p1.y, p2.y)
        if !sink.needsDetail(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { sink.line(to: p2); return }
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        let n = segmentCount(2 * (ddx * ddx + ddy * ddy).squareRoot(), tol)
        if n > 1 {
            let inv = 1.0 / Double(n)
            let k = inv * inv * areaBias
            for i in 1..<n {
                let u = Double(i) * inv, v = 1 - u
                let a = v * v, b = 2 * u * v, c = u * u
                // B'' = 2 * (p0 - 2 p1 + p2); see `areaBias`.
                sink.line(to: Point(x: a * p0.x + b * p1.x + c * p2.x - 2 * ddx * k,
                                    y: a * p0.y + b * p1.y + c * p2.y - 2 * ddy * k))
            }
        }
        sink.line(to: p2)
    }

    static func flattenCubic<S: FlattenSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double, _ sink: inout S) {
        let minX = min(p0.x, p1.x, p2.x, p3.x), maxX = max(p0.x, p1.x, p2.x, p3.x)
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if !sink.needsDetail(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { sink.line(to: p3); return }
        let d1x = p0.x - 2 * p1.x + p2.x, d1y = p0.y - 2 * p1.y + p2.y
        let d2x = p1.x - 2 * p2.x + p3.x, d2y = p1.y - 2 * p2.y + p3.y
        let m = max((d1x * d1x + d1y * d1y).squareRoot(), (d2x * d2x + d2y * d2y).squareRoot())
        let n = segmentCount(6 * m, tol)
        if n > 1 {
            let inv = 1.0 / Double(n)
            let k = inv * inv * areaBias
            for i in 1..<n {
                let u = Double(i) * inv, v = 1 - u
                let a = v * v * v, b = 3 * u * v * v, c = 3 * u * u * v, d = u * u * u
                // B''(u) = 6 * ((1-u) d1 + u d2); see `areaBias`.
                let bx = 6 * (v * d1x + u * d2x) * k, by = 6 * (v * d1y + u * d2y) * k
                sink.line(to: Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x - bx,
                                    y: a * p0.y + b * p1.y + c * p2.y + d * p3.y - by))
            }
        }
        sink.line(to: p3)
    }

    /// The flattened subpaths of `path` in device space, each as a polyline and whether it was
    /// explicitly closed; empty when the path has non-finite coordinates. Used by tools that need
    /// polygons (the stroker, hit testing); the rasterizer streams instead.
    public static func polylines(_ path: Path, transform: Transform = .identity,
                                 tolerance: Double = defaultTolerance) -> [(points: [Point], closed: Bool)] {
        var sink = PolylineSink()
        guard flatten(path, transform: transform, tolerance: tolerance, into: &sink) else { return [] }
        sink.finish()
        return sink.result
    }
}

struct PolylineSink: FlattenSink {
    var result: [(points: [Point], closed: Bool)] = []
    var current: [Point] = []
    var closed = false
    var restart: Point? = nil
    mutating func finish() {
        if current.count > 1 { result.append((current, closed)) }
        current = []; closed = false
    }
    mutating func move(to p: Point) { finish(); restart = nil; current = [p] }
    mutating func line(to p: Point) {
        if current.isEmpty, let s = restart { current = [s] }
        current.append(p)
    }
    mutating func close() {
        let start = current.first
        closed = true
        finish()
        restart = start   // a segment drawn after close starts at the subpath start
    }
}
