// CalculationMode: how a keyframe animation fills the time between keyframes (kCAAnimation*).
//
// Design note: the names and the rules for when keyTimes / timingFunctions are honoured follow
// CAKeyframeAnimation's documentation, so a script ported from UIKit behaves the same.

/// `CAKeyframeAnimation.calculationMode`.
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight-line interpolation between keyframes (default).
    case linear
    /// Hold each keyframe's value until the next key time.
    case discrete
    /// Linear, but key times are ignored and chosen so that the speed is constant.
    case paced
    /// A smooth Catmull-Rom spline through the keyframes (Core Animation's `kCAAnimationCubic`).
    case cubic
    /// Cubic spline with constant speed (key times and timing functions ignored).
    case cubicPaced
}
