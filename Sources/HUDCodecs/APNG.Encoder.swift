// APNG.Encoder: streaming animated PNG written with zlib (acTL, fcTL, IDAT, fdAT).
//
// Design note: frames are spooled (straight RGBA, identical neighbours merged) while the encoder
// watches which colour type would hold every frame losslessly: a palette when the whole animation
// has at most 256 colours, RGB when it is opaque, gray variants when it is grey. At `finish` the
// frame count and colour type are known, so acTL is written once with the right number (no patching,
// which also lets the output be a pipe). Each later frame is cropped to the box that changed; when
// every changed pixel is opaque it is also tried as blend-OVER with unchanged pixels transparent (for
// opaque RGB/gray files through a tRNS colour key that no frame uses, as apngasm does), with filter
// "none" and the per-row heuristic as candidates; a quick trial on a sample of rows picks one to
// compress at the chosen level (level 9 with a capped match search, see `compressBest`). dispose_op is always NONE because frames are differenced against what is shown.
// fcTL and fdAT share one sequence counter starting at 0. Frames are filtered and deflated in
// parallel batches (each depends only on itself and the frame before) and written in order.
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
            if try spool!.append(straight, duration: duration) { survey(straight) }
            appended += 1
        }

        /// Records what the frame needs of the file's colour type: opacity, greyness, the RGB colours it
        /// uses (for a free colour key) and its RGBA colours while there are at most 256. Flags and
        /// tables are copied into locals for the pixel loop: on the class's stored properties every
        /// access pays an exclusivity check.
        private func survey(_ s: [UInt8]) {
            var isOpaque = opaque, isGray = gray
            var table = colors
            colors = nil
            var used = usedRGB
            usedRGB = []
            s.withUnsafeBytes { raw in
                let px = raw.bindMemory(to: UInt32.self)
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

        private enum Mode { case gray, grayAlpha, rgb, rgba, palette }

        /// One encoded frame: its box in the canvas, blend op, and compressed samples.
        private struct EncodedFrame {
            var x0: Int, y0: Int, w: Int, h: Int
            var blendOver: Bool
            var data: [UInt8]
        }

        private func write(to file: AtomicFile, width: Int, height: Int, spool: FrameSpool) throws {
            var mode: Mode
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
            let bpp = [.gray: 1, .rgb: 3, .palette: 1, .grayAlpha: 2, .rgba: 4][mode]!

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

            /// Pixels of the box (x, y, w, h) of `s` in the file's layout. `keep` marks unchanged pixels
            /// (blend OVER): they become transparent, unless they are opaque and repeat the pixel to
            /// their left, where drawing the same colour again continues a run that deflates better.
            func samples(_ s: [UInt8], _ x0: Int, _ y0: Int, _ w: Int, _ h: Int, keep: ((Int) -> Bool)?) -> [UInt8] {
                var out = [UInt8](repeating: 0, count: w * h * bpp)
                var o = 0
                for y in y0..<(y0 + h) {
                    for x in x0..<(x0 + w) {
                        let i = (y * width + x) * 4
                        switch mode {
                        case .gray: out[o] = s[i]
                        case .grayAlpha: out[o] = s[i]; out[o + 1] = s[i + 3]
                        case .rgb: out[o] = s[i]; out[o + 1] = s[i + 1]; out[o + 2] = s[i + 2]
                        case .rgba: out[o] = s[i]; out[o + 1] = s[i + 1]; out[o + 2] = s[i + 2]; out[o + 3] = s[i + 3]
                        case .palette:
                            let c = UInt32(s[i]) << 24 | UInt32(s[i + 1]) << 16 | UInt32(s[i + 2]) << 8 | UInt32(s[i + 3])
                            out[o] = paletteIndex[c]!
                        }
                        if let keep, keep(y * width + x) {
                            var repeats = x > x0 && s[i + 3] == 255
                            if repeats { for k in 0..<bpp where out[o + k] != out[o - bpp + k] { repeats = false } }
                            if !repeats {
                                switch mode {
                                case .gray: out[o] = key!.0
                                case .rgb: out[o] = key!.0; out[o + 1] = key!.1; out[o + 2] = key!.2
                                case .grayAlpha, .rgba: for k in 0..<bpp { out[o + k] = 0 }
                                case .palette: out[o] = clearIndex ?? 0
                                }
                            }
                        }
                        o += bpp
                    }
                }
                return out
            }
            /// Filtered candidates of one frame's samples: no filter and the per-row heuristic (on the
            /// measured animations neither wins everywhere), or the one filter the options ask for.
            func filtered(_ px: [UInt8], _ w: Int, _ h: Int) -> [[UInt8]] {
                if mode == .palette { return [PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: 0)] }
                if options.filter != .adaptive { return [PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: options.filter.rawValue)] }
                return [PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: 0),
                        PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: nil)]
            }
            /// Compresses the candidate that a level-6 trial on a sample of its rows ranks smallest (the
            /// ranking carries over to the whole frame at level 9, at a fraction of the cost of
            /// compressing every candidate fully; level 1 ranks worse, and a worse pick costs more bytes
            /// than the trial saves). Level 9 searches shorter match chains than zlib's own: the long
            /// search costs most of the time for a few bytes on HUD frames.
            func compressBest(_ candidates: [[UInt8]], rowBytes: Int) throws -> (data: [UInt8], index: Int) {
                var pick = 0
                if candidates.count > 1 {
                    var bestSize = Int.max
                    for (i, c) in candidates.enumerated() {
                        let n = try PNGChunks.deflate(PNGChunks.sampleRows(c, rowBytes: rowBytes), level: 6).count
                        if n < bestSize { bestSize = n; pick = i }
                    }
                }
                return (try PNGChunks.deflate(candidates[pick], level: options.compressionLevel, maxChain: 256), pick)
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
                    let data = try compressBest(filtered(samples(current, 0, 0, width, height, keep: nil), width, height),
                                                rowBytes: width * bpp + 1).data
                    return EncodedFrame(x0: 0, y0: 0, w: width, h: height, blendOver: false, data: data)
                }
                let (bx0, by0, bx1, by1, changedOpaque) = changedBox(current, previous)
                let x0 = bx0, y0 = by0, w = bx1 - bx0 + 1, h = by1 - by0 + 1
                var candidates = filtered(samples(current, x0, y0, w, h, keep: nil), w, h)
                let sourceCount = candidates.count
                let canClear = mode == .rgba || mode == .grayAlpha || (mode == .palette && clearIndex != nil) || key != nil
                if changedOpaque && canClear {
                    let prev = previous, cur = current
                    candidates += filtered(samples(current, x0, y0, w, h, keep: { p in
                        let i = p * 4
                        return cur[i] == prev[i] && cur[i + 1] == prev[i + 1] && cur[i + 2] == prev[i + 2] && cur[i + 3] == prev[i + 3]
                    }), w, h)
                }
                let best = try compressBest(candidates, rowBytes: w * bpp + 1)
                return EncodedFrame(x0: x0, y0: y0, w: w, h: h, blendOver: best.index >= sourceCount, data: best.data)
            }

            var sequence: UInt32 = 0
            var elapsed = 0.0, emittedMilliseconds = 0
            // Frames are read and encoded a batch at a time on every core, then written in order:
            // the bytes do not depend on the batch size or the scheduling.
            let batch = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) * 2
            var previous: [UInt8] = []
            var first = 0
            while first < spool.count {
                let n = min(batch, spool.count - first)
                var frames = [[UInt8]](repeating: [], count: n)
                for k in 0..<n { try spool.read(first + k, into: &frames[k]) }
                var results = [Result<EncodedFrame, Error>?](repeating: nil, count: n)
                let before = previous
                results.withUnsafeMutableBufferPointer { out in
                    let slots = out
                    DispatchQueue.concurrentPerform(iterations: n) { k in
                        let prev = k == 0 ? before : frames[k - 1]
                        slots[k] = Result { try encode(first + k, frames[k], prev) }
                    }
                }
                for k in 0..<n {
                    let index = first + k
                    let frame = try results[k]!.get()
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
                previous = frames[n - 1]
                first += n
            }
            try file.write(PNGChunks.chunk("IEND", []))
        }
    }
}
