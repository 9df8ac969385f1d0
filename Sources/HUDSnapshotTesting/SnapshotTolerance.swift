// SnapshotTolerance: how different two images may be and still match.
//
// Design note: exact is the default because the renderer is deterministic; loose tolerances have
// hidden real regressions in other snapshot libraries. When a tolerance is wanted it has the two
// knobs users of swift-snapshot-testing know: how far one pixel may be off (per channel, or
// perceptually as CIE ΔE94) and what share of pixels may be off. Both count pixels, never bytes.

/// How far a single pixel may differ from the reference.
public enum PixelTolerance: Sendable, Equatable {
    /// Any channel (premultiplied R, G, B or A, 0...255) may differ by at most this much.
    case channel(Int)
    /// The perceptual difference (CIE ΔE94 of the colours composited over white) may be at most this.
    /// About 2.3 is a just-noticeable difference.
    case deltaE94(Double)
}

/// The tolerance of a snapshot comparison.
public struct SnapshotTolerance: Sendable, Equatable {
    /// How far one pixel may be off before it counts as differing.
    public var pixel: PixelTolerance
    /// The share of pixels (0...1) that may differ.
    public var maxDifferingFraction: Double

    public init(pixel: PixelTolerance = .channel(0), maxDifferingFraction: Double = 0) {
        self.pixel = pixel
        self.maxDifferingFraction = maxDifferingFraction
    }
    /// Every pixel equal. The default.
    public static let exact = SnapshotTolerance()
}
