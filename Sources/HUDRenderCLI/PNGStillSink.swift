// PNGStillSink: a single still; keeps only the last frame it is given and writes it on finish.
//
// Design note: a still is the degenerate animation, so `--out x.png` goes through the same
// pipeline as everything else; the write is atomic through HUDCodecs.

import HUDCodecs
import HUDRaster

final class PNGStillSink: FrameSink {
    private let path: String
    private var image: Image?

    init(path: String) { self.path = path }

    func append(_ image: Image, duration: Double) throws { self.image = image }

    func finish() throws {
        guard let image else { throw RuntimeFailure("no frame was rendered for \(path)") }
        try PNG.write(image, to: path)
    }

    func discard() { image = nil }
}
