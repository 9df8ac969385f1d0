// Canvas+ReplacingFill: a solid fill that replaces the whole canvas becomes its pending background.
//
// Design note: a frame usually starts with a backdrop: a rectangle over the whole canvas filled
// with `copy`, or with an opaque colour. Every pixel then gets one value whatever was under it,
// which is exactly what a pending background is (Canvas+Background): the next call that reads or
// blends the pixels writes it in one pass, and a second backdrop drops it unwritten. Drawn as a
// fill, it cost a coverage row, a scan of it and the stores for every row of the frame. The value
// is the one the blend would have stored (Compositor's `combine` for copy, the colour itself over
// anything when it is opaque), so the bytes are the same.

extension Canvas {
    /// Makes `path`, filled with the fill paint in the current state, the canvas's pending
    /// background when that fill gives every pixel of the canvas one colour whatever was there;
    /// false (and nothing done) otherwise.
    func fillReplacingCanvas(_ path: Path) -> Bool {
        guard targets.count == 1, state.shadow == nil, state.clip.mask == nil, case .color(let c) = state.fillPaint
        else { return false }
        let mode = state.blendMode
        guard mode == .copy || mode == .normal, UInt32((state.alpha * 255).rounded()) == 255,
              let bx = Canvas.boxCover(path, state.ctm) else { return false }
        let region = targets[0].box.intersection(bx.bounds).intersection(state.clip.bounds)
        let color = Compositor.pack(c)
        guard replacesCanvas(bx, region: region, color: color, alpha: 255, mode: mode) else { return false }
        // What `Compositor.blendSolid` stores at full coverage and alpha.
        pendingBackground = mode == .copy ? Compositor.combine(Compositor.scale(color, 255), 0, 255, .copy, color, 255) : color
        return true
    }
}
