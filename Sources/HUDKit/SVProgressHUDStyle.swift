// SVProgressHUDStyle: SVProgressHUD's look, for comparing HUD libraries side by side.
//
// Design note: sizes and timings are SVProgressHUD's (spacing 12, label spacing 8, ring radius
// 18 / 24 without text, thickness 2, corner radius 14, 28 pt status images, 0.15 s zoom-and-fade,
// centre at 45% of the screen height). The "comet" is SVIndefiniteAnimatedView: a path of two
// turns whose strokeStart/strokeEnd shift by exactly one turn per cycle, so what shows is a fixed
// 0.47 x 720 = 338.4 degree arc, revealed through a conical alpha mask that turns with the layer
// once per second; drawing that arc with a conic gradient gives the same pixels. The source passes
// a UIViewAnimationCurve where an option is expected, so its show/dismiss animations run on UIKit's
// default ease-in-ease-out curve; we do the same.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDText
import HUDMotion

/// SVProgressHUD's appearance and animations.
public struct SVProgressHUDStyle: Sendable {
    /// `SVProgressHUDStyle`.
    public enum Appearance: String, Sendable, CaseIterable {
        /// White material, black content (SVProgressHUD's default).
        case light
        /// Black material, white content.
        case dark
    }

    /// `SVProgressHUDMaskType`: what covers the screen behind the HUD.
    public enum MaskType: String, Sendable, CaseIterable {
        case none, clear
        /// Black at 0.4.
        case black
        /// A radial gradient from clear at the HUD to black 0.75 at the screen's shorter side.
        case gradient
    }

    /// What the HUD shows.
    public enum Content: Sendable {
        /// The comet ring (`show`, `showWithStatus:`).
        case indeterminate
        /// A progress ring (`showProgress:`), 0...1.
        case progress(Double)
        /// The success check (`showSuccessWithStatus:`).
        case success
        /// The error cross (`showErrorWithStatus:`).
        case error
        /// The info "i" (`showInfoWithStatus:`).
        case info
    }

    public var appearance: Appearance
    public var maskType: MaskType
    /// Ring radius with a status text (18) and without (24).
    public var ringRadius: Double = 18
    public var ringNoTextRadius: Double = 24
    public var ringThickness: Double = 2
    public var cornerRadius: Double = 14
    /// Status font size (UIFontTextStyleSubheadline, 15 pt).
    public var fontSize: Double = 15
    /// Status image side (28 pt).
    public var imageViewSize: Double = 28
    /// Fade-in / fade-out seconds (0.15).
    public var fadeInAnimationDuration: Double = 0.15
    public var fadeOutAnimationDuration: Double = 0.15
    /// Material blur in points (a Gaussian sigma, about UIBlurEffect's).
    public var blurSigma: Double = 10
    /// Overrides of the appearance's colours (SVProgressHUDStyleCustom).
    public var foregroundColor: Color?
    public var backgroundColor: Color?

    public init(appearance: Appearance = .light, maskType: MaskType = .none, foregroundColor: Color? = nil,
                backgroundColor: Color? = nil) {
        self.appearance = appearance
        self.maskType = maskType
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
    }

    /// Content colour: black (light) or white (dark) unless overridden.
    public var foreground: Color { foregroundColor ?? (appearance == .light ? .black : .white) }
    /// Material tint: white / black at alpha 0.6 unless overridden.
    public var background: Color { (backgroundColor ?? (appearance == .light ? .white : .black)).withAlphaComponent(0.6) }

    // MARK: Layout

    /// The HUD's size and the content's and label's frames relative to the HUD's top-left corner.
    struct Layout {
        var size: Size
        var contentRect: Rect?
        var label: TextLayout?
        var labelRect: Rect?
    }

    func layout(content: Content, status: String?) throws -> Layout {
        let hasText = !(status ?? "").isEmpty
        var label: TextLayout? = nil
        var labelSize = Size.zero
        if hasText, let status {
            let l = TextLayout(status, font: try Font.systemFont(ofSize: fontSize), maxWidth: 200, alignment: .center)
            label = l
            labelSize = Size(width: l.size.width.rounded(.up), height: l.size.height.rounded(.up))
        }
        let contentSide: Double
        switch content {
        case .indeterminate, .progress:
            let r = hasText ? ringRadius : ringNoTextRadius
            contentSide = (r + ringThickness / 2 + 5) * 2
        case .success, .error, .info:
            contentSide = imageViewSize
        }
        let w = 12 + max(labelSize.width, contentSide) + 12
        var h = 12 + labelSize.height + contentSide + 12
        if hasText { h += 8 }
        let contentRect = Rect(x: (w - contentSide) / 2, y: 12, width: contentSide, height: contentSide)
        let labelRect = hasText ? Rect(x: (w - labelSize.width) / 2, y: contentRect.maxY + 8, width: labelSize.width, height: labelSize.height) : nil
        return Layout(size: Size(width: w, height: h), contentRect: contentRect, label: label, labelRect: labelRect)
    }

    /// The HUD's centre on a screen: horizontally centred, at 45% of the height (floored).
    public static func center(on bounds: Rect) -> Point {
        Point(x: bounds.midX, y: (bounds.height * 0.45).rounded(.down) + bounds.minY)
    }

    // MARK: Content drawing

    /// The comet: a 338.4 degree arc, transparent at its tail and opaque at its head, turned by
    /// `rotation` radians (one turn per second while animating).
    func drawComet(in canvas: Canvas, center c: Point, radius r: Double, rotation: Double) {
        let start = -Double.pi / 2 + rotation
        let arcStart = start + 0.015 * 4 * .pi, sweep = 0.47 * 4 * .pi
        let ring = KitShapes.annularSector(center: c, inner: r - ringThickness / 2, outer: r + ringThickness / 2,
                                           start: arcStart, sweep: sweep)
        canvas.saveGState()
        canvas.clip(to: ring)
        let g = Gradient(colors: [foreground.withAlphaComponent(0), foreground])
        canvas.drawConicGradient(g, center: c, startAngle: start)
        canvas.restoreGState()
    }

    /// SVProgressAnimatedView: a faint full ring and a round-capped arc to `progress`.
    func drawProgressRing(in canvas: Canvas, center c: Point, radius r: Double, progress: Double) {
        canvas.saveGState()
        canvas.setFillColor(foreground.withAlphaComponent(0.1))
        canvas.fill(KitShapes.annularSector(center: c, inner: r - ringThickness / 2, outer: r + ringThickness / 2, start: 0, sweep: 2 * .pi))
        let p = min(1, max(0, progress))
        if p > 0 {
            canvas.setStrokeColor(foreground)
            canvas.setLineWidth(ringThickness)
            canvas.setLineCap(.round)
            canvas.stroke(KitShapes.arc(center: c, radius: r, start: -.pi / 2, sweep: 2 * .pi * p))
        }
        canvas.restoreGState()
    }

    /// The status images as vectors on a 28 pt box: a check, a cross, an "i" in a circle, stroked
    /// 2 pt with round caps like SVProgressHUD's template PNGs.
    func drawImage(_ content: Content, in canvas: Canvas, rect r: Rect) {
        let u = r.width / 28
        func p(_ x: Double, _ y: Double) -> Point { Point(x: r.minX + x * u, y: r.minY + y * u) }
        var path = Path()
        var dot: Path? = nil
        switch content {
        case .success:
            path.move(to: p(3, 14.5)); path.addLine(to: p(10.5, 22)); path.addLine(to: p(25, 6.5))
        case .error:
            path.move(to: p(5, 5)); path.addLine(to: p(23, 23)); path.move(to: p(23, 5)); path.addLine(to: p(5, 23))
        case .info:
            path.addPath(KitShapes.circle(center: p(14, 14), radius: 12.5 * u))
            path.move(to: p(14, 12)); path.addLine(to: p(14, 20.5))
            dot = KitShapes.circle(center: p(14, 7.8), radius: 1.4 * u)
        case .indeterminate, .progress:
            return
        }
        canvas.saveGState()
        canvas.setStrokeColor(foreground)
        canvas.setLineWidth(2 * u)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.stroke(path)
        if let dot { canvas.setFillColor(foreground); canvas.fill(dot) }
        canvas.restoreGState()
    }

    // MARK: Animation

    /// The HUD's (scale, alpha) at `t` for show at `showAt` and dismiss at `dismissAt`.
    public func presentation(at t: Double, showAt: Double, dismissAt: Double?) -> (scale: Double, alpha: Double) {
        func shown(_ t: Double) -> (Double, Double) {
            if t < showAt { return (1.3, 0) }
            let f = fadeInAnimationDuration > 0 ? min(1, (t - showAt) / fadeInAnimationDuration) : 1
            let e = TimingFunction.easeInEaseOut.value(at: f)
            return (1.3 + (1 - 1.3) * e, e)
        }
        guard let d = dismissAt, t >= d else { return shown(t) }
        let (s0, a0) = shown(d)
        let f = fadeOutAnimationDuration > 0 ? min(1, (t - d) / fadeOutAnimationDuration) : 1
        let e = TimingFunction.easeInEaseOut.value(at: f)
        return (s0 + (s0 / 1.3 - s0) * e, a0 * (1 - e))
    }
}
