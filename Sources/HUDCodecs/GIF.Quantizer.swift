// GIF.Quantizer: maps true colours to palette indices, with the chosen dithering.
//
// Design note: only pixels whose source changed are quantised (the frame writer keeps every other
// pixel as it is shown), so error diffusion runs over changing areas only and a static area never
// "dances". Diffusion skips high-contrast (anti-aliased) edges and pixels that move (diffusion noise
// differs from frame to frame and defeats LZW); it dithers the first frame and pixels that come to
// rest. Ordered dithering picks between the two palette colours around a colour by a threshold tied
// to the pixel's position, so its pattern is stable in time. Nearest-colour searches go through an
// exact per-colour cache (GIF.NearestCache), since fades repeat the same colours along rows and from
// frame to frame.
import Dispatch

extension GIF {
    struct Quantizer {
        let width: Int, height: Int
        let dithering: Dithering
        let palette: Palette
        private let search: PaletteSearch
        let transparent: UInt8
        private var colours = NearestCache()
        /// A second quantiser (a colour cache of its own) for the lower half of a large first frame.
        private var helper: [Quantizer] = []

        init(width: Int, height: Int, palette: Palette, dithering: Dithering) {
            self.width = width; self.height = height
            self.palette = palette; self.dithering = dithering
            search = PaletteSearch(palette.lab)
            transparent = UInt8(palette.transparentIndex)
        }

        /// The nearest palette index of an opaque flattened pixel (or of 0xRRGGBB), through the
        /// colour cache.
        @inline(__always)
        mutating func nearest(_ c: UInt32) -> UInt8 {
            let key = c & 0xFF_FFFF
            if let v = colours.index(of: key) { return v }
            let v = search.nearest(OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)))
            colours.insert(key, v)
            return v
        }

        /// The 8x8 Bayer threshold matrix (values 0...63), built by the usual recursive doubling.
        static let bayer: [Int] = {
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

        /// Ordered dithering between the two palette colours around a colour: `k1` is drawn where the
        /// colour's position between `k0` and `k1` (projected on the segment) exceeds the pixel's
        /// threshold (0...63), so a region's average is the true colour and the pattern depends only on
        /// the colour and the pixel's position (a pixel whose colour does not change keeps its index).
        @inline(__always)
        static func orderedPick(_ r: Int, _ g: Int, _ b: Int, _ k0: UInt8, _ k1: UInt8, threshold: Int,
                                pr: [Float], pg: [Float], pb: [Float]) -> UInt8 {
            if k0 == k1 { return k0 }
            let a = (pr[Int(k0)], pg[Int(k0)], pb[Int(k0)]), z = (pr[Int(k1)], pg[Int(k1)], pb[Int(k1)])
            let d = (z.0 - a.0, z.1 - a.1, z.2 - a.2)
            let len = d.0 * d.0 + d.1 * d.1 + d.2 * d.2
            if len == 0 { return k0 }
            let t = ((Float(r) - a.0) * d.0 + (Float(g) - a.1) * d.1 + (Float(b) - a.2) * d.2) / len
            return t * 64 > Float(threshold) + 0.5 ? k1 : k0
        }

        /// Fills `quantized` with palette indices for the pixels that `needs` marks (non-zero; 1 = its
        /// source changed since the previous frame, 3 = it comes to rest and is drawn again after a
        /// disposal; `resting` says whether any pixel is marked 3). Pixels outside `rows` must be
        /// marked 0. A large first frame is quantised in two halves at once (see `splitPixels`); so
        /// is a large later frame with `parallel`, where that gives the same indices as one pass.
        mutating func quantize(_ frame: [UInt32], needs: [UInt8], first: Bool, resting: Bool = false,
                               rows: Range<Int>? = nil, parallel: Bool = true, into quantized: inout [UInt8]) {
            let rows = first ? 0..<height : (rows ?? 0..<height).clamped(to: 0..<height)
            let large = rows.count >= 2 && rows.count * width >= Self.splitPixels
            let split = large && (first || (parallel && !diffusesAcrossRows(resting: resting)))
            frame.withUnsafeBufferPointer { f in
            needs.withUnsafeBufferPointer { nd in
            quantized.withUnsafeMutableBufferPointer { q in
                if !split { quantizeRows(rows, f, nd, q, first: first); return }
                var lower = helper.popLast() ?? Quantizer(width: width, height: height, palette: palette, dithering: dithering)
                let mid = rows.lowerBound + rows.count / 2, start = rows.lowerBound, end = rows.upperBound
                withUnsafeMutablePointer(to: &self) { upper in
                withUnsafeMutablePointer(to: &lower) { lower in
                    DispatchQueue.concurrentPerform(iterations: 2) { k in
                        if k == 0 {
                            upper.pointee.quantizeRows(start..<mid, f, nd, q, first: first)
                        } else {
                            lower.pointee.quantizeRows(mid..<end, f, nd, q, first: first)
                        }
                    }
                }}
                helper.append(lower)
            }}}
        }

        /// Whether a later frame's error diffusion carries error from one row into the next: it
        /// diffuses only pixels that come to rest; every other pixel gets its own colour alone
        /// (nearest, or ordered dithering by its position), whatever row is quantised first.
        private func diffusesAcrossRows(resting: Bool) -> Bool {
            guard case let .errorDiffusion(strength) = dithering, strength > 0 else { return false }
            return resting
        }

        /// Frames whose changed rows hold at least this many pixels are quantised in two halves (top
        /// and bottom) on two threads, each with a colour cache of its own: the frame writer waits
        /// for the first frames and for a fade's. Where no error crosses rows, the halves give the
        /// same indices as one pass. The first frame is dithered throughout: each half diffuses its
        /// own error, and the lower one starts without the error of the row above it, so the halves
        /// depend on the frame's size alone. A later frame with pixels coming to rest is not split.
        static let splitPixels = 1 << 17

        /// A diffused channel value (0...255) rounded half away from zero, as `rounded()` does, but
        /// inline: `rounded()` is a call into the C library, three per dithered pixel.
        @inline(__always)
        static func level(_ v: Float) -> Int {
            let i = Int(v)
            return v - Float(i) >= 0.5 ? i + 1 : i
        }

        /// Quantises `rows` (see `quantize`). Works on raw buffers taken once per frame (per-access
        /// exclusivity checks on the arrays cost more than the quantisation itself).
        private mutating func quantizeRows(_ rows: Range<Int>, _ f: UnsafeBufferPointer<UInt32>, _ nd: UnsafeBufferPointer<UInt8>,
                                           _ q: UnsafeMutableBufferPointer<UInt8>, first: Bool) {
            var strength: Float = 0
            var ordered = false
            switch dithering {
            case .none: break
            case .ordered: ordered = true
            case let .errorDiffusion(s): strength = Float(s)
            }
            // Moving pixels are drawn undithered: diffusion noise changes from frame to frame and
            // defeats LZW, and the frame writer's keep thresholds already spread a fade's steps
            // (see GIF.keepBudget). They are dithered when they come to rest (redrawn after a
            // disposal) and in the first frame. Without dithering, every pixel is undithered.
            // Undithered pixels neither take nor give diffused error, so they are quantised in a
            // pass of their own (a fade's whole screen), and the loop below sees the others only.
            let plainAll = !ordered && strength == 0, plainMoving = !ordered && !first
            if plainAll || plainMoving { quantizeUndithered(rows, f, nd, q, all: plainAll) }
            if plainAll { return }
            let w = width, h = height, t = transparent
            let pr = palette.colors.map { Float($0.r) }, pg = palette.colors.map { Float($0.g) }, pb = palette.colors.map { Float($0.b) }
            let bayer = GIF.Quantizer.bayer
            // Error rows (3 channels, one pixel of padding each side). A row is cleared only when
            // error was diffused into it: only the first frame and pixels that come to rest are
            // diffused, so most rows of most frames get none.
            var cur = [Float](repeating: 0, count: (w + 2) * 3)
            var next = [Float](repeating: 0, count: (w + 2) * 3)
            var curDirty = false, nextDirty = false
            let edgeThreshold: UInt32 = 40
            @inline(__always) func contrast(_ a: UInt32, _ b: UInt32) -> UInt32 {
                if (a ^ b) & GIF.opaqueBit != 0 { return 255 }
                let dr = abs(Int32((a >> 16) & 0xFF) - Int32((b >> 16) & 0xFF))
                let dg = abs(Int32((a >> 8) & 0xFF) - Int32((b >> 8) & 0xFF))
                let db = abs(Int32(a & 0xFF) - Int32(b & 0xFF))
                return UInt32(max(dr, max(dg, db)))
            }
            @inline(__always) func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
                self.nearest(UInt32(truncatingIfNeeded: r << 16 | g << 8 | b))
            }
            /// Anti-aliased (high-contrast) edges are drawn with the nearest colour: dither there
            /// only roughens the edge.
            @inline(__always) func isEdge(_ x: Int, _ y: Int, _ i: Int, _ c: UInt32) -> Bool {
                (x > 0 && contrast(c, f[i - 1]) > edgeThreshold) || (x + 1 < w && contrast(c, f[i + 1]) > edgeThreshold)
                    || (y > 0 && contrast(c, f[i - w]) > edgeThreshold) || (y + 1 < h && contrast(c, f[i + w]) > edgeThreshold)
            }
            /// The palette colour on the other side of a colour from its nearest entry `k0` (the
            /// nearest to the colour mirrored through it), or `k0` when the palette has it within
            /// half a level.
            @inline(__always) func bracket(_ r: Int, _ g: Int, _ b: Int, _ k0: UInt8) -> UInt8 {
                let dr = r - Int(pr[Int(k0)]), dg = g - Int(pg[Int(k0)]), db = b - Int(pb[Int(k0)])
                if dr == 0 && dg == 0 && db == 0 { return k0 }
                for s in 1...3 {
                    let k = nearest(max(0, min(255, r + s * dr)), max(0, min(255, g + s * dg)), max(0, min(255, b + s * db)))
                    if k != k0 { return k }
                }
                return k0
            }
            for y in rows {
                if nextDirty { next.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }; nextDirty = false }
                let row = y * w
                var x = -1
                while true {
                    x &+= 1
                    if x >= w { break }
                    let i = row &+ x
                    // Pixels left to this loop are rare (most of a frame is unchanged, or moving
                    // and quantised already): the others are skipped eight at a time.
                    if x & 7 == 0 && x &+ 8 <= w {
                        let word = GIF.Lanes.word(nd, i)
                        if word == 0 || (plainMoving && !GIF.Lanes.hasByte(word, 3)) { x &+= 7; continue }
                    }
                    let n = nd[i]
                    if n == 0 || (plainMoving && n == 1) { continue }
                    let c = f[i]
                    if c == 0 { q[i] = t; continue }
                    let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                    if ordered {
                        let k0 = nearest(r, g, b)
                        if isEdge(x, y, i, c) { q[i] = k0; continue }
                        let k1 = bracket(r, g, b, k0)
                        q[i] = GIF.Quantizer.orderedPick(r, g, b, k0, k1, threshold: bayer[(y & 7) * 8 + (x & 7)],
                                                         pr: pr, pg: pg, pb: pb)
                        continue
                    }
                    if isEdge(x, y, i, c) { q[i] = nearest(r, g, b); continue }
                    let e = (x + 1) * 3
                    let vr = max(0, min(255, Float(r) + cur[e])), vg = max(0, min(255, Float(g) + cur[e + 1])), vb = max(0, min(255, Float(b) + cur[e + 2]))
                    let k = nearest(Self.level(vr), Self.level(vg), Self.level(vb))
                    q[i] = k
                    // Error relative to the true colour plus the error received, scaled and clamped so
                    // a missing palette colour cannot smear a streak across the frame.
                    let er = max(-24, min(24, (vr - pr[Int(k)]) * strength))
                    let eg = max(-24, min(24, (vg - pg[Int(k)]) * strength))
                    let eb = max(-24, min(24, (vb - pb[Int(k)]) * strength))
                    curDirty = true; nextDirty = true
                    cur[e + 3] += er * 7 / 16; cur[e + 4] += eg * 7 / 16; cur[e + 5] += eb * 7 / 16
                    next[e - 3] += er * 3 / 16; next[e - 2] += eg * 3 / 16; next[e - 1] += eb * 3 / 16
                    next[e] += er * 5 / 16; next[e + 1] += eg * 5 / 16; next[e + 2] += eb * 5 / 16
                    next[e + 3] += er / 16; next[e + 4] += eg / 16; next[e + 5] += eb / 16
                }
                if strength > 0 { swap(&cur, &next); swap(&curDirty, &nextDirty) }
            }
        }
    }
}
