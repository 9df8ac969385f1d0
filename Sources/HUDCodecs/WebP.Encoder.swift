// WebP.Encoder: streaming animated WebP, frames compressed by libwebp and muxed here.
//
// Design note: the encoder knows the previous frame exactly, so each frame is cut to the rectangle
// that changed (offsets even, as WebP requires) and, when every changed pixel is opaque, drawn with
// blending: unchanged pixels inside the rectangle become transparent and let the previous canvas
// show. Whether to blend depends on how much of the rectangle is unchanged; where that does not
// decide, a lossless rectangle is compressed both ways, side by side, and the smaller is written (as
// libwebp's animation encoder does for every frame with -min_size). Up to one frame per core is
// compressed at a time, so encoding uses all cores while frames keep
// arriving.
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

        /// One rectangle on its way to the file: its candidate encodings (drawn replacing the
        /// canvas, or blended over it) are compressed side by side and the smallest is written.
        final class FrameJob {
            let x: Int, y: Int, w: Int, h: Int
            let startMilliseconds: Int
            var endMilliseconds: Int
            /// Whether each candidate is blended; its compressed bytes or error, in the same order (one
            /// object each, so the threads compressing them never write to shared storage).
            let blends: [Bool]
            let results: [Slot]
            let done = DispatchGroup()
            final class Slot { var result: Result<[UInt8], CompressionFailure>? }
            init(x: Int, y: Int, w: Int, h: Int, blends: [Bool], start: Int, end: Int) {
                self.x = x; self.y = y; self.w = w; self.h = h; self.blends = blends
                results = blends.map { _ in Slot() }
                startMilliseconds = start; endMilliseconds = end
            }

            /// The smallest candidate (the first of equal sizes, so the choice never depends on
            /// timing) and whether it is blended.
            func best() throws -> (data: [UInt8], blend: Bool) {
                var pick: (data: [UInt8], blend: Bool)?
                for (i, slot) in results.enumerated() {
                    switch slot.result! {
                    case .failure(let e): throw CodecError.encodeFailed(format: "WebP", reason: e.reason)
                    case .success(let bytes):
                        if pick == nil || bytes.count < pick!.data.count { pick = (bytes, blends[i]) }
                    }
                }
                return pick!
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
                // Stronger spatial noise shaping than libwebp's default moves bits from flat areas
                // (where a HUD's gradients and dimmed backgrounds show no loss) to edges: fewer bytes
                // at nearly the same PSNR on the measured animations.
                config.sns_strength = 80
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
                submit(FrameJob(x: 0, y: 0, w: w, h: h, blends: [false], start: start, end: end), candidates: [current])
                previous = current
                return
            }
            guard let box = WebP.changedBox(previous, current, width: w, height: h) else {
                inFlight.last?.endMilliseconds = end
                return
            }
            // Lossy frames are drawn whole: a blended lossy rectangle mixes freshly coded pixels with
            // transparent holes, which costs more than it saves and smears colour at their edges.
            // Lossless frames choose between replacing and blending by how much of the box is
            // unchanged, and compress both ways, side by side, when that does not decide.
            let blends = options.quality != nil ? [false]
                : WebP.blendChoices(unchanged: WebP.unchangedPixels(previous, current, width: w, box: box), area: box.w * box.h)
            let candidates = blends.map { WebP.rectangle(current, previous, width: w, box: box, blend: $0) }
            submit(FrameJob(x: box.x, y: box.y, w: box.w, h: box.h, blends: blends, start: start, end: end),
                   candidates: candidates)
            previous = current
            // Frames wait one step so a following identical frame can still lengthen them.
            while inFlight.count > parallelism { try writeOldest(to: file) }
        }

        /// Starts compressing each candidate (straight RGBA, the job's size) for `job`.
        private func submit(_ job: FrameJob, candidates: [[UInt8]]) {
            inFlight.append(job)
            let config = self.config
            for (i, pixels) in candidates.enumerated() {
                queue.async(group: job.done) {
                    job.results[i].result = WebP.compress(pixels, width: job.w, height: job.h, config: config)
                }
            }
        }

        private func writeOldest(to file: AtomicFile) throws {
            let job = inFlight.removeFirst()
            job.done.wait()
            let best = try job.best()
            let chunk = WebP.animationFrame(job, blend: best.blend, payload: best.data)
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
