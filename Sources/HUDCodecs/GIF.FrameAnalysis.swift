// GIF.FrameAnalysis: what the frame writer needs to know about a frame that depends only on the
// true frames (this one and the one before it) and the palette.
//
// Design note: the writer's decisions depend on what the previous frame shows, so they run one frame
// after another; this part does not, so it is computed ahead of the writer, on another core
// (GIF.AnalysisQueue), and handed over as a value.
extension GIF {
    /// A box of pixels by its inclusive corners.
    typealias Region = (x0: Int, y0: Int, x1: Int, y1: Int)

    struct FrameAnalysis {
        /// The flattened frame (GIF.opaqueBit | RGB, or 0).
        var frame: [UInt32]
        /// Per pixel: 0 source unchanged since the previous frame, 1 changed (every pixel of the first).
        var needs: [UInt8]
        /// Palette indices of the pixels `needs` marks, quantised as if none is cleared by the
        /// previous frame's disposal (the writer quantises again when one is).
        var quantized: [UInt8]
        /// Whether any pixel changed.
        var moving: Bool
        /// The smallest box (inclusive corners) holding every pixel `needs` marks; nil when none.
        var changed: Region?
        /// Whether this is the first frame.
        var first: Bool
    }
}
