// PNGSequence: an animation as numbered PNG files in a folder (frame-0001.png, ...).
//
// Design note: each frame is written as soon as it arrives, through AtomicFile, so a folder never
// holds a half-written frame and memory stays at one frame. The folder is created if its parent
// exists (like `mkdir`, not `mkdir -p`, so a typo in the parent is reported, not silently created).
import HUDRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes numbered PNG files: `<directory>/<prefix>0001.png`, ...
public final class PNGSequence: AnimationEncoder {
    public let directory: String
    public let prefix: String
    public let options: PNG.WriteOptions
    /// Paths written so far, in order.
    public private(set) var paths: [String] = []
    /// Display time of each written frame, in seconds.
    public private(set) var durations: [Double] = []
    private var size: (Int, Int)?
    private var finished = false

    public init(directory: String, prefix: String = "frame-", options: PNG.WriteOptions = PNG.WriteOptions()) throws {
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.prefix = prefix
        self.options = options
        var st = stat()
        if stat(self.directory, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                throw CodecError.writeFailed(path: self.directory, reason: "it is a file, not a folder (give a folder for a PNG sequence)")
            }
        } else if mkdir(self.directory, 0o777) != 0 {
            throw AtomicFile.error(errno, path: self.directory + "/" + prefix + "0001.png")
        }
    }

    /// The path of frame `index` (0-based) in the sequence.
    public func path(forFrame index: Int) -> String {
        var n = String(index + 1)
        while n.count < 4 { n = "0" + n }
        return "\(directory)/\(prefix)\(n).png"
    }

    public func append(_ image: Image, duration: Double) throws {
        guard !finished else { throw CodecError.alreadyFinished }
        try validateFrame(image, duration: duration, index: paths.count, size: size)
        size = (image.width, image.height)
        let p = path(forFrame: paths.count)
        try PNG.write(image, to: p, options: options)
        paths.append(p)
        durations.append(duration)
    }

    public func finish() throws {
        guard !finished else { throw CodecError.alreadyFinished }
        finished = true
        guard !paths.isEmpty else { throw CodecError.noFrames(path: directory) }
    }
}
