// BackdropMaterial: a UIVisualEffectView-like blur of what lies behind a HUD, plus a tint.
//
// Design note: the blurred pixels are computed once per scene, for the largest area the HUD ever
// covers (its rect at the largest zoom), and then only clipped to the HUD's shape each frame.
// That is what a live blur shows too: the material reveals a blurred, unscaled picture of the
// screen behind it, whatever the HUD's own transform is. The blur works in device pixels (sigma in
// points times the scale) so a 2x and a 3x frame look alike.

import HUDRaster

/// A blurred copy of a region of a screen's backdrop, ready to be shown through a shape.
struct BackdropMaterial: Sendable {
    /// The blurred pixels.
    let image: Image?
    /// Where `image` lies on the screen, in points.
    let rect: Rect

    /// Blurs the backdrop under `region` (points) with a Gaussian of `sigma` points.
    init(screen: Screen, region: Rect, sigma: Double) {
        let margin = 3 * max(0, sigma)
        guard let (img, px) = screen.backdropPixels(in: region.insetBy(dx: -margin, dy: -margin)) else {
            image = nil
            rect = region
            return
        }
        var blurred = img
        if sigma > 0 { Blur.gaussian(&blurred, sigma: sigma * screen.scale) }
        let sx = screen.pointSize.width / Double(screen.pixelSize.width)
        let sy = screen.pointSize.height / Double(screen.pixelSize.height)
        image = blurred
        rect = Rect(x: Double(px.x) * sx, y: Double(px.y) * sy, width: Double(px.width) * sx, height: Double(px.height) * sy)
    }

    /// Fills `shape` (points) with the blurred backdrop and then `tint` over it. The caller sets
    /// alpha / transparency layers for fades.
    func draw(in canvas: Canvas, shape: Path, tint: Color) {
        canvas.saveGState()
        canvas.clip(to: shape)
        if let image { canvas.draw(image, in: rect) }
        canvas.setFillColor(tint)
        canvas.fill(shape)
        canvas.restoreGState()
    }
}
