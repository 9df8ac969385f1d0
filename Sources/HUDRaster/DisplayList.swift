// DisplayList: a recorded frame, as the Canvas calls that drew it, in a small versioned text format.
//
// Design note: real frames (a HUD over a screen, gradients, shadows, layers, text) are the
// benchmark, and other renderers must be able to draw the same frame, so a frame is recorded as
// the Canvas API calls that made it, one line each, with the state each drawing call needs (the
// CTM, paints, line parameters, alpha, blend mode, shadow) written before it only when it changed.
// Text is a plain line format so a Python script can replay it with no Swift at all, and numbers
// are written in Swift's shortest round-trip form so a replay gets exactly the recorded doubles.
// Pixel data (images, text and shadow masks) is base64. Format, version 1, one item a line,
// tokens separated by single spaces:
//
//   hudrender-displaylist 1                 first line
//   size W H                                canvas size in pixels
//   background R G B A                      the canvas's first colour (straight alpha, 0...1)
//   save | restore                          saveGState / restoreGState
//   ctm A B C D TX TY                       the CTM of the drawing calls that follow
//   alpha A | blend MODE                    global alpha; BlendMode case name
//   shadow none | shadow DX DY BLUR R G B A
//   paint fill|stroke color R G B A
//   paint fill|stroke linear X0 Y0 X1 Y1 SPREAD STOPS
//   paint fill|stroke radial X0 Y0 R0 X1 Y1 R1 SPREAD STOPS
//   paint fill|stroke conic CX CY ANGLE STOPS
//   line WIDTH CAP JOIN MITER PHASE N D1 ... DN
//   fill winding|evenodd PATH | stroke PATH | clip winding|evenodd PATH
//   clip-rect X Y W H | reset-clip | clear X Y W H
//   draw-linear OPTIONS X0 Y0 X1 Y1 STOPS   (Canvas.drawLinearGradient; OPTIONS is the raw set)
//   draw-radial OPTIONS X0 Y0 R0 X1 Y1 R1 STOPS
//   draw-conic CX CY ANGLE STOPS
//   image X Y W H IW IH BASE64              premultiplied RGBA8 pixels of IW x IH, into rect X Y W H
//   mask OX OY W H R G B A BASE64           A8 coverage at device (OX, OY); the CTM does not apply
//   begin-layer | end-layer
//
// STOPS is N then N groups of T R G B A; SPREAD is pad, repeat or reflect; PATH is a sequence of
// M x y | L x y | Q cx cy x y | C c1x c1y c2x c2y x y | Z to the end of the line.

/// A recorded frame: the canvas size, its first colour, and the drawing calls, in order.
public struct DisplayList: Sendable {
    /// The format version this code writes and reads.
    public static let version = 1
    static let magic = "hudrender-displaylist"

    public var width: Int
    public var height: Int
    public var background: Color
    var ops: [Op]

    /// One recorded call or state change.
    enum Op: Sendable {
        case save, restore
        case ctm(Transform)
        case alpha(Double)
        case blend(BlendMode)
        case shadow(Size, Double, Color)
        case noShadow
        case fillPaint(Paint), strokePaint(Paint)
        case line(StrokeStyle)
        case fill(Path, FillRule), stroke(Path), clip(Path, FillRule)
        case clipRect(Rect), resetClip, clear(Rect)
        case drawLinear(Gradient, Point, Point, GradientDrawingOptions)
        case drawRadial(Gradient, Point, Double, Point, Double, GradientDrawingOptions)
        case drawConic(Gradient, Point, Double)
        case image(Image, Rect)
        case mask(Mask, Color)
        case beginLayer, endLayer
    }

    /// The number of recorded items (state changes included).
    public var count: Int { ops.count }

    /// Draws the frame on a new canvas of its size and returns the pixels.
    public func render() throws -> Image {
        let canvas = try Canvas(width: width, height: height, background: background)
        replay(on: canvas)
        return canvas.image
    }

    /// Draws the frame again on `canvas`, which must be of the list's size: the canvas is `reset`
    /// to the list's background first, so a renderer drawing many frames reuses one canvas (and its
    /// image) instead of allocating one per frame. The frame is then `canvas.image`.
    public func render(reusing canvas: Canvas) {
        precondition(canvas.width == width && canvas.height == height, "the canvas is not the display list's size")
        canvas.reset(background: background)
        replay(on: canvas)
        canvas.writeBackground()
    }

    /// Replays the calls on `canvas` (whose state should be the initial one).
    public func replay(on canvas: Canvas) {
        for op in ops { canvas.apply(op) }
    }
}

extension Canvas {
    /// Performs one recorded item.
    func apply(_ op: DisplayList.Op) {
        switch op {
        case .save: saveGState()
        case .restore: restoreGState()
        case .ctm(let t): state.ctm = t
        case .alpha(let a): setAlpha(a)
        case .blend(let m): setBlendMode(m)
        case let .shadow(o, b, c): setShadow(offset: o, blur: b, color: c)
        case .noShadow: setShadow(offset: Size(width: 0, height: 0), blur: 0, color: nil)
        case .fillPaint(let p): setFillPaint(p)
        case .strokePaint(let p): setStrokePaint(p)
        case .line(let s): setStrokeStyle(s)
        case let .fill(p, r): fill(p, rule: r)
        case .stroke(let p): stroke(p)
        case let .clip(p, r): clip(to: p, rule: r)
        case .clipRect(let r): clip(to: r)
        case .resetClip: resetClip()
        case .clear(let r): clear(r)
        case let .drawLinear(g, s, e, o): drawLinearGradient(g, start: s, end: e, options: o)
        case let .drawRadial(g, c0, r0, c1, r1, o):
            drawRadialGradient(g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, options: o)
        case let .drawConic(g, c, a): drawConicGradient(g, center: c, startAngle: a)
        case let .image(img, r): draw(img, in: r)
        case let .mask(m, c): fill(m, color: c)
        case .beginLayer: beginTransparencyLayer()
        case .endLayer: endTransparencyLayer()
        }
    }
}
