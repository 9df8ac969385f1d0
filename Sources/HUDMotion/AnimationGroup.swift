// AnimationGroup: CAAnimationGroup, a shared clock for several animations.
//
// Design note: a group does not own its children (they are of different value types); it converts
// the parent's time into group-local time, which children are evaluated at. Because local time never
// leaves 0...duration, the group's duration clips its children, and a child left at the default
// 0.25 s duration ends early inside a longer group (then shows the model value), as in Core Animation.

/// A clock shared by child animations, like `CAAnimationGroup`.
public struct AnimationGroup: MediaTimingProviding, Hashable, Sendable {
    public var timing: MediaTiming

    public init(timing: MediaTiming = MediaTiming()) { self.timing = timing }
    public init(duration: Double, beginTime: Double = 0, timingFunction: TimingFunction? = nil) {
        timing = MediaTiming(beginTime: beginTime, duration: duration, timingFunction: timingFunction)
    }

    /// Group-local seconds at parent time `t`, or nil when the group is not active (and not filled).
    public func localTime(at t: Double) -> Double? { timing.localTime(at: t) }

    /// A child's presentation value at parent time `t`, or nil when the model value shows.
    public func value<A: TimedAnimation>(of child: A, at t: Double) -> A.Value? {
        guard let local = localTime(at: t) else { return nil }
        return child.value(at: local)
    }
}
