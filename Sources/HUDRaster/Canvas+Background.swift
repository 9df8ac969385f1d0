// Canvas+Background: the canvas's first colour, written lazily, and `reset` to reuse a canvas.
//
// Design note: a frame usually starts with a fill that replaces every pixel (a backdrop drawn with
// `copy`, or an opaque rectangle over the whole canvas), so writing the background first is a
// wasted pass over the frame. The background is kept pending instead and written by the first
// call that reads or blends the pixels of the canvas's own image (`render`, the direct solid path,
// `image`); a call that replaces every pixel whatever was there just drops it. Renderers that draw
// many frames of one size (a worker drawing an animation, the display-list bench) `reset` one
// canvas per frame instead of allocating a new image each time, as the peers reuse their surfaces.

extension Canvas {
    /// Starts a new frame on this canvas's pixels: the graphics state, clip, saved states and open
    /// transparency layers are dropped, and the canvas is `background` again (as a new
    /// `Canvas(width:height:background:)` of the same size would be, without the allocation).
    public func reset(background: Color = .clear) {
        if targets.count > 1 { targets.removeSubrange(1...) }
        targets[0].dirty = .empty
        stack.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        state = GState(clip: Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil))
        pendingBackground = Compositor.pack(background)
    }

    /// Writes the pending background, if any, to the canvas's image.
    @inline(__always) func writeBackground() {
        guard let bg = pendingBackground else { return }
        pendingBackground = nil
        targets[0].image.pixels.withUnsafeMutableBytes { raw in Canvas.fillPixels(raw, bg) }
    }

    /// Sets every pixel of `raw` to `color`: a byte fill (the C library's) when the colour's four
    /// bytes are equal (transparent, opaque white or black), else sixteen bytes a store (the
    /// four-byte loop this replaces stored one pixel at a time).
    static func fillPixels(_ raw: UnsafeMutableRawBufferPointer, _ color: UInt32) {
        let byte = UInt8(truncatingIfNeeded: color)
        if color == UInt32(byte) &* 0x0101_0101 {
            raw.initializeMemory(as: UInt8.self, repeating: byte)
            return
        }
        guard let base = raw.baseAddress else { return }
        let v = SIMD4<UInt32>(repeating: color)
        var i = 0
        while i &+ 16 <= raw.count { base.storeBytes(of: v, toByteOffset: i, as: SIMD4<UInt32>.self); i &+= 16 }
        while i &+ 4 <= raw.count { base.storeBytes(of: color, toByteOffset: i, as: UInt32.self); i &+= 4 }
    }

    /// Before a drawing call on target `ti`: drops the pending background when the call replaces
    /// every pixel of the canvas whatever was there (`replacesAll`), writes it otherwise.
    @inline(__always) func settleBackground(target ti: Int, replacesAll: @autoclosure () -> Bool) {
        if ti != 0 || pendingBackground == nil { return }
        if replacesAll() { pendingBackground = nil } else { writeBackground() }
    }

    /// A pixel box cover as the rectangle it is (nil for other covers).
    static func boxCover(of cover: Cover) -> BoxCover? {
        guard case .box(let b) = cover else { return nil }
        return BoxCover(x0: Double(b.x0), y0: Double(b.y0), x1: Double(b.x1), y1: Double(b.y1), inner: nil, bounds: b)
    }

    /// Whether `shader` gives every pixel it covers an opaque colour: an opaque gradient whose
    /// device-to-gradient mapping is finite (a singular or non-finite CTM shades nothing).
    static func paintsEveryPixelOpaque(_ shader: Shader) -> Bool {
        guard shader.isOpaque else { return false }
        switch shader.kind {
        case let .linear(ax, ay, a0): return ax.isFinite && ay.isFinite && a0.isFinite
        case .radial(let inv, _, _, _, _), .conic(let inv, _, _):
            return inv.a.isFinite && inv.b.isFinite && inv.c.isFinite && inv.d.isFinite && inv.tx.isFinite && inv.ty.isFinite
        default: return false
        }
    }

    /// A packed colour standing for any opaque one in `replacesCanvas`.
    static let opaque: UInt32 = 0xFF00_0000

    /// Whether a solid fill of `bx` over `region` at global alpha `a8` under `mode`, with no clip
    /// mask, gives every pixel of the canvas one value whatever was under it: the box is one
    /// rectangle covering the canvas, and the colour is stored (copy) or opaque (normal).
    func replacesCanvas(_ bx: BoxCover, region: PixelRect, color: UInt32, alpha a8: UInt32, mode: BlendMode) -> Bool {
        guard bx.inner == nil, a8 == 255, region == PixelRect(x0: 0, y0: 0, x1: width, y1: height),
              bx.x0 <= 0, bx.y0 <= 0, bx.x1 >= Double(width), bx.y1 >= Double(height) else { return false }
        return mode == .copy || (mode == .normal && color >> 24 == 255)
    }
}
