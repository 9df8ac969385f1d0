// WebP+Muxing: the pieces of the animated WebP container (RIFF chunks, ANMF frames), plus one
// rectangle's compression.
//
// Design note: libwebp's WebPEncode writes a complete still file; an animation frame needs only its
// image chunks (VP8L, or ALPH and VP8), so the RIFF header and any VP8X chunk are dropped and the rest
// goes inside an ANMF chunk. Chunks are padded to an even size, as RIFF requires.
import CWebP

extension WebP {
    struct CompressionFailure: Error, Sendable { var reason: String }

    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }

    /// The libwebp configuration for `quality` (nil: lossless) and `method`; the lossless one is
    /// cwebp's default effort.
    static func config(quality: Int?, method: Int) throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw CodecError.encodeFailed(format: "WebP", reason: "libwebp version mismatch (reinstall libwebp-dev)")
        }
        if let q = quality {
            config.lossless = 0
            config.quality = Float(libwebpQuality(q))
            config.alpha_quality = 100
            // Stronger spatial noise shaping than libwebp's default moves bits from flat areas
            // (where a HUD's gradients and dimmed backgrounds show no loss) to edges: fewer bytes
            // at nearly the same PSNR on the measured animations.
            config.sns_strength = 80
            // The sharp RGB to YUV conversion keeps the colour of sharp edges (HUD text, strokes,
            // box borders) that the default conversion's chroma averaging smears.
            config.use_sharp_yuv = 1
        } else {
            config.lossless = 1
            // For lossless, "quality" is the compression effort; cwebp's default.
            config.quality = 75
        }
        config.method = Int32(method)
        config.thread_level = 1
        guard WebPValidateConfig(&config) != 0 else {
            throw CodecError.invalidOption("WebP configuration rejected by libwebp")
        }
        return config
    }

    /// `config` (lossy) for compressing `pixels` (straight RGBA): at most method 5 where a pixel is
    /// not opaque. libwebp codes the alpha plane losslessly at the picture's method, and at method 6
    /// with full alpha quality it tries every lossless transform: on a full-screen translucent
    /// overlay that takes seconds a frame, an order of magnitude longer, to save under a third of
    /// the alpha bytes.
    static func lossyConfig(_ config: WebPConfig, forPixels pixels: [UInt8]) -> WebPConfig {
        guard config.method > maxTranslucentLossyMethod, hasTranslucency(pixels) else { return config }
        var lowered = config
        lowered.method = Int32(maxTranslucentLossyMethod)
        return lowered
    }

    /// The most effort a lossy rectangle with translucent pixels is compressed with (see `lossyConfig`).
    static let maxTranslucentLossyMethod: Int32 = 5

    /// Whether some pixel of straight RGBA `pixels` is not opaque.
    static func hasTranslucency(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for w in words where w >> 24 != 0xFF { return true }
            return false
        }
    }

    /// libwebp's quality for a lossy `quality` (0...100): four steps lower, because the sharp YUV
    /// conversion gains about as much fidelity as those steps near the top of the scale, and
    /// about as much as it costs lower down; a quality then keeps its fidelity in fewer bytes.
    static func libwebpQuality(_ quality: Int) -> Int { max(0, quality - 4) }

    /// Compresses straight RGBA pixels with libwebp and returns the image chunks (no RIFF header, no VP8X).
    static func compress(_ pixels: [UInt8], width: Int, height: Int, config: WebPConfig) -> Result<[UInt8], CompressionFailure> {
        var config = config
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { return .failure(CompressionFailure(reason: "libwebp version mismatch")) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { return .failure(CompressionFailure(reason: "out of memory for a \(width)x\(height) frame")) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let ok = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let mem = writer.mem else {
            return .failure(CompressionFailure(reason: "libwebp error \(picture.error_code.rawValue) on a \(width)x\(height) frame"))
        }
        let file = Array(UnsafeBufferPointer(start: mem, count: writer.size))
        var at = 12
        if file.count >= 20 && Array(file[12..<16]) == Array("VP8X".utf8) { at += 8 + 10 }
        return .success(Array(file[at...]))
    }

    /// An ANMF chunk for a frame drawn as `candidate` says, showing for `duration` milliseconds;
    /// `disposed` clears its rectangle before the next frame is drawn.
    static func animationFrame(_ candidate: Candidate, duration: Int, disposed: Bool, payload: [UInt8]) -> [UInt8] {
        let r = candidate.rect
        var body: [UInt8] = le24(r.x / 2) + le24(r.y / 2) + le24(r.w - 1) + le24(r.h - 1) + le24(duration)
        // Flags: bit 1 set = do not blend; bit 0 set = dispose to the background (transparent).
        body.append((candidate.blend ? 0 : 2) | (disposed ? 1 : 0))
        body += payload
        var out = Array("ANMF".utf8) + le32(body.count) + body
        if body.count % 2 == 1 { out.append(0) }
        return out
    }
}
