// APNG.Encoder: streaming animated PNG written with zlib (acTL, fcTL, IDAT, fdAT).
//
// Design note: frames are spooled (straight RGBA, identical neighbours merged) while the encoder
// watches which colour type would hold every frame losslessly: a palette when the whole animation
// has at most 256 colours, RGB when it is opaque, gray variants when it is grey. At `finish` the
// frame count and colour type are known, so acTL is written once with the right number (no patching,
// which also lets the output be a pipe). Each later frame is cropped to the box that changed; when
// every changed pixel is opaque it is also tried as blend-OVER with unchanged pixels transparent (for
// opaque RGB/gray files through a tRNS colour key that no frame uses, as apngasm does). The
// candidates are the changed pixels with filter "none" and with the per-row heuristic, and the
// blend-OVER pixels with filter "none"; a level-6 trial on a sample of rows (only those rows are
// filtered) picks one to filter in full and compress at the chosen level (level 9 with a capped
// match search, see `compressBest`). dispose_op is always NONE because frames are differenced
// against what is shown. fcTL and fdAT share one sequence counter starting at 0. Frames are
// filtered and deflated on all cores (each depends only on itself and the frame before), each
// started as soon as a core is free, and written in order.
import Dispatch
import Glibc
import HUDRaster

extension APNG {
    /// Writes an animated PNG frame by frame.
    public final class Encoder: AnimationEncoder {
        public let path: String
        /// Times the animation plays: 0 = forever.
        public let plays: Int
        public let options: PNG.WriteOptions
        private var file: AtomicFile?
        private var spool: FrameSpool?
        private var size: (Int, Int)?
        private var appended = 0
        private var opaque = true, gray = true
        private var colors: Set<UInt32>? = []
        /// Every RGB colour seen (one bit each, 2 MiB), to find a free colour key for opaque animations.
        private var usedRGB = [UInt64](repeating: 0, count: (1 << 24) / 64)

        /// Prepares to write `path`; fails at once when the destination cannot be written.
        /// `plays`: 0 = loop forever (acTL num_plays).
        public init(path: String, plays: Int = 0, options: PNG.WriteOptions = PNG.WriteOptions()) throws {
            guard plays >= 0 && plays <= Int(Int32.max) else { throw CodecError.invalidOption("APNG plays \(plays) (use 0 for forever)") }
            guard (0...9).contains(options.compressionLevel) else {
                throw CodecError.invalidOption("PNG compression level \(options.compressionLevel) (use 0 to 9)")
            }
            self.path = path
            self.plays = plays
            self.options = options
            file = try AtomicFile(path: path)
        }

        /// Adds a frame shown for `duration` seconds (kept to the millisecond, rounding carried).
        public func append(_ image: Image, duration: Double) throws {
            guard file != nil else { throw CodecError.alreadyFinished }
            try validateFrame(image, duration: duration, index: appended, size: size)
            if size == nil {
                size = (image.width, image.height)
                spool = try FrameSpool(recordBytes: image.width * image.height * 4, rowBytes: image.width * 4)
            }
            let straight = image.straightPixels()
            // Rows the spool did not store repeat the previous frame, whose colours are recorded.
            if try spool!.append(straight, duration: duration) { survey(straight, rows: spool!.storedRows(spool!.count - 1)) }
            appended += 1
        }

        /// Records what rows `rows` of the frame need of the file's colour type: opacity, greyness,
        /// the RGB colours they use (for a free colour key) and their RGBA colours while there are at
        /// most 256. Flags and tables are copied into locals for the pixel loop: on the class's
        /// stored properties every access pays an exclusivity check.
        private func survey(_ s: [UInt8], rows: Range<Int>) {
            var isOpaque = opaque, isGray = gray
            var table = colors
            colors = nil
            var used = usedRGB
            usedRGB = []
            s.withUnsafeBytes { raw in
                let all = raw.bindMemory(to: UInt32.self), w = size!.0
                let px = all[(rows.lowerBound * w)..<(rows.upperBound * w)]
                used.withUnsafeMutableBufferPointer { bits in
                    var last: UInt32 = 0, haveLast = false
                    for v in px {
                        // Memory order R, G, B, A: little-endian words hold A in the top byte.
                        if haveLast && v == last { continue }
                        last = v; haveLast = true
                        let r = v & 0xFF, g = v >> 8 & 0xFF, b = v >> 16 & 0xFF, a = v >> 24
                        if a != 255 { isOpaque = false }
                        if r != g || r != b { isGray = false }
                        let rgb = Int(r << 16 | g << 8 | b)
                        bits[rgb >> 6] |= 1 << UInt64(rgb & 63)
                        if table != nil {
                            table!.insert(r << 24 | g << 16 | b << 8 | a)
                            if table!.count > 256 { table = nil }
                        }
                    }
                }
            }
            opaque = isOpaque; gray = isGray
            colors = table
            usedRGB = used
        }

        /// Encodes the spooled frames and moves the file into place.
        public func finish() throws {
            guard let file else { throw CodecError.alreadyFinished }
            defer { self.file = nil; spool = nil }
            guard let (w, h) = size, let spool else {
                file.discard()
                throw CodecError.noFrames(path: path)
            }
            try file.commit(after: {
                try write(to: file, width: w, height: h, spool: spool)
            })
        }

        // MARK: encoding

        /// One encoded frame: its box in the canvas, blend op, and compressed samples.
        private struct EncodedFrame {
            var x0: Int, y0: Int, w: Int, h: Int
            var blendOver: Bool
            var data: [UInt8]
        }

        private func write(to file: AtomicFile, width: Int, height: Int, spool: FrameSpool) throws {
            var mode: SampleLayout.Mode
            var paletteIndex: [UInt32: UInt8] = [:]
            var palette: [UInt8] = [], trns: [UInt8] = []
            var clearIndex: UInt8? = nil
            // Opaque RGB or gray frames get a tRNS colour key that no frame uses, so blend-OVER frames
            // can mark unchanged pixels (as apngasm does).
            var key: (UInt8, UInt8, UInt8)? = nil
            if opaque && gray { mode = .gray }
            else if var cs = colors?.sorted() {
                mode = .palette
                // A fully transparent entry lets blend-OVER frames mark unchanged pixels.
                if !cs.contains(where: { $0 & 0xFF == 0 }) && cs.count < 256 { cs.append(0) }
                cs.sort { ($0 & 0xFF, $0) < ($1 & 0xFF, $1) } // translucent first: short tRNS
                for (i, c) in cs.enumerated() {
                    paletteIndex[c] = UInt8(i)
                    palette += [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF)]
                    trns.append(UInt8(c & 0xFF))
                    if c & 0xFF == 0 && clearIndex == nil { clearIndex = UInt8(i) }
                }
                while let a = trns.last, a == 255 { trns.removeLast() }
            }
            else if opaque { mode = .rgb }
            else if gray { mode = .grayAlpha }
            else { mode = .rgba }
            if opaque && mode != .palette {
                let grayOnly = mode == .gray
                var candidate = 0
                while candidate < (1 << 24) {
                    let c = grayOnly ? (candidate & 0xFF) * 0x010101 : candidate
                    if usedRGB[c >> 6] & (1 << UInt64(c & 63)) == 0 { key = (UInt8(c >> 16), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)); break }
                    candidate += 1
                    if grayOnly && candidate > 255 { break }
                }
            }
            let colorType: UInt8 = [.gray: 0, .rgb: 2, .palette: 3, .grayAlpha: 4, .rgba: 6][mode]!
            var clear: [UInt8]? = nil
            switch mode {
            case .gray: if let key { clear = [key.0] }
            case .rgb: if let key { clear = [key.0, key.1, key.2] }
            case .grayAlpha: clear = [0, 0]
            case .rgba: clear = [0, 0, 0, 0]
            case .palette: if let clearIndex { clear = [clearIndex] }
            }
            let layout = SampleLayout(mode: mode, width: width, paletteIndex: paletteIndex, clear: clear)
            let bpp = layout.bpp

            var header = PNGChunks.signature
            header += PNGChunks.chunk("IHDR", PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height)) + [8, colorType, 0, 0, 0])
            if options.includesSRGB { header += PNGChunks.chunk("sRGB", [0]) }
            if mode == .palette {
                header += PNGChunks.chunk("PLTE", palette)
                if !trns.isEmpty { header += PNGChunks.chunk("tRNS", trns) }
            }
            if let (r, g, b) = key {
                header += PNGChunks.chunk("tRNS", mode == .gray ? [0, r] : [0, r, 0, g, 0, b])
            }
            header += PNGChunks.chunk("acTL", PNGChunks.be32(UInt32(spool.count)) + PNGChunks.be32(UInt32(plays)))
            try file.write(header)

            let filters = sourceFilters(mode)

            /// The filter of the source samples' candidates: none and the per-row heuristic (on the
            /// measured animations neither wins everywhere), or the one filter the options or a
            /// palette ask for.
            func sourceFilters(_ mode: SampleLayout.Mode) -> [Int?] {
                if mode == .palette { return [0] }
                if options.filter != .adaptive { return [options.filter.rawValue] }
                return [0, nil]
            }
            /// Compresses the candidate (samples and filter) whose sampled rows a level-6 trial ranks
            /// smallest: the ranking carries over to the whole frame at level 9, at a fraction of the
            /// cost of compressing every candidate fully (level 1 ranks worse, and a worse pick costs
            /// more bytes than the trial saves). Only the sampled rows are filtered for the trial.
            func compressBest(_ candidates: [(pixels: [UInt8], filter: Int?)], width w: Int, height h: Int) throws -> (data: [UInt8], index: Int) {
                var pick = 0
                if candidates.count > 1 {
                    var bestSize = Int.max
                    for (i, c) in candidates.enumerated() {
                        let sample = PNGChunks.filteredSample(c.pixels, width: w, height: h, bpp: bpp, filter: c.filter)
                        let n = try PNGChunks.deflate(sample, level: 6).count
                        if n < bestSize { bestSize = n; pick = i }
                    }
                }
                let rows = PNGChunks.filterRows(candidates[pick].pixels, width: w, height: h, bpp: bpp, filter: candidates[pick].filter)
                return (try PNGChunks.deflate(rows, level: options.compressionLevel, search: options.compressionLevel == 9 ? .capped : nil), pick)
            }

            /// The changed box of `current` against `previous` (inclusive corners) and whether every
            /// changed pixel is opaque.
            func changedBox(_ current: [UInt8], _ previous: [UInt8]) -> (Int, Int, Int, Int, Bool) {
                // Never nil here: the spool merges repeated frames.
                guard let b = FrameDifference.box(current, previous, width: width, height: height) else {
                    return (0, 0, 0, 0, true)
                }
                return (b.x0, b.y0, b.x1, b.y1, b.changedOpaque)
            }

            /// One frame's compressed data, its box and blend op: from the frame and the one before
            /// it only, so frames are encoded independently (in parallel) and written in order.
            func encode(_ index: Int, _ current: [UInt8], _ previous: [UInt8]) throws -> EncodedFrame {
                if index == 0 {
                    let pixels = layout.samples(current, x0: 0, y0: 0, w: width, h: height).bytes
                    let data = try compressBest(filters.map { (pixels, $0) }, width: width, height: height).data
                    return EncodedFrame(x0: 0, y0: 0, w: width, h: height, blendOver: false, data: data)
                }
                let (bx0, by0, bx1, by1, changedOpaque) = changedBox(current, previous)
                let x0 = bx0, y0 = by0, w = bx1 - bx0 + 1, h = by1 - by0 + 1
                let pixels = layout.samples(current, x0: x0, y0: y0, w: w, h: h).bytes
                var candidates = filters.map { (pixels: pixels, filter: $0) }
                let sourceCount = candidates.count
                if changedOpaque && layout.clear != nil {
                    let over = layout.samples(current, unchangedSince: previous, x0: x0, y0: y0, w: w, h: h)
                    // Blend-OVER frames keep the first filter only: with the heuristic's filter they
                    // were almost never the smallest candidate, and then by a few bytes.
                    // When no pixel was cleared they are the source samples again (never picked).
                    if over.cleared { candidates.append((over.bytes, filters[0])) }
                }
                let best = try compressBest(candidates, width: w, height: h)
                return EncodedFrame(x0: x0, y0: y0, w: w, h: h, blendOver: best.index >= sourceCount, data: best.data)
            }

            var sequence: UInt32 = 0
            var elapsed = 0.0, emittedMilliseconds = 0
            /// Writes frame `index`'s fcTL and IDAT or fdAT.
            func emit(_ index: Int, _ frame: EncodedFrame) throws {
                // Delay: cumulative milliseconds, rounding carried so the total does not drift.
                elapsed += spool.durations[index]
                let target = Int((elapsed * 1000).rounded())
                var num = max(1, target - emittedMilliseconds), den = 1000
                emittedMilliseconds += num
                if num > 65535 { num = min(65535, (num + 5) / 10); den = 100 }
                var fc = PNGChunks.be32(sequence) + PNGChunks.be32(UInt32(frame.w)) + PNGChunks.be32(UInt32(frame.h))
                fc += PNGChunks.be32(UInt32(frame.x0)) + PNGChunks.be32(UInt32(frame.y0))
                fc += PNGChunks.be16(UInt16(num)) + PNGChunks.be16(UInt16(den))
                fc += [0, frame.blendOver ? 1 : 0] // dispose NONE; blend SOURCE or OVER
                try file.write(PNGChunks.chunk("fcTL", fc))
                sequence += 1
                if index == 0 {
                    try file.write(PNGChunks.chunk("IDAT", frame.data))
                } else {
                    try file.write(PNGChunks.chunk("fdAT", PNGChunks.be32(sequence) + frame.data))
                    sequence += 1
                }
            }

            // One worker per core takes the next frame (read from the spool in order under the
            // lock), encodes it, and writes every frame that is now next in order: a core is never
            // left waiting for a batch to finish, and only frames being encoded are held. The
            // bytes do not depend on the number of workers or the scheduling.
            let count = spool.count
            let lock = DispatchSemaphore(value: 1)
            var claimed = 0, written = 0
            var previous: [UInt8] = []
            var done: [Int: Result<EncodedFrame, Error>] = [:]
            var failure: Error?
            DispatchQueue.concurrentPerform(iterations: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) { _ in
                while true {
                    lock.wait()
                    guard claimed < count, failure == nil else { lock.signal(); return }
                    let index = claimed
                    claimed += 1
                    var current: [UInt8] = []
                    do { try spool.read(index, into: &current) } catch { failure = error; lock.signal(); return }
                    let before = previous
                    previous = current
                    lock.signal()
                    let result = Result { try encode(index, current, before) }
                    lock.wait()
                    done[index] = result
                    while failure == nil, let next = done.removeValue(forKey: written) {
                        do { try emit(written, next.get()) } catch { failure = error }
                        written += 1
                    }
                    lock.signal()
                }
            }
            if let failure { throw failure }
            try file.write(PNGChunks.chunk("IEND", []))
        }
    }
}
