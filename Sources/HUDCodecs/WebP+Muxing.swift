// WebP+Muxing: the pieces of the animated WebP container (RIFF chunks, ANMF frames) and the per-frame
// decisions the encoder makes (changed rectangle, blending), plus one rectangle's compression.
//
// Design note: libwebp's WebPEncode writes a complete still file; an animation frame needs only its
// image chunks (VP8L, or ALPH and VP8), so the RIFF header and any VP8X chunk are dropped and the rest
// goes inside an ANMF chunk. Chunks are padded to an even size, as RIFF requires.
import CWebP

extension WebP {
    struct CompressionFailure: Error, Sendable { var reason: String }

    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }

    /// The box of pixels that differ between two straight RGBA frames, its origin rounded down to even
    /// coordinates (WebP stores frame offsets halved); nil when the frames are identical.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard let box = FrameDifference.box(b, a, width: width, height: height, checkOpacity: false) else { return nil }
        let x0 = box.x0 & ~1, y0 = box.y0 & ~1
        return (x0, y0, box.x1 - x0 + 1, box.y1 - y0 + 1)
    }

    /// How many pixels of the box are unchanged, when the box can be drawn blended: every changed
    /// pixel opaque (blending a translucent pixel would mix it with the old one); nil otherwise.
    static func unchangedPixels(_ previous: [UInt8], _ current: [UInt8], width: Int,
                                box: (x: Int, y: Int, w: Int, h: Int)) -> Int? {
        var unchanged = 0
        let ok = current.withUnsafeBytes { c in
            previous.withUnsafeBytes { p in
                let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
                for y in box.y..<(box.y + box.h) {
                    for i in (y * width + box.x)..<(y * width + box.x + box.w) {
                        if cw[i] == pw[i] { unchanged += 1 } else if c[i * 4 + 3] != 255 { return false }
                    }
                }
                return true
            }
        }
        return ok ? unchanged : nil
    }

    /// The ways to draw a lossless box with `unchanged` of its `area` pixels unchanged (nil: it
    /// cannot blend), true meaning blended. Blending wins when most of the box is unchanged and
    /// replacing wins when little is (transparent holes then cut through runs and predictions);
    /// between the two, neither wins reliably and both are compressed.
    static func blendChoices(unchanged: Int?, area: Int) -> [Bool] {
        guard let unchanged, unchanged > 0 else { return [false] }
        if unchanged * 4 >= area * 3 { return [true] }
        if unchanged * 4 < area { return [false] }
        return [false, true]
    }

    /// The pixels of `box` in `current` (straight RGBA, `width` wide); `blend` makes the pixels that
    /// equal `previous` transparent so the canvas shows through.
    static func rectangle(_ current: [UInt8], _ previous: [UInt8], width: Int,
                          box: (x: Int, y: Int, w: Int, h: Int), blend: Bool) -> [UInt8] {
        var rect = [UInt8](repeating: 0, count: box.w * box.h * 4)
        current.withUnsafeBytes { c in
        previous.withUnsafeBytes { p in
        rect.withUnsafeMutableBytes { r in
            let cw = c.bindMemory(to: UInt32.self), pw = p.bindMemory(to: UInt32.self)
            let rw = r.bindMemory(to: UInt32.self)
            for y in 0..<box.h {
                for x in 0..<box.w {
                    let s = (y + box.y) * width + x + box.x
                    if blend && cw[s] == pw[s] { continue }
                    rw[y * box.w + x] = cw[s]
                }
            }
        }}}
        return rect
    }

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

    /// An ANMF chunk for a compressed rectangle.
    static func animationFrame(_ job: Encoder.FrameJob, blend: Bool, payload: [UInt8]) -> [UInt8] {
        let duration = min(0xFF_FFFF, max(0, job.endMilliseconds - job.startMilliseconds))
        var body: [UInt8] = le24(job.x / 2) + le24(job.y / 2) + le24(job.w - 1) + le24(job.h - 1) + le24(duration)
        // Flags: bit 1 set = do not blend; bit 0 (dispose to background) never set.
        body.append(blend ? 0 : 2)
        body += payload
        var out = Array("ANMF".utf8) + le32(body.count) + body
        if body.count % 2 == 1 { out.append(0) }
        return out
    }
}
