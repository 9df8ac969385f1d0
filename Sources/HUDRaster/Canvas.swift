// Canvas: a Core Graphics-like drawing context over a premultiplied RGBA8 image.
//
// Design note: every drawing call reduces to one pipeline, "coverage x shader -> blend", where
// coverage comes from the scan converter (paths, strokes after stroking), from a mask, or from a
// pixel box, and the shader is a bound Paint or an image. Work is bounded by the shape's device box
// intersected with the clip's box, so a 20 px spinner on a 16k canvas touches 20 px rows. The clip
// is an integer pixel box plus, only when needed (rotated rects, fractional edges, paths), an A8
// mask over that box, multiplied into coverage span by span. Shadows render the shape's alpha into
// a scratch image over its box (grown by the blur reach), blur it with `Blur`, composite it offset,
// then draw the shape itself, as Core Graphics does. A path that is an axis-aligned rectangle in
// device space, or a ring of two (a rectangle stroked with miter joins), skips the scan converter:
// its coverage is computed in closed form with the scan converter's own quantisation, so the bytes
// are identical, and composited band by band (the rows of a band share their coverage); with a
// solid colour, normal blending, no shadow and no clip mask this goes straight to the pixels
// without binding a Shader, since per-call overhead is most of the cost of a small rectangle. Any
// other path filled with a solid colour under normal blending and no clip mask is composited by
// the scan converter as it computes the coverage (Rasterizer.SolidSink), with no coverage buffer.
// Strokes reuse the stroker's memory and the outline's storage from call to call; a rectangle
// stroked with miter joins has its outline left staged in the stroker's memory and read as a ring
// from there, with no outline Path at all. Transparency layers are scratch images over
// the clip box, composited on `endTransparencyLayer` with the alpha, blend mode and shadow that
// were current at `beginTransparencyLayer`. All of it runs on the caller's thread: a frame's bytes
// never depend on scheduling.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A drawing context over an `Image`, with the state model of `CGContext` (save/restore, CTM,
/// paints, line parameters, alpha, blend mode, clip, shadow, transparency layers).
///
/// Coordinates are y-down with the origin at the top-left pixel corner; one unit is one pixel
/// until the CTM changes it. Not thread-safe: use one canvas per thread.
public final class Canvas {
    /// Width of the canvas in device pixels.
    public let width: Int
    /// Height of the canvas in device pixels.
    public let height: Int

    struct Target {
        var image: Image
        var ox: Int
        var oy: Int
        /// The pixels drawn so far (so a layer composites only what was drawn into it).
        var dirty = PixelRect.empty
        var box: PixelRect { PixelRect(x0: ox, y0: oy, x1: ox + image.width, y1: oy + image.height) }
    }
    struct Clip {
        var bounds: PixelRect
        /// Coverage over exactly `bounds`, or nil when the whole box is inside the clip.
        var mask: Mask?
        /// The outline the clip equals within `bounds`, while it is one shape (see ClipShape).
        var shape: ClipShape? = nil
    }
    struct Shadow {
        var offset: Size
        var blur: Double
        var color: Color
    }
    struct GState {
        var ctm = Transform.identity
        var fillPaint = Paint.color(.black)
        var strokePaint = Paint.color(.black)
        var strokeStyle = StrokeStyle()
        var alpha = 1.0
        var blendMode = BlendMode.normal
        var clip: Clip
        var shadow: Shadow? = nil
    }
    struct LayerRecord {
        var state: GState
        var depth: Int
    }

    // The canvas's state skips the runtime exclusivity check (`@exclusivity(unchecked)`): a
    // canvas is used from one thread, and the checks cost four calls a fill.
    @exclusivity(unchecked) var targets: [Target]
    @exclusivity(unchecked) var state: GState
    @exclusivity(unchecked) var stack: [GState] = []
    @exclusivity(unchecked) var layers: [LayerRecord] = []
    let engine = Rasterizer.Engine()
    let tables = GradientTableCache()
    @exclusivity(unchecked) var spanBuffer: [UInt32] = []
    @exclusivity(unchecked) var coverageBuffer: [UInt8] = []
    /// The stroker's arrays and the last outline's storage, reused by every `stroke`.
    @exclusivity(unchecked) var strokeScratch = Stroker.Scratch()

    /// A canvas of `width` x `height` pixels filled with `background`.
    /// Throws `RasterError` when the size is invalid or over `Image`'s limits.
    public init(width: Int, height: Int, background: Color = .clear) throws {
        let img = try Image(width: width, height: height, fill: background)
        self.width = width; self.height = height
        targets = [Target(image: img, ox: 0, oy: 0)]
        state = GState(clip: Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil))
    }

    /// A canvas drawing over a copy of `image`.
    public init(image: Image) {
        width = image.width; height = image.height
        targets = [Target(image: image, ox: 0, oy: 0)]
        state = GState(clip: Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil))
    }

    /// The pixels drawn so far (open transparency layers are not included until they end).
    public var image: Image { targets[0].image }

    // MARK: - State

    /// Pushes a copy of the graphics state (CTM, paints, line parameters, alpha, blend, clip, shadow).
    public func saveGState() { stack.append(state) }
    /// Pops the state pushed by the matching `saveGState`; does nothing when none is left
    /// (or when the matching save is outside the current transparency layer).
    public func restoreGState() {
        if let l = layers.last, stack.count <= l.depth + 1 { return }   // the layer's own save
        if let s = stack.popLast() { state = s }
    }

    /// The current transformation matrix (user space to device pixels).
    public var ctm: Transform { state.ctm }
    /// Moves the user-space origin by (x, y) user units.
    public func translateBy(x: Double, y: Double) { state.ctm = state.ctm.translatedBy(x: x, y: y) }
    /// Scales user space about its origin.
    public func scaleBy(x: Double, y: Double) { state.ctm = state.ctm.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` radians (clockwise on screen for positive angles).
    public func rotate(by angle: Double) { state.ctm = state.ctm.rotated(by: angle) }
    /// Applies `t` in user space before the current CTM (as `CGContext.concatenate`).
    public func concatenate(_ t: Transform) { state.ctm = t.concatenating(state.ctm) }

    /// Sets a solid fill colour (replacing any fill paint).
    public func setFillColor(_ c: Color) { state.fillPaint = .color(c) }
    /// Sets a solid stroke colour (replacing any stroke paint).
    public func setStrokeColor(_ c: Color) { state.strokePaint = .color(c) }
    /// Sets a colour or gradient paint for fills; its coordinates are user space at fill time.
    public func setFillPaint(_ p: Paint) { state.fillPaint = p }
    /// Sets a colour or gradient paint for strokes; its coordinates are user space at stroke time.
    public func setStrokePaint(_ p: Paint) { state.strokePaint = p }
    /// Line width in user space; 0 draws the thinnest visible line (one device pixel), as in CG.
    public func setLineWidth(_ w: Double) { state.strokeStyle.lineWidth = w }
    public func setLineCap(_ c: LineCap) { state.strokeStyle.lineCap = c }
    public func setLineJoin(_ j: LineJoin) { state.strokeStyle.lineJoin = j }
    /// Miter length / line width above which miter joins are beveled (default 10).
    public func setMiterLimit(_ m: Double) { state.strokeStyle.miterLimit = m }
    /// Dashes later strokes: `lengths` alternate on / off in user space; empty = solid.
    public func setLineDash(phase: Double, lengths: [Double]) {
        state.strokeStyle.dashPhase = phase; state.strokeStyle.dashPattern = lengths
    }
    /// Sets every stroke parameter at once.
    public func setStrokeStyle(_ s: StrokeStyle) { state.strokeStyle = s }
    /// The current stroke parameters.
    public var strokeStyle: StrokeStyle { state.strokeStyle }
    /// Global alpha, clamped to 0...1, applied to everything drawn afterwards.
    public func setAlpha(_ a: Double) { state.alpha = a.isNaN ? 0 : min(max(a, 0), 1) }
    /// The compositing operator for everything drawn afterwards.
    public func setBlendMode(_ m: BlendMode) { state.blendMode = m }
    /// Core Graphics shadow: `offset` (device pixels, y-down: positive height moves the shadow down)
    /// and `blur` (CG blur radius, Gaussian sigma = blur / 2) are not affected by the CTM. A nil or
    /// fully transparent colour turns shadows off.
    public func setShadow(offset: Size, blur: Double, color: Color?) {
        guard let c = color, c.clamped.alpha > 0, offset.width.isFinite, offset.height.isFinite else { state.shadow = nil; return }
        let lim = 1e6   // beyond any canvas; keeps the pixel offset arithmetic finite
        let o = Size(width: min(max(offset.width, -lim), lim), height: min(max(offset.height, -lim), lim))
        state.shadow = Shadow(offset: o, blur: blur.isFinite ? max(0, blur) : 0, color: c)
    }

    /// Sets a shadow of black at a third of full alpha (as `CGContext.setShadow(offset:blur:)`).
    public func setShadow(offset: Size, blur: Double) {
        setShadow(offset: offset, blur: blur, color: Color(white: 0, alpha: 1.0 / 3.0))
    }

    // MARK: - Clipping

    /// Removes the clip: drawing reaches the whole canvas again (as `CGContext.resetClip`).
    /// `restoreGState` still brings back the clip that was saved.
    public func resetClip() {
        state.clip = Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil)
    }

    /// The smallest user-space rectangle that contains the clip (as
    /// `CGContext.boundingBoxOfClipPath`): the clip's device box through the inverse CTM.
    /// `Rect.null` when everything is clipped away or the CTM cannot be inverted.
    public var boundingBoxOfClipPath: Rect {
        let b = state.clip.bounds
        guard !b.isEmpty, let inv = state.ctm.inverted() else { return .null }
        return b.rect.applying(inv)
    }

    // MARK: - Drawing

    /// What a drawing operation covers.
    enum Cover {
        case path(Path, Transform, FillRule)
        case mask(Mask)
        case box(PixelRect)
    }

    /// Fills `path` with the fill paint.
    public func fill(_ path: Path, rule: FillRule = .winding) {
        if fillDirectly(path, state.ctm, rule, state.fillPaint, alpha: state.alpha) { return }
        draw(.path(path, state.ctm, rule), Shader(state.fillPaint, ctm: state.ctm, tables: tables))
    }

    /// Strokes `path` with the stroke paint and line parameters (dash, width, caps, joins).
    /// Lines thinner than one device pixel are drawn one pixel wide at proportionally lower alpha,
    /// so they keep their weight instead of breaking up.
    public func stroke(_ path: Path) {
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
        var p = Path(); p.addRect(rect.standardized)
        render(.path(p, state.ctm, .winding), Shader.solid(.black), clip: state.clip, alpha: 1, mode: .clear)
    }

    /// Paints a linear gradient across the whole clip, as `CGContext.drawLinearGradient`. Without
    /// the options nothing is painted before `start` or after `end` (along the gradient's axis).
    public func drawLinearGradient(_ g: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []) {
        let sh = Shader(.linearGradient(g, start: start, end: end, spread: .pad), ctm: state.ctm,
                        extendBefore: options.contains(.drawsBeforeStartLocation),
                        extendAfter: options.contains(.drawsAfterEndLocation), tables: tables)
        draw(.box(state.clip.bounds), sh)
    }

    /// Paints a two-circle radial gradient across the clip, as `CGContext.drawRadialGradient`.
    public func drawRadialGradient(_ g: Gradient, startCenter: Point, startRadius: Double, endCenter: Point,
                                   endRadius: Double, options: GradientDrawingOptions = []) {
        let sh = Shader(.radialGradient(g, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                        endRadius: endRadius, spread: .pad), ctm: state.ctm,
                        extendBefore: options.contains(.drawsBeforeStartLocation),
                        extendAfter: options.contains(.drawsAfterEndLocation), tables: tables)
        draw(.box(state.clip.bounds), sh)
    }

    /// Paints a conic (sweep) gradient across the clip: t = 0 at `startAngle`, clockwise, full turn = 1.
    public func drawConicGradient(_ g: Gradient, center: Point, startAngle: Double) {
        draw(.box(state.clip.bounds), Shader(.conicGradient(g, center: center, startAngle: startAngle), ctm: state.ctm, tables: tables))
    }

    /// Draws `image` scaled into `rect` (user space) with bilinear filtering through the CTM.
    public func draw(_ image: Image, in rect: Rect) {
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
            var p = Path(); p.addRect(r)
            draw(.path(p, state.ctm, .winding), Shader(kind: .image(src, inv: inv)))
            return
        }
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
        guard mask.width > 0, mask.height > 0, mask.coverage.count == mask.width * mask.height else { return }
        draw(.mask(mask), Shader.solid(color))
    }

    // MARK: - Transparency layers

    /// Starts a transparency layer: later drawing goes to a transparent scratch image (bounded by
    /// the clip) that `endTransparencyLayer` composites as one with the alpha, blend mode and shadow
    /// current now. Saves the graphics state; alpha, blend mode and shadow restart at their defaults
    /// inside the layer.
    public func beginTransparencyLayer() {
        layers.append(LayerRecord(state: state, depth: stack.count))
        stack.append(state)
        let box = state.clip.bounds.intersection(targets[targets.count - 1].box)
        let img: Image
        if box.isEmpty {
            img = try! Image(width: 1, height: 1)
        } else {
            img = (try? Image(width: box.width, height: box.height)) ?? (try! Image(width: 1, height: 1))
        }
        targets.append(Target(image: img, ox: box.isEmpty ? 0 : box.x0, oy: box.isEmpty ? 0 : box.y0))
        state.alpha = 1; state.blendMode = .normal; state.shadow = nil
    }

    /// Ends the innermost transparency layer and composites it (does nothing without one).
    public func endTransparencyLayer() {
        guard let rec = layers.popLast() else { return }
        let layer = targets.removeLast()
        stack.removeSubrange(rec.depth...)
        state = rec.state
        let box = layer.dirty.intersection(layer.box).intersection(state.clip.bounds)
        if box.isEmpty { return }
        draw(.box(box), Shader(kind: .aligned(layer.image, ox: layer.ox, oy: layer.oy)))
    }

    // MARK: - Pipeline

    /// Draws with the current clip, alpha, blend mode and shadow.
    func draw(_ cover: Cover, _ shader: Shader) {
        if case .none = shader.kind { return }
        if state.clip.bounds.isEmpty { return }
        if let sh = state.shadow { drawShadow(cover, shader, sh) }
        render(cover, shader, clip: state.clip, alpha: state.alpha, mode: state.blendMode)
    }

    func bounds(of cover: Cover) -> PixelRect {
        switch cover {
        case .path(let p, let t, _): return Rasterizer.deviceBounds(of: p, transform: t)
        case .mask(let m): return PixelRect(x0: m.originX, y0: m.originY, x1: m.originX + m.width, y1: m.originY + m.height)
        case .box(let b): return b
        }
    }

    func drawShadow(_ cover: Cover, _ shader: Shader, _ sh: Shadow) {
        let sigma = Blur.sigma(forCGBlur: sh.blur)
        let reach = Blur.reach(sigma: sigma)
        let dx = Int(sh.offset.width.rounded()), dy = Int(sh.offset.height.rounded())
        let clipBox = state.clip.bounds.intersection(targets[targets.count - 1].box)
        // Only the part of the shape whose blurred, offset shadow can land inside the clip.
        let need = clipBox.offsetBy(dx: -dx, dy: -dy).insetBy(-reach)
        let region = bounds(of: cover).intersection(need)
        if region.isEmpty { return }
        guard let scratch = try? Image(width: region.width, height: region.height) else { return }
        targets.append(Target(image: scratch, ox: region.x0, oy: region.y0))
        render(cover, shader, clip: nil, alpha: 1, mode: .normal)
        let drawn = targets.removeLast().image
        var m = Mask(originX: region.x0 + dx, originY: region.y0 + dy, width: region.width, height: region.height)
        drawn.pixels.withUnsafeBufferPointer { p in
            for i in 0..<(region.width * region.height) { m.coverage[i] = p[i * 4 + 3] }
        }
        if sigma > 0 { m = Blur.gaussian(mask: m, sigma: sigma) }
        render(.mask(m), Shader.solid(sh.color), clip: state.clip, alpha: state.alpha, mode: state.blendMode)
    }

    /// The core: rasterize `cover` within the clip and the current target, shade, blend.
    func render(_ cover: Cover, _ shader: Shader, clip: Clip?, alpha: Double, mode: BlendMode) {
        let ti = targets.count - 1
        let tbox = targets[ti].box
        var boxes: BoxCover? = nil
        if case let .path(p, t, _) = cover { boxes = Canvas.boxCover(p, t) }
        var region = tbox.intersection(boxes?.bounds ?? bounds(of: cover))
        if let c = clip { region = region.intersection(c.bounds) }
        if region.isEmpty { return }
        let a8 = UInt32((alpha * 255).rounded())
        if a8 == 0 && mode != .copy && mode != .clear { return }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        if ti > 0 { targets[ti].dirty = targets[ti].dirty.union(region) }
        if spanBuffer.count < region.width { spanBuffer = [UInt32](repeating: 0, count: region.width) }
        if coverageBuffer.count < region.width { coverageBuffer = [UInt8](repeating: 0, count: region.width) }
        let clipMask = clip?.mask
        let solid: UInt32? = { if case .solid(let c) = shader.kind { return c }; return nil }()

        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
        pixBuf.withMemoryRebound(to: UInt32.self) { px in
        spanBuffer.withUnsafeMutableBufferPointer { spanBuf in
            let dst0 = px.baseAddress!, span = spanBuf.baseAddress!
            let body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void = { y, x, n, cov in
                if let cm = clipMask {
                    cm.coverage.withUnsafeBufferPointer { cp in
                        let row = cp.baseAddress! + (y - cm.originY) * cm.width + (x - cm.originX)
                        for i in 0..<n {
                            let c = UInt32(cov[i]), k = UInt32(row[i])
                            if c != 0 && k != 255 { cov[i] = UInt8(truncatingIfNeeded: Compositor.div255(c &* k)) }
                        }
                    }
                }
                let d = dst0 + (y - oy) * tw + (x - ox)
                if let s = solid {
                    Compositor.blendSolid(d, n, s, cov, a8, mode)
                } else {
                    shader.shade(y: y, x: x, n: n, into: span)
                    Compositor.blendSpan(d, n, span, cov, a8, mode)
                }
            }
            switch cover {
            case let .path(p, t, rule):
                if let bx = boxes {
                    let evenOdd = rule == .evenOdd
                    if let s = solid, clipMask == nil, mode == .normal {
                        Canvas.compositeBoxes(bx, region: region, evenOdd: evenOdd, color: s, alpha: a8,
                                              into: dst0 + (region.y0 - oy) * tw + (region.x0 - ox), stride: tw)
                        break
                    }
                    coverageBuffer.withUnsafeMutableBufferPointer { cb in
                        let cov = cb.baseAddress!   // indexed by region column
                        Canvas.renderBoxes(bx, region: region, evenOdd: evenOdd) { r0, r1, pieces in
                            for r in r0..<r1 {
                                // Rebuilt each row: body may change the coverage it is given.
                                var start = -1
                                for p in pieces {
                                    if p.alpha == 0 && p.count > 8 {
                                        // Leave the empty inside of a stroke out, as the scan converter does.
                                        if start >= 0 { body(region.y0 + r, region.x0 + start, p.column - start, cov + start) }
                                        start = -1
                                        continue
                                    }
                                    if start < 0 { start = p.column }
                                    Rasterizer.Engine.fillBytes(cov + p.column, p.alpha, p.count)
                                }
                                if start >= 0, let l = pieces.last {
                                    body(region.y0 + r, region.x0 + start, l.column + l.count - start, cov + start)
                                }
                            }
                        }
                    }
                    break
                }
                guard engine.reset(region: region, adding: p, transform: t, knownFinite: false) else { break }
                if let s = solid, clipMask == nil, mode == .normal {
                    // Composited where the coverage is computed (Rasterizer.SolidSink).
                    let src = a8 == 255 ? s : Compositor.scale(s, a8)
                    if src >> 24 == 0 { break }
                    var sink = Rasterizer.SolidSink(src, pixels: dst0, stride: tw, ox: ox, oy: oy, regionX0: region.x0)
                    engine.sweep(rule: rule, into: &sink)
                } else {
                    engine.sweep(rule: rule, body)
                }
            case .mask(let m):
                coverageBuffer.withUnsafeMutableBufferPointer { cb in
                    m.coverage.withUnsafeBufferPointer { mp in
                        let n = region.width
                        for y in region.y0..<region.y1 {
                            let src = mp.baseAddress! + (y - m.originY) * m.width + (region.x0 - m.originX)
                            cb.baseAddress!.update(from: src, count: n)
                            body(y, region.x0, n, cb.baseAddress!)
                        }
                    }
                }
            case .box:
                coverageBuffer.withUnsafeMutableBufferPointer { cb in
                    let n = region.width
                    for y in region.y0..<region.y1 {
                        cb.baseAddress!.initialize(repeating: 255, count: n)
                        body(y, region.x0, n, cb.baseAddress!)
                    }
                }
            }
        }}}
    }
}

// MARK: - Axis-aligned rectangles

extension Canvas {
    /// A path that is, in device space, one axis-aligned rectangle or a ring of two (an inner one
    /// inside the outer one and wound the other way: the outline of a rectangle stroked with miter
    /// joins). Edges are device coordinates as the rasterizer would see them (transformed, clamped).
    struct BoxCover {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var inner: (x0: Double, y0: Double, x1: Double, y1: Double)?
        /// Exactly `Rasterizer.deviceBounds(of:transform:)` of the path.
        var bounds: PixelRect
    }

    /// Recognises rectangles and rectangle rings among small line-only paths (nil otherwise, and for
    /// anything not finite). The scan converter only sees vertical edges of such paths (horizontal
    /// ones carry no area), so a contour is a rectangle when its vertical segments form exactly two
    /// runs (one down, one up, at two x positions), whatever horizontal folds lie between them, as
    /// the inner side of a stroked rectangle has. The winding is then 0 or 1 everywhere, the area
    /// sum is the exact area, and `renderBoxes` can compute it in closed form.
    static func boxCover(_ path: Path, _ t: Transform) -> BoxCover? {
        let count = path.elements.count
        guard count <= 32, count >= 3 else { return nil }
        return path.elements.withUnsafeBufferPointer { boxCover($0, t) }
    }

    /// `boxCover` of the path made of the elements `els`.
    static func boxCover(_ els: UnsafeBufferPointer<PathElement>, _ t: Transform) -> BoxCover? {
        guard els.count <= 32, els.count >= 3, t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite,
              t.tx.isFinite, t.ty.isFinite else { return nil }
        var scan = BoxScan()
        for e in els {
            switch e {
            case .move(let p):
                guard scan.endContour() else { return nil }
                let q = Flattener.clampPoint(p.applying(t))
                guard q.isFinite else { return nil }
                scan.first = q; scan.prev = q; scan.open = true
                scan.include(q)
            case .line(let p):
                guard scan.open else { return nil }
                let q = Flattener.clampPoint(p.applying(t))
                guard q.isFinite, scan.segment(scan.prev, q) else { return nil }
                scan.prev = q
                scan.include(q)
            case .closeSubpath:
                guard scan.endContour() else { return nil }
            case .quadCurve, .curve:
                return nil
            }
        }
        return scan.finish()
    }

    /// `boxCover`'s state while it walks a path (a struct, so nothing is allocated).
    struct BoxScan {
        typealias Found = (x0: Double, y0: Double, x1: Double, y1: Double, leftDown: Bool)
        var rect0: Found? = nil, rect1: Found? = nil
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        var first = Point.zero, prev = Point.zero
        var open = false
        // Vertical runs of the current contour: how many, the first one, the current one, the second's x.
        var runs = 0, firstX = 0.0, firstDown = false, runX = 0.0, runDown = false
        var otherX = 0.0, cy0 = Double.infinity, cy1 = -Double.infinity

        @inline(__always) mutating func include(_ q: Point) {
            bx0 = min(bx0, q.x); by0 = min(by0, q.y); bx1 = max(bx1, q.x); by1 = max(by1, q.y)
        }

        /// Notes one segment; false when it is neither horizontal nor vertical or a fourth run starts.
        @inline(__always) mutating func segment(_ a: Point, _ b: Point) -> Bool {
            if a.y == b.y { return true }
            guard a.x == b.x else { return false }
            let down = b.y > a.y
            cy0 = min(cy0, a.y, b.y); cy1 = max(cy1, a.y, b.y)
            if runs > 0 && a.x == runX && down == runDown { return true }
            runs += 1
            if runs == 1 { firstX = a.x; firstDown = down } else if runs == 2 { otherX = a.x }
            runX = a.x; runDown = down
            return runs <= 3
        }

        /// Ends the walk: the rectangle or ring found, with the bounds of every point.
        mutating func finish() -> BoxCover? {
            guard endContour(), bx0 <= bx1, by0 <= by1, var o = rect0 else { return nil }
            let bounds = PixelRect(covering: Rect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0))
            guard var i = rect1 else { return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: nil, bounds: bounds) }
            if i.x0 <= o.x0 && i.y0 <= o.y0 && i.x1 >= o.x1 && i.y1 >= o.y1 { swap(&o, &i) }
            guard o.leftDown != i.leftDown, i.x0 >= o.x0, i.y0 >= o.y0, i.x1 <= o.x1, i.y1 <= o.y1 else { return nil }
            return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: (i.x0, i.y0, i.x1, i.y1), bounds: bounds)
        }

        /// Closes the current contour (if any); false when it is not a rectangle or is a third one.
        mutating func endContour() -> Bool {
            guard open else { return true }
            open = false
            defer { runs = 0; cy0 = .infinity; cy1 = -.infinity }
            if !segment(prev, first) { return false }
            if runs == 3 && runX == firstX && runDown == firstDown { runs = 2 }
            if runs == 0 { return true }   // no vertical edge: nothing for the scan converter either
            guard runs == 2, firstX != otherX else { return false }
            let r: Found = (min(firstX, otherX), cy0, max(firstX, otherX), cy1, (firstX < otherX) == firstDown)
            if rect0 == nil { rect0 = r; return true }
            if rect1 == nil { rect1 = r; return true }
            return false
        }
    }

    /// The common case of `draw`: a solid colour, normal blending, no shadow and no clip mask. The
    /// same pixels as `draw` would produce, without binding a Shader, copying the clip or going
    /// through the general span closure (for a small shape that per-call work costs as much as
    /// the pixels); rectangles and rectangle rings skip the scan converter too. False when it does
    /// not apply; nothing is drawn then.
    @inline(__always)
    func fillDirectly(_ path: Path, _ t: Transform, _ rule: FillRule, _ paint: Paint, alpha: Double,
                      bounds known: PixelRect? = nil) -> Bool {
        guard case .color(let c) = paint, state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil
        else { return false }
        let bx = Canvas.boxCover(path, t)
        if let bx = bx { return fillDirectly(bx, rule, paint, alpha: alpha) }
        // One pass gives the box and finiteness (or the stroker has collected the box of a finite
        // outline as it went); a non-finite path still marks its box dirty (as it always has) but
        // draws nothing.
        var finite = true
        let bounds = known ?? Rasterizer.deviceBounds(of: path, transform: t, finite: &finite)
        guard let (ti, region, a8) = directTarget(bounds, alpha: alpha), finite
        else { return true }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        let color = Compositor.pack(c)
        let s = a8 == 255 ? color : Compositor.scale(color, a8)
        if s >> 24 == 0 { return true }
        _ = engine.reset(region: region, adding: path, transform: t, knownFinite: true)
        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
            pixBuf.withMemoryRebound(to: UInt32.self) { px in
                var sink = Rasterizer.SolidSink(s, pixels: px.baseAddress!, stride: tw, ox: ox, oy: oy, regionX0: region.x0)
                engine.sweep(rule: rule, into: &sink)
            }
        }
        return true
    }

    /// What both `fillDirectly` paths draw into: the current target, the part of `bounds` inside it
    /// and the clip (marked dirty on a layer), and the alpha as 0...255; nil when nothing would be
    /// drawn.
    @inline(__always)
    func directTarget(_ bounds: PixelRect, alpha: Double) -> (Int, PixelRect, UInt32)? {
        let ti = targets.count - 1
        let region = targets[ti].box.intersection(bounds).intersection(state.clip.bounds)
        if region.isEmpty { return nil }
        let a8 = UInt32((alpha * 255).rounded())
        if a8 == 0 { return nil }
        if ti > 0 { targets[ti].dirty = targets[ti].dirty.union(region) }
        return (ti, region, a8)
    }

    /// `fillDirectly` for a path already recognised as a rectangle or ring (same conditions).
    func fillDirectly(_ bx: BoxCover, _ rule: FillRule, _ paint: Paint, alpha: Double) -> Bool {
        guard case .color(let c) = paint, state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil
        else { return false }
        guard let (ti, region, a8) = directTarget(bx.bounds, alpha: alpha) else { return true }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        let color = Compositor.pack(c)
        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
            pixBuf.withMemoryRebound(to: UInt32.self) { px in
                Canvas.compositeBoxes(bx, region: region, evenOdd: rule == .evenOdd, color: color, alpha: a8,
                                      into: px.baseAddress! + (region.y0 - oy) * tw + (region.x0 - ox), stride: tw)
            }
        }
        return true
    }

    /// `stroke` of an axis-aligned rectangle path (move, three lines, close) whose outline is a
    /// rectangle ring, for the cases `fillDirectly` takes: the stroker leaves the outline staged in
    /// its scratch (`Stroker.rectangleOutline`, the same code and doubles as `Path.stroked`),
    /// `boxCover` reads the elements there as it would read the outline path, and the ring is
    /// composited, without building the outline Path. False (nothing drawn) when it does not apply.
    func strokeRectangleDirectly(_ path: Path, _ style: StrokeStyle, _ t: Transform, alpha: Double) -> Bool {
        guard style.lineJoin == .miter, style.dashPattern.isEmpty, t.b == 0, t.c == 0, case .color = state.strokePaint,
              state.shadow == nil, state.blendMode == .normal, state.clip.mask == nil else { return false }
        let els = path.elements
        guard els.count == 5, case .move(let p0) = els[0], case .line(let p1) = els[1], case .line(let p2) = els[2],
              case .line(let p3) = els[3], case .closeSubpath = els[4],
              (p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x) ||
              (p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y) else { return false }
        if let bx = Canvas.alignedRing(p0, p2, style: style, transform: t) {
            return fillDirectly(bx, .winding, state.strokePaint, alpha: alpha)
        }
        guard let count = Stroker.rectangleOutline(p0, p1, p2, p3, style: style, transform: t, scratch: &strokeScratch),
              let bx = Canvas.boxCover(UnsafeBufferPointer(start: strokeScratch.staged.base, count: count), .identity)
        else { return false }
        return fillDirectly(bx, .winding, state.strokePaint, alpha: alpha)
    }

    /// The ring a miter-joined stroke of width w draws round the axis-aligned rectangle with
    /// opposite corners `a` and `c`, under a transform without rotation or shear: the boxes
    /// `rect ± w/2`, computed directly. The stroker's outline of such a rectangle is exactly these
    /// two boxes (its right-angle joins are exact: v + (na + nb) * w/2), so `boxCover` of it gives
    /// the same values bit for bit (a test checks); this skips the stroker and the outline walk,
    /// 15% of a stroked rectangle. Nil when the corners would not be mitred or the hole is
    /// (nearly) closed, which the stroker handles.
    static func alignedRing(_ a: Point, _ c: Point, style: StrokeStyle, transform t: Transform) -> BoxCover? {
        let hw = style.lineWidth / 2
        let limit = style.miterLimit.isFinite ? max(1, style.miterLimit) : 10
        guard style.lineJoin == .miter, hw > 0, hw.isFinite, 1 / (0.5 as Double).squareRoot() <= limit,
              t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
        let x0 = min(a.x, c.x), x1 = max(a.x, c.x), y0 = min(a.y, c.y), y1 = max(a.y, c.y)
        guard x1 - x0 > 2 * hw + 1e-3, y1 - y0 > 2 * hw + 1e-3 else { return nil }
        func box(_ l: Double, _ top: Double, _ r: Double, _ b: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
            let p = Flattener.clampPoint(Point(x: l, y: top).applying(t)), q = Flattener.clampPoint(Point(x: r, y: b).applying(t))
            guard p.isFinite, q.isFinite else { return nil }
            return (min(p.x, q.x), min(p.y, q.y), max(p.x, q.x), max(p.y, q.y))
        }
        guard let o = box(x0 - hw, y0 - hw, x1 + hw, y1 + hw), let i = box(x0 + hw, y0 + hw, x1 - hw, y1 - hw) else { return nil }
        return BoxCover(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, inner: i,
                        bounds: PixelRect(covering: Rect(x: o.x0, y: o.y0, width: o.x1 - o.x0, height: o.y1 - o.y0)))
    }

    /// Source-over of premultiplied `color` at global alpha `alpha` (0...255) through the coverage
    /// of `box`, band by band, straight to the pixels (`base` is the region's top-left pixel): per
    /// pixel exactly what `Compositor.blendSolid` computes.
    static func compositeBoxes(_ box: BoxCover, region: PixelRect, evenOdd: Bool, color: UInt32, alpha: UInt32,
                               into base: UnsafeMutablePointer<UInt32>, stride tw: Int) {
        let sc = alpha == 255 ? color : Compositor.scale(color, alpha)
        if sc >> 24 == 0 { return }
        renderBoxes(box, region: region, evenOdd: evenOdd) { r0, r1, pieces in
            for p in pieces where p.alpha != 0 {
                let src = p.alpha == 255 ? sc : Compositor.scale(sc, UInt32(p.alpha))
                let d = base + r0 * tw + p.column
                if p.count < 8 {
                    // The sides of a stroke: a few pixels a row, no run set-up.
                    Compositor.overColumns(d, p.count, r1 - r0, tw, src)
                } else {
                    Compositor.overRows(d, p.count, r1 - r0, tw, src)
                }
            }
        }
    }

    /// A stretch of one row with constant coverage (region-relative column).
    struct BoxPiece {
        var column: Int, count: Int, alpha: UInt8
    }

    /// The coverage of `box` within `region`, exactly as the scan converter computes it: edges
    /// quantised to 1/256 px relative to the region's origin (clipped to it first), each pixel's
    /// covered area `2 * dx * dy` (a full pixel is 131072) turned into alpha by the fill rule.
    /// A row's coverage is constant between the (at most four) columns holding a vertical edge, and
    /// rows whose vertical overlaps with both rectangles are equal have equal coverage, so it is
    /// reported by bands: `band(firstRow, endRow, pieces)`, region-relative, pieces left to right
    /// with zero alphas included.
    @inline(__always)
    static func renderBoxes(_ box: BoxCover, region: PixelRect, evenOdd: Bool,
                            _ band: (Int, Int, UnsafeMutableBufferPointer<BoxPiece>) -> Void) {
        let rx0 = Double(region.x0), ry0 = Double(region.y0), rx1 = Double(region.x1), ry1 = Double(region.y1)
        let fw = Int32(region.width << 8), fh = Int32(region.height << 8)
        // The rasterizer's clip-then-quantise for vertical edges: left of the region -> 0, right of
        // it -> dropped, which for visible pixels is the same as sitting on the right border.
        @inline(__always) func qx(_ x: Double) -> Int32 {
            x <= rx0 ? 0 : x >= rx1 ? fw : Int32(floorToInt((x - rx0) * 256 + 0.5))
        }
        @inline(__always) func qy(_ y: Double) -> Int32 {
            y <= ry0 ? 0 : y >= ry1 ? fh : Int32(floorToInt((y - ry0) * 256 + 0.5))
        }
        let ox0 = qx(box.x0), ox1 = qx(box.x1), oy0 = qy(box.y0), oy1 = qy(box.y1)
        guard ox1 > ox0, oy1 > oy0 else { return }
        var ix0: Int32 = 0, ix1: Int32 = 0, iy0: Int32 = 0, iy1: Int32 = 0
        if let i = box.inner {
            ix0 = qx(i.x0); ix1 = qx(i.x1); iy0 = qy(i.y0); iy1 = qy(i.y1)
            if ix1 <= ix0 || iy1 <= iy0 { ix0 = 0; ix1 = 0; iy0 = 0; iy1 = 0 }
        }
        let hasInner = ix1 > ix0
        @inline(__always) func overlap(_ a: Int32, _ b: Int32, _ cell: Int) -> Int32 {
            let lo = Int32(truncatingIfNeeded: cell << 8)
            return max(0, min(b, lo &+ 256) &- max(a, lo))
        }
        let cx0 = Int(ox0 >> 8), cx1 = Int((ox1 &- 1) >> 8)
        let ci0 = Int(ix0 >> 8), ci1 = Int((ix1 &- 1) >> 8)
        let lastRow = Int((oy1 &- 1) >> 8)
        withUnsafeTemporaryAllocation(of: BoxPiece.self, capacity: 8) { buf in
            var r = Int(oy0 >> 8)
            while r <= lastRow {
                let a = overlap(oy0, oy1, r)
                let b = hasInner ? overlap(iy0, iy1, r) : 0
                // The next row whose vertical overlaps may differ: just after a partial first row,
                // or at a last row, of either rectangle.
                // Bands that turn out equal (a pixel-aligned edge) are merged.
                @inline(__always) func nextChange(after row: Int) -> Int {
                    var end = lastRow + 1
                    @inline(__always) func candidate(_ c: Int) { if c > row && c < end { end = c } }
                    candidate(Int(oy0 >> 8) + 1); candidate(lastRow)
                    if hasInner {
                        let i0 = Int(iy0 >> 8), i1 = Int((iy1 &- 1) >> 8)
                        candidate(i0); candidate(i0 + 1); candidate(i1); candidate(i1 + 1)
                    }
                    return end
                }
                var end = nextChange(after: r)
                while end <= lastRow && overlap(oy0, oy1, end) == a && (hasInner ? overlap(iy0, iy1, end) : 0) == b {
                    end = nextChange(after: end)
                }
                @inline(__always) func at(_ c: Int) -> UInt8 {
                    Rasterizer.Engine.alpha(2 &* (a &* overlap(ox0, ox1, c) &- b &* overlap(ix0, ix1, c)), evenOdd)
                }
                var k = 0
                @inline(__always) func emit(_ c: Int, _ n: Int, _ v: UInt8) {
                    if k > 0 && buf[k - 1].alpha == v { buf[k - 1].count += n; return }
                    buf[k] = BoxPiece(column: c, count: n, alpha: v); k += 1
                }
                // Edge columns in order; the coverage between two of them is that of the first one's
                // right neighbour.
                var prev = cx0
                emit(cx0, 1, at(cx0))
                @inline(__always) func edge(_ c: Int) {
                    if c <= prev { return }
                    if c > prev + 1 { emit(prev + 1, c - prev - 1, at(prev + 1)) }
                    emit(c, 1, at(c)); prev = c
                }
                if b > 0 { edge(ci0); edge(ci1) }
                edge(cx1)
                band(r, end, UnsafeMutableBufferPointer(rebasing: buf[0..<k]))
                r = end
            }
        }
    }
}
