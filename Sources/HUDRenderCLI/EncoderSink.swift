// EncoderSink: frames into one of HUDCodecs' streaming animation encoders (GIF, WebP or APNG).
//
// Design note: the encoders create their temporary file up front (so an unwritable destination
// fails before rendering) and dropping one without `finish` removes that file, which is how a
// failed or interrupted run leaves a previous output intact. `--loop N` means "repeat N times after
// the first" (0 = forever): GIF stores exactly that, APNG counts plays, so APNG gets N + 1.
// APNG keeps HUDCodecs' default zlib level 9: level 6 encodes much faster but makes the file
// noticeably larger, and docs assets are read more than written.

import HUDCodecs
import HUDRaster

final class EncoderSink: FrameSink {
    private var encoder: AnimationEncoder?

    init(gifAt path: String, loop: Int, quality: Int?) throws {
        encoder = try GIF.Encoder(path: path, options: GIF.Options(loopCount: loop, quality: quality ?? GIF.Options.defaultQuality))
    }

    /// Lossless unless `quality` is given.
    init(webpAt path: String, loop: Int, quality: Int?) throws {
        encoder = try WebP.Encoder(path: path, options: WebP.Options(loopCount: loop, quality: quality))
    }

    init(apngAt path: String, loop: Int) throws {
        encoder = try APNG.Encoder(path: path, plays: loop == 0 ? 0 : loop + 1)
    }

    func append(_ image: Image, duration: Double) throws {
        guard let encoder else { throw RuntimeFailure("internal: the animation was already finished") }
        try encoder.append(image, duration: duration)
    }

    func finish() throws {
        guard let encoder else { return }
        self.encoder = nil
        try encoder.finish()
    }

    func discard() { encoder = nil }
}
