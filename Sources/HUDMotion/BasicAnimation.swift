// BasicAnimation: CABasicAnimation, a single from -> to interpolation.
//
// Design note: fromValue and toValue are both required (no implicit "current value"): a headless
// renderer has no presentation layer to read, so scripts state both ends explicitly.

/// A value animated from one value to another, like `CABasicAnimation`.
public struct BasicAnimation<Value: Interpolatable>: TimedAnimation {
    public var timing: MediaTiming
    public var fromValue: Value
    public var toValue: Value

    public init(from fromValue: Value, to toValue: Value, timing: MediaTiming = MediaTiming()) {
        self.fromValue = fromValue; self.toValue = toValue; self.timing = timing
    }
    public init(from fromValue: Value, to toValue: Value, duration: Double, beginTime: Double = 0,
                timingFunction: TimingFunction? = nil) {
        self.init(from: fromValue, to: toValue,
                  timing: MediaTiming(beginTime: beginTime, duration: duration, timingFunction: timingFunction))
    }

    public func value(at t: Double) -> Value? {
        timing.fraction(at: t).map { fromValue.interpolated(to: toValue, fraction: $0) }
    }
}
