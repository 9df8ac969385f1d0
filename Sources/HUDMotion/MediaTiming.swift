// MediaTiming: CAMediaTiming's clock arithmetic, parent time -> the animation's eased fraction.
//
// Design note: every animation type (basic, keyframe, path, spring, group) shares this one mapping,
// so begin offsets, speed, repeat counts (including infinity), autoreverse, fill modes and the
// 0.25 s default duration behave identically everywhere, as in Core Animation. `nil` means
// "not active and not filled": the caller shows the model value, as CA reveals the model layer.

/// The timing of an animation (`CAMediaTiming` + `CAAnimation.timingFunction`).
public struct MediaTiming: Hashable, Sendable {
    /// Core Animation uses 0.25 s when an animation's duration is left at 0.
    public static let defaultDuration = 0.25

    /// Start, in the parent's time (seconds). For a child of a group this is group-local time.
    public var beginTime: Double = 0
    /// Length of one cycle in seconds; 0 means `defaultDuration`.
    public var duration: Double = 0
    /// Playback rate relative to the parent.
    public var speed: Double = 1
    /// Offset added to local time (CA's `timeOffset`).
    public var timeOffset: Double = 0
    /// Number of cycles (fractions allowed, `.infinity` repeats forever); 0 means 1.
    public var repeatCount: Double = 0
    /// Alternative to `repeatCount`: total seconds to repeat for (0 = unused).
    public var repeatDuration: Double = 0
    /// Whether every cycle plays forwards and then backwards.
    public var autoreverses: Bool = false
    /// What is shown outside the active interval.
    public var fillMode: FillMode = .removed
    /// Pacing inside a cycle; nil is linear (CA's behaviour when no function is set).
    public var timingFunction: TimingFunction? = nil

    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed, timingFunction: TimingFunction? = nil) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration; self.autoreverses = autoreverses
        self.fillMode = fillMode; self.timingFunction = timingFunction
    }

    /// The duration actually used for one pass (the 0.25 s default applied).
    public var effectiveDuration: Double { duration > 0 && duration.isFinite ? duration : Self.defaultDuration }

    /// Seconds of parent time from `beginTime` until the animation finishes (may be infinite).
    public var activeDuration: Double {
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration / max(abs(speed), 1e-12) }
        let reps = repeatCount > 0 ? repeatCount : 1
        return cycle * reps / max(abs(speed), 1e-12)
    }

    /// The eased fraction (0...1, may overshoot with an overshooting timing function) at parent time `t`,
    /// or nil when the animation is not active and not filled at `t`.
    public func fraction(at t: Double) -> Double? {
        guard t.isFinite else { return nil }
        let d = effectiveDuration
        let cycle = d * (autoreverses ? 2 : 1)
        let reps: Double = repeatDuration > 0 ? repeatDuration / cycle : (repeatCount > 0 ? repeatCount : 1)
        let active = cycle * reps
        var local = (t - beginTime) * speed + timeOffset
        var atEnd = false
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            local = 0
        } else if local >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            local = active
            atEnd = true
        }
        var phase: Double
        if atEnd && reps.rounded() == reps {
            phase = 1
        } else {
            let c = local / cycle
            phase = c - c.rounded(.down)
        }
        let u: Double
        if autoreverses {
            u = phase <= 0.5 ? phase * 2 : 2 - phase * 2
        } else {
            u = phase
        }
        return timingFunction?.value(at: u) ?? min(max(u, 0), 1)
    }

    /// The animation's local time in seconds (eased fraction times duration), as children of a group see it.
    public func localTime(at t: Double) -> Double? {
        fraction(at: t).map { $0 * effectiveDuration }
    }
}

/// Anything timed by a `MediaTiming`; gives CA-style property names (`duration`, `beginTime`, ...).
public protocol MediaTimingProviding {
    var timing: MediaTiming { get set }
}

extension MediaTimingProviding {
    public var beginTime: Double { get { timing.beginTime } set { timing.beginTime = newValue } }
    public var duration: Double { get { timing.duration } set { timing.duration = newValue } }
    public var speed: Double { get { timing.speed } set { timing.speed = newValue } }
    public var timeOffset: Double { get { timing.timeOffset } set { timing.timeOffset = newValue } }
    public var repeatCount: Double { get { timing.repeatCount } set { timing.repeatCount = newValue } }
    public var repeatDuration: Double { get { timing.repeatDuration } set { timing.repeatDuration = newValue } }
    public var autoreverses: Bool { get { timing.autoreverses } set { timing.autoreverses = newValue } }
    public var fillMode: FillMode { get { timing.fillMode } set { timing.fillMode = newValue } }
    public var timingFunction: TimingFunction? { get { timing.timingFunction } set { timing.timingFunction = newValue } }
}

/// An animation that yields a value at a time in its parent's clock (nil when removed).
public protocol TimedAnimation: MediaTimingProviding, Sendable {
    associatedtype Value
    /// The presentation value at parent time `t`, or nil when the model value shows.
    func value(at t: Double) -> Value?
}
