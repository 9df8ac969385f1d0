// WebP.Rect: where an animation frame is drawn on the canvas.
//
// Design note: WebP stores frame offsets halved, so every rectangle the encoder makes starts at even
// coordinates; it is a value so that the encoder can tell whether the rectangle a frame was
// compressed against is the one the previous frame was finally drawn in.

extension WebP {
    /// A rectangle of the canvas, in pixels.
    struct Rect: Equatable, Sendable {
        var x: Int, y: Int, w: Int, h: Int

        var area: Int { w * h }
    }
}
