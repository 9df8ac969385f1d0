// GIF.Palette: one global palette for the whole animation, built from colour statistics of every
// frame in a perceptual space.
//
// Design note: a global palette makes a pixel that does not change keep its index in every frame, so
// static areas cannot flicker (per-frame palettes made most unchanged pixels flicker in tests). The
// first pass keeps only a fixed-size histogram (8-bit luma by two 6-bit chroma differences, with
// exact sums so bin means are precise), so memory does not grow with the frame count. Each colour is
// weighted by how long it stays on screen at each pixel (capped), so a settled overlay's grey ramp
// gets fine steps instead of the many in-between colours of its fade.
// Palettes are median cut in OkLab, then refined by weighted k-means; each entry is then the weighted
// sRGB mean of the colours it serves (GIF.ColorSamples). Animations with few colours get their exact
// colours instead.

extension GIF {
    /// Colour statistics gathered in the first pass over the frames.
    struct ColorStatistics {
        static let binCount = 1 << 20

        /// The histogram bin of a colour: luma at full 8-bit precision and two 6-bit chroma
        /// differences. UI animations are dominated by near-greys (overlays, shadows, dimmed
        /// backdrops), where a 6-bit-per-channel grid would merge four levels into one entry and
        /// band; chroma needs far less precision.
        @inline(__always)
        static func bin(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let y = (77 * r + 150 * g + 29 * b + 128) >> 8
            let cb = (b - y + 256) >> 3, cr = (r - y + 256) >> 3
            return y << 12 | cb << 6 | cr
        }
        /// Per bin: weight and the weighted sums of red, green and blue, side by side (one cache
        /// line per update; the histogram is far larger than the caches).
        var bins = [Double](repeating: 0, count: binCount * 4)
        /// Exact colours while there are few of them (nil once there are more than `exactLimit`).
        var exact: [UInt32: Double]? = [:]
        let exactLimit: Int
        /// Colours are counted exactly up to this many at least: an animation with a few more colours
        /// than a palette holds (anti-aliased shapes over a flat background) gets its palette from its
        /// exact colours, nearly all of them kept, rather than from histogram bins that merge
        /// neighbouring levels.
        static let exactTracking = 4096
        private var previous: [UInt32] = []
        /// When each pixel's current colour appeared (seconds), for `add(_:at:)`.
        private var since: [Double] = []
        private(set) var frameCount = 0
        private(set) var hasTransparency = false

        init(exactLimit: Int) { self.exactLimit = max(exactLimit, Self.exactTracking) }

        /// A colour shown at one pixel for `lifetime` seconds weighs 1 + lifetime x 25 (one per 25 fps
        /// frame), capped here at 4 s, so the colours a viewer looks at (the settled overlay, the HUD
        /// at rest) outweigh the in-between colours of a fade, which are on screen for a frame each
        /// and are drawn without dithering anyway. Measured (default story; compare_gif.sh): cap 8
        /// gives 1.61 MB / 47.2 dB, cap 100 1.51 MB / 47.8 dB and lower banding on both; 1000 is no
        /// better.
        static let lifetimeCap = 100.0

        /// Adds one flattened frame shown from `time` (seconds): each pixel's colour is counted when
        /// it is replaced (or at `close(at:)`), weighted by how long it was on screen.
        mutating func add(_ frame: [UInt32], at time: Double) {
            if previous.count != frame.count {
                previous = frame
                since = [Double](repeating: time, count: frame.count)
                frameCount += 1
                return
            }
            replace(with: frame, at: time)
            frameCount += 1
        }

        /// Counts every pixel's colour that `frame` replaces (all of them when `frame` is nil),
        /// weighted by its time on screen. Raw buffers are taken once: per-pixel access to the
        /// arrays would cost more than the counting.
        private mutating func replace(with frame: [UInt32]?, at time: Double) {
            let exactOn = exact != nil
            var exactAdds: [(UInt32, Double)] = []
            var transparent = false
            let cap = Self.lifetimeCap
            let new = frame ?? []
            previous.withUnsafeMutableBufferPointer { p in
            since.withUnsafeMutableBufferPointer { s in
            new.withUnsafeBufferPointer { f in
            bins.withUnsafeMutableBufferPointer { h in
                let all = f.isEmpty
                // A run of one colour shown since one moment (flat areas, a fade's rows) computes its
                // weight and bin once.
                var runColour: UInt32 = 0, runSince = Double.nan, wt = 0.0
                var k = 0, r = 0.0, g = 0.0, b = 0.0
                for i in 0..<p.count {
                    if !all && f[i] == p[i] { continue }
                    let c = p[i]
                    if c != runColour || s[i] != runSince {
                        runColour = c; runSince = s[i]
                        wt = min(cap, 1 + max(0, time - s[i]) * 25)
                        let ri = Int((c >> 16) & 0xFF), gi = Int((c >> 8) & 0xFF), bi = Int(c & 0xFF)
                        k = Self.bin(ri, gi, bi) &* 4
                        r = Double(ri); g = Double(gi); b = Double(bi)
                    }
                    if c & GIF.opaqueBit == 0 {
                        transparent = true
                    } else {
                        h[k] += wt; h[k + 1] += wt * r; h[k + 2] += wt * g; h[k + 3] += wt * b
                        if exactOn {
                            // Runs of one colour (flat areas) go to the dictionary as one update.
                            if let last = exactAdds.last, last.0 == c { exactAdds[exactAdds.count - 1].1 += wt } else { exactAdds.append((c, wt)) }
                        }
                    }
                    if !all { p[i] = f[i]; s[i] = time }
                }
            }}}}
            if transparent { hasTransparency = true }
            for (c, wt) in exactAdds {
                guard exact != nil else { break }
                exact![c, default: 0] += wt
                if exact!.count > exactLimit { exact = nil }
            }
        }

        /// Counts the colours still on screen when the animation ends at `time`.
        mutating func close(at time: Double) {
            replace(with: nil, at: time)
            previous = []
            since = []
        }

        /// Adds one flattened frame. The first frame counts every pixel once; later frames count only
        /// the pixels that changed, which is where the eye looks in a UI animation.
        mutating func add(_ frame: [UInt32]) {
            let first = previous.count != frame.count
            frame.withUnsafeBufferPointer { f in
                previous.withUnsafeBufferPointer { p in
                    bins.withUnsafeMutableBufferPointer { h in
                        for i in 0..<f.count {
                            let c = f[i]
                            if !first && c == p[i] { continue }
                            if c & GIF.opaqueBit == 0 { hasTransparency = true; continue }
                            let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                            let bin = Self.bin(r, g, b)
                            let k = bin &* 4
                            h[k] += 1; h[k + 1] += Double(r); h[k + 2] += Double(g); h[k + 3] += Double(b)
                            if exact != nil {
                                exact![c, default: 0] += 1
                                if exact!.count > exactLimit { exact = nil }
                            }
                        }
                    }
                }
            }
            previous = frame
            frameCount += 1
        }
    }

    /// The colour table of an animation.
    struct Palette {
        /// sRGB entries (without the transparent entry).
        var colors: [(r: UInt8, g: UInt8, b: UInt8)]
        var lab: [OkLabColor]
        /// Whether the palette holds every colour of the animation exactly (no quantisation error).
        var isExact = false
        /// The weighted mean squared sRGB error (sum over the channels) of the animation's colours
        /// drawn with their nearest entries: 0 when exact.
        var meanSquaredError = 0.0
        /// Index drawn for "keep what is there" and for transparent pixels.
        var transparentIndex: Int { colors.count }
        /// Entries in the written table: a power of two >= colors.count + 1.
        var tableSize: Int {
            var s = 2
            while s < colors.count + 1 { s *= 2 }
            return s
        }

        init(colors: [(r: UInt8, g: UInt8, b: UInt8)]) {
            self.colors = colors.isEmpty ? [(0, 0, 0)] : colors
            lab = self.colors.map { OkLab.fromSRGB($0.r, $0.g, $0.b) }
        }

        /// Builds the palette from first-pass statistics: at most `maximumColors - 1` colours.
        static func build(from stats: ColorStatistics, maximumColors: Int) -> Palette {
            let k = max(1, maximumColors - 1)
            if let exact = stats.exact, exact.count <= k {
                var palette = Palette(colors: exactOrder(exact))
                palette.isExact = true
                return palette
            }
            let samples = stats.exact.map(ColorSamples.init(exact:)) ?? ColorSamples(bins: stats.bins)
            if samples.lab.isEmpty { return Palette(colors: []) }
            var centres = medianCut(samples.lab, samples.weights, count: k)
            centres = kMeans(samples.lab, samples.weights, centres: centres, iterations: 8)
            // Drop duplicates that rounding created.
            var seen = Set<UInt32>()
            var colors: [(r: UInt8, g: UInt8, b: UInt8)] = []
            for (r, g, b) in samples.representatives(of: centres) {
                if seen.insert(UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)).inserted { colors.append((r, g, b)) }
            }
            var palette = Palette(colors: colors)
            palette.meanSquaredError = samples.meanSquaredError(of: palette.colors)
            return palette
        }

        /// Weighted median cut: repeatedly split the box with the largest squared error at the weighted
        /// median of its widest axis.
        static func medianCut(_ points: [OkLabColor], _ weights: [Float], count: Int) -> [OkLabColor] {
            var order = Array(points.indices)
            struct Box { var start: Int; var end: Int; var sse: Float; var axis: Int; var mean: OkLabColor }
            func measure(_ s: Int, _ e: Int) -> Box {
                var w: Float = 0, m = (Float(0), Float(0), Float(0))
                for i in s..<e { let p = points[order[i]], pw = weights[order[i]]; w += pw; m.0 += pw * p.l; m.1 += pw * p.a; m.2 += pw * p.b }
                let mean = OkLabColor(l: m.0 / w, a: m.1 / w, b: m.2 / w)
                var v = (Float(0), Float(0), Float(0))
                for i in s..<e {
                    let p = points[order[i]], pw = weights[order[i]]
                    v.0 += pw * (p.l - mean.l) * (p.l - mean.l); v.1 += pw * (p.a - mean.a) * (p.a - mean.a); v.2 += pw * (p.b - mean.b) * (p.b - mean.b)
                }
                let axis = v.0 >= v.1 && v.0 >= v.2 ? 0 : (v.1 >= v.2 ? 1 : 2)
                return Box(start: s, end: e, sse: e - s > 1 ? v.0 + v.1 + v.2 : -1, axis: axis, mean: mean)
            }
            var boxes = [measure(0, points.count)]
            while boxes.count < count {
                var bi = -1, best: Float = 0
                for (i, b) in boxes.enumerated() where b.sse > best { best = b.sse; bi = i }
                if bi < 0 { break }
                let b = boxes[bi]
                func key(_ i: Int) -> Float { let p = points[i]; return b.axis == 0 ? p.l : (b.axis == 1 ? p.a : p.b) }
                order[b.start..<b.end].sort { (key($0), $0) < (key($1), $1) }
                var total: Float = 0
                for i in b.start..<b.end { total += weights[order[i]] }
                var acc: Float = 0, split = b.start + 1
                for i in b.start..<(b.end - 1) {
                    acc += weights[order[i]]
                    if acc >= total / 2 { split = i + 1; break }
                    split = i + 2
                }
                split = min(max(split, b.start + 1), b.end - 1)
                boxes[bi] = measure(b.start, split)
                boxes.append(measure(split, b.end))
            }
            return boxes.map(\.mean)
        }

        /// Weighted Lloyd iterations; a centre that loses all its points stays where it was.
        static func kMeans(_ points: [OkLabColor], _ weights: [Float], centres start: [OkLabColor], iterations: Int) -> [OkLabColor] {
            var centres = start
            for _ in 0..<iterations {
                let search = PaletteSearch(centres)
                var sums = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: centres.count)
                for (i, p) in points.enumerated() {
                    let j = Int(search.nearest(p)), w = weights[i]
                    sums[j].0 += w * p.l; sums[j].1 += w * p.a; sums[j].2 += w * p.b; sums[j].3 += w
                }
                var moved = false
                for j in centres.indices where sums[j].3 > 0 {
                    let c = OkLabColor(l: sums[j].0 / sums[j].3, a: sums[j].1 / sums[j].3, b: sums[j].2 / sums[j].3)
                    if c.distanceSquared(centres[j]) > 1e-10 { moved = true }
                    centres[j] = c
                }
                if !moved { break }
            }
            return centres
        }
    }
}
