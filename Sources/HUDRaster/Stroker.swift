// Stroker: turns a path and a StrokeStyle into an outline that, filled with the non-zero rule,
// covers exactly the stroke.
//
// Design note: curves are flattened first (with a tolerance measured in device pixels), then the
// polyline is offset: the outline of each open subpath is one contour (left side forward, end cap,
// right side backward, start cap); a closed subpath gives two contours, one per side. Every piece of
// outline turns the same way round, so self-overlaps only add winding and the non-zero fill stays
// watertight. At each vertex the outer side gets the join (the user's join at real corners, a round
// join between the flattened pieces of one curve, so the outer edge of a thick curve is the true
// offset within the tolerance; a curve's interior vertices are moved out by 2/3 of its chords'
// sagitta, as the fill flattener's are, so neither side of a curved stroke sits inside the true
// offset on average); the inner side meets at the exact intersection of the two offset
// lines when both segments are long enough, and otherwise goes through the vertex itself ("pivot"),
// Skia's trick that keeps thick, tightly curved strokes free of notches and sawtooth. Where a curve
// meets a cap or a corner, its flattening gets a few extra chords shrinking towards the end, so caps
// and joins sit on the true end tangent rather than on a chord's direction. Stroking is
// done in user space and the outline transformed afterwards, so a non-uniform CTM skews the pen as
// Core Graphics does; the flattening tolerance is divided by the CTM's scale to stay ~0.05 device px.
// A Canvas strokes through a `Stroker.Scratch` that keeps the working memory and the outline's
// element storage between calls: for small shapes, allocation was a large part of stroking. The
// polyline, its directions and the outline itself live in plain blocks of memory (`RawStorage`)
// rather than arrays, and the outline is staged there and copied into the Path's array in one go
// at the end: appending to an array one element at a time paid the runtime's uniqueness check and
// a capacity check on every point, which was the larger part of the per-vertex cost. For a
// rectangle, `rectangleOutline` runs the same emitting code and leaves the outline staged, so the
// canvas can recognise the ring without building a Path.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The polyline stroker behind `Path.stroked`. Works on one subpath at a time.
@usableFromInline struct Stroker {
    let hw: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    let tol: Double
    let t: Transform
    /// Largest angle a round join or cap may span with one chord and stay within `tol` of the arc.
    let arcStep: Double
    let cosArcStep: Double

    // The current subpath, in user space: `np` points, `smooth[i]` true when vertex i lies inside
    // one flattened curve (gets a round join). Both blocks have `ptsCap` slots.
    // The blocks' owners belong to the Scratch the stroker is made from, which its caller holds
    // (inout) for the stroker's whole life: held unowned, they cost no reference counting (held
    // strongly, ten atomic operations a stroke).
    unowned(unsafe) let ptsStore: RawStorage<Point>, smoothStore: RawStorage<Bool>
    var pts: UnsafeMutablePointer<Point>
    var smooth: UnsafeMutablePointer<Bool>
    var np = 0
    var ptsCap: Int
    var hadSegment = false
    // Per-segment unit directions and lengths (`segCap` slots each), reused between subpaths.
    unowned(unsafe) let dirsStore: RawStorage<Point>, lensStore: RawStorage<Double>
    var dirs: UnsafeMutablePointer<Point>
    var lens: UnsafeMutablePointer<Double>
    var segCap: Int
    // The outline staged as path elements: `no` of `obCap` slots used.
    unowned(unsafe) let outStore: RawStorage<PathElement>
    var ob: UnsafeMutablePointer<PathElement>
    var no = 0
    var obCap: Int
    /// Where the last outline contour started (the Path's `subpathStart` once built).
    var lastMove = Point.zero
    /// Subpaths stroked so far, and whether every one was a closed convex polyline whose outline
    /// is two simple, nested contours (see `Scratch.outlineIsSimple`).
    var subpaths = 0
    var simple = true
    /// Extra chords added at the start of the subpath's first curve, and whether the subpath
    /// closed with its end tangent continuing into its start tangent (no corner there).
    var startExtra = 0
    var smoothClose = false

    /// Working memory kept between strokes (see `Path.stroked(_:transform:tolerance:scratch:)`).
    /// Copies of a Scratch share its blocks: use one scratch for one stroke at a time.
    struct Scratch {
        let pts = RawStorage<Point>(), smooth = RawStorage<Bool>()
        let dirs = RawStorage<Point>(), lens = RawStorage<Double>()
        /// The last outline as the stroker emitted it (`rectangleOutline` reads it from here).
        let staged = RawStorage<PathElement>(capacity: 128)
        var outline: [PathElement] = []
        /// Whether the last outline is two contours that cannot cross each other or themselves:
        /// one closed convex subpath whose inner side needed no pivot and no offset edge turned
        /// inside out. The scan converter then has no crossings to look for.
        var outlineIsSimple = false
        /// `Rasterizer.deviceBounds(of: outline, transform: .identity)` of the last outline, worked
        /// out as its points were emitted (walking the outline again cost more than finding them);
        /// nil when a point was not finite (the caller then asks `deviceBounds`, which knows what
        /// to do with those).
        var outlineBounds: PixelRect? = nil
        /// The arc step of the last stroke and the half width and tolerance it was worked out
        /// for: an acos and a cos per stroke were a noticeable part of stroking a small shape, and a
        /// canvas usually strokes many shapes with one width and transform.
        var arcKey = (hw: Double.nan, tol: Double.nan), arcStep = 0.0, cosArcStep = 0.0

        /// Takes back an outline's element storage once the outline is no longer needed.
        mutating func recycle(_ p: inout Path) {
            p.takeElements(into: &outline)
        }
    }

    init(style: StrokeStyle, tolerance: Double, transform: Transform, scratch sc: inout Scratch) {
        hw = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit.isFinite ? max(1, style.miterLimit) : 10
        tol = tolerance
        t = transform
        // Compared bit for bit, so a cached step is exactly the one this computation gives.
        if sc.arcKey.hw.bitPattern != hw.bitPattern || sc.arcKey.tol.bitPattern != tolerance.bitPattern {
            let c = 1 - tolerance / hw
            sc.arcStep = c <= 0 ? .pi / 2 : min(.pi / 2, 2 * acos(c))
            sc.cosArcStep = cos(sc.arcStep)
            sc.arcKey = (hw, tolerance)
        }
        arcStep = sc.arcStep
        cosArcStep = sc.cosArcStep
        ptsStore = sc.pts; smoothStore = sc.smooth
        pts = sc.pts.base; smooth = sc.smooth.base; ptsCap = min(sc.pts.capacity, sc.smooth.capacity)
        dirsStore = sc.dirs; lensStore = sc.lens
        dirs = sc.dirs.base; lens = sc.lens.base; segCap = min(sc.dirs.capacity, sc.lens.capacity)
        outStore = sc.staged
        ob = sc.staged.base; obCap = sc.staged.capacity
    }

    /// Makes room for one more polyline point (both blocks grow together).
    @inline(never) mutating func growPoints() {
        let need = np + 1
        pts = ptsStore.grow(keeping: np, minimum: need)
        smooth = smoothStore.grow(keeping: np, minimum: need)
        ptsCap = min(ptsStore.capacity, smoothStore.capacity)
    }

    /// Makes room for `n` segment directions and lengths (their old contents are not needed).
    @inline(never) mutating func growSegments(_ n: Int) {
        dirs = dirsStore.grow(keeping: 0, minimum: n)
        lens = lensStore.grow(keeping: 0, minimum: n)
        segCap = min(dirsStore.capacity, lensStore.capacity)
    }

    /// Makes room for one more outline element.
    @inline(never) mutating func growOutline() {
        ob = outStore.grow(keeping: no, minimum: no + 1)
        obCap = outStore.capacity
    }

    @inline(__always) mutating func emit(_ e: PathElement) {
        if no == obCap { growOutline() }
        ob[no] = e
        no += 1
    }
    mutating func run(_ path: Path) {
        var start: Point? = nil
        for e in path.elements {
            switch e {
            case .move(let p):
                resolvePending(next: nil)
                finish(closed: false)
                start = p; begin(p)
            case .line(let p):
                if np == 0 { begin(start ?? p) }
                hadSegment = true
                let q = pts[np - 1]
                // A zero-length line (a rounded rect whose corners meet) says nothing about direction.
                if p != q {
                    resolvePending(next: p - q)
                    if firstTangent == nil { firstTangent = p - q }
                    lastTangent = p - q
                }
                add(p, smooth: false)
            case .quadCurve(let p, let c):
                if np == 0 { begin(start ?? p) }
                hadSegment = true
                let p0 = pts[np - 1]
                flatten(Curve(p0, p0 + (c - p0) * (2.0 / 3), p + (c - p) * (2.0 / 3), p, quadControl: c))
            case .curve(let p, let c1, let c2):
                if np == 0 { begin(start ?? p) }
                hadSegment = true
                flatten(Curve(pts[np - 1], c1, c2, p))
            case .closeSubpath:
                if np > 0 {
                    hadSegment = true
                    let back = pts[0] - pts[np - 1]
                    let closing = back.x * back.x + back.y * back.y > 0 ? back : firstTangent
                    let eps = tol * 1e-3
                    if back.x * back.x + back.y * back.y <= eps * eps, let lt = lastTangent, let ft = firstTangent {
                        smoothClose = continues(lt, ft)
                    }
                    resolvePending(next: closing)
                    if back.x * back.x + back.y * back.y > 0 { add(pts[0], smooth: false) }
                    finish(closed: true)
                }
            }
        }
        resolvePending(next: nil)
        finish(closed: false)
    }

    mutating func begin(_ p: Point) {
        // The blocks always have room for one point.
        pts[0] = p; smooth[0] = false; np = 1; hadSegment = false
        pending = nil; firstTangent = nil; lastTangent = nil
        startExtra = 0; smoothClose = false
    }

    /// Appends a polyline vertex, dropping it when it coincides with the previous one.
    mutating func add(_ p: Point, smooth s: Bool) {
        let q = pts[np - 1]
        let dx = p.x - q.x, dy = p.y - q.y
        let eps = tol * 1e-3
        if dx * dx + dy * dy <= eps * eps {
            if !s { smooth[np - 1] = false }
            return
        }
        if np == ptsCap { growPoints() }
        pts[np] = p; smooth[np] = s; np += 1
    }

    /// A cubic Bézier (quads are raised to cubics for tangents and end refinement, but evaluated as quads).
    struct Curve {
        var p0: Point, p1: Point, p2: Point, p3: Point
        var quadControl: Point?
        init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, quadControl: Point? = nil) {
            self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3; self.quadControl = quadControl
        }
        func at(_ u: Double) -> Point {
            let v = 1 - u
            if let c = quadControl {
                return Point(x: v * v * p0.x + 2 * u * v * c.x + u * u * p3.x, y: v * v * p0.y + 2 * u * v * c.y + u * u * p3.y)
            }
            let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
            return Point(x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x, y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
        }
        /// B''(u) (of the raised cubic, which equals the quad's).
        func secondDerivative(_ u: Double) -> Point {
            let v = 1 - u
            let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
            let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
            return Point(x: 6 * (v * ax + u * bx), y: 6 * (v * ay + u * by))
        }
        var startTangent: Point { p1 != p0 ? p1 - p0 : (p2 != p0 ? p2 - p0 : p3 - p0) }
        var endTangent: Point { p3 != p2 ? p3 - p2 : (p3 != p1 ? p3 - p1 : p3 - p0) }
        var hullLength: Double { p0.distance(to: p1) + p1.distance(to: p2) + p2.distance(to: p3) }
    }

    /// The curve whose end may still need refining, and its chord count.
    var pending: (curve: Curve, n: Int)? = nil
    /// Direction the subpath starts in (for the closing join).
    var firstTangent: Point? = nil
    /// Direction at the end of the last segment added (the true tangent for curves, not a chord's).
    var lastTangent: Point? = nil

    /// True when direction `b` continues `a` closely enough that the joint needs no refinement.
    func continues(_ a: Point, _ b: Point) -> Bool {
        let la = a.length, lb = b.length
        guard la > 0, lb > 0 else { return false }
        let cross = (a.x * b.y - a.y * b.x) / (la * lb), dot = (a.x * b.x + a.y * b.y) / (la * lb)
        return dot > 0 && abs(cross) * hw <= 0.5 * tol
    }

    mutating func flatten(_ c: Curve) {
        let ax = c.p0.x - 2 * c.p1.x + c.p2.x, ay = c.p0.y - 2 * c.p1.y + c.p2.y
        let bx = c.p1.x - 2 * c.p2.x + c.p3.x, by = c.p1.y - 2 * c.p2.y + c.p3.y
        let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        // Cubic chord error <= 0.75 * max|second difference| / n^2 (quads raised to cubics agree).
        let n = Stroker.segmentCount((0.75 * m / tol).squareRoot())
        let st = c.startTangent
        resolvePending(next: st)
        if firstTangent == nil, st.x != 0 || st.y != 0 { firstTangent = st }
        // Refine the start when it is a corner or the subpath's start (a cap or the closing join).
        var cornerStart = true
        let first = lastTangent == nil
        if let lt = lastTangent { cornerStart = !continues(lt, st) }
        lastTangent = c.endTangent
        if cornerStart && n > 1 {
            let before = np
            Stroker.withEndParameters(n, c.hullLength, tol: tol) { us, m in
                for j in 0..<m { add(c.at(us[j]), smooth: true) }
            }
            // The subpath's first curve: refined in case the subpath ends in a cap or a corner
            // here; `finish` takes the extra chords out again if it closes smoothly instead.
            if first && before == 1 { startExtra = np - before }
        }
        if n > 1 {
            // Chords lie inside a convex arc, which would put both sides of the stroke inward by 2/3
            // of the sagitta on average; the interior vertices move out as the fill flattener's do
            // (`Flattener.areaBias`), which leaves no systematic offset.
            let k = Flattener.areaBias / Double(n * n)
            for i in 1..<n {
                let u = Double(i) / Double(n), q = c.at(u), dd = c.secondDerivative(u)
                add(Point(x: q.x - dd.x * k, y: q.y - dd.y * k), smooth: true)
            }
        }
        add(c.p3, smooth: false)
        pending = n > 1 ? (c, n) : nil
    }

    /// Refines the end of the pending curve when what follows (`next`, nil for a cap) turns away.
    mutating func resolvePending(next: Point?) {
        guard let (c, n) = pending else { return }
        pending = nil
        if let d = next, continues(c.endTangent, d) { return }
        Stroker.withEndParameters(n, c.hullLength, tol: tol) { us, m in
            guard m > 0, np >= 2 else { return }
            np -= 1
            let last = pts[np], lastSmooth = smooth[np]
            var j = m
            while j > 0 { j -= 1; add(c.at(1 - us[j]), smooth: true) }
            add(last, smooth: lastSmooth)
        }
    }

    /// Parameters (ascending, from 0) of extra chords near a curve end, growing from one about a
    /// fifth of the tolerance long up to a normal chord (4x each step). Caps and corner joins are perpendicular to
    /// the end chords, and each chord's body sticks out past the cap by up to half its turn times
    /// the half width; short end chords keep that within the tolerance (a 14 px butt cap on a gentle
    /// curve was tilted 0.6 px without them). They are written to a stack buffer and handed to
    /// `body(parameters, count)`: an array for these few doubles cost an allocation per curve end,
    /// a sizeable part of stroking a small rounded rect.
    @inline(__always)
    static func withEndParameters<R>(_ n: Int, _ hullLength: Double, tol: Double,
                                     _ body: (UnsafeMutablePointer<Double>, Int) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 40) { buf in
            let out = buf.baseAddress!
            var m = 0
            if hullLength > 0, hullLength.isFinite {
                var u = 0.2 * tol / hullLength
                let limit = 0.7 / Double(n)
                while u < limit && m < 40 { out[m] = u; m += 1; u *= 4 }
            }
            return body(out, m)
        }
    }

    /// Number of chords for a curve, bounded so that absurd coordinates cannot stall the stroker.
    static func segmentCount(_ x: Double) -> Int {
        guard x.isFinite else { return 1024 }
        // Clamped as a Double first: Int() of a value past Int.max traps (found by FuzzSVG: an
        // arc of radius 1e45).
        return max(1, Int(min(1024, x).rounded(.up)))
    }

    // The outline's device box, as `Rasterizer.deviceBounds` computes it for finite points (for
    // those, applying the identity changes nothing), and a sum that is 0 while all are finite.
    var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
    var bz = 0.0
}
