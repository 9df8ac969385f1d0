// ImageComparison: size first, then pixels, counting differing pixels (not bytes).
//
// Design note: equal images are the common case, so each row is first compared with memcmp (libc's
// vectorised loop, fast even in debug builds) and only rows that differ are walked pixel by pixel.
// The perceptual mode composites both pixels over white and measures CIE ΔE94 in Lab, since a
// difference in a fully transparent pixel is not a difference anyone can see.

import Foundation
import HUDRaster

/// The outcome of comparing an actual image with its reference.
public struct ImageComparison: Sendable {
    /// Sizes `(width, height)` of the reference and the actual image.
    public let referenceSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    /// Pixels that differ beyond the per-pixel tolerance (0 when the sizes differ).
    public let differingPixels: Int
    /// All pixels of the image (width * height of the reference).
    public let totalPixels: Int
    /// The largest difference of any channel, 0...255.
    public let maxChannelDifference: Int
    /// The largest ΔE94 seen (computed only in perceptual mode, else 0).
    public let maxDeltaE: Double
    /// Whether the images match under the tolerance.
    public let matches: Bool

    public var sizesMatch: Bool { referenceSize == actualSize }
    /// The share of pixels that differ, 0...1 (1 when sizes differ).
    public var differingFraction: Double {
        sizesMatch ? (totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels)) : 1
    }

    /// Compares `actual` with `reference` under `tolerance`.
    public init(reference: Image, actual: Image, tolerance: SnapshotTolerance = .exact) {
        referenceSize = (reference.width, reference.height)
        actualSize = (actual.width, actual.height)
        totalPixels = reference.width * reference.height
        guard reference.width == actual.width, reference.height == actual.height else {
            differingPixels = 0; maxChannelDifference = 255; maxDeltaE = 0; matches = false
            return
        }
        var differing = 0, maxChannel = 0
        var maxE = 0.0
        let rowBytes = reference.width * 4
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<reference.height {
                    let start = y * rowBytes
                    if memcmp(r.baseAddress! + start, a.baseAddress! + start, rowBytes) == 0 { continue }
                    var i = start
                    while i < start + rowBytes {
                        let d = max(abs(Int(r[i]) - Int(a[i])), abs(Int(r[i + 1]) - Int(a[i + 1])),
                                    abs(Int(r[i + 2]) - Int(a[i + 2])), abs(Int(r[i + 3]) - Int(a[i + 3])))
                        if d > 0 {
                            maxChannel = max(maxChannel, d)
                            switch tolerance.pixel {
                            case .channel(let limit):
                                if d > limit { differing += 1 }
                            case .deltaE94(let limit):
                                let e = ImageComparison.deltaE94(r[i], r[i + 1], r[i + 2], r[i + 3],
                                                                 a[i], a[i + 1], a[i + 2], a[i + 3])
                                maxE = max(maxE, e)
                                if e > limit { differing += 1 }
                            }
                        }
                        i += 4
                    }
                }
            }
        }
        differingPixels = differing
        maxChannelDifference = maxChannel
        maxDeltaE = maxE
        let allowed = tolerance.maxDifferingFraction * Double(totalPixels)
        matches = Double(differing) <= allowed
    }

    /// A human-readable account of the difference, for failure messages.
    public var summary: String {
        if !sizesMatch {
            return "size differs: reference is \(referenceSize.width)x\(referenceSize.height), actual is \(actualSize.width)x\(actualSize.height)"
        }
        let pct = (differingFraction * 100_000).rounded() / 1000
        var s = "\(differingPixels) of \(totalPixels) pixels differ (\(pct)%), largest channel difference \(maxChannelDifference)"
        if maxDeltaE > 0 { s += ", largest ΔE94 \((maxDeltaE * 100).rounded() / 100)" }
        return s
    }

    /// A diff image: the reference faded to a light grey, with differing pixels in red (brighter for
    /// larger differences), so a change stands out at a glance. For size mismatches, the union of
    /// both sizes with the areas only one image covers in magenta.
    public static func diffImage(reference: Image, actual: Image) -> Image {
        let w = max(reference.width, actual.width), h = max(reference.height, actual.height)
        var out = (try? Image(width: w, height: h, fill: .white)) ?? reference
        for y in 0..<h {
            for x in 0..<w {
                let inR = x < reference.width && y < reference.height
                let inA = x < actual.width && y < actual.height
                guard inR && inA else { out[x, y] = (255, 0, 255, 255); continue }
                let p = reference[x, y], q = actual[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d == 0 {
                    // Reference over white, then faded towards white.
                    let a = 255 - Int(p.a)
                    let lum = (Int(p.r) * 54 + Int(p.g) * 183 + Int(p.b) * 19) / 256 + a
                    let g = UInt8(min(255, 200 + min(255, lum) * 55 / 255))
                    out[x, y] = (g, g, g, 255)
                } else {
                    let v = UInt8(min(255, 128 + d * 2))
                    out[x, y] = (v, 0, 0, 255)
                }
            }
        }
        return out
    }

    /// CIE ΔE94 (graphic arts) between two premultiplied pixels composited over white.
    static func deltaE94(_ r1: UInt8, _ g1: UInt8, _ b1: UInt8, _ a1: UInt8,
                         _ r2: UInt8, _ g2: UInt8, _ b2: UInt8, _ a2: UInt8) -> Double {
        let l1 = lab(over(r1, a1), over(g1, a1), over(b1, a1))
        let l2 = lab(over(r2, a2), over(g2, a2), over(b2, a2))
        let dL = l1.0 - l2.0
        let c1 = (l1.1 * l1.1 + l1.2 * l1.2).squareRoot(), c2 = (l2.1 * l2.1 + l2.2 * l2.2).squareRoot()
        let dC = c1 - c2
        let da = l1.1 - l2.1, db = l1.2 - l2.2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
    /// A premultiplied channel composited over white, as 0...1.
    private static func over(_ c: UInt8, _ a: UInt8) -> Double { (Double(c) + 255 - Double(a)) / 255 }
    private static func lab(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        func lin(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let (R, G, B) = (lin(r), lin(g), lin(b))
        let x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047
        let y = 0.2126 * R + 0.7152 * G + 0.0722 * B
        let z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
