// Stroker: turns a path and a StrokeStyle into an outline that, filled with the non-zero rule,
// covers exactly the stroke.
//
// Design note: curves are flattened first (with a tolerance measured in device pixels), then the
// polyline is offset: the outline of each open subpath is one contour (left side forward, end cap,
// right side backward, start cap); a closed subpath gives two contours, one per side. Every piece of
// outline turns the same way round, so self-overlaps only add winding and the non-zero fill stays
// watertight. At each vertex the outer side gets the join (the user's join at real corners, a round
// join between the flattened pieces of one curve, so the outer edge of a thick curve is the true
// offset within the tolerance); the inner side meets at the exact intersection of the two offset
// lines when both segments are long enough, and otherwise goes through the vertex itself ("pivot"),
// Skia's trick that keeps thick, tightly curved strokes free of notches and sawtooth. Where a curve
// meets a cap or a corner, its flattening gets a few extra chords shrinking towards the end, so caps
// and joins sit on the true end tangent rather than on a chord's direction. Stroking is
// done in user space and the outline transformed afterwards, so a non-uniform CTM skews the pen as
// Core Graphics does; the flattening tolerance is divided by the CTM's scale to stay ~0.05 device px.
// A Canvas strokes through a `Stroker.Scratch` that keeps the working memory and the outline's
// element storage between calls: for small shapes, allocation was a large part of stroking. The
// polyline, its directions and the outline itself live in plain blocks of memory (`StrokeStorage`)
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

extension Path {
    /// The default flattening tolerance of `stroked`, in device pixels.
    public static let strokeTolerance = 0.05

    /// The outline of this path stroked with `style`, in device space (`transform` applied), to be
    /// filled with `FillRule.winding`.
    ///
    /// The stroke is computed in user space (so the pen is transformed with the path, as in Core
    /// Graphics) and curves are flattened to within `tolerance` device pixels. A dash pattern in the
    /// style is applied first (see `dashed(pattern:phase:)`). A zero-length subpath (a move followed
    /// by segments that go nowhere) still draws a dot for round and square caps. Returns an empty path
    /// for a line width that is zero, negative or not finite, for a transform that collapses the
    /// plane, and for a path with a NaN or infinite coordinate. Widths under one device pixel are
    /// stroked as given; see `hairlineCoverageScale(for:transform:)` to keep their weight.
    ///
    /// Complexity: O(number of flattened segments + join and cap points).
    public func stroked(_ style: StrokeStyle, transform: Transform = .identity,
                        tolerance: Double = Path.strokeTolerance) -> Path {
        var scratch = Stroker.Scratch()
        return stroked(style, transform: transform, tolerance: tolerance, scratch: &scratch)
    }

    /// `stroked` with the stroker's working arrays and the outline's element storage taken from
    /// `scratch` (and its arrays left there for the next call), so a canvas stroking many shapes
    /// does not allocate per stroke. Give the outline back with `Stroker.Scratch.recycle` when done.
    func stroked(_ style: StrokeStyle, transform: Transform, tolerance: Double = Path.strokeTolerance,
                 scratch: inout Stroker.Scratch) -> Path {
        scratch.outlineBounds = nil
        let scale = transform.maxScale
        guard style.lineWidth > 0, style.lineWidth.isFinite, scale > 0, scale.isFinite,
              transform.determinant != 0, transform.tx.isFinite, transform.ty.isFinite,
              isAllFinite else { return Path() }
        var source = self
        if !style.dashPattern.isEmpty { source = dashed(pattern: style.dashPattern, phase: style.dashPhase) }
        let tol = max(tolerance.isFinite && tolerance > 0 ? tolerance : Path.strokeTolerance, 1e-4) / scale
        var s = Stroker(style: style, tolerance: tol, transform: transform, scratch: &scratch)
        s.run(source)
        var out = Path()
        out.setStagedOutline(s.ob, count: s.no, lastMove: s.lastMove, storage: &scratch.outline)
        scratch.outlineIsSimple = s.subpaths == 1 && s.simple
        scratch.outlineBounds = s.bz == 0 ? s.outlineBounds : nil
        return out
    }

    /// Device widths below this are drawn as hairlines (see `hairlineCoverageScale(for:transform:)`).
    public static let hairlineThreshold = 0.25

    /// How much to scale the alpha of a stroke of `width` (user space) drawn through `transform`, when
    /// it is drawn one device pixel wide instead (`hairlineWidth(for:transform:)`): the device width
    /// itself for strokes thinner than `hairlineThreshold`, 1 otherwise (draw them as they are).
    ///
    /// The exact-area rasterizer already gives a thin line its true ink (a 0.4 px line covers each
    /// pixel it crosses by 0.4), and that matches supersampled references best, so only lines thinner
    /// than a quarter pixel, whose few levels of coverage depend on where they cross pixel rows, are
    /// widened to one pixel at `width` x alpha: the same ink per unit length, an even weight. The
    /// device width of an anisotropic transform is taken as `width * sqrt(|det|)` (the mean scale).
    /// A width of zero is Core Graphics' "thinnest line the device can draw": one device pixel at
    /// full alpha. Negative or NaN widths give 0 (draw nothing).
    public static func hairlineCoverageScale(for width: Double, transform: Transform = .identity) -> Double {
        guard width.isFinite, width >= 0 else { return 0 }
        if width == 0 { return 1 }
        let device = width * abs(transform.determinant).squareRoot()
        guard device.isFinite else { return 1 }
        return device < hairlineThreshold ? device : 1
    }

    /// The user-space line width that is one device pixel wide through `transform` when `width` is
    /// thinner than `hairlineThreshold` device pixels (use with `hairlineCoverageScale(for:transform:)`),
    /// else `width` itself.
    public static func hairlineWidth(for width: Double, transform: Transform = .identity) -> Double {
        let mean = abs(transform.determinant).squareRoot()
        guard width.isFinite, width >= 0, mean > 0, mean.isFinite else { return width }
        return width * mean < hairlineThreshold ? 1 / mean : width
    }

    /// True when every coordinate of the path is finite.
    @usableFromInline var isAllFinite: Bool {
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !p.isFinite { return false }
            case .quadCurve(let p, let c): if !p.isFinite || !c.isFinite { return false }
            case .curve(let p, let c1, let c2): if !p.isFinite || !c1.isFinite || !c2.isFinite { return false }
            case .closeSubpath: break
            }
        }
        return true
    }
}

/// A block of memory for plain values (points, flags, lengths, path elements) that a stroker fills
/// through a pointer and a `Stroker.Scratch` keeps between strokes. A class only so that the block
/// is freed with the last scratch holding it; the stroker copies the pointer and capacity into its
/// own fields, so the hot loops touch no class property (no exclusivity checks, no retains).
/// Only trivial types go here: nothing is ever deinitialised, and only written slots are read.
final class StrokeStorage<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Moves the first `count` values into a block of at least `minimum` (at least double the old
    /// size, so appending stays amortised O(1)) and returns it.
    func grow(keeping count: Int, minimum: Int) -> UnsafeMutablePointer<T> {
        let cap = max(minimum, capacity * 2)
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: cap)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh; capacity = cap
        return fresh
    }

    deinit { base.deallocate() }
}

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
    unowned(unsafe) let ptsStore: StrokeStorage<Point>, smoothStore: StrokeStorage<Bool>
    var pts: UnsafeMutablePointer<Point>
    var smooth: UnsafeMutablePointer<Bool>
    var np = 0
    var ptsCap: Int
    var hadSegment = false
    // Per-segment unit directions and lengths (`segCap` slots each), reused between subpaths.
    unowned(unsafe) let dirsStore: StrokeStorage<Point>, lensStore: StrokeStorage<Double>
    var dirs: UnsafeMutablePointer<Point>
    var lens: UnsafeMutablePointer<Double>
    var segCap: Int
    // The outline staged as path elements: `no` of `obCap` slots used.
    unowned(unsafe) let outStore: StrokeStorage<PathElement>
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
        let pts = StrokeStorage<Point>(), smooth = StrokeStorage<Bool>()
        let dirs = StrokeStorage<Point>(), lens = StrokeStorage<Double>()
        /// The last outline as the stroker emitted it (`rectangleOutline` reads it from here).
        let staged = StrokeStorage<PathElement>(capacity: 128)
        var outline: [PathElement] = []
        /// Whether the last outline is two contours that cannot cross each other or themselves:
        /// one closed convex subpath whose inner side needed no pivot and no offset edge turned
        /// inside out. The scan converter then has no crossings to look for.
        var outlineIsSimple = false
        /// `Rasterizer.deviceBounds(of: outline, transform: .identity)` of the last outline, worked
        /// out as its points were emitted (walking the outline again cost a second pass over every point);
        /// nil when a point was not finite (the caller then asks `deviceBounds`, which knows what
        /// to do with those).
        var outlineBounds: PixelRect? = nil
        /// The arc step of the last stroke and the half width and tolerance it was worked out
        /// for: an acos and a cos per stroke were a few percent of stroking a small shape, and a
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
        if n > 1 { for i in 1..<n { add(c.at(Double(i) / Double(n)), smooth: true) } }
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

    // MARK: - Outline

    @inline(__always) mutating func moveOut(_ p: Point) {
        let q = p.applying(t); bound(q); emit(.move(to: q)); lastMove = q
    }
    @inline(__always) mutating func lineOut(_ p: Point) {
        // Always after moveOut in the same subpath, so the Path's current point is set.
        let q = p.applying(t); bound(q); emit(.line(to: q))
    }
    @inline(__always) mutating func closeOut() { emit(.closeSubpath) }

    // The outline's device box, as `Rasterizer.deviceBounds` computes it for finite points (for
    // those, applying the identity changes nothing), and a sum that is 0 while all are finite.
    var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
    var bz = 0.0

    @inline(__always) mutating func bound(_ q: Point) {
        bz += q.x * 0 + q.y * 0
        let c = Flattener.clampPoint(q)
        bx0 = min(bx0, c.x); by0 = min(by0, c.y); bx1 = max(bx1, c.x); by1 = max(by1, c.y)
    }

    /// The box `bound` has collected (valid when `bz == 0`).
    var outlineBounds: PixelRect {
        guard bx0.isFinite, by0.isFinite, bx1.isFinite, by1.isFinite, bx0 <= bx1, by0 <= by1 else { return .empty }
        return PixelRect(covering: Rect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0))
    }

    // MARK: - Rectangles

    /// The outline `Path.stroked` would produce for the closed polygon `p0 p1 p2 p3` (a path of
    /// move, three lines and close) under `style` and `transform`, left staged in
    /// `scratch.staged` (valid until the next stroke through `scratch`) instead of built into a
    /// Path: the same code emits the same doubles. Returns the number of elements, or nil when a
    /// guard of `stroked` fails, a vertex would be dropped as too close, or there is a dash. Lets a
    /// canvas recognise a stroked rectangle as a rectangle ring without building the outline.
    static func rectangleOutline(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, style: StrokeStyle,
                                 transform: Transform, scratch: inout Scratch) -> Int? {
        let scale = transform.maxScale
        guard style.dashPattern.isEmpty, style.lineWidth > 0, style.lineWidth.isFinite, scale > 0, scale.isFinite,
              transform.determinant != 0, transform.tx.isFinite, transform.ty.isFinite,
              p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { return nil }
        let tol = max(Path.strokeTolerance, 1e-4) / scale
        // run() would keep all four vertices (and drop the closing copy of p0) only when no two
        // neighbours are within add()'s distance.
        let eps = tol * 1e-3
        @inline(__always) func apart(_ a: Point, _ b: Point) -> Bool {
            let dx = b.x - a.x, dy = b.y - a.y
            return dx * dx + dy * dy > eps * eps
        }
        guard apart(p0, p1), apart(p1, p2), apart(p2, p3), apart(p3, p0), p1 != p0, p2 != p1, p3 != p2 else { return nil }
        var s = Stroker(style: style, tolerance: tol, transform: transform, scratch: &scratch)
        while s.ptsCap < 4 { s.growPoints() }   // never taken: the blocks start at 64 slots
        s.pts[0] = p0; s.pts[1] = p1; s.pts[2] = p2; s.pts[3] = p3
        s.smooth[0] = false; s.smooth[1] = false; s.smooth[2] = false; s.smooth[3] = false
        s.np = 4
        s.finish(closed: true)
        return s.no
    }
    /// The stroke's normal for unit direction d (d turned a quarter towards +y from +x).
    @inline(__always) static func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    mutating func finish(closed: Bool) {
        defer { np = 0; hadSegment = false }
        guard np > 0 else { return }
        if closed, np > 1 {
            let a = pts[0], b = pts[np - 1]
            let eps = tol * 1e-3
            if (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) <= eps * eps { np -= 1 }
        }
        // The polyline worked on below; it starts later in the blocks when chords are dropped.
        var pts = self.pts, smooth = self.smooth
        if closed && smoothClose && startExtra > 0 && np > startExtra + 2 {
            // The start is the middle of a smooth curve after all: no cap or corner needs the
            // short chords there (they only forced needless pivots on the inner side). The start
            // point moves up over them rather than the rest of the polyline moving down.
            pts[startExtra] = pts[0]
            pts += startExtra; smooth += startExtra
            np -= startExtra
            smooth[0] = true
        }
        let n = np
        subpaths += 1
        if n == 1 {
            simple = false
            if hadSegment { dot(pts[0]) }
            return
        }
        let segs = closed ? n : n - 1
        if segCap < segs { growSegments(segs) }
        for i in 0..<segs {
            let a = pts[i], b = pts[i + 1 == n ? 0 : i + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let l = (dx * dx + dy * dy).squareRoot()
            dirs[i] = Point(x: dx / l, y: dy / l); lens[i] = l
        }
        if closed { checkConvex(n) } else { simple = false }
        if closed {
            // One contour per side; the second walks the polyline backwards.
            moveOut(pts[0] + Stroker.normal(dirs[0]) * hw)
            for k in 1...n {
                let i = k == n ? 0 : k
                vertex(pts[i], dirs[k - 1], dirs[i], lens[k - 1], lens[i], smooth: smooth[i])
            }
            closeOut()
            let d0 = dirs[n - 1] * -1
            moveOut(pts[0] + Stroker.normal(d0) * hw)
            var k = n - 1
            while k >= 0 {
                // Walking backwards, vertex k sits between segment k (reversed) and segment k-1 (reversed).
                let prev = k == 0 ? n - 1 : k - 1
                let dIn = dirs[k] * -1, dOut = dirs[prev] * -1
                vertex(pts[k], dIn, dOut, lens[k], lens[prev], smooth: smooth[k])
                k -= 1
            }
            closeOut()
        } else {
            moveOut(pts[0] + Stroker.normal(dirs[0]) * hw)
            for i in 1..<(n - 1) {
                vertex(pts[i], dirs[i - 1], dirs[i], lens[i - 1], lens[i], smooth: smooth[i])
            }
            lineOut(pts[n - 1] + Stroker.normal(dirs[n - 2]) * hw)
            capOut(pts[n - 1], dirs[n - 2])
            var i = n - 2
            while i >= 1 {
                vertex(pts[i], dirs[i] * -1, dirs[i - 1] * -1, lens[i], lens[i - 1], smooth: smooth[i])
                i -= 1
            }
            lineOut(pts[0] - Stroker.normal(dirs[0]) * hw)
            capOut(pts[0], dirs[0] * -1)
            closeOut()
        }
    }

    /// Clears `simple` unless the closed polyline of n vertices (its `dirs` and `lens` computed)
    /// turns one way only, once round, and is long enough between turns that the inner offset
    /// polygon keeps every edge pointing the way its segment does.
    ///
    /// "Once round" used to be a sum of `atan2` turns compared with 2 pi, a libm call per vertex
    /// and the larger part of this check. The sum of the principal turn angles round a closed
    /// polyline is exactly 2 pi times its turning number, so counting how often the direction
    /// passes the +x axis (anticlockwise minus clockwise) gives the same answer: each turn is
    /// under pi here, so a turn passes +x exactly when it goes from the lower half-plane to the
    /// upper one anticlockwise, or back clockwise.
    mutating func checkConvex(_ n: Int) {
        guard simple, n >= 3 else { simple = false; return }
        var sign = 0.0
        var prevTan = 0.0
        var turns = 0
        @inline(__always) func lower(_ d: Point) -> Bool { d.y < 0 || (d.y == 0 && d.x < 0) }
        var a = dirs[n - 1]
        for k in 0...n {
            let i = k == n ? 0 : k
            let b = dirs[i]
            let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
            if k < n {
                if abs(cross) > 1e-12 {
                    if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1.0 : -1.0) != sign { simple = false; return }
                }
                if dot <= -0.999 { simple = false; return }
                let la = lower(a), lb = lower(b)
                if la && !lb && cross > 0 { turns += 1 } else if !la && lb && cross < 0 { turns -= 1 }
            }
            // Both ends of segment k - 1 are cut back by hw * tan(turn / 2) on the inner side.
            let tanHalf = abs(cross) / (1 + dot)
            if k > 0 && hw * (prevTan + tanHalf) >= lens[k - 1] { simple = false; return }
            prevTan = tanHalf
            a = b
        }
        if turns != 1 && turns != -1 { simple = false }
    }

    /// Emits the outline on the +normal side around vertex `v` between directions `a` (in, length
    /// `la`) and `b` (out, length `lb`): the part from the offset line of `a` to the offset line of `b`.
    /// The caller emits the points at the far ends of the segments.
    mutating func vertex(_ v: Point, _ a: Point, _ b: Point, _ la: Double, _ lb: Double, smooth: Bool) {
        // Points on the offset line of `a` (like pa) and of `b` (like pb) may be left out when the
        // neighbouring output points lie on the same line: that only removes a zero-area fold.
        let na = Stroker.normal(a), nb = Stroker.normal(b)
        // a and b are unit vectors: cross = sin(phi), dot = cos(phi), phi the signed turn.
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        if abs(cross) <= 1e-12 && dot > 0 { return }   // straight on: pa == pb, collinear
        let pa = v + na * hw, pb = v + nb * hw
        let reversal = abs(cross) <= 1e-9 && dot < 0
        if cross > 0 && !reversal {
            // Inner side. The two offset lines cross hw*tan(phi/2) from the vertex along each segment;
            // the corners of the pivot detour reach hw*sin(phi) along the other segment. When both fit
            // inside both segments the detour lies where the two segments' bodies overlap, so cutting
            // it off (taking the intersection) keeps the winding >= 1; otherwise (the curve bends more
            // tightly than the half width) the pivot detour is what keeps the fill watertight.
            let tanHalf = cross / (1 + dot)
            let reach = hw * (dot >= 0 ? cross : tanHalf)   // max(tan(phi/2), sin(phi))
            if dot > -0.999 && reach <= la && reach <= lb {
                // Intersection: along the bisector, hw / cos(phi/2) from the vertex.
                // Exactly v + (na + nb) * hw at a right angle, as the outer miter below.
                let m = na + nb
                lineOut(v + m * (dot == 0 ? hw : hw / (m.length * ((1 + dot) / 2).squareRoot())))
            } else {
                simple = false
                lineOut(pa); lineOut(v); lineOut(pb)
            }
            return
        }
        // Outer side.
        let half = reversal ? 0 : ((1 + dot) / 2).squareRoot()   // cos(phi/2)
        if smooth || join == .round {
            // A small turn: the miter point is within the tolerance of the arc, one point will do.
            if half > 0 && hw * (1 / half - 1) <= tol {
                let m = na + nb
                lineOut(v + m * (hw / (half * m.length)))
            } else if !reversal && dot >= cosArcStep {
                lineOut(pa); lineOut(pb)
            } else {
                lineOut(pa)
                arc(v, from: na, sweep: reversal ? -.pi : atan2(cross, dot))
            }
            return
        }
        lineOut(pa)
        if join == .miter, half > 0, 1 / half <= miterLimit {
            // At a right angle the miter point is exactly v + (na + nb) * hw; the general form
            // lands 2e-16 off it, enough for a rectangle's ring to miss the direct path.
            let m = na + nb
            lineOut(v + m * (dot == 0 ? hw : hw / (half * m.length)))
        }
        lineOut(pb)
    }

    /// Emits points around c from c + r0*hw turning by `sweep` (excluding the start point, including
    /// the end). Inner points sit on a radius enlarged by sqrt(step / sin(step)) so that the polygon
    /// has the arc's exact area instead of always falling short of it (an inscribed polygon loses
    /// about 2/3 of the tolerance along its whole length, visible on small round caps and dots).
    /// The points are generated by repeated rotation (one sin/cos pair per arc).
    mutating func arc(_ c: Point, from r0: Point, sweep: Double) {
        let n = max(1, min(4096, Int((abs(sweep) / arcStep).rounded(.up))))
        let step = sweep / Double(n)
        let cs = cos(step), sn = sin(step)
        let a = abs(step)
        let rr = a > 1e-6 ? hw * (a / sin(a)).squareRoot() : hw
        var x = r0.x, y = r0.y
        for k in 1...n {
            let nx = x * cs - y * sn
            y = x * sn + y * cs; x = nx
            let r = k == n ? hw : rr
            lineOut(Point(x: c.x + x * r, y: c.y + y * r))
        }
    }

    /// Emits the cap at end point p of a stroke heading in direction d, from p + N(d)*hw to p - N(d)*hw.
    mutating func capOut(_ p: Point, _ d: Point) {
        let nrm = Stroker.normal(d)
        switch cap {
        case .butt:
            lineOut(p - nrm * hw)
        case .square:
            lineOut(p + nrm * hw + d * hw); lineOut(p - nrm * hw + d * hw); lineOut(p - nrm * hw)
        case .round:
            arc(p, from: nrm, sweep: -.pi)
        }
    }

    /// The cap of a zero-length subpath: a disc or an axis-aligned square (nothing for butt caps),
    /// wound the same way as every other outline piece.
    mutating func dot(_ p: Point) {
        switch cap {
        case .butt: return
        case .square:
            moveOut(Point(x: p.x + hw, y: p.y + hw)); lineOut(Point(x: p.x + hw, y: p.y - hw))
            lineOut(Point(x: p.x - hw, y: p.y - hw)); lineOut(Point(x: p.x - hw, y: p.y + hw))
            closeOut()
        case .round:
            moveOut(Point(x: p.x + hw, y: p.y))
            arc(p, from: Point(x: 1, y: 0), sweep: -2 * .pi)
            closeOut()
        }
    }
}
