// OkLab: the perceptual colour space the GIF palette is built and searched in.
//
// Design note: Euclidean distance in OkLab tracks perceived difference far better than in sRGB, so
// palette entries land where the eye needs them (dark glows, subtle gradients) rather than being
// spent on bright colours that look alike. Conversions use a 256-entry sRGB-to-linear table; the
// inverse runs only once per palette entry.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in OkLab (Björn Ottosson, 2020): L lightness 0...1, a/b opponent axes.
struct OkLabColor: Equatable {
    var l: Float, a: Float, b: Float

    @inline(__always)
    func distanceSquared(_ o: OkLabColor) -> Float {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return dl * dl + da * da + db * db
    }
}

enum OkLab {
    /// sRGB 8-bit value to linear light.
    static let linearTable: [Float] = (0..<256).map { i in
        let c = Float(i) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    @inline(__always)
    static func fromLinear(_ r: Float, _ g: Float, _ b: Float) -> OkLabColor {
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
        let l_ = cbrtf(l), m_ = cbrtf(m), s_ = cbrtf(s)
        return OkLabColor(l: 0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
                          a: 1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
                          b: 0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)
    }

    /// OkLab of an 8-bit sRGB colour.
    @inline(__always)
    static func fromSRGB(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> OkLabColor {
        linearTable.withUnsafeBufferPointer { t in fromLinear(t[Int(r)], t[Int(g)], t[Int(b)]) }
    }

    /// OkLab of a fractional sRGB colour (0...255 per channel), e.g. the mean of a histogram bin.
    static func fromSRGB(_ r: Double, _ g: Double, _ b: Double) -> OkLabColor {
        func lin(_ v: Double) -> Float {
            let c = Float(max(0, min(255, v)) / 255)
            return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
        }
        return fromLinear(lin(r), lin(g), lin(b))
    }

    /// The nearest 8-bit sRGB colour of an OkLab colour (out-of-gamut values are clipped).
    static func toSRGB8(_ c: OkLabColor) -> (UInt8, UInt8, UInt8) {
        let l_ = c.l + 0.3963377774 * c.a + 0.2158037573 * c.b
        let m_ = c.l - 0.1055613458 * c.a - 0.0638541728 * c.b
        let s_ = c.l - 0.0894841775 * c.a - 1.2914855480 * c.b
        let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        func enc(_ v: Float) -> UInt8 {
            let x = max(0, min(1, v))
            let e = x <= 0.0031308 ? 12.92 * x : 1.055 * powf(x, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (e * 255).rounded())))
        }
        return (enc(r), enc(g), enc(b))
    }
}

/// Nearest-colour search over a small palette, sorted by lightness so most candidates are skipped.
struct PaletteSearch {
    private var ls: [Float] = [], as_: [Float] = [], bs: [Float] = []
    private var indices: [UInt8] = []

    init(_ palette: [OkLabColor]) {
        let order = palette.indices.sorted { (palette[$0].l, $0) < (palette[$1].l, $1) }
        for i in order {
            ls.append(palette[i].l); as_.append(palette[i].a); bs.append(palette[i].b)
            indices.append(UInt8(i))
        }
    }

    /// The palette index nearest to `c` (ties go to the lower lightness-sorted entry: deterministic).
    func nearest(_ c: OkLabColor) -> UInt8 {
        let n = ls.count
        // First entry with L >= c.l.
        var lo = 0, hi = n
        while lo < hi { let mid = (lo + hi) >> 1; if ls[mid] < c.l { lo = mid + 1 } else { hi = mid } }
        var best = Float.infinity, bestIndex = 0
        var up = lo, down = lo - 1
        while up < n || down >= 0 {
            if up < n {
                let dl = ls[up] - c.l
                if dl * dl >= best { up = n } else {
                    let da = as_[up] - c.a, db = bs[up] - c.b
                    let d = dl * dl + da * da + db * db
                    if d < best { best = d; bestIndex = up }
                    up += 1
                }
            }
            if down >= 0 {
                let dl = ls[down] - c.l
                if dl * dl >= best { down = -1 } else {
                    let da = as_[down] - c.a, db = bs[down] - c.b
                    let d = dl * dl + da * da + db * db
                    if d < best { best = d; bestIndex = down }
                    down -= 1
                }
            }
        }
        return indices[bestIndex]
    }
}
