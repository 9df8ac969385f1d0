// GGProgressHUD: a full-screen window dimmed black at 0.4 with a red audio-equalizer indicator on a
// small white card in the middle; the window's alpha fades over 0.5 s on show and hide.
//
// Design note: the whole window (dim and indicator together) fades, because the source animates
// the window's alpha, not the dim's. The indicator starts animating when `show()` is called and
// keeps running through the fade-out (it is stopped in the completion block). Sizes are the
// source's: a white 100 x 100 pt progress view with corner radius 4, centred on the screen, and the
// indicator's frame (kRectIconView) half of it, 50 x 50 pt, centred in that view.

import HUDRaster
import HUDMotion

/// GGProgressHUD: dim + centred NVActivityIndicatorView, fading in and out.
public struct GGProgressHUD: Hashable, Sendable {
    /// The dim colour of the container view (black at 0.4).
    public var dimColor: Color
    /// The indicator (audioEqualizer, red, padding 0).
    public var indicator: ActivityIndicator
    /// The indicator's frame size in points (kRectIconView; 50 x 50).
    public var indicatorSize: Size
    /// The progress view behind the indicator (white; nil = none).
    public var boxColor: Color?
    /// The progress view's size (kRectProgressView; 100 x 100) and corner radius (4).
    public var boxSize: Size
    public var boxCornerRadius: Double
    /// Seconds for the window's alpha to go 0 -> 1 and 1 -> 0 (0.5).
    public var fadeDuration: Double

    public init(dimColor: Color = Color(white: 0, alpha: 0.4),
                indicator: ActivityIndicator = ActivityIndicator(type: .audioEqualizer, color: .red, padding: 0),
                indicatorSize: Size = Size(width: 50, height: 50), boxColor: Color? = .white,
                boxSize: Size = Size(width: 100, height: 100), boxCornerRadius: Double = 4, fadeDuration: Double = 0.5) {
        self.dimColor = dimColor
        self.indicator = indicator
        self.indicatorSize = indicatorSize
        self.boxColor = boxColor
        self.boxSize = boxSize
        self.boxCornerRadius = boxCornerRadius
        self.fadeDuration = fadeDuration.isFinite ? max(0, fadeDuration) : 0.5
    }

    /// The window's alpha at `t` for `show()` at `showAt` and `hide()` at `hideAt` (nil = never),
    /// UIView.animate's default ease-in-ease-out curve.
    public func windowAlpha(at t: Double, showAt: Double, hideAt: Double?) -> Double {
        func shown(_ t: Double) -> Double {
            if t < showAt { return 0 }
            return fadeDuration > 0 ? TimingFunction.easeInEaseOut.value(at: min(1, (t - showAt) / fadeDuration)) : 1
        }
        guard let h = hideAt, t >= h else { return shown(t) }
        let f = fadeDuration > 0 ? min(1, (t - h) / fadeDuration) : 1
        return shown(h) * (1 - TimingFunction.easeInEaseOut.value(at: f))
    }

    /// Draws the HUD window over `bounds` (points) with the window's `alpha`; `indicatorTime` is the
    /// seconds since `startAnimating()`.
    public func draw(in canvas: Canvas, bounds: Rect, alpha: Double, indicatorTime: Double) {
        guard alpha > 0 else { return }
        canvas.saveGState()
        canvas.setAlpha(min(1, alpha))
        // A window fades as one layer: group the dim and the indicator.
        canvas.beginTransparencyLayer()
        canvas.setFillColor(dimColor)
        canvas.fill(bounds)
        if let boxColor {
            canvas.setFillColor(boxColor)
            canvas.fill(KitShapes.roundedRect(Rect(x: bounds.midX - boxSize.width / 2, y: bounds.midY - boxSize.height / 2,
                                                   width: boxSize.width, height: boxSize.height), radius: boxCornerRadius))
        }
        let r = Rect(x: bounds.midX - indicatorSize.width / 2, y: bounds.midY - indicatorSize.height / 2,
                     width: indicatorSize.width, height: indicatorSize.height)
        indicator.draw(in: canvas, rect: r, at: indicatorTime)
        canvas.endTransparencyLayer()
        canvas.restoreGState()
    }
}
