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

    /// The most pixels all frames of one decoded animation may hold together (512 M, 2 GB of RGBA).
    /// Every frame is a full canvas, so a few KB of tiny frame updates on a huge canvas would
    /// otherwise ask for gigabytes; decoders check this before allocating any frame.
    public static let maxTotalPixels = 512 * 1024 * 1024

    /// Throws when `frameCount` full frames of `width` x `height` exceed `maxTotalPixels`.
    static func checkBudget(frameCount: Int, width: Int, height: Int, format: String) throws {
        let (pixels, overflow) = frameCount.multipliedReportingOverflow(by: width * height)
        if overflow || pixels > maxTotalPixels {
            throw CodecError.imageTooLarge(width: width, height: height,
                limit: "\(frameCount) frames of it exceed the \(format) decoding budget of \(maxTotalPixels / 1_048_576) M pixels in all frames; compare a shorter or smaller animation")
        }
    }

    /// The NETSCAPE2.0 loop count this corresponds to (0 = forever, nil = play once).
    public var loopCount: Int? { plays == 0 ? 0 : (plays == 1 ? nil : plays - 1) }

    public init(frames: [Image], durations: [Double], plays: Int) {
        self.frames = frames
        self.durations = durations
        self.plays = plays
    }
}
