// MBProgressHUDStyle: MBProgressHUD's modes and animations, for comparing HUD libraries.
//
// Design note: numbers are MBProgressHUD 1.x's: a blur bezel tinted white 0.8 at alpha 0.6,
// corner radius 5, margin 20, padding 4 between elements, content colour black at 0.7, bold 16 pt
// label; the round progress view is 37 x 37 (pie: 2 pt outline and a filled wedge; annular: a
// 2 pt track at alpha 0.1 and a 2 pt arc), the bar 120 x 10. Show/hide animate for 0.3 s with
// `usingSpringWithDamping: 1`, a critically damped spring; we evaluate that spring directly
// (x = 1 - (1 + w t) e^(-w t), w chosen so it settles within the duration).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDText

/// MBProgressHUD's appearance and animations.
public struct MBProgressHUDStyle: Sendable {
    /// `MBProgressHUDMode`.
    public enum Mode: Sendable {
        /// UIActivityIndicatorView (large, 37 pt).
        case indeterminate
        /// MBRoundProgressView, pie.
        case determinate(Double)
        /// MBRoundProgressView, annular.
        case annularDeterminate(Double)
        /// MBBarProgressView.
        case determinateHorizontalBar(Double)
        /// Label only.
        case text
    }

    /// `MBProgressHUDAnimation`.
    public enum Animation: String, Sendable, CaseIterable {
        /// Opacity only.
        case fade
        /// Appears growing from 0.5, disappears growing to 1.5.
        case zoomIn
        /// Appears shrinking from 1.5, disappears shrinking to 0.5.
        case zoomOut
    }

    public var animation: Animation
    /// The content colour (black at 0.7).
    public var contentColor: Color
    /// The bezel's tint over the blur (white 0.8 at 0.6).
    public var bezelColor: Color
    public var cornerRadius: Double = 5
    public var margin: Double = 20
    public var padding: Double = 4
    public var labelFontSize: Double = 16
    public var detailsFontSize: Double = 12
    public var animationDuration: Double = 0.3
    public var blurSigma: Double = 10

    public init(animation: Animation = .fade, contentColor: Color = Color(white: 0, alpha: 0.7),
                bezelColor: Color = Color(white: 0.8, alpha: 0.6)) {
        self.animation = animation
        self.contentColor = contentColor
        self.bezelColor = bezelColor
    }

    /// The indicator's size for a mode.
    func indicatorSize(_ mode: Mode) -> Size? {
        switch mode {
        case .indeterminate, .determinate, .annularDeterminate: return Size(width: 37, height: 37)
        case .determinateHorizontalBar: return Size(width: 120, height: 10)
        case .text: return nil
        }
    }

    struct Layout {
        var size: Size
        var indicatorRect: Rect?
        var label: TextLayout?
        var labelOrigin: Point?
        var details: TextLayout?
        var detailsOrigin: Point?
    }

    func layout(mode: Mode, label: String?, details: String?, maxWidth: Double) throws -> Layout {
        var items: [(Size, Int)] = []   // size, kind 0 indicator 1 label 2 details
        if let s = indicatorSize(mode) { items.append((s, 0)) }
        let textWidth = max(10, maxWidth - 4 * margin)
        var labelLayout: TextLayout? = nil, detailsLayout: TextLayout? = nil
        if let label, !label.isEmpty {
            let l = TextLayout(label, font: try Font.boldSystemFont(ofSize: labelFontSize), maxWidth: textWidth, alignment: .center)
            labelLayout = l
            items.append((l.size, 1))
        }
        if let details, !details.isEmpty {
            let l = TextLayout(details, font: try Font.boldSystemFont(ofSize: detailsFontSize), maxWidth: textWidth, alignment: .center)
            detailsLayout = l
            items.append((l.size, 2))
        }
        let contentW = items.map(\.0.width).max() ?? 0
        let contentH = items.map(\.0.height).reduce(0, +) + padding * Double(max(0, items.count - 1))
        let w = (contentW + 2 * margin).rounded(.up), h = (contentH + 2 * margin).rounded(.up)
        var out = Layout(size: Size(width: w, height: h))
        var y = (h - contentH) / 2
        for (s, kind) in items {
            let x = (w - s.width) / 2
            switch kind {
            case 0: out.indicatorRect = Rect(x: x, y: y, width: s.width, height: s.height)
            case 1: out.label = labelLayout; out.labelOrigin = Point(x: x, y: y)
            default: out.details = detailsLayout; out.detailsOrigin = Point(x: x, y: y)
            }
            y += s.height + padding
        }
        return out
    }

    /// Draws the mode's indicator in `rect` at time `t` since show.
    func drawIndicator(_ mode: Mode, in canvas: Canvas, rect r: Rect, at t: Double) {
        canvas.saveGState()
        switch mode {
        case .text: break
        case .indeterminate:
            UIActivityIndicatorSpinner(color: contentColor).draw(in: canvas, rect: r, time: t)
        case .determinate(let p0):
            // Pie: a 2 pt outline inset 1, and a wedge from 12 o'clock with a 2 pt gap inside it.
            let p = min(1, max(0, p0))
            let c = r.center, lw = 2.0
            canvas.setFillColor(contentColor)
            canvas.fill(KitShapes.annularSector(center: c, inner: r.width / 2 - lw, outer: r.width / 2, start: 0, sweep: 2 * .pi))
            if p > 0 {
                canvas.fill(KitShapes.annularSector(center: c, inner: 0, outer: r.width / 2 - 2 * lw, start: -.pi / 2, sweep: 2 * .pi * p))
            }
        case .annularDeterminate(let p0):
            let p = min(1, max(0, p0))
            let c = r.center, lw = 2.0, radius = (r.width - lw) / 2
            canvas.setFillColor(contentColor.withAlphaComponent(contentColor.alpha * 0.1))
            canvas.fill(KitShapes.annularSector(center: c, inner: radius - lw / 2, outer: radius + lw / 2, start: 0, sweep: 2 * .pi))
            if p > 0 {
                canvas.setFillColor(contentColor)
                canvas.fill(KitShapes.annularSector(center: c, inner: radius - lw / 2, outer: radius + lw / 2, start: -.pi / 2, sweep: 2 * .pi * p))
            }
        case .determinateHorizontalBar(let p0):
            let p = min(1, max(0, p0))
            canvas.setStrokeColor(contentColor)
            canvas.setLineWidth(2)
            canvas.stroke(KitShapes.capsule(r.insetBy(dx: 1, dy: 1)))
            let inner = r.insetBy(dx: 4, dy: 4)
            if p > 0, inner.width > 0, inner.height > 0 {
                let w = max(inner.height, inner.width * p)
                canvas.setFillColor(contentColor)
                canvas.fill(KitShapes.capsule(Rect(x: inner.minX, y: inner.minY, width: w, height: inner.height)))
            }
        }
        canvas.restoreGState()
    }

    /// UIKit's `usingSpringWithDamping: 1` over `duration`: a critically damped spring from 0 to 1.
    static func criticalSpring(_ f: Double) -> Double {
        if f <= 0 { return 0 }
        if f >= 1 { return 1 }
        let w = 9.23   // (1 + w) e^-w = 0.001: settled to a thousandth at the end of the duration
        return 1 - (1 + w * f) * exp(-w * f)
    }

    /// The bezel's (scale, alpha) at `t` for show at `showAt` and hide at `hideAt`.
    public func presentation(at t: Double, showAt: Double, hideAt: Double?) -> (scale: Double, alpha: Double) {
        let startScale: Double = animation == .zoomIn ? 0.5 : animation == .zoomOut ? 1.5 : 1
        let endScale: Double = animation == .zoomIn ? 1.5 : animation == .zoomOut ? 0.5 : 1
        func shown(_ t: Double) -> (Double, Double) {
            if t < showAt { return (startScale, 0) }
            let e = animationDuration > 0 ? Self.criticalSpring((t - showAt) / animationDuration) : 1
            return (startScale + (1 - startScale) * e, e)
        }
        guard let h = hideAt, t >= h else { return shown(t) }
        let (s0, a0) = shown(h)
        let e = animationDuration > 0 ? Self.criticalSpring((t - h) / animationDuration) : 1
        return (s0 + (endScale - s0) * e, a0 * (1 - e))
    }
}
