// GIF.FrameWriter: the second pass. Decides what every frame draws and hands it, compressed, to the
// container.
//
// Design note: the writer keeps the canvas a decoder would display, so differencing compares what
// will be seen, not what was asked for. Its rule against flicker: a pixel whose source does not change
// is never redrawn in another colour; it is left transparent ("keep") or drawn with the index it
// already shows, whichever continues the LZW run. A pixel whose source changed is quantised (dithered
// only there, see GIF.Quantizer), and under `Options.quality` below 100 it may instead keep what is
// shown, or take any palette colour, while that stays within an error budget of its true colour: a
// fade then changes only the pixels that drift out of budget (the budget for keeping varies by row,
// GIF.keepBudget, so the redrawn region has no contour edge), and the LZW encoder (GIF.LZWEncoder)
// picks among the acceptable indices the one that makes the longest string. That budget is spent only
// on pixels that change again in the next frame: a pixel that comes to rest is drawn with its own
// (dithered) choice, because its error stays on screen for as long as it rests (a still first frame,
// a settled HUD) and lossy runs there flatten the dither of gradients into bands. So each frame is
// encoded once the next one is known (`held`). Frames are cropped to the box of pixels that must
// change, and a frame with none just lengthens the previous one. Encoded frames are written one step
// later still, because a frame's disposal (keep, or restore-to-transparent when the next
// frame must lower alpha) and its delay are only known once the next frame has been seen. A frame
// gets a local colour table only when its new pixels are served badly by the global palette and the
// local table halves their error (GIF.LocalPalette).
import HUDRaster
import CGIF

extension GIF {
    final class FrameWriter {
        let width: Int, height: Int
        let palette: Palette
        let options: Options
        private let stream: Stream
        /// Quantises again a frame whose analysis the previous frame's disposal invalidated.
        private lazy var quantizer = Quantizer(width: width, height: height, palette: palette, dithering: options.dithering)
        private var lzw = LZWEncoder()
        private let transparent: UInt8
        /// Squared sRGB error a changed pixel may keep (see `Options.quality`, `Options.errorBudget(paletteError:)`).
        private let budget: Int

        /// What a viewer shows: GIF.opaqueBit | RGB, or 0 for transparent.
        private var display: [UInt32]
        /// The global index of what is shown, or -1 (transparent, or a local table's colour).
        private var shown: [Int16]
        /// Global palette entries as display colours (the transparent index maps to 0).
        private let paletteColors: [UInt32]
        private var quantized: [UInt8]
        /// Per pixel: 0 source unchanged, 1 source changed, 3 unchanged but cleared by the previous
        /// frame's disposal (drawn again as it was).
        private var needs: [UInt8]
        /// Per pixel whose source changed, 1 when it may go on showing what is shown (drawBox's
        /// decision, which pixelChoices reuses for the global palette); other pixels' are stale.
        private var keeps: [UInt8]

        private struct Pending {
            var x: Int, y: Int, w: Int, h: Int
            var indices: [UInt8]
            var localColors: [GifColorType]?
            var codeSize: Int
            var transparentIndex: UInt8
            var disposal: Int32
            var start: Double
            var seconds: Double
            /// Compressed indices; nil when the box grew after compression.
            var data: [UInt8]?
        }
        private var pending: Pending?
        private var elapsed = 0.0
        private var emittedCentiseconds = 0
        private(set) var framesWritten = 0

        init(file: AtomicFile, width: Int, height: Int, palette: Palette, options: Options) throws {
            self.width = width; self.height = height
            self.palette = palette; self.options = options
            transparent = UInt8(palette.transparentIndex)
            budget = options.errorBudget(paletteError: palette.meanSquaredError)
            display = [UInt32](repeating: 0, count: width * height)
            shown = [Int16](repeating: -1, count: width * height)
            paletteColors = palette.colors.map { GIF.opaqueBit | UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) } + [0]
            quantized = [UInt8](repeating: 0, count: width * height)
            needs = [UInt8](repeating: 0, count: width * height)
            keeps = [UInt8](repeating: 0, count: width * height)
            var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: palette.tableSize)
            for (i, c) in palette.colors.enumerated() { colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
            stream = try Stream(file: file, width: width, height: height, globalColors: colors,
                                transparentIndex: palette.transparentIndex, loopCount: options.loopCount)
        }

        private func write(_ f: Pending) throws {
            let end = f.start + f.seconds
            let target = Int((end * 100).rounded())
            // Carry the rounding error forward; never below 2 cs (browsers slow 0-1 cs down to 10 cs).
            let delay = min(65535, max(2, target - emittedCentiseconds))
            emittedCentiseconds += delay
            var data = f.data
            if data == nil {
                var choices = PixelChoices(count: f.indices.count)
                choices.target = f.indices
                var out: [UInt8] = []
                data = lzw.encode(choices, count: f.indices.count, minCodeSize: f.codeSize, colors: [], budget: 0, indices: &out)
            }
            try stream.write(Stream.Frame(x: f.x, y: f.y, w: f.w, h: f.h, localColors: f.localColors, codeSize: f.codeSize,
                                          transparentIndex: f.transparentIndex, disposal: f.disposal, delay: delay, data: data!))
            framesWritten += 1
        }

        /// The frame added last: it is encoded once the next one (or the end) is known.
        private var held: (analysis: FrameAnalysis, duration: Double)?
        /// Per pixel of the frame being encoded: 0 when its source does not change in the next frame;
        /// empty when the frame is the last (every pixel rests).
        private var nextNeeds: [UInt8] = []

        /// Adds a frame, analysed by a GIF.FrameAnalyzer that saw every frame before it, shown for
        /// `duration` seconds.
        func add(_ analysis: FrameAnalysis, duration: Double) throws {
            if let h = held {
                nextNeeds = analysis.needs
                try encode(h.analysis, duration: h.duration)
            }
            held = (analysis, duration)
        }

        /// Encodes a frame whose successor's changes are in `nextNeeds`.
        private func encode(_ analysis: FrameAnalysis, duration: Double) throws {
            let n = width * height
            precondition(analysis.frame.count == n)
            defer { elapsed += duration }
            let first = analysis.first, frame = analysis.frame
            if !first && !analysis.moving, pending != nil {
                pending!.seconds += duration
                return
            }
            needs = analysis.needs
            quantized = analysis.quantized
            guard var region = analysis.changed else { pending?.seconds += duration; return }
            if !first, let clear = clearBox(frame, within: region) {
                let (marked, cleared) = clearBehindPending(clear, frame)
                if marked { quantizer.quantize(frame, needs: needs, first: first, resting: true, into: &quantized) }
                region = (min(region.x0, cleared.x0), min(region.y0, cleared.y0),
                          max(region.x1, cleared.x1), max(region.y1, cleared.y1))
            }
            var (box, changedCount, globalError) = drawBox(frame, within: region)
            if first {
                // The first frame covers the whole canvas (some viewers size the animation from it).
                box = (0, 0, width, height)
            } else if box.w == 0 {
                pending?.seconds += duration
                return
            }
            if let p = pending { try write(p) }
            var local: LocalPalette? = nil
            if options.allowsLocalPalettes && !first && changedCount >= 256 && globalError > changedCount * 48 {
                local = LocalPalette.build(frame, needs: needs, display: display, width: width, box: box,
                                           globalError: globalError, maximumColors: options.maximumColors)
            }
            var choices = pixelChoices(frame, box: box, local: local)
            let table = frameTable(local, &choices)
            let (data, indices) = lzw.encodeSmallest(choices, count: box.w * box.h, table: table, budget: budget,
                                                     minimumSegments: width * height >= LZWEncoder.largeCanvasPixels ? 2 : 1)
            commit(indices, box: box, colors: table.colors, transparent: table.transparent, isLocal: local != nil)
            pending = Pending(x: box.x, y: box.y, w: box.w, h: box.h, indices: indices, localColors: local?.table,
                              codeSize: table.codeSize, transparentIndex: table.transparent,
                              disposal: Int32(DISPOSE_DO_NOT), start: elapsed, seconds: duration, data: data)
        }

        /// The box of pixels that must become transparent while something is shown there.
        /// Only pixels whose source changed can be such a pixel: after every frame, nothing is shown
        /// where the source is transparent (the clear below, and transparent pixels are never drawn).
        private func clearBox(_ frame: [UInt32], within r: Region) -> (Int, Int, Int, Int)? {
            var cx0 = width, cy0 = height, cx1 = -1, cy1 = -1
            let w0 = width
            frame.withUnsafeBufferPointer { f in
            display.withUnsafeBufferPointer { d in
                let parts = RowSplit.run(r.y0..<(r.y1 + 1)) { rows in
                    var part = BoxScan()
                    for y in rows {
                        let row = y &* w0
                        var x = r.x0
                        while x <= r.x1 {
                            let i = row &+ x
                            if x &+ 8 <= r.x1 &+ 1 {
                                // Eight at a time: shown (display not 0) where the source is transparent.
                                let shownOverClear = GIF.Lanes.nonzero(GIF.Lanes.load(SIMD8<UInt32>.self, d, i))
                                    & (SIMD8(repeating: 1) &- GIF.Lanes.nonzero(GIF.Lanes.load(SIMD8<UInt32>.self, f, i)))
                                part.markEight(x, GIF.Lanes.lowBytes(shownOverClear))
                                x &+= 8; continue
                            }
                            if f[i] == 0 && d[i] != 0 { part.mark(x) }
                            x &+= 1
                        }
                        part.endRow(y)
                    }
                    return part
                }
                for p in parts { cx0 = min(cx0, p.x0); cy0 = min(cy0, p.y0); cx1 = max(cx1, p.x1); cy1 = max(cy1, p.y1) }
            }}
            return cx1 >= 0 ? (cx0, cy0, cx1, cy1) : nil
        }

        /// Gives the pending frame "restore to background" over a box that covers `clear`; what it
        /// clears and should still show is drawn again by this frame. Returns whether that marked
        /// any pixel (needs 3), which changes how the frame is quantised, and the box it cleared.
        private func clearBehindPending(_ clear: (Int, Int, Int, Int), _ frame: [UInt32]) -> (marked: Bool, cleared: Region) {
            guard var p = pending else { return (false, clear) }
            let (cx0, cy0, cx1, cy1) = clear
            let nx0 = min(p.x, cx0), ny0 = min(p.y, cy0)
            let nx1 = max(p.x + p.w - 1, cx1), ny1 = max(p.y + p.h - 1, cy1)
            let nw = nx1 - nx0 + 1, nh = ny1 - ny0 + 1
            if nw != p.w || nh != p.h {
                var grown = [UInt8](repeating: p.transparentIndex, count: nw * nh)
                for y in 0..<p.h { for x in 0..<p.w { grown[(y + p.y - ny0) * nw + (x + p.x - nx0)] = p.indices[y * p.w + x] } }
                p.x = nx0; p.y = ny0; p.w = nw; p.h = nh; p.indices = grown
                p.data = nil
            }
            p.disposal = Int32(DISPOSE_BACKGROUND)
            pending = p
            let width = self.width
            var marked = false
            frame.withUnsafeBufferPointer { frame in
            display.withUnsafeMutableBufferPointer { display in
            needs.withUnsafeMutableBufferPointer { needs in
                for y in ny0...ny1 {
                    for x in nx0...nx1 {
                        let i = y * width + x
                        display[i] = 0
                        if frame[i] != 0 && needs[i] == 0 { needs[i] = 3; marked = true }
                    }
                }
            }}}
            return (marked, (nx0, ny0, nx1, ny1))
        }

        /// The box of pixels that must be drawn, with the count and squared error of the changed ones.
        /// (Raw buffers: per-pixel access to the class's arrays pays an exclusivity check each.)
        /// Pixels outside `r` have `needs` 0.
        private func drawBox(_ frame: [UInt32], within r: Region) -> (box: (x: Int, y: Int, w: Int, h: Int), count: Int, error: Int) {
            var bx0 = width, by0 = height, bx1 = -1, by1 = -1
            var changedCount = 0, globalError = 0
            let (w0, budget) = (width, self.budget)
            nextNeeds.withUnsafeBufferPointer { next in
            frame.withUnsafeBufferPointer { f in
            needs.withUnsafeBufferPointer { needs in
            quantized.withUnsafeBufferPointer { q in
            display.withUnsafeBufferPointer { display in
            keeps.withUnsafeMutableBufferPointer { kp in
            paletteColors.withUnsafeBufferPointer { pc in
                let parts = RowSplit.run(r.y0..<(r.y1 + 1)) { rows in
                    var part = BoxScan()
                    for y in rows {
                        let row = y &* w0, keep = GIF.keepBudget(budget, y: y)
                        var x = r.x0
                        while x <= r.x1 {
                            if x &+ 8 <= r.x1 &+ 1 {
                                let group = GIF.Lanes.word(needs, row &+ x)
                                // Unchanged pixels (needs 0) are skipped eight at a time, and eight
                                // changed ones are decided together.
                                if group == 0 { x &+= 8; continue }
                                if group == 0x0101_0101_0101_0101 {
                                    let i = row &+ x
                                    let drawn = SIMD8<UInt32>(pc[Int(q[i])], pc[Int(q[i &+ 1])], pc[Int(q[i &+ 2])], pc[Int(q[i &+ 3])],
                                                              pc[Int(q[i &+ 4])], pc[Int(q[i &+ 5])], pc[Int(q[i &+ 6])], pc[Int(q[i &+ 7])])
                                    // A pixel that rests after this frame may keep no error.
                                    let budgets = next.isEmpty ? SIMD8<UInt32>() : GIF.Lanes.nonzero(GIF.Lanes.widen(next, i)) &* UInt32(keep)
                                    let kept = part.changedEight(x, truth: GIF.Lanes.load(SIMD8<UInt32>.self, f, i), drawn: drawn,
                                                                 shown: GIF.Lanes.load(SIMD8<UInt32>.self, display, i), budget: budgets)
                                    GIF.Lanes.store(kept, kp, i)
                                    x &+= 8; continue
                                }
                            }
                            let i = row &+ x, nd = needs[i]
                            if nd == 1 {
                                let truth = f[i], c = pc[Int(q[i])], d = display[i]
                                let kept = GIF.mayKeep(truth, c, d, budget: GIF.rests(next, i) ? 0 : keep)
                                kp[i] = kept ? 1 : 0
                                if !kept { part.changed(x, error: GIF.squaredError(truth, c)) }
                            } else if nd != 0 {
                                part.mark(x)
                            }
                            x &+= 1
                        }
                        part.endRow(y)
                    }
                    return part
                }
                for p in parts {
                    bx0 = min(bx0, p.x0); by0 = min(by0, p.y0); bx1 = max(bx1, p.x1); by1 = max(by1, p.y1)
                    changedCount += p.count; globalError += p.error
                }
            }}}}}}}
            if bx1 < 0 { return ((0, 0, 0, 0), 0, 0) }
            return ((bx0, by0, bx1 - bx0 + 1, by1 - by0 + 1), changedCount, globalError)
        }

        /// What the LZW encoder may draw at each pixel of the box.
        private func pixelChoices(_ frame: [UInt32], box: (x: Int, y: Int, w: Int, h: Int), local: LocalPalette?) -> PixelChoices {
            let t = local?.transparent ?? transparent
            var choices = PixelChoices(uninitializedCount: box.w * box.h)
            let lossy = budget > 0, budget = self.budget, width = self.width
            let localIndices = local?.indices ?? [], localColors = local?.colors ?? []
            let isLocal = local != nil
            nextNeeds.withUnsafeBufferPointer { next in
            frame.withUnsafeBufferPointer { frame in
            needs.withUnsafeBufferPointer { needs in
            quantized.withUnsafeBufferPointer { quantized in
            display.withUnsafeBufferPointer { display in
            shown.withUnsafeBufferPointer { shown in
            keeps.withUnsafeBufferPointer { kp in
            choices.target.withUnsafeMutableBufferPointer { target in
            choices.alternative.withUnsafeMutableBufferPointer { alternative in
            choices.truth.withUnsafeMutableBufferPointer { truths in
                _ = RowSplit.run(0..<box.h) { rows in
                    for y in rows {
                        let keep = GIF.keepBudget(budget, y: y + box.y)
                        let i0 = (y + box.y) * width + box.x, j0 = y * box.w
                        var x = 0
                        while x < box.w {
                            let i = i0 &+ x, j = j0 &+ x
                            if !isLocal && x &+ 8 <= box.w && GIF.Lanes.word(needs, i) == 0x0101_0101_0101_0101 {
                                // Eight changed pixels, decided as below.
                                let lanes = GIF.PixelChoices.Eight(truth: GIF.Lanes.load(SIMD8<UInt32>.self, frame, i),
                                                                   quantized: GIF.Lanes.widen(quantized, i), kept: GIF.Lanes.widen(kp, i),
                                                                   later: next.isEmpty || !lossy ? SIMD8() : GIF.Lanes.widen(next, i), keep: t)
                                lanes.store(j, target: target, alternative: alternative, truth: truths)
                                x &+= 8; continue
                            }
                            x &+= 1
                            let truth = frame[i], d = display[i]
                            // Every entry is written (the arrays start uninitialised): by default the
                            // target alone, with no alternative and no truth.
                            var k = t, alt: Int16 = -1, acceptable: UInt32 = 0
                            switch needs[i] {
                            case 0:
                                // Unchanged: keep, or the index already shown (bit-identical either way).
                                if !isLocal && d != 0 && shown[i] >= 0 { alt = shown[i] }
                            case 3:
                                let s = shown[i]
                                k = !isLocal && s >= 0 ? UInt8(s) : (isLocal ? localIndices[j] : quantized[i])
                            default:
                                if truth == 0 { break }
                                let q = isLocal ? localIndices[j] : quantized[i]
                                let rests = GIF.rests(next, i)
                                // drawBox decided this for the global palette.
                                let kept = isLocal ? GIF.mayKeep(truth, localColors[Int(q)], d, budget: rests ? 0 : keep) : kp[i] != 0
                                // Keeping what is shown is the smallest change; drawing is acceptable too.
                                if kept { alt = Int16(q) } else { k = q }
                                if lossy && !rests { acceptable = truth }
                            }
                            target[j] = k; alternative[j] = alt; truths[j] = acceptable
                        }
                    }
                }
            }}}}}}}}}}
            return choices
        }

        /// The colours, transparent index and code size of a frame (see GIF.FrameTable).
        private func frameTable(_ local: LocalPalette?, _ choices: inout PixelChoices) -> FrameTable {
            guard let local else { return FrameTable.global(paletteColors, keep: transparent, choices: &choices) }
            return FrameTable(colors: local.colors, transparent: local.transparent,
                              codeSize: Stream.minCodeSize(entries: local.table.count))
        }

        /// Updates what is shown from the indices the encoder chose. (Raw buffers, as in `drawBox`; rows
        /// in parts on two threads, GIF.RowSplit.)
        private func commit(_ indices: [UInt8], box: (x: Int, y: Int, w: Int, h: Int), colors: [UInt32],
                            transparent: UInt8, isLocal: Bool) {
            let t = transparent, keepAll = UInt64(t) &* 0x0101_0101_0101_0101
            let width = self.width
            indices.withUnsafeBufferPointer { indices in
            colors.withUnsafeBufferPointer { colors in
            display.withUnsafeMutableBufferPointer { display in
            shown.withUnsafeMutableBufferPointer { shown in
                _ = RowSplit.run(0..<box.h) { rows in
                    for y in rows {
                        let i0 = (y + box.y) * width + box.x, j0 = y * box.w
                        var x = 0
                        while x < box.w {
                            // Eight pixels at a time when none or all of them keep what is shown.
                            if x &+ 8 <= box.w {
                                let group = GIF.Lanes.word(indices, j0 &+ x)
                                if group == keepAll { x &+= 8; continue }
                                if !GIF.Lanes.hasByte(group, t) {
                                    let j = j0 &+ x, i = i0 &+ x
                                    GIF.Lanes.store(SIMD8<UInt32>(colors[Int(indices[j])], colors[Int(indices[j &+ 1])],
                                                                  colors[Int(indices[j &+ 2])], colors[Int(indices[j &+ 3])],
                                                                  colors[Int(indices[j &+ 4])], colors[Int(indices[j &+ 5])],
                                                                  colors[Int(indices[j &+ 6])], colors[Int(indices[j &+ 7])]), display, i)
                                    let indexes = GIF.Lanes.lowHalves(GIF.Lanes.widen(indices, j))
                                    GIF.Lanes.store(isLocal ? SIMD8<UInt16>(repeating: 0xFFFF) : indexes, shown, i)
                                    x &+= 8; continue
                                }
                            }
                            let k = Int(indices[j0 &+ x])
                            if k != Int(t) {
                                display[i0 &+ x] = colors[k]
                                shown[i0 &+ x] = isLocal ? -1 : Int16(k)
                            }
                            x &+= 1
                        }
                    }
                }
            }}}}
        }

        /// Writes the last frame and the trailer.
        func finish() throws {
            if let h = held { nextNeeds = []; try encode(h.analysis, duration: h.duration); held = nil }
            if let p = pending { try write(p); pending = nil }
            try stream.close()
        }
    }
}

extension GIF {
    /// Whether pixel `i` rests after this frame: its source does not change in the next frame
    /// (`next`, that frame's needs), or this frame is the last (`next` empty). A resting pixel gets
    /// no error budget: what it shows now stays on screen until its source changes again.
    @inline(__always)
    static func rests(_ next: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        next.isEmpty || next[i] == 0
    }

    /// Whether a changed pixel may go on showing `shown` instead of being drawn (within `budget`).
    @inline(__always)
    static func mayKeep(_ truth: UInt32, _ shown: UInt32, budget: Int) -> Bool {
        budget > 0 && truth != 0 && shown != 0 && squaredError(truth, shown) <= budget
    }

    /// Whether a changed pixel that would be drawn `drawn` may go on showing `shown`: they are the
    /// same colour, or `shown` is within `budget`.
    @inline(__always)
    static func mayKeep(_ truth: UInt32, _ drawn: UInt32, _ shown: UInt32, budget: Int) -> Bool {
        drawn == shown || mayKeep(truth, shown, budget: budget)
    }
}

extension GIF {
    /// The error a changed pixel in row `y` may keep: a share of `budget` that steps through eight
    /// levels over eight rows. With one budget everywhere, a fade redraws whole regions in the frame
    /// their error crosses it, and the edge between redrawn and kept pixels is a contour ring in
    /// a smooth gradient; with thresholds interleaved by row, that edge is spread over eight rows
    /// and averages out. The thresholds vary by row only, so runs along a row (what LZW strings
    /// follow) stay as long as before, which a 2-D dither matrix measured to break.
    @inline(__always)
    static func keepBudget(_ budget: Int, y: Int) -> Int {
        // The row's rank is its 3-bit index reversed (0 4 2 6 1 5 3 7): neighbouring rows far apart.
        let rank = (y & 1) << 2 | (y & 2) | (y >> 2) & 1
        return budget * (2 * rank + 1) / 16
    }
}
