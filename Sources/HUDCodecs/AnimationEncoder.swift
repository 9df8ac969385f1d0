// AnimationEncoder: the one streaming interface every animated output implements, and the factory
// that picks a format from the output path.
//
// Design note: the CLI renders a frame, appends it, and forgets it; whether the format writes at once
// (PNG sequence) or spools for a second pass (GIF palette, APNG colour type) is the encoder's business.
// Memory therefore never grows with the number of frames.
import HUDRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming writer of animation frames.
public protocol AnimationEncoder: AnyObject {
    /// Adds a frame shown for `duration` seconds. Every frame must have the first frame's size.
    func append(_ image: Image, duration: Double) throws
    /// Completes the output. The destination appears (atomically) only now.
    func finish() throws
}

/// Options shared by every animated format.
public struct AnimationOptions: Sendable, Equatable {
    /// Times to play after the first: 0 = forever, nil = once.
    public var loopCount: Int?
    public var gif: GIF.Options
    public var png: PNG.WriteOptions

    public init(loopCount: Int? = 0, gif: GIF.Options = GIF.Options(), png: PNG.WriteOptions = PNG.WriteOptions()) {
        self.loopCount = loopCount
        self.gif = gif
        self.png = png
    }
}

/// Chooses an encoder from the output path.
public enum AnimationWriter {
    /// `.gif` -> GIF, `.webp` -> WebP (lossless), `.png`/`.apng` -> APNG, a path ending in `/` or an existing folder -> PNG sequence.
    public static func forPath(_ path: String, options: AnimationOptions = AnimationOptions()) throws -> AnimationEncoder {
        let lower = path.lowercased()
        var isDirectory = path.hasSuffix("/")
        if !isDirectory {
            var st = stat()
            if stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR { isDirectory = true }
        }
        if isDirectory { return try PNGSequence(directory: path, options: options.png) }
        if lower.hasSuffix(".gif") {
            var g = options.gif
            g.loopCount = options.loopCount
            return try GIF.Encoder(path: path, options: g)
        }
        if lower.hasSuffix(".webp") {
            return try WebP.Encoder(path: path, options: WebP.Options(loopCount: options.loopCount))
        }
        if lower.hasSuffix(".png") || lower.hasSuffix(".apng") {
            // GIF counts repeats, APNG counts plays: 0 is forever in both.
            let plays = options.loopCount.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
            return try APNG.Encoder(path: path, plays: plays, options: options.png)
        }
        throw CodecError.unsupportedFormat(path: path)
    }
}

/// Checks a frame against the animation's size and a duration for validity.
func validateFrame(_ image: Image, duration: Double, index: Int, size: (Int, Int)?) throws {
    guard duration.isFinite, duration > 0 else { throw CodecError.invalidDuration(duration, frame: index) }
    if let (w, h) = size, image.width != w || image.height != h {
        throw CodecError.frameSizeMismatch(expectedWidth: w, expectedHeight: h, width: image.width, height: image.height, frame: index)
    }
}
