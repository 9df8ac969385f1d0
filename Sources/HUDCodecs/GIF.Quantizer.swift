// GIF.Quantizer: maps true colours to palette indices, with the chosen dithering.
//
// Design note: only pixels whose source changed are quantised (the frame writer keeps every other
// pixel as it is shown), so error diffusion runs over changing areas only and a static area never
// "dances". Diffusion skips high-contrast (anti-aliased) edges, and a changing pixel that the palette
// serves within a level is drawn undithered: diffusion noise differs from frame to frame and defeats
// LZW. Nearest-colour searches go through an exact per-colour cache (a bit per RGB value marks it
// known), since fades repeat the same colours along rows and from frame to frame.
extension GIF {
    struct Quantizer {
        let width: Int, height: Int
        let dithering: Dithering
        let palette: Palette
        private let search: PaletteSearch
        private let transparent: UInt8
        private var cache: [UInt8]
        private var known: [UInt64]

        init(width: Int, height: Int, palette: Palette, dithering: Dithering) {
            self.width = width; self.height = height
            self.palette = palette; self.dithering = dithering
            search = PaletteSearch(palette.lab)
            transparent = UInt8(palette.transparentIndex)
            cache = [UInt8](repeating: 0, count: 1 << 24)
            known = [UInt64](repeating: 0, count: (1 << 24) / 64)
        }

        /// The nearest palette index of an opaque flattened pixel.
        mutating func nearest(_ c: UInt32) -> UInt8 {
            let key = Int(c & 0xFF_FFFF)
            if known[key >> 6] & (1 << UInt64(key & 63)) != 0 { return cache[key] }
            let v = search.nearest(OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)))
            cache[key] = v
            known[key >> 6] |= 1 << UInt64(key & 63)
            return v
        }

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

        /// Fills `quantized` with palette indices for the pixels that `needs` marks (non-zero; 1 = its
        /// source changed since the previous frame). Works on raw buffers taken once per frame
        /// (per-access exclusivity checks on the arrays cost more than the quantisation itself).
        mutating func quantize(_ frame: [UInt32], needs: [UInt8], first: Bool, into quantized: inout [UInt8]) {
            var strength: Float = 0
            var ordered = false
            switch dithering {
            case .none: break
            case .ordered: ordered = true
            case let .errorDiffusion(s): strength = Float(s)
            }
            let w = width, h = height, t = transparent, search = self.search
            let pr = palette.colors.map { Float($0.r) }, pg = palette.colors.map { Float($0.g) }, pb = palette.colors.map { Float($0.b) }
            let bayer = GIF.Quantizer.bayer, amplitude = GIF.Quantizer.orderedAmplitude
            // Error rows (3 channels, one pixel of padding each side).
            var cur = [Float](repeating: 0, count: (w + 2) * 3)
            var next = [Float](repeating: 0, count: (w + 2) * 3)
            let edgeThreshold: UInt32 = 40
            let motionError = GIF.Quantizer.motionDitherError
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
