// APNGSink: frames into HUDCodecs' streaming APNG encoder.
//
// Design note: APNG counts plays where GIF counts repeats; `--loop N` means "repeat N times after
// the first" for both (0 = forever), so the conversion happens here, once.

import HUDCodecs
import HUDRaster

final class APNGSink: FrameSink {
    private var encoder: APNG.Encoder?

    init(path: String, width: Int, height: Int, loop: Int, frameCount: Int) throws {
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
