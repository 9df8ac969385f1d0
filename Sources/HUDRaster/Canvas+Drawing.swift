// Canvas+Drawing: the public drawing calls (fill, stroke, gradients, images, masks).
//
// Design note: each call reduces to a `Cover` (a path under a transform, a mask, or a pixel box)
// and a `Shader`, and goes to the pipeline (Canvas+Pipeline); a solid fill under normal blending
// tries the direct path (Canvas+AlignedBoxes) first, which skips binding a shader.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Canvas {
    /// What a drawing operation covers.
    enum Cover {
        case path(Path, Transform, FillRule)
        case mask(Mask)
        case box(PixelRect)
    }

    /// Fills `path` with the fill paint.
    public func fill(_ path: Path, rule: FillRule = .winding) {
        recorder?.record(self, .fill(path, rule), uses: .fill)
        if fillReplacingCanvas(path) { return }
        if fillDirectly(path, state.ctm, rule, state.fillPaint, alpha: state.alpha) { return }
        draw(.path(path, state.ctm, rule), Shader(state.fillPaint, ctm: state.ctm, tables: tables))
    }

    /// Strokes `path` with the stroke paint and line parameters (dash, width, caps, joins).
    /// Lines thinner than one device pixel are drawn one pixel wide at proportionally lower alpha,
    /// so they keep their weight instead of breaking up.
    public func stroke(_ path: Path) {
        recorder?.record(self, .stroke(path), uses: .stroke)
        var style = state.strokeStyle
        let t = state.ctm
        let k = Path.hairlineCoverageScale(for: style.lineWidth, transform: t)
        if k <= 0 { return }
        var alphaScale = 1.0
        if k < 1 || style.lineWidth == 0 {
            style.lineWidth = Path.hairlineWidth(for: style.lineWidth == 0 ? 0.0001 : style.lineWidth, transform: t)
            alphaScale = k
        }
        if strokeRectangleDirectly(path, style, t, alpha: state.alpha * alphaScale) { return }
        var outline = path.stroked(style, transform: t, scratch: &strokeScratch)
        defer { strokeScratch.recycle(&outline) }
        if outline.isEmpty { return }
        // A ring round a convex shape (a circle, a rounded rect) has no crossings to look for.
        engine.outlineIsSimple = strokeScratch.outlineIsSimple
        defer { engine.outlineIsSimple = false }
        let saved = state.alpha
        if fillDirectly(outline, .identity, .winding, state.strokePaint, alpha: saved * alphaScale,
                        bounds: strokeScratch.outlineBounds) { return }
        state.alpha = saved * alphaScale
        draw(.path(outline, .identity, .winding), Shader(state.strokePaint, ctm: t, tables: tables))
        state.alpha = saved
    }

    /// Fills a rectangle (user space) with the fill paint.
    public func fill(_ rect: Rect) { var p = Path(); p.addRect(rect.standardized); fill(p) }
    /// Strokes a rectangle's outline with the stroke paint and line parameters.
    public func stroke(_ rect: Rect) { var p = Path(); p.addRect(rect.standardized); stroke(p) }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect) { var p = Path(); p.addEllipse(in: rect.standardized); fill(p) }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: Rect) { var p = Path(); p.addEllipse(in: rect.standardized); stroke(p) }
    /// Fills the rectangles as one path (as `CGContext.fill(_: [CGRect])`): where they overlap,
    /// the fill is drawn once.
    public func fill(_ rects: [Rect]) { var p = Path(); p.addRects(rects.map(\.standardized)); fill(p) }
    /// Strokes `rect` with a line `width` wide, leaving the state's line width as it was (as
    /// `CGContext.stroke(_:width:)`).
    public func stroke(_ rect: Rect, width: Double) {
        let saved = state.strokeStyle.lineWidth
        state.strokeStyle.lineWidth = width
        stroke(rect)
        state.strokeStyle.lineWidth = saved
    }
    /// Strokes each pair of points as its own line segment, all in one stroke (as
    /// `CGContext.strokeLineSegments(between:)`); an unpaired last point is ignored.
    public func strokeLineSegments(between points: [Point]) {
        var p = Path()
        var i = 0
        while i + 1 < points.count { p.move(to: points[i]); p.addLine(to: points[i + 1]); i += 2 }
        stroke(p)
    }

    /// Makes `rect` (user space) transparent, within the clip (as `CGContext.clear`); ignores
    /// alpha, blend mode and shadow.
    public func clear(_ rect: Rect) {
        recorder?.record(self, .clear(rect), uses: .ctm)
        var p = Path(); p.addRect(rect.standardized)
        render(.path(p, state.ctm, .winding), Shader.solid(.black), clip: state.clip, alpha: 1, mode: .clear)
    }

    /// Paints a linear gradient across the whole clip, as `CGContext.drawLinearGradient`. Without
    /// the options nothing is painted before `start` or after `end` (along the gradient's axis).
    public func drawLinearGradient(_ g: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []) {
        recorder?.record(self, .drawLinear(g, start, end, options), uses: .draw)
        let sh = Shader(.linearGradient(g, start: start, end: end, spread: .pad), ctm: state.ctm,
                        extendBefore: options.contains(.drawsBeforeStartLocation),
                        extendAfter: options.contains(.drawsAfterEndLocation), tables: tables)
        draw(.box(state.clip.bounds), sh)
    }

    /// Paints a two-circle radial gradient across the clip, as `CGContext.drawRadialGradient`.
    public func drawRadialGradient(_ g: Gradient, startCenter: Point, startRadius: Double, endCenter: Point,
                                   endRadius: Double, options: GradientDrawingOptions = []) {
        recorder?.record(self, .drawRadial(g, startCenter, startRadius, endCenter, endRadius, options), uses: .draw)
        let sh = Shader(.radialGradient(g, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                        endRadius: endRadius, spread: .pad), ctm: state.ctm,
                        extendBefore: options.contains(.drawsBeforeStartLocation),
                        extendAfter: options.contains(.drawsAfterEndLocation), tables: tables)
        draw(.box(state.clip.bounds), sh)
    }

    /// Paints a conic (sweep) gradient across the clip: t = 0 at `startAngle`, clockwise, full turn = 1.
    public func drawConicGradient(_ g: Gradient, center: Point, startAngle: Double) {
        recorder?.record(self, .drawConic(g, center, startAngle), uses: .draw)
        draw(.box(state.clip.bounds), Shader(.conicGradient(g, center: center, startAngle: startAngle), ctm: state.ctm, tables: tables))
    }

    /// Draws `image` scaled into `rect` (user space) with bilinear filtering through the CTM.
    public func draw(_ image: Image, in rect: Rect) {
        recorder?.record(self, .image(image, rect), uses: .draw)
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        // image pixel space -> user -> device
        // Bilinear filtering aliases when shrinking by more than 2x: halve the image (2x2 box
        // filter, a mip level) until each source pixel covers at least half a device pixel.
        var src = image
        while true {
            let toDevice = Transform(a: r.width / Double(src.width), b: 0, c: 0, d: r.height / Double(src.height),
                                     tx: r.minX, ty: r.minY).concatenating(state.ctm)
            let sx = (toDevice.a * toDevice.a + toDevice.b * toDevice.b).squareRoot()
            let sy = (toDevice.c * toDevice.c + toDevice.d * toDevice.d).squareRoot()
            if sx < 0.5 && sy < 0.5 && src.width > 1 && src.height > 1, let half = Canvas.halved(src) { src = half; continue }
            guard let inv = toDevice.inverted() else { return }
            if toDevice.a == 1 && toDevice.d == 1 && toDevice.b == 0 && toDevice.c == 0,
               let ox = Canvas.integral(toDevice.tx), let oy = Canvas.integral(toDevice.ty) {
                // An integer translation (a layer composited in place): every sample falls on a
                // texel, so the rows are copied, not filtered; the same bytes as the bilinear path.
                draw(.box(PixelRect(x0: ox, y0: oy, x1: ox + src.width, y1: oy + src.height)),
                     Shader(kind: .aligned(src, ox: ox, oy: oy)))
                return
            }
            var p = Path(); p.addRect(r)
            draw(.path(p, state.ctm, .winding), Shader(kind: .image(src, inv: inv)))
            return
        }
    }

    /// `v` as an Int when it is a whole number well inside the canvas limits, else nil.
    static func integral(_ v: Double) -> Int? {
        guard abs(v) < 1e9, v == v.rounded() else { return nil }
        return Int(v)
    }

    /// The image at half size (rounded up), each pixel the mean of a 2x2 block (premultiplied).
    static func halved(_ img: Image) -> Image? {
        let w = (img.width + 1) / 2, h = (img.height + 1) / 2
        guard var out = try? Image(width: w, height: h) else { return nil }
        img.pixels.withUnsafeBufferPointer { ip in
            out.pixels.withUnsafeMutableBufferPointer { op in
                for y in 0..<h {
                    let y0 = 2 * y, y1 = min(2 * y + 1, img.height - 1)
                    for x in 0..<w {
                        let x0 = 2 * x, x1 = min(2 * x + 1, img.width - 1)
                        for ch in 0..<4 {
                            let s = Int(ip[(y0 * img.width + x0) * 4 + ch]) + Int(ip[(y0 * img.width + x1) * 4 + ch])
                                + Int(ip[(y1 * img.width + x0) * 4 + ch]) + Int(ip[(y1 * img.width + x1) * 4 + ch])
                            op[(y * w + x) * 4 + ch] = UInt8((s + 2) / 4)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Composites `color` through a device-space coverage mask placed at its own origin (the CTM
    /// does not apply); clip, alpha, blend mode and shadow do.
    public func fill(_ mask: Mask, color: Color) {
        recorder?.record(self, .mask(mask, color), uses: .draw)
        guard mask.width > 0, mask.height > 0, mask.coverage.count == mask.width * mask.height else { return }
        draw(.mask(mask), Shader.solid(color))
    }
}
