// WebP.Candidate: one way to draw a frame, among which the encoder keeps the smallest.
//
// Design note: a frame can replace its rectangle or blend over it (pixels left unchanged then become
// transparent), and either can follow the previous frame drawn as is or disposed to the background
// (its rectangle cleared, so what became transparent needs no drawing). Which compresses smaller is
// not predictable from the pixel counts, so the encoder compresses the candidates side by side.
// A candidate after a disposal assumes the previous frame's rectangle; it is valid only if that
// frame was finally written in that rectangle, so the encoder makes them for each rectangle the
// previous frame may be written in.

extension WebP {
    /// How one frame is drawn: its rectangle, blending, and whether the previous frame is disposed.
    struct Candidate: Equatable, Sendable {
        var rect: Rect
        /// Unchanged pixels are transparent and the canvas shows through.
        var blend: Bool
        /// The rectangle of the previous frame that is cleared to transparent before this frame is
        /// drawn (nil: the frame is drawn over the canvas as it is). The candidate is valid only if
        /// the previous frame was written in that rectangle.
        var disposing: Rect?
        /// Compressed lossy (only in lossy animations, which also try their lossless candidates).
        var lossy = false

        init(rect: Rect, blend: Bool, disposing: Rect? = nil, lossy: Bool = false) {
            self.rect = rect; self.blend = blend; self.disposing = disposing; self.lossy = lossy
        }

        /// Whether the previous frame is disposed before this one is drawn.
        var disposesPrevious: Bool { disposing != nil }
    }
}
