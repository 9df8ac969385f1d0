// ProgressHUDScene+DisplayList: a frame of the HUD story as drawing calls, for the frame benchmark.
//
// Design note: `render(at:)` composites pre-rendered pieces (the backdrop darkened by the
// overlay's coverage, the HUD layer as an image), which is fast but leaves nothing to compare with
// other renderers. The recorded frame draws the same picture from scratch on one canvas: the
// backdrop's calls, the overlay's gradient at its alpha, and the HUD inside a transparency layer
// under its presentation transform and opacity, as Core Animation composes it.

import HUDRaster

extension ProgressHUDScene {
    /// The HUD's frame state at `t` (layout, content layers, progress, glow), nil when off screen.
    func frameState(at t: Double) -> HUDFrameState? {
        guard let layout = plan.layout(at: t), let layers = plan.contentLayers(at: t) else { return nil }
        return HUDFrameState(layout: layout, current: layers.current, previous: layers.previous, fade: layers.fade,
                             progress: plan.progressValue(at: t, duration: hud.progressAnimationDuration),
                             glow: plan.glow(at: t), time: t)
    }

    public func displayList(at t: Double) throws -> DisplayList {
        let canvas = try screen.recordingCanvas()
        hud.drawOverlay(in: canvas, size: screen.pointSize, alpha: plan.overlayAlpha(at: t))
        if let (s, anchor, size) = hudState(at: t), s.opacity > 0.001, s.scale > 1e-6, let state = frameState(at: t) {
            canvas.saveGState()
            Self.enterHUDLayer(s, anchor: anchor, size: size, on: canvas)
            canvas.beginTransparencyLayer()
            hud.drawLayer(state, fonts: fonts, in: canvas)
            canvas.endTransparencyLayer()
            canvas.restoreGState()
        }
        return canvas.recorder!.displayList
    }
}
