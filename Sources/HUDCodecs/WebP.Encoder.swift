// WebP.Encoder: streaming animated WebP, frames compressed by libwebp and muxed here.
//
// Design note: the encoder knows the previous frame exactly, so each lossless frame has a few exact
// candidate encodings (see WebP.Candidate): its changed rectangle replaced or blended, over the
// previous frame as it is or with the previous frame's rectangle disposed. Which is smallest is
// not predictable from pixel counts, so they are compressed side by side and the smallest is
// written (libwebp's animation encoder does the same with -min_size, one candidate after another).
// Disposal is tried only where it draws a smaller rectangle, but on small ones that libwebp codes
// with a palette and, on a large canvas, only where it clears pixels the frame shows transparent
// (see `WebP.disposingCandidates`); its candidates assume the previous frame is written in its
// changed box, and where that frame is written after a disposal of its own, in another rectangle,
// the candidates for that one are made once that frame is chosen (reusing any compression of the
// same pixels). A rectangle (but a small one) is replaced or blended only as libwebp's own
// estimate of the two says (see WebP+Gates.swift). A rectangle compressed for an earlier frame (a
// looping animation's) is taken from the cache (see WebP.CompressionCache). The canvas starts
// transparent, so a first frame draws only the box of what is not.
// A lossy frame replaces its changed rectangle with lossy pixels unless one of its exact lossless
// candidates is smaller (compressed only where libwebp's estimate of it shows it within reach).
// Frames are compressed while more arrive: appending waits only while more frames than cores are
// still compressing, so a frame that takes long (a large first frame) leaves the other cores the
// frames after it, which wait, compressed, within a bound of bytes and count. A frame is chosen once
// the one before is, and written once the one after is (which decides whether it is disposed), then
// forgotten: memory holds the previous frame and the frames in flight, whatever the frame count.
// The RIFF size is patched at the end. Frames identical to the previous one lengthen it. Timestamps
// are whole milliseconds from the start (rounding does not drift).
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
        /// For lossless candidates (the same as `config` when the animation is lossless).
        private var losslessConfig = WebPConfig()
        private var size: (Int, Int)?
        private var appended = 0
        private var elapsed = 0.0
        private var previous: [UInt8] = []
        /// Frames being compressed or waiting to be chosen, oldest first.
        private var inFlight: [FrameJob] = []
        /// The candidate pixels the frames in flight hold.
        private var inFlightBytes = 0
        /// The most candidate pixels (bytes) frames in flight beyond one per core may hold: a few
        /// large frames' worth, or many small ones.
        var inFlightBudget = 8 << 20
        /// The most frames in flight beyond one per core.
        var inFlightLimit = 64
        /// Signalled each time a frame's compressions are all done.
        private let compressed = DispatchSemaphore(value: 0)
        /// Where `compressed` is signalled: a serial queue gets a thread of its own at once, while
        /// `queue`'s threads may all be busy compressing.
        private let signalling = DispatchQueue(label: "hudrender.webp.done")
        private let queue = DispatchQueue(label: "hudrender.webp", attributes: .concurrent)
        /// Lossless rectangles already compressed, for looping animations (nil when lossy).
        private let cache: CompressionCache?
        private let parallelism: Int
        /// Bytes written so far (the RIFF size is patched from it).
        private var written = 0
        private var lastFrameEnd = 0

        /// Where the newest frame's changed rectangle is: the rectangle the next frame's disposing
        /// candidates assume the newest frame is drawn in (others are made once it is chosen, see
        /// `startDisposingCandidates`).
        private var newestRect = Rect(x: 0, y: 0, w: 0, h: 0)
        /// The last frame chosen, waiting for the next choice to say whether it is disposed.
        private var chosen: (job: FrameJob, candidate: Candidate, data: [UInt8])?

        /// Prepares to write `path`. Fails at once when the destination cannot be written.
        public init(path: String, options: Options = Options()) throws {
            try options.validate()
            self.path = path
            self.options = options
            config = try WebP.config(quality: options.quality, method: options.method)
            losslessConfig = options.quality == nil
                ? config : try WebP.config(quality: nil, method: Options.defaultLosslessMethod)
            parallelism = max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
            cache = options.quality == nil ? CompressionCache(budget: CompressionCache.encoderBudget) : nil
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
                // The canvas starts transparent (the background colour written is transparent black,
                // and decoders clear to it or to transparency alike), so the first frame is drawn
                // like any other: only the box of what is not transparent.
                previous = [UInt8](repeating: 0, count: w * h * 4)
            }
            let changed = WebP.changedBox(previous, current, width: w, height: h)
            guard let box = changed ?? (appended == 1 ? WebP.drawnBox(nil) : nil) else {
                inFlight.last?.endMilliseconds = end
                return
            }
            // A lossy frame replaces its changed box (a blended lossy rectangle mixes freshly coded
            // pixels with transparent holes, which costs more than it saves and smears colour at
            // their edges), unless one of its exact lossless candidates is smaller: small boxes of
            // sharp HUD content often are, and exact pixels also raise the fidelity.
            let planned = options.quality != nil
                ? [(Candidate(rect: box, blend: false, lossy: true),
                    WebP.rectangle(current, previous, width: w, box: box, blend: false))]
                    + WebP.candidates(over: previous, current: current, width: w, box: box, disposing: nil,
                                     exhaustive: w * h <= WebP.exhaustiveArea)
                : WebP.losslessCandidates(previous: previous, current: current, width: w, height: h,
                                          previousRect: newestRect, changed: changed)
            let job = FrameJob(candidates: planned.map(\.0), start: start, end: end)
            submit(job, pixels: planned.map(\.1))
            // Kept where later disposing candidates may be wanted: on small canvases, and on large
            // ones where disposal is tried at all (it clears what the frame shows transparent).
            if options.quality == nil && appended > 1
                && (w * h <= WebP.exhaustiveArea || planned.contains { $0.0.disposesPrevious }) {
                job.frames = .init(previous: previous, current: current, width: w, changed: changed, disposalsMade: [newestRect])
                job.heldBytes += current.count
                inFlightBytes += current.count
            }
            newestRect = box
            previous = current
            try chooseDone(writingTo: file)
        }

        /// Chooses the frames whose compressions are done, and waits while more frames than cores are
        /// still compressing (for the oldest frame instead while the frames in flight hold more than
        /// `inFlightBudget` bytes or number more than `inFlightLimit`). A frame whose compression
        /// takes long (a large first frame) thus does not idle the other cores: the frames after
        /// it are compressed and kept until it is done. The newest frame always waits, so a
        /// following identical frame can still lengthen it.
        private func chooseDone(writingTo file: AtomicFile) throws {
            while true {
                while inFlight.count > 1, inFlight[0].isCompressed { try chooseOldest(writingTo: file) }
                if inFlight.count > parallelism, inFlightBytes > inFlightBudget || inFlight.count > inFlightLimit {
                    try chooseOldest(writingTo: file)
                } else if inFlight.count(where: { !$0.isCompressed }) > parallelism {
                    compressed.wait()
                } else {
                    return
                }
            }
        }

        /// Starts compressing each candidate's pixels (straight RGBA, the size of its rectangle): all of
        /// them, but a rectangle's replaced and blended ones only as `WebP.blendGate` lets them (see
        /// `WebP.gatedPair`).
        private func submit(_ job: FrameJob, pixels: [[UInt8]]) {
            inFlight.append(job)
            job.heldBytes = pixels.reduce(0) { $0 + $1.count }
            inFlightBytes += job.heldBytes
            if options.quality != nil {
                compressLossyFirst(job, pixels: pixels)
            } else if let pair = WebP.gatedPair(job.candidates) {
                compressGated(pair, of: job, pixels: pixels)
                for i in job.candidates.indices where i != pair.replace && i != pair.blend {
                    compress(i, of: job, pixels: pixels[i])
                }
            } else {
                for i in job.candidates.indices { compress(i, of: job, pixels: pixels[i]) }
            }
            job.done.notify(queue: signalling) { [compressed] in compressed.signal() }
        }

        private func compress(_ i: Int, of job: FrameJob, pixels: [UInt8]) {
            let c = job.candidates[i]
            compress(pixels, rect: c.rect, lossy: c.lossy, into: job.results[i], group: job.done)
        }

        /// Fills `slot` with the compression of `pixels` (straight RGBA, the size of `rect`): from the
        /// cache when it holds them (else they are kept for it), otherwise on the queue in `group`.
        /// Call on the appending thread.
        private func compress(_ pixels: [UInt8], rect: Rect, lossy: Bool, into slot: FrameJob.Slot, group: DispatchGroup) {
            if let cache {
                if let data = cache.data(width: rect.w, height: rect.h, pixels: pixels) {
                    slot.result = .success(data)
                    return
                }
                slot.pixels = pixels
            }
            let config = lossy ? self.config : losslessConfig
            queue.async(group: group) { slot.result = WebP.compress(pixels, width: rect.w, height: rect.h, config: config) }
        }

        /// The cache's compression of candidate `i`'s pixels; on a miss, nil, and the pixels are kept
        /// so that its compression can be cached once the frame is chosen. Call on the appending thread.
        private func cached(_ i: Int, of job: FrameJob, pixels: [UInt8]) -> [UInt8]? {
            guard let cache else { return nil }
            let r = job.candidates[i].rect
            if let data = cache.data(width: r.w, height: r.h, pixels: pixels) { return data }
            job.results[i].pixels = pixels
            return nil
        }

        /// Compresses the replaced and blended candidates of a rectangle that `WebP.blendGate`
        /// lets through, deciding on the queue (the gate reads every pixel); `job.done` waits for them.
        /// The gate decides alike whether or not the cache holds them, so the bytes never depend on it.
        private func compressGated(_ pair: (replace: Int, blend: Int), of job: FrameJob, pixels: [[UInt8]]) {
            let r = job.candidates[pair.replace].rect
            let hits = [pair.replace, pair.blend].map { cached($0, of: job, pixels: pixels[$0]) }
            let (config, queue) = (losslessConfig, self.queue)
            job.done.enter()
            queue.async {
                let keep = WebP.blendGate(replaced: pixels[pair.replace], blended: pixels[pair.blend], width: r.w, height: r.h)
                for (kept, i, hit) in [(keep.replace, pair.replace, hits[0]), (keep.blend, pair.blend, hits[1])] where kept {
                    if let hit {
                        job.results[i].result = .success(hit)
                    } else {
                        queue.async(group: job.done) {
                            job.results[i].result = WebP.compress(pixels[i], width: r.w, height: r.h, config: config)
                        }
                    }
                }
                job.done.leave()
            }
        }

        /// A lossy animation's frame: its lossy rectangle, then its lossless candidates (at the lossless
        /// effort) that libwebp's estimate says can beat it (see `WebP.canBeatLossy`).
        private func compressLossyFirst(_ job: FrameJob, pixels: [[UInt8]]) {
            let first = DispatchGroup()
            let (lossy, lossless, queue) = (config, losslessConfig, self.queue)
            for (i, c) in job.candidates.enumerated() where c.lossy {
                queue.async(group: first) {
                    job.results[i].result = WebP.compress(pixels[i], width: c.rect.w, height: c.rect.h,
                                                          config: WebP.lossyConfig(lossy, forPixels: pixels[i]))
                }
            }
            job.done.enter()
            first.notify(queue: queue) {
                let lossySize = zip(job.candidates, job.results).filter { $0.0.lossy }
                    .map { (try? $0.1.result?.get().count) ?? .max }.min() ?? .max
                for (i, c) in job.candidates.enumerated() where !c.lossy {
                    let estimate = WebP.EntropyEstimate(pixels: pixels[i], width: c.rect.w, height: c.rect.h)
                    guard WebP.canBeatLossy(estimate, lossy: lossySize) else { continue }
                    queue.async(group: job.done) {
                        job.results[i].result = WebP.compress(pixels[i], width: c.rect.w, height: c.rect.h, config: lossless)
                    }
                }
                job.done.leave()
            }
        }

        /// Chooses the oldest frame in flight, which decides whether the frame chosen before it is
        /// disposed, and writes that one.
        private func chooseOldest(writingTo file: AtomicFile) throws {
            let job = inFlight.removeFirst()
            inFlightBytes -= job.heldBytes
            job.done.wait()
            if let drawn = chosen?.candidate.rect { startDisposingCandidates(job, disposing: drawn) }
            finishDisposingCandidates(job)
            remember(job)
            let best = try job.best(after: chosen?.candidate.rect)
            job.frames = nil
            try writeChosen(disposed: best.candidate.disposesPrevious, to: file)
            chosen = (job, best.candidate, best.data)
            if let next = inFlight.first { startDisposingCandidates(next, disposing: best.candidate.rect) }
        }

        /// Starts compressing the frame's candidates after disposing the previous frame written in
        /// `rect`, when its own assumed another rectangle: the previous frame was chosen disposing
        /// the one before it, and so written in a rectangle of its own. They are started once the
        /// previous frame is chosen, where they are wanted, rather than for every rectangle a frame
        /// might be written in.
        private func startDisposingCandidates(_ job: FrameJob, disposing rect: Rect) {
            guard var frames = job.frames, !frames.disposalsMade.contains(rect) else { return }
            frames.disposalsMade.append(rect)
            job.frames = frames
            let (previous, current, width) = (frames.previous, frames.current, frames.width)
            let plain = WebP.candidates(over: previous, current: current, width: width, box: WebP.drawnBox(frames.changed),
                                        disposing: nil, exhaustive: true)
            let added = WebP.disposingCandidates(previous: previous, current: current, width: width, changed: frames.changed,
                                                 plain: plain, disposing: rect)
            let group = DispatchGroup()
            let slots = added.map { c, px in
                // Disposing another rectangle often leaves the same pixels to draw in the same
                // rectangle as a candidate made already: that compression serves both (it is done
                // by the time the frame is chosen).
                if let same = zip(job.candidates, job.results).first(where: { made, slot in
                    made.disposesPrevious && made.rect == c.rect && slot.pixels == px
                }) {
                    return same.1
                }
                let slot = FrameJob.Slot()
                compress(px, rect: c.rect, lossy: false, into: slot, group: group)
                return slot
            }
            job.pendingDisposals = (added.map(\.0), slots, group)
        }

        /// Adds the candidates `startDisposingCandidates` started to the frame, once compressed.
        private func finishDisposingCandidates(_ job: FrameJob) {
            guard let pending = job.pendingDisposals else { return }
            pending.group.wait()
            for (c, slot) in zip(pending.candidates, pending.slots) { job.add(c, slot) }
            job.pendingDisposals = nil
        }

        /// Puts the frame's new compressions in the cache and lets go of their pixels.
        private func remember(_ job: FrameJob) {
            guard let cache else { return }
            for (candidate, slot) in zip(job.candidates, job.results) where !slot.pixels.isEmpty {
                if case .success(let data)? = slot.result {
                    cache.insert(width: candidate.rect.w, height: candidate.rect.h, pixels: slot.pixels, data: data)
                }
                slot.pixels = []
            }
        }

        private func writeChosen(disposed: Bool, to file: AtomicFile) throws {
            guard let (job, candidate, data) = chosen else { return }
            let chunk = WebP.animationFrame(candidate, duration: job.duration, disposed: disposed, payload: data)
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
                while !inFlight.isEmpty { try chooseOldest(writingTo: file) }
                try writeChosen(disposed: false, to: file)
                try file.write(WebP.le32(written - 8), at: 4)
            })
        }
    }
}
