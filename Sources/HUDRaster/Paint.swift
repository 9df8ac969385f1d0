// Paint: what fills a shape (a colour or a gradient), and the shader that evaluates it per pixel.
//
// Design note: a Paint is a value in user space; at draw time it is bound to the current transform
// and becomes a `Shader` that works in device pixels. Gradients reduce to "compute t, look it up in
// the premultiplied table": linear t is affine in device x, so a row costs one add per pixel;
// radial uses the general two-circle (focal) form, choosing the larger root with a non-negative
// radius as PDF / Core Graphics / Skia do; conic measures the angle clockwise from `startAngle`.
// Pixels are sampled at their centres. Bilinear image sampling is a shader too, so drawing an
// image through any transform reuses the same clip / coverage / blend pipeline as a fill.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fill or stroke paint, in user space (coordinates are transformed by the CTM at draw time).
public enum Paint: Hashable, Sendable {
    /// A solid colour.
    case color(Color)
    /// A gradient along the line from `start` to `end`.
    case linearGradient(Gradient, start: Point, end: Point, spread: SpreadMode = .pad)
    /// A gradient between two circles (a focal gradient when the start circle is a point inside the end circle).
    case radialGradient(Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
                        spread: SpreadMode = .pad)
    /// A sweep around `center`: t = 0 at `startAngle`, growing clockwise on screen, 1 after a full turn.
    case conicGradient(Gradient, center: Point, startAngle: Double)
}

/// A paint bound to device space.
struct Shader {
    enum Kind {
        case solid(UInt32)
        /// t = ax * x + ay * y + a0 (device pixel centres).
        case linear(ax: Double, ay: Double, a0: Double)
        /// Focal/two-circle in gradient space; `inv` maps device to gradient space.
        case radial(inv: Transform, c0: Point, r0: Double, cd: Point, dr: Double)
        case conic(inv: Transform, center: Point, start: Double)
        /// Bilinear sampling; `inv` maps device to image pixel space.
        case image(Image, inv: Transform)
        /// An image whose pixel (0, 0) is device pixel (ox, oy), no resampling.
        case aligned(Image, ox: Int, oy: Int)
        case none
    }
    var kind: Kind
    var lut: [UInt32] = []
    var spread: SpreadMode = .pad
    var extendBefore = true
    var extendAfter = true
    /// The colour of a `.solid` kind that came from a `Color` (for `Compositor.FineSolid`).
    var solidColor: Color?

    init(kind: Kind) { self.kind = kind }

    static func solid(_ c: Color) -> Shader {
        var s = Shader(kind: .solid(Compositor.pack(c)))
        s.solidColor = c
        return s
    }

    /// Binds `paint` to a CTM. Degenerate gradients (zero length, non-invertible CTM) fall back
    /// to their last colour as Core Graphics does for pad spread, or draw nothing.
    init(_ paint: Paint, ctm: Transform, extendBefore: Bool = true, extendAfter: Bool = true,
         tables: GradientTableCache? = nil) {
        func table(_ g: Gradient) -> [UInt32] { (tables ?? GradientTableCache.shared).table(for: g) }
        self.extendBefore = extendBefore; self.extendAfter = extendAfter
        switch paint {
        case .color(let c):
            kind = .solid(Compositor.pack(c))
            solidColor = c
        case let .linearGradient(g, start, end, spread):
            self.spread = spread
            lut = table(g)
            let dx = end.x - start.x, dy = end.y - start.y, len2 = dx * dx + dy * dy
            guard let inv = ctm.inverted(), len2 > 0, len2.isFinite, start.isFinite else {
                kind = g.colors.isEmpty || !extendAfter ? .none : .solid(Compositor.pack(g.colors[g.colors.count - 1]))
                return
            }
            // t(user) = ((u - start) . d) / |d|^2, u = inv(device).
            let kx = dx / len2, ky = dy / len2
            let ax = inv.a * kx + inv.b * ky, ay = inv.c * kx + inv.d * ky
            let a0 = (inv.tx - start.x) * kx + (inv.ty - start.y) * ky
            kind = .linear(ax: ax, ay: ay, a0: a0)
        case let .radialGradient(g, c0, r0, c1, r1, spread):
            self.spread = spread
            lut = table(g)
            let r0 = max(0, r0), r1 = max(0, r1)
            guard let inv = ctm.inverted(), c0.isFinite, c1.isFinite, r0.isFinite, r1.isFinite,
                  !(c0 == c1 && r0 == r1) else { kind = .none; return }
            kind = .radial(inv: inv, c0: c0, r0: r0, cd: c1 - c0, dr: r1 - r0)
        case let .conicGradient(g, center, startAngle):
            lut = table(g)
            spread = .repeat
            guard let inv = ctm.inverted(), center.isFinite, startAngle.isFinite else { kind = .none; return }
            kind = .conic(inv: inv, center: center, start: startAngle)
        }
    }

    var isSolid: Bool { if case .solid = kind { return true }; return false }

    /// The colour every pixel of device row `y` gets when the shader does not vary along a row (a
    /// solid colour; a linear gradient whose axis is vertical in device space), else nil. The same
    /// value `shade` writes for each pixel of that row: t is computed by the same expression.
    @inline(__always) func rowColor(y: Int) -> UInt32? {
        switch kind {
        case .solid(let c): return c
        case let .linear(ax, ay, a0) where ax == 0:
            let t = ay * (Double(y) + 0.5) + a0
            return lut.withUnsafeBufferPointer { L in
                if spread == .pad && extendBefore && extendAfter {
                    let u = t > 0 ? (t < 1 ? t : 1) : 0   // NaN -> 0
                    return L[Int(u * Double(Gradient.lutSize - 1) + 0.5)]
                }
                let k = index(t)
                return k < 0 ? 0 : L[k]
            }
        default: return nil
        }
    }

    /// Whether every pixel the shader writes is opaque (a gradient of opaque stops), so shaded
    /// pixels at full coverage replace what is under them.
    var isOpaque: Bool {
        switch kind {
        case .solid(let c): return c >> 24 == 255
        case .linear, .radial, .conic:
            // Only gradients that paint every pixel: padded ones extended both ways, and of radial
            // ones only concentric circles (two-circle ones leave pixels outside the cone empty).
            if case let .radial(_, _, _, cd, dr) = kind, !(cd.x == 0 && cd.y == 0 && dr != 0), !radialIsNested { return false }
            guard spread != .pad || (extendBefore && extendAfter) else { return false }
            return lut.allSatisfy { $0 >> 24 == 255 }
        default: return false
        }
    }

    /// Whether the gradient's start circle lies strictly inside its end circle (a focal gradient,
    /// `fx`/`fy` in SVG): then every point is on exactly one circle of non-negative radius.
    var radialIsNested: Bool {
        guard case let .radial(_, _, _, cd, dr) = kind else { return false }
        return dr > 0 && (cd.x * cd.x + cd.y * cd.y).squareRoot() < dr * (1 - 1e-9)
    }

    /// Whether every row gets the same pixels over the same columns (a linear gradient whose axis
    /// is horizontal in device space), so a shaded span can be reused from row to row.
    var isColumnConstant: Bool {
        if case let .linear(_, ay, _) = kind { return ay == 0 }
        return false
    }

    /// Table index for t after spread, or -1 where nothing is painted.
    @inline(__always) func index(_ t: Double) -> Int {
        guard t.isFinite else { return -1 }
        var u = t
        switch spread {
        case .pad:
            if u < 0 { if !extendBefore { return -1 }; u = 0 }
            if u > 1 { if !extendAfter { return -1 }; u = 1 }
        case .repeat:
            u = abs(t) < 1e15 ? t - Double(floorToInt(t)) : 0
        case .reflect:
            u = abs(t) < 1e15 ? t - 2 * Double(floorToInt(t / 2)) : 0
            if u > 1 { u = 2 - u }
        }
        return Int(u * Double(Gradient.lutSize - 1) + 0.5)
    }

    /// Writes `n` premultiplied pixels for device row `y`, starting at column `x`.
    func shade(y: Int, x: Int, n: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        switch kind {
        case .solid(let c):
            out.initialize(repeating: c, count: n)
        case .none:
            out.initialize(repeating: 0, count: n)
        case let .linear(ax, ay, a0):
            lut.withUnsafeBufferPointer { L in
                var t = ax * (Double(x) + 0.5) + ay * py + a0
                if spread == .pad && extendBefore && extendAfter {
                    if Shader.shadeLinearFixed(L, t, ax, n, out) { return }
                    for i in 0..<n {
                        let u = t > 0 ? (t < 1 ? t : 1) : 0   // NaN -> 0
                        out[i] = L[Int(u * Double(Gradient.lutSize - 1) + 0.5)]
                        t += ax
                    }
                } else if spread == .pad || !Shader.shadeLinearSpread(L, spread == .reflect, t, ax, n, out) {
                    Shader.shadeLinear4(self, L, t, ax, n, out)
                }
            }
        case let .radial(inv, c0, r0, cd, dr):
            lut.withUnsafeBufferPointer { L in
                let p = (inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - c0.x, inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - c0.y)
                if cd.x == 0 && cd.y == 0 && dr != 0 {
                    let extB = extendBefore || spread != .pad, extA = extendAfter || spread != .pad
                    Shader.shadeConcentric(self, L, p, (inv.a, inv.b), r0, dr, extB, extA, n, out)
                } else {
                    Shader.shadeTwoCircle(self, L, p, (inv.a, inv.b), r0, cd, dr, n, out)
                }
            }
        case let .conic(inv, center, start):
            lut.withUnsafeBufferPointer { L in
                var px = inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - center.x
                var pyy = inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - center.y
                let twoPi = 2 * Double.pi
                for i in 0..<n {
                    var t = (Shader.fastAtan2(pyy, px) - start) / twoPi
                    if t.isFinite && abs(t) < 1e15 {
                        t -= Double(floorToInt(t))
                        out[i] = L[min(Gradient.lutSize - 1, Int(t * Double(Gradient.lutSize - 1) + 0.5))]
                    } else {
                        out[i] = 0
                    }
                    px += inv.a; pyy += inv.b
                }
            }
        case let .image(img, inv):
            Shader.sampleBilinear(img, inv: inv, y: y, x: x, n: n, out: out)
        case let .aligned(img, ox, oy):
            let row = y - oy, col = x - ox
            guard row >= 0, row < img.height else { out.initialize(repeating: 0, count: n); return }
            // Copy the overlapping part of the row in one go; zeros outside the image.
            let a = max(0, -col), b = min(n, img.width - col)
            if a > 0 { out.initialize(repeating: 0, count: min(a, n)) }
            if b < n { (out + max(b, 0)).initialize(repeating: 0, count: n - max(b, 0)) }
            if a < b {
                img.pixels.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(out + a).copyMemory(from: raw.baseAddress! + (row * img.width + col + a) * 4,
                                                                byteCount: (b - a) * 4)
                }
            }
        }
    }

    /// atan2 from a minimax polynomial (max error ~1e-5 rad, far below one step of the gradient
    /// table): much faster than libm's, and the same bits on every CPU (glibc picks FMA or non-FMA
    /// code paths at run time, which may differ in the last place).
    @inline(__always) static func fastAtan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        if !(mx > 0) { return mx == 0 ? 0 : .nan }
        let a = mn / mx, s = a * a
        var r = a * (0.99997726 + s * (-0.33262347 + s * (0.19354346 + s * (-0.11643287 + s * (0.05265332 + s * -0.01172120)))))
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        return y < 0 ? -r : r
    }

    /// Bilinear filtering with clamp-to-edge addressing (the shape's own coverage makes the edge).
    static func sampleBilinear(_ img: Image, inv: Transform, y: Int, x: Int, n: Int, out: UnsafeMutablePointer<UInt32>) {
        let w = img.width, h = img.height
        let py = Double(y) + 0.5
        // Image-space position of the pixel centre, minus half a texel, in 1/256 units.
        var u = (inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - 0.5) * 256
        var v = (inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - 0.5) * 256
        let du = inv.a * 256, dv = inv.b * 256
        let lim = Double(1 << 40)
        img.pixels.withUnsafeBytes { raw in
            let p = raw.baseAddress!
            // Fixed-point stepping (16 more fraction bits) when the whole row stays in range.
            let uEnd = u + du * Double(n), vEnd = v + dv * Double(n), r = Double(1 << 38)
            if u.isFinite, v.isFinite, uEnd.isFinite, vEnd.isFinite,
               abs(u) < r, abs(v) < r, abs(uEnd) < r, abs(vEnd) < r {
                let U = Int64(u * 65536), V = Int64(v * 65536)
                let DU = Int64(du * 65536), DV = Int64(dv * 65536)
                if DU == 1 << 24, DV == 0 {
                    // A translation: one texel per pixel, the same fractions along the row.
                    sampleTranslatedRow(p, w: w, h: h, iu: Int(truncatingIfNeeded: U &>> 16),
                                        iv: Int(truncatingIfNeeded: V &>> 16), n: n, out: out)
                    return
                }
                // Any other transform: four pixels at a time in vector lanes (Shader+SampleLanes).
                sampleLanes(p, w: w, h: h, U: U, V: V, DU: DU, DV: DV, n: n, out: out)
                return
            }
            for i in 0..<n {
                guard u.isFinite, v.isFinite else { out[i] = 0; u += du; v += dv; continue }
                let iu = floorToInt(min(max(u, -lim), lim)), iv = floorToInt(min(max(v, -lim), lim))
                out[i] = bilinearClamped(p, w: w, h: h, iu: iu, iv: iv)
                u += du; v += dv
            }
        }
    }
}
