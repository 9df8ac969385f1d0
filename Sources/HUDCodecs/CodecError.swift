// CodecError: every failure of reading or writing an image file, as a value with a message that says
// what went wrong and what to do about it.
//
// Design note: one enum for the module keeps `catch` sites simple for the CLI (print `description`,
// exit 1), while the cases stay specific enough for tests to match on. Paths are part of every file
// error because "permission denied" alone does not say which of several outputs failed.

/// Errors raised by HUDCodecs.
public enum CodecError: Error, Equatable, CustomStringConvertible {
    /// The destination's folder does not exist.
    case noSuchDirectory(path: String, directory: String)
    /// A component of the destination path is a file, not a folder.
    case notADirectory(path: String, component: String)
    /// The destination or its folder may not be written.
    case permissionDenied(path: String)
    /// The disk (or a file size limit) ran out while writing.
    case noSpace(path: String)
    /// Any other system error while writing; `reason` is strerror's text.
    case writeFailed(path: String, reason: String)
    /// The file could not be opened or read.
    case readFailed(path: String, reason: String)
    /// The data is not a valid file of the format (corrupt or truncated).
    case corrupt(format: String, reason: String)
    /// libpng refused to encode.
    case encodeFailed(format: String, reason: String)
    /// An animation was finished without frames.
    case noFrames(path: String)
    /// A frame's size differs from the animation's first frame.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int, frame: Int)
    /// A frame duration that is not a positive finite number of seconds.
    case invalidDuration(Double, frame: Int)
    /// The file extension names no format this module writes.
    case unsupportedFormat(path: String)
    /// An option outside its valid range.
    case invalidOption(String)
    /// The image is larger than the limits of the format or of `Image`.
    case imageTooLarge(width: Int, height: Int, limit: String)
    /// `append` or `finish` was called after `finish`.
    case alreadyFinished

    public var description: String {
        switch self {
        case let .noSuchDirectory(path, dir):
            return "cannot write \(path): no such directory \(dir) (create it first, e.g. mkdir -p \(dir))"
        case let .notADirectory(path, component):
            return "cannot write \(path): \(component) is a file, not a directory (choose another output path)"
        case let .permissionDenied(path):
            return "cannot write \(path): permission denied (choose a writable folder)"
        case let .noSpace(path):
            return "cannot write \(path): no space left on device (free some space or choose another disk)"
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        case let .readFailed(path, reason):
            return "cannot read \(path): \(reason)"
        case let .corrupt(format, reason):
            return "\(format) data is corrupt or truncated: \(reason) (re-export the file or check the download)"
        case let .encodeFailed(format, reason):
            return "\(format) encoder failed: \(reason)"
        case let .noFrames(path):
            return "cannot write \(path): the animation has no frames (append at least one frame before finish)"
        case let .frameSizeMismatch(ew, eh, w, h, frame):
            return "frame \(frame) is \(w)x\(h) but the animation is \(ew)x\(eh) (every frame must have the first frame's size)"
        case let .invalidDuration(d, frame):
            return "frame \(frame) has duration \(d) s (durations must be positive and finite, in seconds)"
        case let .unsupportedFormat(path):
            return "cannot write \(path): unknown file extension (use .gif, .png, .apng, or a folder for a PNG sequence)"
        case let .invalidOption(text):
            return "invalid option: \(text)"
        case let .imageTooLarge(w, h, limit):
            return "image \(w)x\(h) is too large: \(limit) (use a smaller size)"
        case .alreadyFinished:
            return "the encoder has already finished (create a new encoder for another file)"
        }
    }
}
