// GIF.ColorSamples: the weighted colours a palette is built from, in OkLab (where entries are chosen)
// and in sRGB (where each entry's colour is finally set).
//
// Design note: clusters are formed in OkLab so entries land where the eye tells colours apart, but
// an entry's colour is the weighted sRGB mean of the colours nearest to it: for a given grouping that
// is the colour with the least squared error in the space pixels are stored and compared in, where
// the OkLab mean of a group, converted back, is off by up to a level or two. Samples come from exact
// colour counts when an animation has few colours, else from the histogram's bins (whose exact sRGB
// sums give each bin's mean).
extension GIF {
    struct ColorSamples {
        var lab: [OkLabColor] = []
        var rgb: [(r: Double, g: Double, b: Double)] = []
        var weights: [Float] = []

        /// Samples from exact colour counts (GIF.opaqueBit | RGB to weight), in colour order.
        init(exact: [UInt32: Double]) {
            for c in exact.keys.sorted() {
                let r = UInt8((c >> 16) & 0xFF), g = UInt8((c >> 8) & 0xFF), b = UInt8(c & 0xFF)
                lab.append(OkLab.fromSRGB(r, g, b))
                rgb.append((Double(r), Double(g), Double(b)))
                weights.append(Float(exact[c]!))
            }
        }

        /// Samples from the histogram's bins (weight and weighted red, green and blue sums), ranked by
        /// luma, then chroma (GIF.ColorStatistics.sampleRank), whatever the bins' layout in memory.
        init(bins: Histogram) {
            var weighted: [(rank: Int, bin: Int)] = []
            bins.forEachWeightedBin { weighted.append((ColorStatistics.sampleRank(ofBin: $0), $0)) }
            // Ranks are distinct: the order is total.
            weighted.sort { $0.rank < $1.rank }
            for (_, bin) in weighted {
                let k = bin * 4, w = bins[k]
                let mean = (r: bins[k + 1] / w, g: bins[k + 2] / w, b: bins[k + 3] / w)
                lab.append(OkLab.fromSRGB(mean.r, mean.g, mean.b))
                rgb.append(mean)
                weights.append(Float(w))
            }
        }

        /// The 8-bit sRGB colour of each centre: the weighted sRGB mean of the samples nearest to it
        /// (in OkLab), or the centre itself when none is.
        func representatives(of centres: [OkLabColor]) -> [(UInt8, UInt8, UInt8)] {
            let nearest = GIF.Palette.nearestEntries(of: lab, in: PaletteSearch(centres))
            var sums = [(r: Double, g: Double, b: Double, w: Double)](repeating: (0, 0, 0, 0), count: centres.count)
            for i in lab.indices {
                let j = Int(nearest[i]), w = Double(weights[i])
                sums[j].r += w * rgb[i].r; sums[j].g += w * rgb[i].g; sums[j].b += w * rgb[i].b; sums[j].w += w
            }
            return centres.indices.map { j in
                let s = sums[j]
                guard s.w > 0 else { return OkLab.toSRGB8(centres[j]) }
                func level(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v / s.w).rounded()))) }
                return (level(s.r), level(s.g), level(s.b))
            }
        }

        /// The weighted mean squared sRGB error (sum over the channels) of drawing every sample with
        /// its nearest entry of `palette` (nearest in OkLab, as the quantiser draws it).
        func meanSquaredError(of palette: [(r: UInt8, g: UInt8, b: UInt8)]) -> Double {
            let nearest = GIF.Palette.nearestEntries(of: lab, in: PaletteSearch(palette.map { OkLab.fromSRGB($0.r, $0.g, $0.b) }))
            var error = 0.0, total = 0.0
            for i in lab.indices {
                let p = palette[Int(nearest[i])], w = Double(weights[i])
                let dr = rgb[i].r - Double(p.r), dg = rgb[i].g - Double(p.g), db = rgb[i].b - Double(p.b)
                error += w * (dr * dr + dg * dg + db * db); total += w
            }
            return total > 0 ? error / total : 0
        }
    }
}
