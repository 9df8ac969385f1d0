// FrameSink: where rendered frames go, in order, one at a time.
//
// Design note: the pipeline streams frames, so every output format is driven through the same
// three calls: `append` each frame as it arrives, `finish` to commit atomically, `discard` on any
// failure or Ctrl-C (which removes the temporary file and leaves a previous output intact).
// `makeSink` is the only place that knows which encoder serves which destination.

import HUDCodecs
import HUDRaster

protocol FrameSink: AnyObject {
    /// Adds the next frame, shown for `duration` seconds.
    func append(_ image: Image, duration: Double) throws
    /// Completes the output (atomic rename for files).
    func finish() throws
    /// Abandons the output, removing anything temporary.
    func discard()
}

enum FrameSinks {
    /// The encoder for `destination`, sized `width` x `height`.
    static func make(for destination: OutputDestination, width: Int, height: Int, loop: Int, quality: Int? = nil,
                     frameCount: Int) throws -> FrameSink {
        switch destination {
        case .gif(let path): return try EncoderSink(gifAt: path, loop: loop, quality: quality)
        case .apng(let path): return try EncoderSink(apngAt: path, loop: loop)
        case .webp(let path): return try EncoderSink(webpAt: path, loop: loop, quality: quality)
        case .directory(let path): return try PNGFolderSink(folder: path, frameCount: frameCount)
        case .png(let path): return PNGStillSink(path: path)
        }
    }
}
