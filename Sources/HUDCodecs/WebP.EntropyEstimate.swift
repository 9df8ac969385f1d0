// WebP.EntropyEstimate: how libwebp's lossless encoder will guess it should code an image.
//
// Design note: at its default effort libwebp does not try its transforms; it guesses one from
// first-order entropies of the pixels, of their differences from the pixel to the left, and of both
// with green subtracted from red and blue, skipping pixels that repeat the one to the left or above
// (LZ77 codes those), plus a rough cost of the transform's own data. The guess decides much of the
// size: on full-screen fades it picks prediction for an opaque rectangle and none for the same
// rectangle with its unchanged pixels transparent, which then comes out a fifth smaller. This type
// redoes that estimate (as read in libwebp 1.2, whose guess it matched on every rectangle of the
// measured animations), so the encoder can tell which of two candidates libwebp will code
// differently, and rank the others by the same figure, without compressing them. Another libwebp
// version may guess otherwise; that costs bytes, never validity.

extension WebP {
    /// libwebp's estimate of a lossless image's cost: the transform it will guess and the bits that
    /// guess is estimated at.
    struct EntropyEstimate: Equatable {
        /// The transforms libwebp chooses between (its "entropy modes").
        enum Mode: Equatable { case direct, spatial, subtractGreen, spatialSubtractGreen, palette }

        var mode: Mode
        var bits: Double

        /// The number of distinct colours, counted up to `atMost + 1`.
        static func colorCount(_ pixels: [UInt8], atMost limit: Int) -> Int {
            var table = [UInt32](repeating: 0, count: 1024)
            var used = [Bool](repeating: false, count: 1024)
            var count = 0
            return pixels.withUnsafeBytes { raw in
                for word in raw.bindMemory(to: UInt32.self) {
                    var slot = Int((word &* 0x9E37_79B1) >> 22)
                    while used[slot] && table[slot] != word { slot = (slot + 1) & 1023 }
                    if used[slot] { continue }
                    used[slot] = true
                    table[slot] = word
                    count += 1
                    if count > limit { return count }
                }
                return count
            }
        }

        /// How many tiles libwebp chooses a predictor and a colour transform for, at `method`: the
        /// transforms' own data, which the estimate charges to the modes that use them.
        static func transformTiles(width: Int, height: Int, method: Int, palette: Bool) -> Int {
            func tiles(_ bits: Int) -> Int { ((width + (1 << bits) - 1) >> bits) * ((height + (1 << bits) - 1) >> bits) }
            var histogramBits = (palette ? 9 : 7) - method
            while tiles(histogramBits) > 2600 { histogramBits += 1 }
            histogramBits = min(max(histogramBits, 2), 9)
            let transformCap = method < 4 ? 6 : method > 4 ? 4 : 5
            return tiles(min(histogramBits, transformCap))
        }
    }
}

extension WebP.EntropyEstimate {
    /// Estimates straight RGBA `pixels` (`width` x `height`) as libwebp does at `method` (a palette
    /// is possible up to 256 colours).
    init(pixels: [UInt8], width: Int, height: Int, method: Int = WebP.Options.defaultLosslessMethod) {
        let colors = Self.colorCount(pixels, atMost: 256)
        let histograms = Histograms(pixels, width: width, hashingColors: colors <= 256)
        let tiles = Self.transformTiles(width: width, height: height, method: method, palette: colors <= 256)
        (mode, bits) = histograms.cheapest(tiles: tiles, colors: colors)
    }
}
