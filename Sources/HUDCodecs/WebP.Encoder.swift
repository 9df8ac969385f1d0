// WebP.Encoder: streaming animated WebP, frames compressed by libwebp and muxed here.
//
// Design note: the encoder knows the previous frame exactly, so each frame is cut to the rectangle
// that changed (offsets even, as WebP requires) and, when every changed pixel is opaque, drawn with
// blending: unchanged pixels inside the rectangle become transparent and let the previous canvas
// show, which compresses to almost nothing. Each rectangle is encoded once (libwebp's animation
// encoder tries several candidates per frame, which costs time for the same size here), and up to one
// frame per core is compressed at a time, so encoding uses all cores while frames keep arriving.
// Finished frames are written to the file in order and forgotten: memory holds the previous frame
// and the frames in flight, whatever the frame count. The RIFF size is patched at the end. Frames
// identical to the previous one lengthen it. Timestamps are whole milliseconds from the start
// (rounding does not drift).
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import CWebP

extension WebP {
    /// Writes an animated WebP frame by frame.
    ///
    ///     let webp = try WebP.Encoder(path: "hud.webp")
    ///     for t in times { try webp.append(render(t), duration: 1.0 / 30) }
    ///     try webp.finish()
    public final class Encoder: AnimationEncoder {
        public let path: String
        public let options: Options
        private var file: AtomicFile?
        private var config = WebPConfig()
        private var size: (Int, Int)?
        private var appended = 0
        private var elapsed = 0.0
        private var previous: [UInt8] = []
        /// Frames being compressed or waiting to be written, oldest first.
        private var inFlight: [FrameJob] = []
        private let queue = DispatchQueue(label: "hudrender.webp", attributes: .concurrent)
        private let parallelism: Int
        /// Bytes written so far (the RIFF size is patched from it).
        private var written = 0
        private var lastFrameEnd = 0

        /// One rectangle on its way to the file.
        final class FrameJob {
            let x: Int, y: Int, w: Int, h: Int
            let blend: Bool
            let startMilliseconds: Int
            var endMilliseconds: Int
            var data: [UInt8] = []
            var error: String?
            let done = DispatchSemaphore(value: 0)
            init(x: Int, y: Int, w: Int, h: Int, blend: Bool, start: Int, end: Int) {
                self.x = x; self.y = y; self.w = w; self.h = h; self.blend = blend
                startMilliseconds = start; endMilliseconds = end
            }
        }

        /// Prepares to write `path`. Fails at once when the destination cannot be written.
        public init(path: String, options: Options = Options()) throws {
            try options.validate()
            self.path = path
            self.options = options
            guard WebPConfigInit(&config) != 0 else {
                throw CodecError.encodeFailed(format: "WebP", reason: "libwebp version mismatch (reinstall libwebp-dev)")
            }
            if let q = options.quality {
                config.lossless = 0
                config.quality = Float(q)
                config.alpha_quality = 100
            } else {
                config.lossless = 1
                // For lossless, "quality" is the compression effort; cwebp's default.
                config.quality = 75
            }
            config.method = Int32(options.method)
            config.thread_level = 1
            guard WebPValidateConfig(&config) != 0 else {
                throw CodecError.invalidOption("WebP configuration rejected by libwebp")
            }
            parallelism = max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
            file = try AtomicFile(path: path)
        }

        private func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

        /// Adds a frame shown for `duration` seconds.
        public func append(_ image: Image, duration: Double) throws {
            guard let file else { throw CodecError.alreadyFinished }
            try validateFrame(image, duration: duration, index: appended, size: size)
            let (w, h) = (image.width, image.height)
            let current = image.straightPixels()
            let start = milliseconds(elapsed), end = milliseconds(elapsed + duration)
            elapsed += duration
            appended += 1
            if size == nil {
                size = (w, h)
                try writeHeader(width: w, height: h, to: file)
                submit(FrameJob(x: 0, y: 0, w: w, h: h, blend: false, start: start, end: end), pixels: current, width: w)
                previous = current
                return
            }
            guard let box = WebP.changedBox(previous, current, width: w, height: h) else {
                inFlight.last?.endMilliseconds = end
                return
            }
            // Lossy frames are drawn whole: a blended lossy rectangle mixes freshly coded pixels with
            // transparent holes, which costs more than it saves and smears colour at their edges.
            let blend = options.quality == nil && WebP.canBlend(previous, current, width: w, box: box)
            var rect = [UInt8](repeating: 0, count: box.w * box.h * 4)
            current.withUnsafeBufferPointer { c in
            previous.withUnsafeBufferPointer { p in
            rect.withUnsafeMutableBufferPointer { r in
                for y in 0..<box.h {
                    for x in 0..<box.w {
                        let s = ((y + box.y) * w + x + box.x) * 4, o = (y * box.w + x) * 4
                        let same = c[s] == p[s] && c[s + 1] == p[s + 1] && c[s + 2] == p[s + 2] && c[s + 3] == p[s + 3]
                        // Blended, an unchanged pixel is transparent and the canvas shows through.
                        if blend && same { continue }
                        r[o] = c[s]; r[o + 1] = c[s + 1]; r[o + 2] = c[s + 2]; r[o + 3] = c[s + 3]
                    }
                }
            }}}
            submit(FrameJob(x: box.x, y: box.y, w: box.w, h: box.h, blend: blend, start: start, end: end), pixels: rect, width: box.w)
            previous = current
            // Frames wait one step so a following identical frame can still lengthen them.
            while inFlight.count > parallelism { try writeOldest(to: file) }
        }

        /// Starts compressing `pixels` (straight RGBA, `width` wide) for `job`.
        private func submit(_ job: FrameJob, pixels: [UInt8], width: Int) {
            inFlight.append(job)
            let config = self.config
            queue.async {
                defer { job.done.signal() }
                switch WebP.compress(pixels, width: job.w, height: job.h, config: config) {
                case .success(let bytes): job.data = bytes
                case .failure(let e): job.error = e.reason
                }
            }
        }

        private func writeOldest(to file: AtomicFile) throws {
            let job = inFlight.removeFirst()
            job.done.wait()
            if let e = job.error { throw CodecError.encodeFailed(format: "WebP", reason: e) }
            let chunk = WebP.animationFrame(job, payload: job.data)
            try file.write(chunk)
            written += chunk.count
        }

        private func writeHeader(width: Int, height: Int, to file: AtomicFile) throws {
            var out: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
            // VP8X: animation and alpha flags, canvas size minus one.
            out += Array("VP8X".utf8) + WebP.le32(10) + [0x12, 0, 0, 0] + WebP.le24(width - 1) + WebP.le24(height - 1)
            // WebP counts plays like APNG: 0 = forever.
            let plays = options.loopCount.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
            out += Array("ANIM".utf8) + WebP.le32(6) + [0, 0, 0, 0] + [UInt8(plays & 0xFF), UInt8(plays >> 8 & 0xFF)]
            try file.write(out)
            written = out.count
        }

        /// Writes the remaining frames, patches the RIFF size and moves the file into place.
        public func finish() throws {
            guard let file else { throw CodecError.alreadyFinished }
            defer { self.file = nil }
            guard size != nil else {
                file.discard()
                throw CodecError.noFrames(path: path)
            }
            try file.commit(after: {
                while !inFlight.isEmpty { try writeOldest(to: file) }
                try file.write(WebP.le32(written - 8), at: 4)
            })
        }
    }
}
