// Limits: the largest job hudrender accepts, checked before any work starts.
//
// Design note: a typo such as `--duration 4000` or `--size 40000x40000` should fail in
// milliseconds with a message naming the limit, not after minutes of rendering or an allocation
// failure. The numbers are generous for UI animations and are repeated verbatim in `--help`.

enum Limits {
    /// Largest width or height of a frame, in pixels (after --scale).
    static let maxFrameSide = 4096
    /// Largest frame area in pixels (4096 x 4096).
    static let maxFramePixels = 4096 * 4096
    /// Most frames in one animation.
    static let maxFrameCount = 3000
    /// Longest animation, in seconds.
    static let maxDuration = 120.0
    /// Frame rate range.
    static let fpsRange = 1.0...60.0
    /// Largest --jobs.
    static let maxJobs = 64

    static let helpText = """
        LIMITS:
          frame size at most \(maxFrameSide) px a side and \(maxFramePixels / 1_048_576) MP (after --scale);
          at most \(maxFrameCount) frames; --duration at most \(Int(maxDuration)) s; --fps from 1 to 60 (GIF delays
          are whole centiseconds, so 25 or 50 fps are exact); checked before any work starts.
        """

    /// Throws a usage error naming the limit when a frame of `width` x `height` pixels is too large.
    static func checkFrame(width: Int, height: Int, command: String) throws {
        if width > maxFrameSide || height > maxFrameSide || width * height > maxFramePixels {
            throw UsageError("frame size \(width)x\(height) px exceeds the limit of \(maxFrameSide) px a side and \(maxFramePixels / 1_048_576) MP; use a smaller --size or --scale",
                             command: command)
        }
        if width < 1 || height < 1 {
            throw UsageError("frame size \(width)x\(height) px is empty; use a larger --size", command: command)
        }
    }

    static func checkFrameCount(_ count: Int, fps: Double, duration: Double, command: String) throws {
        if count > maxFrameCount {
            throw UsageError("\(count) frames (\(format(duration)) s at \(format(fps)) fps) exceeds the limit of \(maxFrameCount) frames; lower --fps or --duration",
                             command: command)
        }
    }
}
