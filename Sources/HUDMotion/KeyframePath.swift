// KeyframePath: a position path for path-based keyframe animation (CGPath's subset CA animates along).
//
// Design note: HUDMotion has no HUDRaster dependency, so the path is its own tiny type of line,
// quadratic and cubic segments from a start point. Each segment gets an arc-length table so that
// motion inside a segment has constant speed, which is how Core Animation moves along a path.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sequence of segments from a start point, like a `CGPath` with one subpath.
public struct KeyframePath: Hashable, Sendable {
    /// One piece of the path.
    public enum Segment: Hashable, Sendable {
        case line(to: Vector2)
        case quadCurve(to: Vector2, control: Vector2)
        case curve(to: Vector2, control1: Vector2, control2: Vector2)
        public var end: Vector2 {
            switch self {
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
            }
        }
    }

    public private(set) var start: Vector2
    public private(set) var segments: [Segment] = []

    /// A path starting at `start` (`CGPathMoveToPoint`).
    public init(start: Vector2) { self.start = start }
    public mutating func addLine(to p: Vector2) { segments.append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Vector2, control: Vector2) { segments.append(.quadCurve(to: p, control: control)) }
    public mutating func addCurve(to p: Vector2, control1: Vector2, control2: Vector2) {
        segments.append(.curve(to: p, control1: control1, control2: control2))
    }

    /// The path's vertices: the start and each segment's end (what keyTimes refer to).
    public var vertices: [Vector2] { [start] + segments.map(\.end) }

    func startOf(_ i: Int) -> Vector2 { i == 0 ? start : segments[i - 1].end }

    /// Point and derivative of segment `i` at curve parameter `u`.
    func evaluate(_ i: Int, _ u: Double) -> (Vector2, Vector2) {
        let p0 = startOf(i)
        switch segments[i] {
        case .line(let p1):
            return (p0.interpolated(to: p1, fraction: u), p1 - p0)
        case .quadCurve(let p2, let c):
            let v = 1 - u
            let p = p0 * (v * v) + c * (2 * v * u) + p2 * (u * u)
            let d = (c - p0) * (2 * v) + (p2 - c) * (2 * u)
            return (p, d)
        case .curve(let p3, let c1, let c2):
            let v = 1 - u
            let p = p0 * (v * v * v) + c1 * (3 * v * v * u) + c2 * (3 * v * u * u) + p3 * (u * u * u)
            let d = (c1 - p0) * (3 * v * v) + (c2 - c1) * (6 * v * u) + (p3 - c2) * (3 * u * u)
            return (p, d)
        }
    }

    static let samples = 64

    /// Cumulative arc lengths of segment `i` at `samples + 1` evenly spaced parameters.
    func lengthTable(_ i: Int) -> [Double] {
        var table = [0.0]
        var prev = evaluate(i, 0).0
        for k in 1...Self.samples {
            let p = evaluate(i, Double(k) / Double(Self.samples)).0
            table.append(table[k - 1] + prev.interpolationDistance(to: p))
            prev = p
        }
        return table
    }

    /// Length of segment `i`.
    public func length(ofSegment i: Int) -> Double { lengthTable(i).last ?? 0 }

    /// Point and tangent angle (radians, y-down, atan2) at arc-length fraction `s` of segment `i`.
    public func pointAndAngle(segment i: Int, fraction s: Double, table: [Double]? = nil) -> (Vector2, Double) {
        let tab = table ?? lengthTable(i)
        let total = tab.last ?? 0
        var u = s
        if total > 0 {
            let target = min(max(s, 0), 1) * total
            var k = 0
            while k + 1 < tab.count - 1 && tab[k + 1] < target { k += 1 }
            let seg = tab[k + 1] - tab[k]
            let local = seg > 0 ? (target - tab[k]) / seg : 0
            u = (Double(k) + min(max(local, 0), 1)) / Double(Self.samples)
        }
        var (p, d) = evaluate(i, u)
        if d.length < 1e-9 {
            // Degenerate derivative (control point on an end): use a chord nearby.
            let a = evaluate(i, max(u - 1e-3, 0)).0, b = evaluate(i, min(u + 1e-3, 1)).0
            d = b - a
            if d.length < 1e-12 { d = segments[i].end - startOf(i) }
        }
        if u >= 1 { p = segments[i].end }
        return (p, atan2(d.y, d.x))
    }
}

/// How a layer turns while moving along a path (`CAKeyframeAnimation.rotationMode`).
public enum RotationMode: String, Hashable, Sendable {
    /// The layer keeps its orientation.
    case none
    /// The layer's x axis follows the path tangent (`kCAAnimationRotateAuto`).
    case auto
    /// As `.auto`, plus half a turn (`kCAAnimationRotateAutoReverse`).
    case autoReverse
}

/// A position animated along a `KeyframePath`, like `CAKeyframeAnimation` with `path` set.
///
/// Vertices of the path are the keyframes: keyTimes (one per vertex) say when each vertex is reached
/// and per-segment timing functions pace each segment. As in Core Animation, keyTimes whose count does
/// not match the vertices are ignored (vertices then come at even intervals). `.cubic` and `.linear`
/// both follow the path's own curves (a path already says how to get between vertices).
public struct PathKeyframeAnimation: TimedAnimation {
    /// A position and, with a rotation mode, the angle to add to the layer's rotation.
    public struct Sample: Hashable, Sendable {
        public var position: Vector2
        public var rotation: Double?
    }

    public var timing: MediaTiming
    public var path: KeyframePath
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode
    public var rotationMode: RotationMode

    public init(path: KeyframePath, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, rotationMode: RotationMode = .none,
                timing: MediaTiming = MediaTiming()) {
        self.path = path; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode; self.rotationMode = rotationMode; self.timing = timing
    }

    /// The key times actually used (one per vertex).
    public var effectiveKeyTimes: [Double] {
        let n = path.segments.count + 1
        let mode: CalculationMode = calculationMode == .discrete ? .linear : calculationMode
        return KeyTimes.effective(keyTimes, count: n, mode: mode) { path.length(ofSegment: $0) }
    }

    public func value(at t: Double) -> Sample? {
        timing.fraction(at: t).map { sample(atFraction: $0) }
    }

    /// Position (and rotation) at a fraction of the duration.
    public func sample(atFraction f: Double) -> Sample {
        guard !path.segments.isEmpty else { return Sample(position: path.start, rotation: rotationMode == .none ? nil : 0) }
        let kt = effectiveKeyTimes
        var (i, s) = KeyTimes.segment(kt, f)
        if calculationMode == .discrete {
            return Sample(position: s >= 1 ? path.segments[i].end : path.startOf(i), rotation: nil)
        }
        if calculationMode != .paced && calculationMode != .cubicPaced, let tfs = timingFunctions, i < tfs.count {
            s = tfs[i].value(at: s)
        }
        let (p, angle) = path.pointAndAngle(segment: i, fraction: s)
        switch rotationMode {
        case .none: return Sample(position: p, rotation: nil)
        case .auto: return Sample(position: p, rotation: angle)
        case .autoReverse: return Sample(position: p, rotation: angle + Double.pi)
        }
    }
}
