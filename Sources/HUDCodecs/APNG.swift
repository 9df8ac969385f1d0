// APNG: the namespace for animated PNG, and the decoded-animation value shared with GIF.
//
// Design note: APNG keeps full colour and 8-bit alpha, so it is the lossless choice; encoding is
// exact and a round trip returns the same pixels. Decoded animations of either format come back as
// full frames (disposal and blending already applied) so comparisons never need to know the format.
import HUDRaster

/// Animated PNG encoding and decoding (namespace).
public enum APNG {}

/// An animation read back from a file: every frame composed in full, with its display time.
public struct DecodedAnimation: Sendable {
    /// Full-canvas frames (premultiplied), after disposal and blending.
    public var frames: [Image]
    /// Seconds each frame is shown.
    public var durations: [Double]
    /// How many times the animation plays: 0 = forever (APNG num_plays; for GIF derived from the
    /// NETSCAPE2.0 loop count: absent = 1, 0 = forever, n = n + 1).
    public var plays: Int

    /// The NETSCAPE2.0 loop count this corresponds to (0 = forever, nil = play once).
    public var loopCount: Int? { plays == 0 ? 0 : (plays == 1 ? nil : plays - 1) }

    public init(frames: [Image], durations: [Double], plays: Int) {
        self.frames = frames
        self.durations = durations
        self.plays = plays
    }
}
