// SpringAnimation: CASpringAnimation, a damped harmonic oscillator from fromValue to toValue.
//
// Design note: the motion is the closed-form solution of m*x'' + c*x' + k*x = 0 (under-, critically
// and over-damped cases), not a numerical integration, so any frame can be evaluated on its own in
// O(1) and results do not depend on frame rate. The timing function is ignored, as in CA.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring-driven value, like `CASpringAnimation`.
public struct SpringAnimation<Value: Interpolatable>: TimedAnimation {
    public var timing: MediaTiming
    public var fromValue: Value
    public var toValue: Value
    /// Mass of the object on the spring (default 1; must be > 0).
    public var mass: Double
    /// Spring constant (default 100; must be > 0).
    public var stiffness: Double
    /// Friction (default 10; >= 0).
    public var damping: Double
    /// Initial speed in units of the total distance per second; positive moves towards `toValue`.
    public var initialVelocity: Double

    /// A spring; `duration` nil uses `settlingDuration` (CA users usually set that themselves).
    public init(from fromValue: Value, to toValue: Value, mass: Double = 1, stiffness: Double = 100,
                damping: Double = 10, initialVelocity: Double = 0, duration: Double? = nil, beginTime: Double = 0) {
        self.fromValue = fromValue; self.toValue = toValue
        self.mass = mass.isFinite && mass > 0 ? mass : 1
        self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        self.damping = damping.isFinite && damping >= 0 ? damping : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.timing = MediaTiming(beginTime: beginTime, duration: 0)
        self.timing.duration = duration ?? settlingDuration
    }

    /// Remaining displacement (1 at rest start, 0 at the target) after `t` seconds.
    public func displacement(at t: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        if zeta < 1 - 1e-9 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta <= 1 + 1e-9 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let r = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - r), r2 = -w0 * (zeta + r)
            let a = (-v0 - r2) / (r1 - r2)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
    }

    /// Progress towards the target (0 at the start, 1 at rest; overshoots above 1) after `t` seconds.
    public func progress(at t: Double) -> Double { 1 - displacement(at: max(t, 0)) }

    /// Seconds until the spring stays within 0.1% of its target (capped at 60 s for undamped springs).
    public var settlingDuration: Double {
        let dt = 1.0 / 600, cap = 60.0
        var last = 0.0, t = 0.0
        while t < cap {
            if abs(displacement(at: t)) >= 0.001 { last = t }
            t += dt
            // Once the envelope is below the threshold nothing later can exceed it.
            if t - last > 2 && envelope(at: t) < 0.001 { break }
        }
        return min(last + dt, cap)
    }

    private func envelope(at t: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (1 + abs((zeta * w0 - initialVelocity) / wd))
        }
        return abs(displacement(at: t)) * 1.0001 + (t > 0 ? 0 : 1)
    }

    public func value(at t: Double) -> Value? {
        // The spring ignores timing functions: use the linear local time.
        var linear = timing
        linear.timingFunction = nil
        guard let local = linear.localTime(at: t) else { return nil }
        return fromValue.interpolated(to: toValue, fraction: progress(at: local))
    }
}
