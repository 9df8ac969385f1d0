// GIFSink: frames into HUDCodecs' streaming GIF encoder.
//
// Design note: the encoder creates its temporary file up front (so an unwritable destination fails
// before rendering) and spools frames for its global-palette pass; dropping it without `finish`
// removes the temporary file, which is how a failed or interrupted run leaves a previous GIF intact.

import HUDCodecs
import HUDRaster

final class GIFSink: FrameSink {
    private var encoder: GIF.Encoder?

    init(path: String, width: Int, height: Int, loop: Int) throws {
        encoder = try GIF.Encoder(path: path, options: GIF.Options(loopCount: loop))
    }

    func append(_ image: Image, duration: Double) throws {
        guard let encoder else { throw RuntimeFailure("internal: GIF already finished") }
        try encoder.append(image, duration: duration)
    }

    func finish() throws {
        guard let encoder else { return }
        self.encoder = nil
        try encoder.finish()
    }

    func discard() { encoder = nil }
}
