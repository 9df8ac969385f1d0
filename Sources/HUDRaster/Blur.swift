// Blur: separable Gaussian blur of images, image regions and coverage masks.
//
// Design note: small sigmas (< 2) use the true Gaussian as separable taps (radius ceil(3 sigma));
// larger sigmas use three successive box filters per axis, Skia's and the SVG spec's
// approximation: window d = floor(sigma * 3 * sqrt(2 pi) / 4 + 0.5); odd d gives three centred
// boxes, even d two boxes of d offset by half a pixel either way and one of d + 1, so the result
// stays centred. Every kernel sums to exactly 1 and the work is done in Double on planar
// copies (one rounding at the end), so the total energy is preserved to within rounding and the
// output is the same on every machine. Outside the blurred area counts as transparent. The mask
// version grows the mask by the kernel's reach (ceil(3 sigma)) so nothing is cut off. Only the
// given region is touched, which is how a glow around a small HUD stays cheap on a large frame.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blurs (namespace).
public enum Blur {
    /// The largest sigma honoured, in pixels; larger values are clamped to it (a blur that wide
    /// is visually flat already, and the clamp bounds the work and the growth of masks).
    public static let maxSigma = 250.0

    /// The Gaussian standard deviation equivalent to a Core Graphics shadow blur radius
    /// (`CGContext.setShadow(offset:blur:)`): half the blur value.
    public static func sigma(forCGBlur blur: Double) -> Double {
        guard blur.isFinite, blur > 0 else { return 0 }
        return blur / 2
    }

    /// How far (in pixels) a blur of `sigma` spreads ink from its source: ceil(3 sigma) after the
    /// clamp, 0 for no blur.
    public static func reach(sigma: Double) -> Int {
        let s = clamped(sigma)
        return s > 0 ? Int((3 * s).rounded(.up)) : 0
    }

    /// Blurs the whole image in place. Pixels beyond the edges count as transparent.
    public static func gaussian(_ image: inout Image, sigma: Double) {
        gaussian(&image, sigma: sigma, region: (x: 0, y: 0, width: image.width, height: image.height))
    }

    /// Blurs only `region` of the image in place (clipped to the image); pixels outside the region
    /// are neither read nor written. NaN, infinite, zero or negative sigma leaves the image unchanged;
    /// sigma above `maxSigma` is clamped.
    public static func gaussian(_ image: inout Image, sigma: Double, region: (x: Int, y: Int, width: Int, height: Int)) {
        let s = clamped(sigma)
        guard s > 0 else { return }
        let x0 = max(0, region.x), y0 = max(0, region.y)
        let x1 = min(image.width, region.x.addingReportingOverflow(region.width).overflow ? image.width : region.x + region.width)
        let y1 = min(image.height, region.y.addingReportingOverflow(region.height).overflow ? image.height : region.y + region.height)
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        let stride = image.width
        var plane = [Double](repeating: 0, count: w * h)
        var scratch = Scratch()
        image.pixels.withUnsafeMutableBufferPointer { px in
            for ch in [3, 0, 1, 2] {
                plane.withUnsafeMutableBufferPointer { pl in
                    for y in 0..<h {
                        var i = ((y0 + y) * stride + x0) * 4 + ch
                        for x in 0..<w { pl[y * w + x] = Double(px[i]); i += 4 }
                    }
                }
                blurPlane(&plane, width: w, height: h, sigma: s, scratch: &scratch)
                plane.withUnsafeBufferPointer { pl in
                    for y in 0..<h {
                        var i = ((y0 + y) * stride + x0) * 4 + ch
                        for x in 0..<w {
                            var v = (pl[y * w + x] + 0.5).rounded(.down)
                            v = v < 0 ? 0 : (v > 255 ? 255 : v)
                            var b = UInt8(v)
                            // Keep premultiplied colour <= alpha after independent rounding.
                            if ch != 3 { let a = px[i - ch + 3]; if b > a { b = a } }
                            px[i] = b; i += 4
                        }
                    }
                }
            }
        }
    }

    /// A blurred copy of a coverage mask, grown by `reach(sigma:)` pixels on every side so that the
    /// blur is not cut off. NaN, infinite, zero or negative sigma returns the mask unchanged.
    /// The result is kept (`BlurCache`), so the same shape blurred again, anywhere, is not recomputed.
    public static func gaussian(mask: Mask, sigma: Double) -> Mask {
        let s = clamped(sigma)
        guard s > 0, mask.width > 0, mask.height > 0 else { return mask }
        if let m = BlurCache.shared.lookup(mask, sigma: s) { return m }
        let m = blurred(mask: mask, sigma: s)
        BlurCache.shared.store(mask, sigma: s, blurred: m)
        return m
    }

    /// `gaussian(mask:sigma:)` computed (`s` already clamped and positive).
    static func blurred(mask: Mask, sigma s: Double) -> Mask {
        let r = reach(sigma: s)
        let w = mask.width + 2 * r, h = mask.height + 2 * r
        var plane = [Double](repeating: 0, count: w * h)
        for y in 0..<mask.height {
            let src = y * mask.width, dst = (y + r) * w + r
            for x in 0..<mask.width { plane[dst + x] = Double(mask.coverage[src + x]) }
        }
        var scratch = Scratch()
        blurPlane(&plane, width: w, height: h, sigma: s, scratch: &scratch)
        var cov = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            // floor(v + 0.5) clamped to 0...255; at or above 1 the floor is the truncation, so no
            // call to floor per value.
            let v = plane[i] + 0.5
            cov[i] = v < 1 ? 0 : (v >= 255 ? 255 : UInt8(truncatingIfNeeded: Int(v)))
        }
        return Mask(originX: mask.originX - r, originY: mask.originY - r, width: w, height: h, coverage: cov)
    }

    // MARK: - Internals

    static func clamped(_ sigma: Double) -> Double {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return min(sigma, maxSigma)
    }

    /// Box window for sigma >= 2 (Skia / SVG filter effects).
    static func boxWindow(sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Normalised Gaussian taps for sigma < 2: weights for offsets -radius...radius.
    static func gaussianTaps(sigma: Double) -> [Double] {
        let radius = Int((3 * sigma).rounded(.up))
        var k = [Double](repeating: 0, count: 2 * radius + 1)
        var sum = 0.0
        for i in -radius...radius {
            let v = exp(-Double(i * i) / (2 * sigma * sigma))
            k[i + radius] = v; sum += v
        }
        for i in 0..<k.count { k[i] /= sum }
        return k
    }

    struct Scratch {
        var line: [Double] = []
        var transposed: [Double] = []
        var lanes: [SIMD4<Double>] = []
    }

    /// Blurs a planar buffer: box blurs (sigma >= 2) along the rows, then down the columns
    /// (Blur+BoxLanes); Gaussian taps along the rows, transpose, the same on the former columns,
    /// transpose back.
    static func blurPlane(_ plane: inout [Double], width w: Int, height h: Int, sigma: Double, scratch: inout Scratch) {
        if scratch.transposed.count < w * h { scratch.transposed = [Double](repeating: 0, count: w * h) }
        if scratch.line.count < max(w, h) + 16 { scratch.line = [Double](repeating: 0, count: max(w, h) + 16) }
        if sigma >= 2 {
            // Box blurs: rows four at a time, then down the columns in place (Blur+BoxLanes).
            if scratch.lanes.count < 2 * w { scratch.lanes = [SIMD4<Double>](repeating: .zero, count: 2 * w) }
            let boxes = boxes(window: boxWindow(sigma: sigma))
            plane.withUnsafeMutableBufferPointer { pl in
                scratch.line.withUnsafeMutableBufferPointer { line in
                    scratch.lanes.withUnsafeMutableBufferPointer { lanes in
                        boxRows(pl.baseAddress!, w, h, boxes: boxes, line: line.baseAddress!, lanes: lanes.baseAddress!)
                        scratch.transposed.withUnsafeMutableBufferPointer { copy in
                            boxColumns(pl.baseAddress!, w, h, boxes: boxes, copy: copy.baseAddress!, sums: line.baseAddress!)
                        }
                    }
                }
            }
            return
        }
        rows(&plane, width: w, height: h, sigma: sigma, line: &scratch.line)
        transpose(plane, w, h, into: &scratch.transposed)
        rows(&scratch.transposed, width: h, height: w, sigma: sigma, line: &scratch.line)
        transpose(scratch.transposed, h, w, into: &plane)
    }

    static func transpose(_ src: [Double], _ w: Int, _ h: Int, into dst: inout [Double]) {
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                // Blocks of 16x16 keep both sides in cache.
                var by = 0
                while by < h {
                    let ye = min(h, by + 16)
                    var bx = 0
                    while bx < w {
                        let xe = min(w, bx + 16)
                        for y in by..<ye { for x in bx..<xe { d[x * h + y] = s[y * w + x] } }
                        bx += 16
                    }
                    by += 16
                }
            }
        }
    }

    /// The Gaussian taps (sigma < 2) along every row.
    static func rows(_ plane: inout [Double], width w: Int, height h: Int, sigma: Double, line: inout [Double]) {
        let taps = gaussianTaps(sigma: sigma)
        let r = taps.count / 2
        // The line is copied between r zeros on each side, so the tap loop needs no bounds tests.
        if line.count < w + 2 * r { line = [Double](repeating: 0, count: w + 2 * r) }
        plane.withUnsafeMutableBufferPointer { pl in
            line.withUnsafeMutableBufferPointer { ln in
                taps.withUnsafeBufferPointer { k in
                    let lp = ln.baseAddress!
                    for i in 0..<(2 * r) { lp[i < r ? i : w + i] = 0 }
                    let kp = k.baseAddress!, nk = k.count
                    for y in 0..<h {
                        let row = pl.baseAddress! + y * w
                        var empty = true
                        for x in 0..<w { lp[r + x] = row[x]; if row[x] != 0 { empty = false } }
                        if empty { continue }
                        for x in 0..<w {
                            var acc = 0.0
                            let src = lp + x
                            for j in 0..<nk { acc += src[j] * kp[j] }
                            row[x] = acc
                        }
                    }
                }
            }
        }
    }

    /// out[x] = mean of in[x-lo ... x+hi] (zero outside), written back into `row`: one line, or
    /// several side by side in the lanes of a vector (Blur+BoxLanes.swift), summed the same way.
    @inline(__always) static func boxPass<V: BoxSample>(_ row: UnsafeMutablePointer<V>, _ tmp: UnsafeMutablePointer<V>,
                                                        _ w: Int, _ lo: Int, _ hi: Int) {
        let inv = 1 / Double(lo + hi + 1)
        for x in 0..<w { tmp[x] = row[x] }
        var sum = V.zero
        // Window for x = 0 covers [-lo, hi].
        for j in 0...min(hi, w - 1) { sum += tmp[j] }
        for x in 0..<w {
            row[x] = sum * inv
            let add = x + hi + 1, sub = x - lo
            if add < w { sum += tmp[add] }
            if sub >= 0 { sum -= tmp[sub] }
        }
    }
}
