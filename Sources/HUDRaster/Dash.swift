// Dash: cuts a path into the "on" intervals of a dash pattern (SVG stroke-dasharray / CGContext
// setLineDash semantics).
//
// Design note: dashing happens in user space before stroking and keeps curves as curves: each
// dash of a Bézier is the exact sub-curve between two parameters (de Casteljau), found through a
// small arc-length table per segment, so a dashed circle stays round when it is later flattened in
// device space. Each subpath restarts the pattern at the phase; on a closed subpath a dash that runs
// through the start point is joined to the first dash (one piece, so its corner gets a join, not two
// caps). Zero-length dashes are kept as zero-length subpaths so round and square caps draw dots.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// The most dash intervals `dashed` produces; beyond it the path is returned undashed rather than
    /// allocating without bound (a 1e-9 pattern over a long path).
    public static let maxDashCount = 1_000_000

    /// The path cut into the "on" intervals of `pattern`, starting `phase` units into the pattern.
    ///
    /// Semantics follow SVG and Core Graphics: lengths alternate on, off, on, ...; a pattern with an
    /// odd count is repeated to make it even; a negative phase counts back from the end of the
    /// pattern. A pattern that is empty, has a negative or non-finite entry, or sums to zero means no
    /// dashing: the path is returned unchanged. Every subpath restarts the pattern.
    public func dashed(pattern: [Double], phase: Double) -> Path {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return self }
        let pat = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = pat.reduce(0, +)
        guard total > 0, total.isFinite, isAllFinite else { return self }
        // Refuse up front rather than after cutting a million dashes.
        let periods = length / total
        guard periods * Double(pat.count) <= Double(Path.maxDashCount) else { return self }
        var d = Dasher(pattern: pat, total: total, phase: phase.isFinite ? phase : 0)
        var segs: [DashSegment] = []
        var start: Point? = nil, current: Point? = nil
        for e in elements {
            switch e {
            case .move(let p):
                if !d.run(segs, closed: false) { return self }
                segs.removeAll(keepingCapacity: true)
                start = p; current = p
            case .line(let p):
                if let c = current { segs.append(.line(c, p)) } else { start = p }
                current = p
            case .quadCurve(let p, let c1):
                if let c = current { segs.append(.quad(c, c1, p)) } else { start = p }
                current = p
            case .curve(let p, let c1, let c2):
                if let c = current { segs.append(.cubic(c, c1, c2, p)) } else { start = p }
                current = p
            case .closeSubpath:
                if let s = start, let c = current {
                    if c != s { segs.append(.line(c, s)) }
                    if !d.run(segs, closed: true) { return self }
                    segs.removeAll(keepingCapacity: true)
                    current = s
                }
            }
        }
        if !d.run(segs, closed: false) { return self }
        return d.out
    }

    /// The length of the path (sum of its segments' arc lengths, closing lines included).
    public var length: Double {
        var sum = 0.0
        var start: Point? = nil, current: Point? = nil
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .line(let p): if let c = current { sum += DashSegment.line(c, p).measure().length }; current = p
            case .quadCurve(let p, let k): if let c = current { sum += DashSegment.quad(c, k, p).measure().length }; current = p
            case .curve(let p, let k1, let k2): if let c = current { sum += DashSegment.cubic(c, k1, k2, p).measure().length }; current = p
            case .closeSubpath: if let s = start, let c = current { sum += c.distance(to: s); current = s }
            }
        }
        return sum
    }
}

/// One segment of a subpath being dashed.
@usableFromInline enum DashSegment {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    var start: Point {
        switch self { case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a }
    }

    func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case let .line(a, b): return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case let .quad(a, b, c):
            return Point(x: u * u * a.x + 2 * u * t * b.x + t * t * c.x, y: u * u * a.y + 2 * u * t * b.y + t * t * c.y)
        case let .cubic(a, b, c, d):
            let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
            return Point(x: b0 * a.x + b1 * b.x + b2 * c.x + b3 * d.x, y: b0 * a.y + b1 * b.y + b2 * c.y + b3 * d.y)
        }
    }

    /// Arc-length table: cumulative lengths at t = i / (count - 1).
    struct Measured {
        var segment: DashSegment
        var table: [Double]
        var length: Double { table[table.count - 1] }

        /// The parameter at arc length s (clamped to the segment).
        func parameter(at s: Double) -> Double {
            let n = table.count - 1
            if n == 1 { return length > 0 ? max(0, min(1, s / length)) : 0 }
            if s <= 0 { return 0 }
            if s >= length { return 1 }
            var lo = 0, hi = n
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if table[mid] <= s { lo = mid } else { hi = mid }
            }
            let span = table[hi] - table[lo]
            let f = span > 0 ? (s - table[lo]) / span : 0
            return (Double(lo) + f) / Double(n)
        }
    }

    func measure() -> Measured {
        switch self {
        case let .line(a, b): return Measured(segment: self, table: [0, a.distance(to: b)])
        case let .quad(a, b, c):
            let m = (a - b * 2 + c).length
            return sampled(max(8, Stroker.segmentCount((m / 0.02).squareRoot() * 2)))
        case let .cubic(a, b, c, d):
            let m = max((a - b * 2 + c).length, (b - c * 2 + d).length)
            return sampled(max(8, Stroker.segmentCount((3 * m / 0.02).squareRoot() * 2)))
        }
    }

    private func sampled(_ n: Int) -> Measured {
        var table = [Double](repeating: 0, count: n + 1)
        var prev = point(at: 0), acc = 0.0
        for i in 1...n {
            let p = point(at: Double(i) / Double(n))
            acc += prev.distance(to: p); table[i] = acc; prev = p
        }
        return Measured(segment: self, table: table)
    }

    /// The piece of the segment between parameters t0 < t1, as the same kind of segment.
    func piece(_ t0: Double, _ t1: Double) -> PathElement {
        switch self {
        case .line: return .line(to: point(at: t1))
        case let .quad(a, b, c):
            // Blossoming: the sub-quad's control point is B(t0, t1).
            func lerp(_ p: Point, _ q: Point, _ t: Double) -> Point { p + (q - p) * t }
            let ctrl = lerp(lerp(a, b, t0), lerp(b, c, t0), t1)
            return .quadCurve(to: point(at: t1), control: ctrl)
        case let .cubic(a, b, c, d):
            func lerp(_ p: Point, _ q: Point, _ t: Double) -> Point { p + (q - p) * t }
            // Blossom values B(t0,t0,t1) and B(t0,t1,t1).
            func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
                let ab = lerp(a, b, u), bc = lerp(b, c, u), cd = lerp(c, d, u)
                let abc = lerp(ab, bc, v), bcd = lerp(bc, cd, v)
                return lerp(abc, bcd, w)
            }
            return .curve(to: point(at: t1), control1: blossom(t0, t0, t1), control2: blossom(t0, t1, t1))
        }
    }
}

/// The dash state machine, run once per subpath.
struct Dasher {
    let pattern: [Double]
    let total: Double
    let startIndex: Int
    let startRemaining: Double
    var out = Path()
    var dashCount = 0

    init(pattern: [Double], total: Double, phase: Double) {
        self.pattern = pattern; self.total = total
        var p = phase.truncatingRemainder(dividingBy: total)
        if p < 0 { p += total }
        var i = 0
        while p > 0 && p >= pattern[i] {
            p -= pattern[i]; i = (i + 1) % pattern.count
        }
        startIndex = i
        startRemaining = pattern[i] - p
    }

    /// Dashes one subpath; false when the dash count limit is exceeded.
    mutating func run(_ segs: [DashSegment], closed: Bool) -> Bool {
        guard !segs.isEmpty else { return true }
        var els: [PathElement] = []
        var idx = startIndex, remaining = startRemaining
        var on = idx % 2 == 0
        var drawing = false
        var firstDashEnd = -1           // element count at the end of the dash that started at 0
        var dashes = 0
        var startsOn = false
        if on {
            if remaining == 0 {
                let p = segs[0].start
                els.append(.move(to: p)); els.append(.line(to: p))
            } else { startsOn = true }
        }
        for seg in segs {
            let m = seg.measure()
            let len = m.length
            var pos = 0.0
            while true {
                if remaining <= 0 {
                    if on && drawing {
                        drawing = false
                        if firstDashEnd < 0 && startsOn { firstDashEnd = els.count }
                    }
                    idx = (idx + 1) % pattern.count
                    remaining = pattern[idx]
                    on = idx % 2 == 0
                    dashes += 1
                    if dashes + dashCount > Path.maxDashCount { return false }
                    if on && remaining == 0 {
                        let p = m.segment.point(at: m.parameter(at: pos))
                        els.append(.move(to: p)); els.append(.line(to: p))
                    }
                    continue
                }
                if pos >= len { break }
                let step = min(remaining, len - pos)
                if on {
                    let t0 = m.parameter(at: pos), t1 = m.parameter(at: pos + step)
                    if !drawing {
                        els.append(.move(to: m.segment.point(at: t0))); drawing = true
                    }
                    if t1 > t0 || len == 0 { els.append(seg.piece(t0, t1)) }
                }
                pos += step; remaining -= step
            }
        }
        dashCount += dashes
        if closed && startsOn && drawing {
            if firstDashEnd < 0 {
                // One dash covers the whole closed subpath: keep it closed.
                els.append(.closeSubpath)
            } else {
                // The last dash runs into the first: move the first dash (minus its move) after it.
                let first = Array(els[1..<firstDashEnd])
                els.removeSubrange(0..<firstDashEnd)
                els += first
            }
        }
        for e in els { out.append(e) }
        return true
    }
}
