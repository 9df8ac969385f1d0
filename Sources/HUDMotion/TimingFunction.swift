// TimingFunction: Core Animation's CAMediaTimingFunction, a cubic Bézier from (0,0) to (1,1).
//
// Design note: the curve maps input time x to output progress y through a parameter s. We solve
// x(s) = x with Newton's method (fast, quadratic convergence where the slope is healthy) and fall back
// to bisection whenever the slope is tiny or Newton leaves [0,1], so the answer is accurate to 1e-12
// for every control point set, including the flat ends of easeIn / easeOut. No Foundation.

/// A cubic Bézier timing curve, like `CAMediaTimingFunction`.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// First control point (x in 0...1).
    public let c1x: Double, c1y: Double
    /// Second control point (x in 0...1).
    public let c2x: Double, c2y: Double

    /// A custom curve through control points `(c1x, c1y)` and `(c2x, c2y)`, as
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`. x coordinates are clamped to 0...1 so the curve
    /// stays a function of time (Core Animation requires the same).
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x.isFinite ? min(max(c1x, 0), 1) : 0
        self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = c2x.isFinite ? min(max(c2x, 0), 1) : 1
        self.c2y = c2y.isFinite ? c2y : 1
    }

    /// `kCAMediaTimingFunctionLinear`.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn` (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut` (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut` (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault` (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    public var isLinear: Bool { c1x == c1y && c2x == c2y }

    @inline(__always) private static func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) with P0 = 0, P3 = 1.
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    @inline(__always) private static func dbez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter s whose x equals `x`.
    func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = Self.bez(s, c1x, c2x) - x
            if abs(err) < 1e-12 { return s }
            let d = Self.dbez(s, c1x, c2x)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is monotone because both control x lie in 0...1.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bez(s, c1x, c2x)
            if abs(v - x) < 1e-13 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The output progress for input time fraction `x` (clamped to 0...1), as
    /// `-[CAMediaTimingFunction _solveForInput:]`.
    public func value(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return Self.bez(solveParameter(forX: x), c1y, c2y)
    }

    public var description: String { "cubic-bezier(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
