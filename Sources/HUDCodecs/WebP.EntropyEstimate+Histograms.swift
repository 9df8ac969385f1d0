// WebP.EntropyEstimate+Histograms: the channel histograms libwebp's estimate is made of.
//
// Design note: one pass gathers thirteen histograms of the pixels libwebp would not code by
// reference (those equal to the pixel to the left or above): each channel as it is and as a
// difference from the pixel before it, red and blue with green subtracted (as is and as
// differences), and a hash of the colour standing in for a palette index. The modes' costs are
// sums of their entropies, each refined towards what a Huffman code can reach.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WebP.EntropyEstimate {
    /// The thirteen histograms of one image (see the design note).
    struct Histograms {
        enum Channel: Int, CaseIterable {
            case alpha, red, green, blue
            case alphaDelta, redDelta, greenDelta, blueDelta
            case redMinusGreen, blueMinusGreen, redMinusGreenDelta, blueMinusGreenDelta
            case colorHash
        }

        private var counts = [UInt32](repeating: 0, count: Channel.allCases.count * 256)

        /// Gathers straight RGBA `pixels` (`width` wide); `hashingColors` also fills `colorHash`.
        init(_ pixels: [UInt8], width: Int, hashingColors: Bool) {
            counts.withUnsafeMutableBufferPointer { h in
                pixels.withUnsafeBytes { raw in
                    let words = raw.bindMemory(to: UInt32.self)
                    guard let first = words.first else { return }
                    var previous = first
                    for i in words.indices {
                        let word = words[i]
                        defer { previous = word }
                        if word == previous || (i >= width && word == words[i - width]) { continue }
                        Histograms.add(UInt32(littleEndian: word), after: UInt32(littleEndian: previous), to: h,
                                       hashingColors: hashingColors)
                    }
                }
                // libwebp counts one zero difference more: repeats were skipped, yet some are coded.
                for c in [Channel.alphaDelta, .redDelta, .greenDelta, .blueDelta, .redMinusGreenDelta, .blueMinusGreenDelta] {
                    h[c.rawValue * 256] += 1
                }
            }
        }

        /// Counts one pixel (RGBA bytes read as a little-endian word) following `previous`.
        private static func add(_ word: UInt32, after previous: UInt32, to h: UnsafeMutableBufferPointer<UInt32>,
                                hashingColors: Bool) {
            let r = Int(word & 255), g = Int(word >> 8 & 255), b = Int(word >> 16 & 255), a = Int(word >> 24)
            let dr = (r - Int(previous & 255)) & 255, dg = (g - Int(previous >> 8 & 255)) & 255
            let db = (b - Int(previous >> 16 & 255)) & 255, da = (a - Int(previous >> 24)) & 255
            func bump(_ c: Channel, _ v: Int) { h[c.rawValue * 256 + v] += 1 }
            bump(.alpha, a); bump(.red, r); bump(.green, g); bump(.blue, b)
            bump(.alphaDelta, da); bump(.redDelta, dr); bump(.greenDelta, dg); bump(.blueDelta, db)
            bump(.redMinusGreen, (r - g) & 255); bump(.blueMinusGreen, (b - g) & 255)
            bump(.redMinusGreenDelta, (dr - dg) & 255); bump(.blueMinusGreenDelta, (db - dg) & 255)
            if hashingColors {
                let argb = UInt64(UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
                bump(.colorHash, Int(((argb + (argb >> 19)) &* 0x39C5_FBA7 & 0xFFFF_FFFF) >> 24))
            }
        }

        /// The mode libwebp picks (the first of the cheapest, in its order; a palette of at most 16
        /// colours always) and its estimated bits, for an image of `colors` colours whose transforms
        /// cover `tiles` tiles.
        func cheapest(tiles: Int, colors: Int) -> (Mode, Double) {
            let bits = Channel.allCases.map(entropy)
            func h(_ c: Channel) -> Double { bits[c.rawValue] }
            let tileBits = Double(tiles)
            var costs: [(Mode, Double)] = [
                (.direct, h(.alpha) + h(.red) + h(.green) + h(.blue)),
                (.spatial, h(.alphaDelta) + h(.redDelta) + h(.greenDelta) + h(.blueDelta) + tileBits * log2(14)),
                (.subtractGreen, h(.alpha) + h(.redMinusGreen) + h(.green) + h(.blueMinusGreen)),
                (.spatialSubtractGreen, h(.alphaDelta) + h(.redMinusGreenDelta) + h(.greenDelta) + h(.blueMinusGreenDelta)
                    + tileBits * log2(24)),
            ]
            let palette = (Mode.palette, h(.colorHash) + Double(colors) * 8)
            if colors <= 16 { return palette }
            if colors <= 256 { costs.append(palette) }
            return costs.dropFirst().reduce(costs[0]) { $1.1 < $0.1 ? $1 : $0 }
        }

        /// The bits of coding `channel`'s symbols: their entropy, raised towards the least a Huffman
        /// code needs when there are few distinct symbols (libwebp's refinement).
        func entropy(_ channel: Channel) -> Double {
            var sum = 0.0, maximum = 0.0, plogp = 0.0, distinct = 0
            for v in counts[(channel.rawValue * 256)..<(channel.rawValue * 256 + 256)] where v != 0 {
                let x = Double(v)
                sum += x; maximum = max(maximum, x); plogp += x * log2(x); distinct += 1
            }
            guard distinct > 1 else { return 0 }
            let shannon = sum * log2(sum) - plogp
            if distinct == 2 { return 0.99 * sum + 0.01 * shannon }
            let mix = distinct == 3 ? 0.95 : distinct == 4 ? 0.7 : 0.627
            return max(shannon, mix * (2 * sum - maximum) + (1 - mix) * shannon)
        }
    }
}
