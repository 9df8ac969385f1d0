// GIF.FrameWriter: the second pass. Maps frames to the global palette, differences them against what
// a viewer is showing, and writes them through giflib.
//
// Design note: the writer keeps the canvas a decoder would display (one colour per pixel), so
// differencing compares what will be seen, not what was asked for: a pixel whose new colour maps to the
// colour already shown is left transparent ("keep"), frames are cropped to the box of real changes, and
// a frame with no change just lengthens the previous one. Frames are written one step late, because a
// frame's disposal (keep, or restore-to-transparent when the next frame must lower alpha) and its
// delay are only known once the next frame has been seen. A frame gets a local colour table only when
// its new pixels are served badly by the global palette and the local table halves their error.
// Error diffusion runs only over pixels that have come to rest and skips high-contrast (anti-aliased)
// edges, so static areas and edges never shimmer: a pixel in motion (its source changed since the
// previous frame) is drawn with its nearest palette colour where that is within a level of the
// truth (dithered only where the palette is sparse), and refined with the dithered colour on the first
// frame where it stays put. Diffusion noise differs from frame to frame, which made every frame of a
// full-screen overlay fade incompressible (Scripts/bench_mission.sh: the default story's GIF went
// from 2.06 MB to 1.62 MB with the palette changes, PSNR 44.1 -> 47.6 dB, banding 0.48 -> 0.42).
import HUDRaster
import CGIF
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GIF {
    /// Receives giflib's output and forwards it to the atomic file in large writes.
    final class Sink {
        let file: AtomicFile
        var buffer: [UInt8] = []
        var failure: Error?
        init(file: AtomicFile) { self.file = file; buffer.reserveCapacity(1 << 16) }
        func flush() throws {
            if !buffer.isEmpty { try file.write(buffer); buffer.removeAll(keepingCapacity: true) }
        }
    }

    final class FrameWriter {
        let width: Int, height: Int
        let palette: Palette
        let options: Options
        private let sink: Sink
        private var gif: UnsafeMutablePointer<GifFileType>?
        private let transparent: UInt8
        private let search: PaletteSearch

        /// What a viewer shows: GIF.opaqueBit | RGB, or 0 for transparent.
        private var display: [UInt32]
        /// Global palette entries as display colours (the transparent index maps to 0).
        private let paletteColors: [UInt32]
        private var previous: [UInt32] = []
        private var quantized: [UInt8]
        /// Per pixel: 0 nothing to do, 1 its source changed (in motion), 2 at rest but shown only
        /// approximately (settles this frame).
        private var needs: [UInt8]
        /// Per pixel: 1 when what is shown is an approximation made while the pixel was moving (kept
        /// within the motion tolerance, or drawn undithered), to be refined once it comes to rest.
        private var lag: [UInt8]
        private var cache: [UInt8]
        private var known: [UInt64]
        /// A direct-mapped cache of OkLab conversions (a fade has many colours, each repeated along rows).
        private var labKeys = [UInt32](repeating: 0, count: 1 << 16)
        private var labValues = [OkLabColor](repeating: OkLabColor(l: 0, a: 0, b: 0), count: 1 << 16)

        private struct Pending {
            var x: Int, y: Int, w: Int, h: Int
            var indices: [UInt8]
            /// A local colour table (power-of-two entries) when this frame has its own palette.
            var localColors: [GifColorType]?
            var transparentIndex: UInt8
            var disposal: Int32
            var start: Double
            var seconds: Double
        }
        private var pending: Pending?
        private var elapsed = 0.0
        private var emittedCentiseconds = 0
        private(set) var framesWritten = 0

        init(file: AtomicFile, width: Int, height: Int, palette: Palette, options: Options) throws {
            self.width = width; self.height = height
            self.palette = palette; self.options = options
            sink = Sink(file: file)
            transparent = UInt8(palette.transparentIndex)
            search = PaletteSearch(palette.lab)
            display = [UInt32](repeating: 0, count: width * height)
            paletteColors = palette.colors.map { GIF.opaqueBit | UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) } + [0]
            quantized = [UInt8](repeating: 0, count: width * height)
            needs = [UInt8](repeating: 0, count: width * height)
            lag = [UInt8](repeating: 0, count: width * height)
            cache = [UInt8](repeating: 0, count: 1 << 24)
            known = [UInt64](repeating: 0, count: (1 << 24) / 64)
            try open()
        }

        deinit {
            if let g = gif { var e: Int32 = 0; _ = EGifCloseFile(g, &e) }
        }

        // MARK: giflib

        private func check(_ status: Int32, _ what: String) throws {
            guard status == GIF_OK else { throw failure(what) }
        }

        private func failure(_ what: String) -> Error {
            if let f = sink.failure { return f }
            let code = gif?.pointee.Error ?? 0
            let text = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
            return CodecError.encodeFailed(format: "GIF", reason: "\(what): \(text)")
        }

        private func open() throws {
            let output: OutputFunc = { g, bytes, length in
                guard let g, let user = g.pointee.UserData, let bytes else { return 0 }
                let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
                if sink.failure != nil { return 0 }
                sink.buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
                if sink.buffer.count >= 1 << 16 {
                    do { try sink.flush() } catch { sink.failure = error; return 0 }
                }
                return length
            }
            var error: Int32 = 0
            guard let g = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), output, &error) else {
                throw CodecError.encodeFailed(format: "GIF", reason: GifErrorString(error).map { String(cString: $0) } ?? "EGifOpen failed")
            }
            gif = g
            // Without this giflib writes a GIF87a header, which cannot carry transparency or delays.
            EGifSetGifVersion(g, true)
            var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: palette.tableSize)
            for (i, c) in palette.colors.enumerated() { colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
            guard let map = GifMakeMapObject(Int32(palette.tableSize), &colors) else {
                throw CodecError.encodeFailed(format: "GIF", reason: "out of memory for the colour table")
            }
            defer { GifFreeMapObject(map) }
            try check(EGifPutScreenDesc(g, Int32(width), Int32(height), 8, Int32(transparent), map), "screen descriptor")
            if let loops = options.loopCount {
                try check(EGifPutExtensionLeader(g, APPLICATION_EXT_FUNC_CODE), "loop extension")
                var id = Array("NETSCAPE2.0".utf8)
                try check(EGifPutExtensionBlock(g, 11, &id), "loop extension")
                var block: [UInt8] = [1, UInt8(loops & 0xFF), UInt8(loops >> 8)]
                try check(EGifPutExtensionBlock(g, 3, &block), "loop extension")
                try check(EGifPutExtensionTrailer(g), "loop extension")
            }
        }

        private func write(_ f: Pending) throws {
            guard let g = gif else { throw CodecError.alreadyFinished }
            let end = f.start + f.seconds
            let target = Int((end * 100).rounded())
            // Carry the rounding error forward; never below 2 cs (browsers slow 0-1 cs down to 10 cs).
            let delay = min(65535, max(2, target - emittedCentiseconds))
            emittedCentiseconds += delay
            var gcb = GraphicsControlBlock(DisposalMode: f.disposal, UserInputFlag: false,
                                           DelayTime: Int32(delay), TransparentColor: Int32(f.transparentIndex))
            var ext = [GifByteType](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, Int32(n), &ext), "graphics control")
            if var local = f.localColors {
                guard let map = GifMakeMapObject(Int32(local.count), &local) else {
                    throw CodecError.encodeFailed(format: "GIF", reason: "out of memory for a local colour table")
                }
                defer { GifFreeMapObject(map) }
                try check(EGifPutImageDesc(g, Int32(f.x), Int32(f.y), Int32(f.w), Int32(f.h), false, map), "image descriptor")
            } else {
                try check(EGifPutImageDesc(g, Int32(f.x), Int32(f.y), Int32(f.w), Int32(f.h), false, nil), "image descriptor")
            }
            var row = [GifByteType](repeating: 0, count: f.w)
            for y in 0..<f.h {
                // EGifPutLine modifies the row it is given: pass a copy.
                for x in 0..<f.w { row[x] = f.indices[y * f.w + x] }
                try check(EGifPutLine(g, &row, Int32(f.w)), "image data")
            }
            framesWritten += 1
        }

        // MARK: frames

        /// Adds a flattened frame shown for `duration` seconds.
        func add(_ frame: [UInt32], duration: Double) throws {
            let n = width * height
            precondition(frame.count == n)
            defer { elapsed += duration }
            let first = previous.count != n
            // Pixels to (re)quantise: those whose source changed, and those that came to rest
            // showing an approximation. In the same pass: pixels that must become transparent while
            // something is shown there (the frame shown before this one then gets "restore to
            // background" over a box that covers them).
            var settling = false, moving = false
            var cx0 = width, cy0 = height, cx1 = -1, cy1 = -1
            let (w0, h0) = (width, height)
            frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                    needs.withUnsafeMutableBufferPointer { nd in
                    lag.withUnsafeBufferPointer { lg in
                    display.withUnsafeBufferPointer { d in
                        if first { for i in 0..<n { nd[i] = 1 }; return }
                        for y in 0..<h0 {
                            let row = y * w0
                            for x in 0..<w0 {
                                let i = row + x
                                let c = f[i]
                                if c != p[i] {
                                    nd[i] = 1; moving = true
                                } else if lg[i] != 0 {
                                    nd[i] = 2; settling = true
                                } else {
                                    nd[i] = 0
                                }
                                if c == 0 && d[i] != 0 {
                                    cx0 = min(cx0, x); cx1 = max(cx1, x); cy0 = min(cy0, y); cy1 = max(cy1, y)
                                }
                            }
                        }
                    }}}
                }
            }
            if !first && !settling && !moving, pending != nil {
                pending!.seconds += duration
                return
            }
            if cx1 >= 0, var p = pending {
                let nx0 = min(p.x, cx0), ny0 = min(p.y, cy0)
                let nx1 = max(p.x + p.w - 1, cx1), ny1 = max(p.y + p.h - 1, cy1)
                let nw = nx1 - nx0 + 1, nh = ny1 - ny0 + 1
                if nw != p.w || nh != p.h {
                    var grown = [UInt8](repeating: p.transparentIndex, count: nw * nh)
                    for y in 0..<p.h { for x in 0..<p.w { grown[(y + p.y - ny0) * nw + (x + p.x - nx0)] = p.indices[y * p.w + x] } }
                    p.x = nx0; p.y = ny0; p.w = nw; p.h = nh; p.indices = grown
                }
                p.disposal = Int32(DISPOSE_BACKGROUND)
                pending = p
                for y in ny0...ny1 {
                    for x in nx0...nx1 {
                        let i = y * width + x
                        display[i] = 0
                        if frame[i] != 0 { needs[i] = 1 }
                    }
                }
            }
            quantize(frame, first: first)
            keepNearlyUnchanged(frame)
            // Box of pixels whose shown colour changes.
            var bx0 = width, by0 = height, bx1 = -1, by1 = -1
            var changedCount = 0
            var globalError = 0
            let pc = paletteColors
            frame.withUnsafeBufferPointer { f in
            needs.withUnsafeBufferPointer { nd in
            display.withUnsafeBufferPointer { d in
                quantized.withUnsafeBufferPointer { q in
                    for y in 0..<h0 {
                        let row = y * w0
                        for x in 0..<w0 {
                            let i = row + x
                            if nd[i] == 0 { continue }
                            let c = pc[Int(q[i])]
                            if c == d[i] { continue }
                            bx0 = min(bx0, x); bx1 = max(bx1, x); by0 = min(by0, y); by1 = max(by1, y)
                            changedCount += 1
                            globalError += GIF.squaredError(f[i], c)
                        }
                    }
                }
            }}}
            previous = frame
            updateLag()
            if first {
                // The first frame covers the whole canvas (some viewers size the animation from it).
                bx0 = 0; by0 = 0; bx1 = width - 1; by1 = height - 1
            } else if bx1 < 0 {
                pending?.seconds += duration
                return
            }
            if let p = pending { try write(p) }
            let w = bx1 - bx0 + 1, h = by1 - by0 + 1
            // A frame whose new pixels the global palette serves badly (a scene change) gets its own
            // palette, but only when that at least halves the error: local palettes cost a colour table
            // and make later unchanged pixels depend on colours the global palette lacks.
            var local: (table: [GifColorType], colors: [UInt32], indices: [UInt8], transparent: UInt8)? = nil
            if options.allowsLocalPalettes && !first && changedCount >= 256 && globalError > changedCount * 48 {
                local = localPalette(frame, x0: bx0, y0: by0, w: w, h: h, globalError: globalError)
            }
            let t: UInt8 = local?.transparent ?? transparent
            var indices = [UInt8](repeating: t, count: w * h)
            let fullWidth = width
            quantized.withUnsafeBufferPointer { qb in
            needs.withUnsafeBufferPointer { nd in
                display.withUnsafeMutableBufferPointer { d in
                    indices.withUnsafeMutableBufferPointer { out in
                        for y in 0..<h {
                            // Where the shown colour stays, either "keep" or the same colour draws the same
                            // thing: pick whichever continues the current run, which LZW compresses best.
                            var last = t
                            for x in 0..<w {
                                let i = (y + by0) * fullWidth + x + bx0
                                if nd[i] == 0 {
                                    let shown = last == t ? 0 : (local.map { $0.colors[Int(last)] } ?? pc[Int(last)])
                                    if shown == 0 || shown != d[i] { last = t }
                                    out[y * w + x] = last
                                    continue
                                }
                                let k: UInt8, c: UInt32
                                if let local { k = local.indices[y * w + x]; c = local.colors[Int(k)] }
                                else { k = qb[i]; c = pc[Int(k)] }
                                var v: UInt8
                                if c != d[i] { v = k } else { v = (last == k) ? k : t }
                                if c == 0 { v = t }
                                out[y * w + x] = v
                                d[i] = c
                                last = v
                            }
                        }
                    }
                }
            }}
            pending = Pending(x: bx0, y: by0, w: w, h: h, indices: indices, localColors: local?.table, transparentIndex: t,
                              disposal: Int32(DISPOSE_DO_NOT), start: elapsed, seconds: duration)
        }

        /// Lossy frame differencing (`Options.motionTolerance`): a moving pixel whose new colour is
        /// within the tolerance (OkLab distance) of what the viewer already shows is left as it is
        /// ("keep") and marked as lagging, so it is refined once it comes to rest.
        private func keepNearlyUnchanged(_ frame: [UInt32]) {
            let tolerance = Float(options.motionTolerance)
            guard tolerance > 0, previous.count == frame.count else { return }
            let limit = tolerance * tolerance
            let n = width * height
            frame.withUnsafeBufferPointer { f in
            display.withUnsafeBufferPointer { d in
            needs.withUnsafeMutableBufferPointer { nd in
            lag.withUnsafeMutableBufferPointer { lg in
            labKeys.withUnsafeMutableBufferPointer { keys in
            labValues.withUnsafeMutableBufferPointer { labs in
                @inline(__always) func lab(_ c: UInt32) -> OkLabColor {
                    let h = Int(truncatingIfNeeded: (c &* 0x9E37_79B1) >> 16)
                    if keys[h] == c { return labs[h] }
                    let v = OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF))
                    keys[h] = c; labs[h] = v
                    return v
                }
                for i in 0..<n where nd[i] == 1 {
                    let c = f[i], shown = d[i]
                    if c == 0 || shown == 0 { continue }
                    if lab(c).distanceSquared(lab(shown)) <= limit { nd[i] = 0; lg[i] = 1 }
                }
            }}}}}}
        }

        /// Records which pixels now show approximations (see `lag`).
        private func updateLag() {
            let n = width * height
            let approximate: UInt8
            if case .errorDiffusion(let s) = options.dithering, s > 0 { approximate = 1 } else { approximate = 0 }
            needs.withUnsafeBufferPointer { nd in
                lag.withUnsafeMutableBufferPointer { lg in
                    for i in 0..<n {
                        switch nd[i] {
                        case 1: lg[i] = approximate
                        case 2: lg[i] = 0
                        default: break
                        }
                    }
                }
            }
        }

        /// A palette for the changed pixels of one frame, with their indices over the box, when it beats
        /// the global palette by at least half the squared error; nil otherwise.
        private func localPalette(_ frame: [UInt32], x0: Int, y0: Int, w: Int, h: Int, globalError: Int)
            -> (table: [GifColorType], colors: [UInt32], indices: [UInt8], transparent: UInt8)? {
            var changed: [UInt32] = []
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) {
                    let i = y * width + x
                    if needs[i] != 0 && frame[i] != 0 { changed.append(frame[i]) }
                }
            }
            var stats = ColorStatistics(exactLimit: options.maximumColors - 1)
            stats.add(changed)
            let p = Palette.build(from: stats, maximumColors: options.maximumColors)
            let search = PaletteSearch(p.lab)
            let colors = p.colors.map { GIF.opaqueBit | UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) } + [0]
            let t = UInt8(p.transparentIndex)
            var indices = [UInt8](repeating: t, count: w * h)
            var error = 0
            var memo: [UInt32: UInt8] = [:]
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y + y0) * width + x + x0
                    guard needs[i] != 0 else { continue }
                    let c = frame[i]
                    if c == 0 { continue }
                    let k: UInt8
                    if let m = memo[c] { k = m } else {
                        k = search.nearest(OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)))
                        memo[c] = k
                    }
                    indices[y * w + x] = k
                    if colors[Int(k)] != display[i] { error += GIF.squaredError(c, colors[Int(k)]) }
                }
            }
            guard error * 2 < globalError else { return nil }
            var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: p.tableSize)
            for (i, c) in p.colors.enumerated() { table[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
            return (table, colors, indices, t)
        }

        /// Writes the last frame and the trailer.
        func finish() throws {
            if let p = pending { try write(p); pending = nil }
            guard let g = gif else { throw CodecError.alreadyFinished }
            gif = nil
            var error: Int32 = 0
            let status = EGifCloseFile(g, &error)
            if let f = sink.failure { throw f }
            guard status == GIF_OK else {
                throw CodecError.encodeFailed(format: "GIF", reason: GifErrorString(error).map { String(cString: $0) } ?? "giflib error \(error)")
            }
            try sink.flush()
        }

        // MARK: quantisation

        /// Peak-to-peak ordered-dither offset in sRGB levels; 4 measured best (Scripts/compare_gif.sh: 8 and
        /// more add visible noise, PSNR 42.7 and below, without reducing banding).
        static let orderedAmplitude = 4

        /// A moving pixel whose nearest palette colour is off by more than this many sRGB levels in a
        /// channel is dithered even while it moves: there the palette is sparse and a fade would show
        /// moving bands. Measured on the default story: 1 keeps bands out of the early fade-in (near
        /// white) for 7% more bytes than never dithering moving pixels; 0.5 dithers nearly everything
        /// (2.2 MB).
        static let motionDitherError: Float = 1

        /// The 8x8 Bayer threshold matrix (values 0...63), built by the usual recursive doubling.
        private static let bayer: [Int] = {
            var m = [0], size = 1
            while size < 8 {
                var n = [Int](repeating: 0, count: size * size * 4)
                for y in 0..<size {
                    for x in 0..<size {
                        let v = m[y * size + x] * 4
                        n[y * 2 * size + x] = v
                        n[y * 2 * size + x + size] = v + 2
                        n[(y + size) * 2 * size + x] = v + 3
                        n[(y + size) * 2 * size + x + size] = v + 1
                    }
                }
                m = n; size *= 2
            }
            return m
        }()

        /// Fills `quantized` with global palette indices for the pixels that `needs` marks.
        /// Works on raw buffers taken once per frame (per-access exclusivity checks on the class's
        /// arrays cost more than the quantisation itself).
        private func quantize(_ frame: [UInt32], first: Bool) {
            var strength: Float = 0
            var ordered = false
            switch options.dithering {
            case .none: break
            case .ordered: ordered = true
            case let .errorDiffusion(s): strength = Float(s)
            }
            let w = width, h = height, t = transparent, search = self.search
            let pr = palette.colors.map { Float($0.r) }, pg = palette.colors.map { Float($0.g) }, pb = palette.colors.map { Float($0.b) }
            let bayer = GIF.FrameWriter.bayer, amplitude = GIF.FrameWriter.orderedAmplitude
            // Error rows (3 channels, one pixel of padding each side).
            var cur = [Float](repeating: 0, count: (w + 2) * 3)
            var next = [Float](repeating: 0, count: (w + 2) * 3)
            let edgeThreshold: UInt32 = 40
            let motionError = GIF.FrameWriter.motionDitherError
            @inline(__always) func contrast(_ a: UInt32, _ b: UInt32) -> UInt32 {
                if (a ^ b) & GIF.opaqueBit != 0 { return 255 }
                let dr = abs(Int32((a >> 16) & 0xFF) - Int32((b >> 16) & 0xFF))
                let dg = abs(Int32((a >> 8) & 0xFF) - Int32((b >> 8) & 0xFF))
                let db = abs(Int32(a & 0xFF) - Int32(b & 0xFF))
                return UInt32(max(dr, max(dg, db)))
            }
            frame.withUnsafeBufferPointer { f in
            needs.withUnsafeBufferPointer { nd in
            quantized.withUnsafeMutableBufferPointer { q in
            cache.withUnsafeMutableBufferPointer { cache in
            known.withUnsafeMutableBufferPointer { known in
                @inline(__always) func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
                    let key = r << 16 | g << 8 | b
                    if known[key >> 6] & (1 << UInt64(key & 63)) != 0 { return cache[key] }
                    let v = search.nearest(OkLab.fromSRGB(UInt8(r), UInt8(g), UInt8(b)))
                    cache[key] = v
                    known[key >> 6] |= 1 << UInt64(key & 63)
                    return v
                }
                for y in 0..<h {
                    if strength > 0 { for k in 0..<next.count { next[k] = 0 } }
                    for x in 0..<w {
                        let i = y * w + x
                        if nd[i] == 0 { continue }
                        let c = f[i]
                        if c == 0 { q[i] = t; continue }
                        let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                        if ordered {
                            let o = (bayer[(y & 7) * 8 + (x & 7)] * 2 - 63) * amplitude / 128
                            q[i] = nearest(max(0, min(255, r + o)), max(0, min(255, g + o)), max(0, min(255, b + o)))
                            continue
                        }
                        // Moving pixels are drawn undithered (diffusion noise changes from frame to
                        // frame and defeats LZW); they are dithered when they come to rest.
                        if strength == 0 { q[i] = nearest(r, g, b); continue }
                        if nd[i] == 1 && !first {
                            // A moving pixel the palette serves closely is drawn undithered; where the
                            // palette is sparse (bands would show), it is dithered as at rest.
                            let k = nearest(r, g, b)
                            let er = abs(Float(r) - pr[Int(k)]), eg = abs(Float(g) - pg[Int(k)]), eb = abs(Float(b) - pb[Int(k)])
                            if max(er, max(eg, eb)) <= motionError { q[i] = k; continue }
                        }
                        var edge = false
                        if x > 0 && contrast(c, f[i - 1]) > edgeThreshold { edge = true }
                        else if x + 1 < w && contrast(c, f[i + 1]) > edgeThreshold { edge = true }
                        else if y > 0 && contrast(c, f[i - w]) > edgeThreshold { edge = true }
                        else if y + 1 < h && contrast(c, f[i + w]) > edgeThreshold { edge = true }
                        if edge { q[i] = nearest(r, g, b); continue }
                        let e = (x + 1) * 3
                        let vr = max(0, min(255, Float(r) + cur[e])), vg = max(0, min(255, Float(g) + cur[e + 1])), vb = max(0, min(255, Float(b) + cur[e + 2]))
                        let k = nearest(Int(vr.rounded()), Int(vg.rounded()), Int(vb.rounded()))
                        q[i] = k
                        // Error relative to the true colour plus the error received, scaled and clamped so
                        // a missing palette colour cannot smear a streak across the frame.
                        let er = max(-24, min(24, (vr - pr[Int(k)]) * strength))
                        let eg = max(-24, min(24, (vg - pg[Int(k)]) * strength))
                        let eb = max(-24, min(24, (vb - pb[Int(k)]) * strength))
                        cur[e + 3] += er * 7 / 16; cur[e + 4] += eg * 7 / 16; cur[e + 5] += eb * 7 / 16
                        next[e - 3] += er * 3 / 16; next[e - 2] += eg * 3 / 16; next[e - 1] += eb * 3 / 16
                        next[e] += er * 5 / 16; next[e + 1] += eg * 5 / 16; next[e + 2] += eb * 5 / 16
                        next[e + 3] += er / 16; next[e + 4] += eg / 16; next[e + 5] += eb / 16
                    }
                    if strength > 0 { swap(&cur, &next) }
                }
            }}}}}
        }
    }
}
