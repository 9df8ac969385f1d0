// AnimationGroup: CAAnimationGroup, a shared clock for several animations.
//
// Design note: a group does not own its children (they are of different value types); it converts
// the parent's time into group-local time, which children are evaluated at. Because local time never
// leaves 0...duration, the group's duration clips its children and never scales them. A child whose
// duration was never set (0) runs for the group's whole duration: that is what Core Animation does
// (Apple's own "grouping animations" listing sets only the group's duration, and MMProgressHUD relies
// on it for its 1.5 s Drop). `untimedChildrenUseGroupDuration = false` instead gives such children
// the stand-alone 0.25 s default, for callers that want that reading.

/// A clock shared by child animations, like `CAAnimationGroup`.
public struct AnimationGroup: MediaTimingProviding, Hashable, Sendable {
    public var timing: MediaTiming
    /// Whether a child with no duration (0) runs for the group's duration (true, as in Core Animation)
    /// or for the stand-alone default of 0.25 s (false).
    public var untimedChildrenUseGroupDuration = true

    public init(timing: MediaTiming = MediaTiming()) { self.timing = timing }
    public init(duration: Double, beginTime: Double = 0, timingFunction: TimingFunction? = nil) {
        timing = MediaTiming(beginTime: beginTime, duration: duration, timingFunction: timingFunction)
    }

    /// Group-local seconds at parent time `t`, or nil when the group is not active (and not filled).
    public func localTime(at t: Double) -> Double? { timing.localTime(at: t) }

    /// A child's presentation value at parent time `t`, or nil when the model value shows.
    public func value<A: TimedAnimation>(of child: A, at t: Double) -> A.Value? {
        guard let local = localTime(at: t) else { return nil }
        if untimedChildrenUseGroupDuration && !(child.timing.duration > 0) {
            var timed = child
            timed.timing.duration = timing.effectiveDuration
            return timed.value(at: local)
        }
        return child.value(at: local)
    }
}
