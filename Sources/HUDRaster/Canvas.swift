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
// never depend on scheduling. The class holds the state; its concerns live in extension files:
// Canvas+Clipping, Canvas+Drawing (the public calls), Canvas+Layers, Canvas+Pipeline (render,
// shadows), Canvas+AlignedBoxes (the direct solid path and closed-form rectangles) and
// Canvas+Background (the lazily written first colour, and `reset` for reusing a canvas).

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
    let tables = GradientTableCache.shared
    @exclusivity(unchecked) var spanBuffer: [UInt32] = []
    @exclusivity(unchecked) var coverageBuffer: [UInt8] = []
    /// The stroker's arrays and the last outline's storage, reused by every `stroke`.
    @exclusivity(unchecked) var strokeScratch = Stroker.Scratch()
    /// The image of the last transparency layer that ended, and the box of it drawn on (image
    /// coordinates): the next layer of the same size reuses it, zeroing only that box.
    @exclusivity(unchecked) var spareLayer: (image: Image, drawn: PixelRect)? = nil
    /// The background (packed premultiplied RGBA8) not yet written to the pixels; see
    /// Canvas+Background.
    @exclusivity(unchecked) var pendingBackground: UInt32? = nil
    /// When set, every drawing call is also recorded (a `DisplayList` of the frame).
    public var recorder: DisplayListRecorder?

    /// A canvas of `width` x `height` pixels filled with `background`.
    /// Throws `RasterError` when the size is invalid or over `Image`'s limits.
    public init(width: Int, height: Int, background: Color = .clear) throws {
        let img = try Image(unwrittenWidth: width, height: height)
        self.width = width; self.height = height
        targets = [Target(image: img, ox: 0, oy: 0)]
        state = GState(clip: Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil))
        pendingBackground = Compositor.pack(background)
    }

    /// A canvas drawing over a copy of `image`.
    public init(image: Image) {
        width = image.width; height = image.height
        targets = [Target(image: image, ox: 0, oy: 0)]
        state = GState(clip: Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil))
    }

    /// The pixels drawn so far (open transparency layers are not included until they end).
    public var image: Image {
        writeBackground()
        return targets[0].image
    }

    // MARK: - State

    /// Pushes a copy of the graphics state (CTM, paints, line parameters, alpha, blend, clip, shadow).
    public func saveGState() {
        stack.append(state)
        if let r = recorder { r.record(self, .save, uses: .none); r.didSave() }
    }
    /// Pops the state pushed by the matching `saveGState`; does nothing when none is left
    /// (or when the matching save is outside the current transparency layer).
    public func restoreGState() {
        var popped = false
        defer { if let r = recorder { r.record(self, .restore, uses: .none); r.didRestore(popped: popped) } }
        if let l = layers.last, stack.count <= l.depth + 1 { return }   // the layer's own save
        if let s = stack.popLast() { state = s; popped = true }
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
}
