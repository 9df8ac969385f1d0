// APNGSink: frames into HUDCodecs' streaming APNG encoder.
//
// Design note: APNG counts plays where GIF counts repeats; `--loop N` means "repeat N times after
// the first" for both (0 = forever), so the conversion happens here, once.

import HUDCodecs
import HUDRaster

final class APNGSink: FrameSink {
    private var encoder: APNG.Encoder?

    init(path: String, width: Int, height: Int, loop: Int, frameCount: Int) throws {
        // HUDCodecs' default zlib level 9: level 6 halved the encoding time of the default HUD story
        // (7.7 s -> 3.8 s CPU) but made the file 12% larger, and docs assets are read more than written.
        encoder = try APNG.Encoder(path: path, plays: loop == 0 ? 0 : loop + 1)
    }

    func append(_ image: Image, duration: Double) throws {
        guard let encoder else { throw RuntimeFailure("internal: APNG already finished") }
        try encoder.append(image, duration: duration)
    }

    func finish() throws {
        guard let encoder else { return }
        self.encoder = nil
        try encoder.finish()
    }

    func discard() { encoder = nil }
}
