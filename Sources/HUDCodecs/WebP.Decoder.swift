// WebP.Decoder: reads an animated (or still) WebP through libwebp's WebPAnimDecoder into full frames.
//
// Design note: the animation decoder composes sub-frames (blending, disposal) itself and hands out
// full canvases with their end timestamps, so frames come back as a viewer shows them, in straight
// RGBA, and are premultiplied here like every other decoder's output. The frame count and canvas
// are checked against the decoding budget before any frame is composed.
import HUDRaster
import CWebP

extension WebP {
    /// Decodes WebP bytes into composed frames.
    public static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw CodecError.corrupt(format: "WebP", reason: "libwebp version mismatch (reinstall libwebp-dev)")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { buf -> DecodedAnimation in
            var data = WebPData(bytes: buf.baseAddress, size: buf.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw CodecError.corrupt(format: "WebP", reason: "not a WebP file, or a damaged one")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw CodecError.corrupt(format: "WebP", reason: "no animation info") }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            do { try Image.validate(width: w, height: h) } catch { throw CodecError.corrupt(format: "WebP", reason: "canvas size \(w)x\(h)") }
            try DecodedAnimation.checkBudget(frameCount: Int(info.frame_count), width: w, height: h, format: "WebP")
            var frames: [Image] = [], durations: [Double] = []
            var last: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw CodecError.corrupt(format: "WebP", reason: "frame \(frames.count) cannot be decoded")
                }
                let straight = Array(UnsafeBufferPointer(start: pixels, count: w * h * 4))
                frames.append(try Image(width: w, height: h, straightPixels: straight))
                durations.append(Double(timestamp - last) / 1000)
                last = timestamp
            }
            guard !frames.isEmpty else { throw CodecError.corrupt(format: "WebP", reason: "no frames") }
            return DecodedAnimation(frames: frames, durations: durations, plays: Int(info.loop_count))
        }
    }

    /// Reads and decodes the WebP file at `path`.
    public static func read(_ path: String) throws -> DecodedAnimation {
        try decode(try FileIO.readAll(path))
    }
}
