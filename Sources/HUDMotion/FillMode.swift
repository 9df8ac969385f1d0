// FillMode: what an animation shows outside its active interval (CAMediaTimingFillMode).
//
// Design note: "removed" is modelled as "no value" (nil) so that callers fall back to the layer's
// model value, which is exactly how Core Animation reveals the model layer after an animation ends.

/// `kCAFillMode*`: whether an animation holds its first/last value outside its active time.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing outside the active interval (Core Animation's default).
    case removed
    /// Hold the final value after the end.
    case forwards
    /// Show the first value before `beginTime`.
    case backwards
    /// Both.
    case both
}
