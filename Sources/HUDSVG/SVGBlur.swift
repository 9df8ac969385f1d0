// SVGBlur: feGaussianBlur with separate x and y deviations, on premultiplied RGBA8.
//
// Design note: HUDRaster's Blur is isotropic; SVG allows `stdDeviation="0 5"`. This follows the
// Filter Effects spec's recipe: for sigma >= 2, three box blurs of size d = floor(sigma*3*sqrt(2pi)/4
// + 0.5) (offset boxes when d is even) approximate the Gaussian to within a few percent; below 2 a
// true Gaussian kernel is used. Pixels beyond the edges are transparent. Sigma is clamped so that
// absurd values cost bounded work.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

enum SVGBlur {
    static let maxSigma = 250.0

    static func blur(_ image: inout Image, sigmaX: Double, sigmaY: Double) {
        let w = image.width, h = image.height
        var px = image.pixels
        if sigmaX > 0.05, sigmaX.isFinite {
            blurPass(&px, count: h, length: w, stride: 4, lineStride: w * 4, sigma: min(sigmaX, maxSigma))
        }
        if sigmaY > 0.05, sigmaY.isFinite {
            blurPass(&px, count: w, length: h, stride: w * 4, lineStride: 4, sigma: min(sigmaY, maxSigma))
        }
        image.pixels = px
    }

    /// Blurs `count` lines of `length` pixels; pixel i of line l starts at l*lineStride + i*stride.
    private static func blurPass(_ px: inout [UInt8], count: Int, length: Int, stride: Int, lineStride: Int, sigma: Double) {
        var line = [Int32](repeating: 0, count: length * 4)
        var tmp = [Int32](repeating: 0, count: length * 4)
        if sigma >= 2 {
            let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            let passes: [(Int, Int)] = d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
                : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
            for l in 0..<count {
                load(px, into: &line, base: l * lineStride, length: length, stride: stride)
                for (lo, hi) in passes {
                    box(line, into: &tmp, length: length, lo: lo, hi: hi)
                    swap(&line, &tmp)
                }
                store(line, into: &px, base: l * lineStride, length: length, stride: stride)
            }
        } else {
            let radius = max(1, Int((sigma * 3).rounded(.up)))
            var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let sum = weights.reduce(0, +)
            weights = weights.map { $0 / sum }
            let fixed = weights.map { Int32(($0 * 65536).rounded()) }
            for l in 0..<count {
                load(px, into: &line, base: l * lineStride, length: length, stride: stride)
                for i in 0..<length {
                    var acc: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
                    for k in -radius...radius {
                        let j = i + k
                        if j < 0 || j >= length { continue }
                        let wgt = fixed[k + radius]
                        acc.0 += line[j * 4] * wgt; acc.1 += line[j * 4 + 1] * wgt
                        acc.2 += line[j * 4 + 2] * wgt; acc.3 += line[j * 4 + 3] * wgt
                    }
                    tmp[i * 4] = (acc.0 + 32768) >> 16; tmp[i * 4 + 1] = (acc.1 + 32768) >> 16
                    tmp[i * 4 + 2] = (acc.2 + 32768) >> 16; tmp[i * 4 + 3] = (acc.3 + 32768) >> 16
                }
                store(tmp, into: &px, base: l * lineStride, length: length, stride: stride)
            }
        }
    }

    private static func load(_ px: [UInt8], into line: inout [Int32], base: Int, length: Int, stride: Int) {
        for i in 0..<length {
            let o = base + i * stride
            line[i * 4] = Int32(px[o]); line[i * 4 + 1] = Int32(px[o + 1])
            line[i * 4 + 2] = Int32(px[o + 2]); line[i * 4 + 3] = Int32(px[o + 3])
        }
    }

    private static func store(_ line: [Int32], into px: inout [UInt8], base: Int, length: Int, stride: Int) {
        for i in 0..<length {
            let o = base + i * stride
            let a = min(max(line[i * 4 + 3], 0), 255)
            px[o + 3] = UInt8(a)
            // Keep premultiplied colour within alpha.
            px[o] = UInt8(min(max(line[i * 4], 0), a)); px[o + 1] = UInt8(min(max(line[i * 4 + 1], 0), a))
            px[o + 2] = UInt8(min(max(line[i * 4 + 2], 0), a))
        }
    }

    /// out[i] = mean of in[i-lo ... i+hi] (zero outside), per channel, rounded.
    private static func box(_ src: [Int32], into dst: inout [Int32], length: Int, lo: Int, hi: Int) {
        let n = Int32(lo + hi + 1)
        var s: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        // Window for i = 0 covers [-lo, hi].
        for j in 0...min(hi, length - 1) {
            s.0 += src[j * 4]; s.1 += src[j * 4 + 1]; s.2 += src[j * 4 + 2]; s.3 += src[j * 4 + 3]
        }
        for i in 0..<length {
            dst[i * 4] = (s.0 + n / 2) / n; dst[i * 4 + 1] = (s.1 + n / 2) / n
            dst[i * 4 + 2] = (s.2 + n / 2) / n; dst[i * 4 + 3] = (s.3 + n / 2) / n
            let add = i + hi + 1, sub = i - lo
            if add < length { s.0 += src[add * 4]; s.1 += src[add * 4 + 1]; s.2 += src[add * 4 + 2]; s.3 += src[add * 4 + 3] }
            if sub >= 0 { s.0 -= src[sub * 4]; s.1 -= src[sub * 4 + 1]; s.2 -= src[sub * 4 + 2]; s.3 -= src[sub * 4 + 3] }
        }
    }
}
