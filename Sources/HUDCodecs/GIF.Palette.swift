// GIF.Palette: one global palette for the whole animation, built from colour statistics of every
// frame in a perceptual space.
//
// Design note: a global palette makes a pixel that does not change keep its index in every frame, so
// static areas cannot flicker (per-frame palettes made most unchanged pixels flicker in tests). It is
// built from the first pass's statistics (GIF.ColorStatistics: a fixed-size histogram weighted by how
// long each colour stays on screen).
// Palettes are median cut in OkLab, then refined by weighted k-means; each entry is then the weighted
// sRGB mean of the colours it serves (GIF.ColorSamples). Animations with few colours get their exact
// colours instead.

extension GIF {
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
                sortBox(&order, b.start..<b.end, points, axis: b.axis)
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

        /// Sorts `order[range]` (indices into `points`) by their coordinate on `axis` (0: L, 1: a, 2: b),
        /// ties by index: a total order, so any sort gives it. Each (coordinate, index) is packed in
        /// one integer that compares as the pair does (a coordinate's bits made monotonic, -0 taken as
        /// +0 as the Float comparison does), so the sort compares integers, not points through a closure.
        static func sortBox(_ order: inout [Int], _ range: Range<Int>, _ points: [OkLabColor], axis: Int) {
            var keys = [UInt64](unsafeUninitializedCapacity: range.count) { buffer, count in
                for (k, i) in order[range].enumerated() {
                    let p = points[i]
                    let v = (axis == 0 ? p.l : (axis == 1 ? p.a : p.b)) + 0
                    let bits = v.bitPattern
                    let monotonic = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
                    buffer[k] = UInt64(monotonic) << 32 | UInt64(UInt32(truncatingIfNeeded: i))
                }
                count = range.count
            }
            keys.sort()
            for (k, key) in keys.enumerated() { order[range.lowerBound + k] = Int(UInt32(truncatingIfNeeded: key)) }
        }

        /// Weighted Lloyd iterations; a centre that loses all its points stays where it was.
        static func kMeans(_ points: [OkLabColor], _ weights: [Float], centres start: [OkLabColor], iterations: Int) -> [OkLabColor] {
            var centres = start
            for _ in 0..<iterations {
                let nearest = nearestEntries(of: points, in: PaletteSearch(centres))
                var sums = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: centres.count)
                for (i, p) in points.enumerated() {
                    let j = Int(nearest[i]), w = weights[i]
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
