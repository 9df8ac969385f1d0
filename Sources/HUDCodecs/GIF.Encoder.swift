// GIF.Encoder: the streaming GIF writer (append frames, then finish) and the two-pass entry point for
// callers that can render a frame twice instead of storing it.
//
// Design note: a global palette needs statistics from every frame before the first is written. The
// streaming form gathers them as frames arrive (on a thread of its own, GIF.StatisticsQueue) and
// parks the flattened frames in an unlinked spool file; the two-pass form asks the caller for each frame twice (statistics, then encoding) and stores
// nothing. Both feed the same `FrameWriter`, so their output is byte-identical. The destination's
// temporary file is created up front, so an unwritable destination fails before any rendering.
import HUDRaster

extension GIF {
    /// Writes an animated GIF frame by frame.
    ///
    ///     let gif = try GIF.Encoder(path: "hud.gif")
    ///     for t in times { try gif.append(render(t), duration: 1.0 / 30) }
    ///     try gif.finish()
    public final class Encoder: AnimationEncoder {
        public let path: String
        public let options: Options
        private var file: AtomicFile?
        private let stats: StatisticsQueue
        private var spool: FrameSpool?
        private var size: (Int, Int)?
        private var appended = 0
        private var elapsed = 0.0

        /// Prepares to write `path`. Fails at once when the destination cannot be written.
        public init(path: String, options: Options = Options()) throws {
            try options.validate()
            self.path = path
            self.options = options
            stats = StatisticsQueue(exactLimit: options.maximumColors - 1)
            file = try AtomicFile(path: path)
        }

        /// Adds a frame shown for `duration` seconds (rounded to centiseconds, at least 0.02 s, with
        /// the rounding carried so the total length does not drift).
        public func append(_ image: Image, duration: Double) throws {
            guard file != nil else { throw CodecError.alreadyFinished }
            try validateFrame(image, duration: duration, index: appended, size: size)
            if size == nil {
                size = (image.width, image.height)
                spool = try FrameSpool(recordBytes: image.width * image.height * 4, rowBytes: image.width * 4)
            }
            // A new buffer each frame: the statistics thread and the spool's writer may still be
            // reading the previous ones.
            var flat: [UInt32] = []
            GIF.flatten(image, background: options.background, into: &flat)
            if try spool!.append(flat, duration: duration) {
                // Only the rows the spool stored differ from the frame before: the rest is not counted.
                let rows = spool!.storedRows(spool!.count - 1)
                stats.add(flat, at: elapsed, changed: rows.lowerBound * image.width..<rows.upperBound * image.width)
            }
            elapsed += duration
            appended += 1
        }

        /// Builds the palette, encodes every frame and moves the file into place.
        public func finish() throws {
            guard let file else { throw CodecError.alreadyFinished }
            defer { self.file = nil; spool = nil }
            guard let (w, h) = size, let durations = spool?.durations else {
                file.discard()
                throw CodecError.noFrames(path: path)
            }
            try file.commit(after: {
                let (counted, use) = stats.close(at: elapsed)
                var palette = Palette.build(from: counted, maximumColors: options.maximumColors)
                palette.order(by: use)
                let writer = try FrameWriter(file: file, width: w, height: h, palette: palette, options: options)
                let analyzer = FrameAnalyzer(width: w, height: h, palette: palette, dithering: options.dithering)
                // Handed over: the queue releases the spool once it has read the last frame.
                let queue = AnalysisQueue(spool: handOverSpool(), analyzer: analyzer)
                defer { queue.stop() }
                for duration in durations {
                    try writer.add(try queue.next(), duration: duration)
                }
                try writer.finish()
            })
        }

        /// The spool, no longer referenced here.
        private func handOverSpool() -> FrameSpool {
            defer { spool = nil }
            return spool!
        }

        /// Encodes `frameCount` frames that `frame(i)` renders, calling it twice per frame (first pass:
        /// colour statistics; second pass: encoding) so no frame is stored. `frame` must return the same
        /// image both times (rendering is deterministic).
        public static func encode(to path: String, frameCount: Int, options: Options = Options(),
                                  frame: (Int) throws -> (image: Image, duration: Double)) throws {
            try options.validate()
            let file = try AtomicFile(path: path)
            try file.commit(after: {
                guard frameCount > 0 else { throw CodecError.noFrames(path: path) }
                var stats = ColorStatistics(exactLimit: options.maximumColors - 1)
                var use = ColorUse()
                var flat: [UInt32] = [], previous: [UInt32] = []
                var size: (Int, Int)?
                var elapsed = 0.0
                for i in 0..<frameCount {
                    let (image, duration) = try frame(i)
                    try validateFrame(image, duration: duration, index: i, size: size)
                    size = (image.width, image.height)
                    GIF.flatten(image, background: options.background, into: &flat)
                    if flat != previous { stats.add(flat, at: elapsed); use.add(flat) }
                    elapsed += duration
                    swap(&flat, &previous)
                }
                stats.close(at: elapsed)
                let (w, h) = size!
                var palette = Palette.build(from: stats, maximumColors: options.maximumColors)
                palette.order(by: use)
                let writer = try FrameWriter(file: file, width: w, height: h, palette: palette, options: options)
                var analyzer = FrameAnalyzer(width: w, height: h, palette: palette, dithering: options.dithering)
                // A frame identical to the one before lengthens it, as the streaming form's spool merges it.
                var held: (analysis: FrameAnalysis, duration: Double)?
                for i in 0..<frameCount {
                    let (image, duration) = try frame(i)
                    try validateFrame(image, duration: duration, index: i, size: size)
                    GIF.flatten(image, background: options.background, into: &flat)
                    let analysis = analyzer.analyze(flat)
                    if held != nil && !analysis.moving {
                        held!.duration += duration
                        continue
                    }
                    if let h = held { try writer.add(h.analysis, duration: h.duration) }
                    held = (analysis, duration)
                }
                if let h = held { try writer.add(h.analysis, duration: h.duration) }
                try writer.finish()
            })
        }
    }
}
