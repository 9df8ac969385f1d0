// GradientInterpolation: the colour space a gradient blends its stops in.
//
// Design note: Core Graphics, Skia and SVG blend gradient stops in the sRGB-encoded values, and that
// stays the default. The frameworks an iOS component is drawn by do not all do so, and their
// gradients look different for it: measured against GradientLoadingBar's own snapshot references
// (UIKit and SwiftUI rendered on a simulator), CAGradientLayer's stops are blended in ColorSync's
// "Generic RGB" space (its own primaries, D65 white, a 1.8 power curve), which matches the UIKit
// references to their dither; SwiftUI's LinearGradient is matched best by Oklab, of every space
// tried (sRGB, linear, power curves 1.0-3.0, CIELAB, Generic RGB). A space here is only a pair of
// conversions from and to sRGB: the gradient's lookup table is filled through them, so drawing
// costs the same in every space.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The space `Gradient` interpolates its stops in.
public enum GradientInterpolation: Hashable, Sendable {
    /// The sRGB-encoded components, straight alpha (Core Graphics' `CGGradient`, SVG, CSS default).
    case sRGB
    /// ColorSync's Generic RGB: gamma 1.8 over its own primaries, as `CAGradientLayer` blends.
    case genericRGB
    /// Oklab (Björn Ottosson's perceptual space), the nearest fit to SwiftUI's `LinearGradient`.
    case oklab

    /// The stop's colour components in this space (alpha apart).
    func encode(_ c: Color) -> (Double, Double, Double) {
        switch self {
        case .sRGB:
            return (c.red, c.green, c.blue)
        case .genericRGB:
            let l = GradientInterpolation.linear(c)
            let g = GradientInterpolation.multiply(GradientInterpolation.sRGBToGeneric, l)
            return (GradientInterpolation.power(g.0, 1 / 1.8), GradientInterpolation.power(g.1, 1 / 1.8),
                    GradientInterpolation.power(g.2, 1 / 1.8))
        case .oklab:
            let l = GradientInterpolation.linear(c)
            let lms = GradientInterpolation.multiply(GradientInterpolation.sRGBToLMS, l)
            return GradientInterpolation.multiply(GradientInterpolation.lmsToOklab, (cbrt(lms.0), cbrt(lms.1), cbrt(lms.2)))
        }
    }

    /// The sRGB colour of components in this space, clamped to the sRGB gamut.
    func decode(_ v: (Double, Double, Double), alpha: Double) -> Color {
        let l: (Double, Double, Double)
        switch self {
        case .sRGB:
            return Color(red: v.0, green: v.1, blue: v.2, alpha: alpha).clamped
        case .genericRGB:
            let g = (GradientInterpolation.power(v.0, 1.8), GradientInterpolation.power(v.1, 1.8), GradientInterpolation.power(v.2, 1.8))
            l = GradientInterpolation.multiply(GradientInterpolation.genericToSRGB, g)
        case .oklab:
            let c = GradientInterpolation.multiply(GradientInterpolation.oklabToLMS, v)
            l = GradientInterpolation.multiply(GradientInterpolation.lmsToSRGB, (c.0 * c.0 * c.0, c.1 * c.1 * c.1, c.2 * c.2 * c.2))
        }
        return Color(red: GradientInterpolation.gammaEncode(l.0), green: GradientInterpolation.gammaEncode(l.1),
                     blue: GradientInterpolation.gammaEncode(l.2), alpha: alpha).clamped
    }

    // MARK: - Conversions

    typealias Matrix = (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static func multiply(_ m: Matrix, _ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (m.0 * v.0 + m.1 * v.1 + m.2 * v.2, m.3 * v.0 + m.4 * v.1 + m.5 * v.2, m.6 * v.0 + m.7 * v.1 + m.8 * v.2)
    }

    /// A sign-keeping power, so components a little outside the gamut survive the round trip.
    static func power(_ x: Double, _ e: Double) -> Double { x < 0 ? -pow(-x, e) : pow(x, e) }

    static func gammaDecode(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func gammaEncode(_ c: Double) -> Double {
        let c = min(max(c.isNaN ? 0 : c, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
    static func linear(_ c: Color) -> (Double, Double, Double) {
        (gammaDecode(c.red), gammaDecode(c.green), gammaDecode(c.blue))
    }

    /// Linear sRGB to linear Generic RGB and back: both spaces' primaries to XYZ under their common
    /// D65 white (Generic RGB's chromaticities: red 0.630/0.340, green 0.295/0.605, blue 0.155/0.077).
    static let sRGBToGeneric: Matrix = invert(genericToSRGB)
    static let genericToSRGB: Matrix = {
        let toXYZ = primaries([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)])
        let genericToXYZ = primaries([(0.630, 0.340), (0.295, 0.605), (0.155, 0.077)])
        return product(invert(toXYZ), genericToXYZ)
    }()

    // Ottosson's published Oklab matrices (linear sRGB -> LMS, LMS' -> Lab).
    static let sRGBToLMS: Matrix = (0.4122214708, 0.5363325363, 0.0514459929,
                                    0.2119034982, 0.6806995451, 0.1073969566,
                                    0.0883024619, 0.2817188376, 0.6299787005)
    static let lmsToOklab: Matrix = (0.2104542553, 0.7936177850, -0.0040720468,
                                     1.9779984951, -2.4285922050, 0.4505937099,
                                     0.0259040371, 0.7827717662, -0.8086757660)
    static let lmsToSRGB: Matrix = invert(sRGBToLMS)
    static let oklabToLMS: Matrix = invert(lmsToOklab)

    /// RGB to XYZ for primaries given as xy chromaticities, white D65.
    static func primaries(_ p: [(Double, Double)]) -> Matrix {
        func xyz(_ x: Double, _ y: Double) -> (Double, Double, Double) { (x / y, 1, (1 - x - y) / y) }
        let r = xyz(p[0].0, p[0].1), g = xyz(p[1].0, p[1].1), b = xyz(p[2].0, p[2].1)
        let m: Matrix = (r.0, g.0, b.0, r.1, g.1, b.1, r.2, g.2, b.2)
        let s = multiply(invert(m), xyz(0.3127, 0.3290))
        return (r.0 * s.0, g.0 * s.1, b.0 * s.2, r.1 * s.0, g.1 * s.1, b.1 * s.2, r.2 * s.0, g.2 * s.1, b.2 * s.2)
    }

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        let c0 = multiply(a, (b.0, b.3, b.6)), c1 = multiply(a, (b.1, b.4, b.7)), c2 = multiply(a, (b.2, b.5, b.8))
        return (c0.0, c1.0, c2.0, c0.1, c1.1, c2.1, c0.2, c1.2, c2.2)
    }

    static func invert(_ m: Matrix) -> Matrix {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        return (A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
                B / det, (a * i - c * g) / det, -(a * f - c * d) / det,
                C / det, -(a * h - b * g) / det, (a * e - b * d) / det)
    }
}
