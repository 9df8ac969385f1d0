// KeyframeAnimation: CAKeyframeAnimation over any Interpolatable value.
//
// Design note: the rules of when keyTimes and timingFunctions are honoured follow Core Animation:
// keyTimes whose count does not match the values (or is not monotone from 0 to 1) are ignored and the
// keyframes are spaced evenly; paced modes ignore both. `.cubic` is a Catmull-Rom spline
// parameterised by time (Hermite segments with tangents (p[i+1]-p[i-1])/(t[i+1]-t[i-1]), end points
// mirrored), so it passes through every keyframe at its key time and respects uneven key times.

/// A value animated through keyframes, like `CAKeyframeAnimation`.
public struct KeyframeAnimation<Value: Interpolatable>: TimedAnimation {
    public var timing: MediaTiming
    /// The keyframe values.
    public var values: [Value]
    /// Fractions of the duration at which each value is reached (nil = evenly spaced).
    public var keyTimes: [Double]?
    /// Pacing of each segment between keyframes (count = values - 1); missing entries are linear.
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed.
    public var calculationMode: CalculationMode

    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming()) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode; self.timing = timing
    }

    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, duration: Double, beginTime: Double = 0,
                timingFunction: TimingFunction? = nil) {
        self.init(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                  calculationMode: calculationMode,
                  timing: MediaTiming(beginTime: beginTime, duration: duration, timingFunction: timingFunction))
    }

    public func value(at t: Double) -> Value? {
        guard let f = timing.fraction(at: t) else { return nil }
        return value(atFraction: f)
    }

    /// The key times Core Animation would actually use.
    public var effectiveKeyTimes: [Double] {
        KeyTimes.effective(keyTimes, count: values.count, mode: calculationMode) { i in
            values[i].interpolationDistance(to: values[i + 1])
        }
    }

    /// The value at a fraction (0...1) of the animation's duration, after the animation's own timing function.
    public func value(atFraction f: Double) -> Value? {
        guard let first = values.first else { return nil }
        let n = values.count
        if n == 1 { return first }
        let kt = effectiveKeyTimes
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < kt.count && f >= kt[i + 1] { i += 1 }
            return values[min(i, n - 1)]
        }
        let (i, s0) = KeyTimes.segment(kt, f)
        var s = s0
        if calculationMode != .paced && calculationMode != .cubicPaced,
           let tfs = timingFunctions, i < tfs.count {
            s = tfs[i].value(at: s)
        }
        if calculationMode == .linear || calculationMode == .paced {
            return values[i].interpolated(to: values[i + 1], fraction: s)
        }
        // Cubic Hermite with Catmull-Rom tangents over time.
        let h = kt[i + 1] - kt[i]
        let m0 = tangent(i, kt), m1 = tangent(i + 1, kt)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return values[i] * h00 + m0 * (h10 * h) + values[i + 1] * h01 + m1 * (h11 * h)
    }

    private func tangent(_ i: Int, _ kt: [Double]) -> Value {
        let n = values.count
        if i == 0 {
            // Mirror the end: a phantom key at t0 - (t1 - t0) with the same value as p0.
            let dt = max(kt[1] - kt[0], 1e-12)
            return (values[1] - values[0]) * (1 / (2 * dt))
        }
        if i == n - 1 {
            let dt = max(kt[n - 1] - kt[n - 2], 1e-12)
            return (values[n - 1] - values[n - 2]) * (1 / (2 * dt))
        }
        let dt = max(kt[i + 1] - kt[i - 1], 1e-12)
        return (values[i + 1] - values[i - 1]) * (1 / dt)
    }
}

/// Shared key-time bookkeeping for value and path keyframe animations.
enum KeyTimes {
    static func evenly(_ count: Int, discrete: Bool) -> [Double] {
        if discrete { return (0...count).map { Double($0) / Double(max(count, 1)) } }
        return (0..<count).map { Double($0) / Double(max(count - 1, 1)) }
    }

    static func effective(_ given: [Double]?, count n: Int, mode: CalculationMode,
                          distance: (Int) -> Double) -> [Double] {
        if n < 2 { return [0] }
        switch mode {
        case .paced, .cubicPaced:
            var cum = [0.0]
            for i in 0..<(n - 1) { cum.append(cum[i] + max(distance(i), 0)) }
            guard let total = cum.last, total > 0, total.isFinite else { return evenly(n, discrete: false) }
            return cum.map { $0 / total }
        case .discrete:
            if let kt = given, (kt.count == n + 1 || kt.count == n), valid(kt) {
                return kt.count == n + 1 ? kt : kt + [1]
            }
            return evenly(n, discrete: true)
        case .linear, .cubic:
            if let kt = given, kt.count == n, valid(kt) { return kt }
            return evenly(n, discrete: false)
        }
    }

    static func valid(_ kt: [Double]) -> Bool {
        guard let f = kt.first, let l = kt.last, abs(f) < 1e-9, abs(l - 1) < 1e-9 else { return false }
        for i in 1..<kt.count where !(kt[i] >= kt[i - 1]) { return false }
        return true
    }

    /// The segment index and the fraction within it for overall fraction `f`.
    static func segment(_ kt: [Double], _ f: Double) -> (Int, Double) {
        let n = kt.count
        if f <= kt[0] { return (0, 0) }
        if f >= kt[n - 1] { return (n - 2, 1) }
        var i = 0
        while i + 2 < n && f >= kt[i + 1] { i += 1 }
        let h = kt[i + 1] - kt[i]
        return (i, h > 0 ? (f - kt[i]) / h : 1)
    }
}
