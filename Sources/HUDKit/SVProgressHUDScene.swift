// SVProgressHUDScene: an SVProgressHUD-style HUD shown over a screen and dismissed.
//
// Design note: layout, text and the blurred material are computed once at init; a frame only
// composes them with the zoom/fade state and the comet's rotation at t.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDText

/// SVProgressHUD's look on a Screen, as a `SceneRenderable`.
public struct SVProgressHUDScene: SceneRenderable {
    public let screen: Screen
    public let style: SVProgressHUDStyle
    public let content: SVProgressHUDStyle.Content
    public let status: String?
    public let showAt: Double
    public let dismissAt: Double?
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }
    let layout: SVProgressHUDStyle.Layout
    let hudRect: Rect
    let material: BackdropMaterial

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen.
    ///   - seed: unused (no randomness); accepted for uniform options.
    ///   - style: appearance (light/dark), mask type (none/clear/black/gradient), colour overrides,
    ///     ring radii and thickness, corner radius, durations.
    ///   - content: `.indeterminate` (comet), `.progress(p)`, `.success`, `.error`, `.info`.
    ///   - status: the status text (nil or empty = none; the ring is then larger).
    ///   - showAt / dismissAt: times of show and dismiss (defaults 0 and 2.5; nil = stays).
    ///   - duration: nil = until 0.25 s after the dismissal ends (3 s when it stays).
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                seed: UInt64 = 0, style: SVProgressHUDStyle = SVProgressHUDStyle(),
                content: SVProgressHUDStyle.Content = .indeterminate, status: String? = nil,
                showAt: Double = 0, dismissAt: Double? = 2.5, duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
        try self.init(screen: screen, style: style, content: content, status: status, showAt: showAt,
                      dismissAt: dismissAt, duration: duration)
    }

    public init(screen: Screen, style: SVProgressHUDStyle = SVProgressHUDStyle(), content: SVProgressHUDStyle.Content = .indeterminate,
                status: String? = nil, showAt: Double = 0, dismissAt: Double? = 2.5, duration: Double? = nil) throws {
        if let d = duration, !(d.isFinite && d > 0) {
            throw SceneError.invalidOption("duration", "\(d)", "use a positive number of seconds")
        }
        self.screen = screen
        self.style = style
        self.content = content
        self.status = status
        self.showAt = showAt
        self.dismissAt = dismissAt
        self.duration = duration ?? (dismissAt.map { $0 + style.fadeOutAnimationDuration + 0.25 } ?? 3)
        let layout = try style.layout(content: content, status: status)
        self.layout = layout
        let c = SVProgressHUDStyle.center(on: screen.bounds)
        hudRect = Rect(x: c.x - layout.size.width / 2, y: c.y - layout.size.height / 2, width: layout.size.width, height: layout.size.height)
        // The largest extent is at the start of the show (scale 1.3).
        let big = hudRect.insetBy(dx: -hudRect.width * 0.15, dy: -hudRect.height * 0.15)
        material = BackdropMaterial(screen: screen, region: big, sigma: style.blurSigma)
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        let (s, a) = style.presentation(at: t, showAt: showAt, dismissAt: dismissAt)
        guard a > 0 else { return canvas.image }
        // Mask behind the HUD, fading with it.
        switch style.maskType {
        case .none, .clear: break
        case .black:
            canvas.setFillColor(Color(white: 0, alpha: 0.4 * a))
            canvas.fill(screen.bounds)
        case .gradient:
            canvas.saveGState()
            canvas.setAlpha(a)
            let g = Gradient(colors: [Color(white: 0, alpha: 0), Color(white: 0, alpha: 0.75)])
            canvas.drawRadialGradient(g, startCenter: hudRect.center, startRadius: 0, endCenter: hudRect.center,
                                      endRadius: min(screen.pointSize.width, screen.pointSize.height), options: [.drawsAfterEndLocation])
            canvas.restoreGState()
        }
        let c = hudRect.center
        let zoom = Transform(translationX: -c.x, y: -c.y).concatenating(Transform(scaleX: s, y: s))
            .concatenating(Transform(translationX: c.x, y: c.y))
        canvas.saveGState()
        canvas.setAlpha(a)
        canvas.beginTransparencyLayer()
        let shape = KitShapes.roundedRect(hudRect, radius: style.cornerRadius).applying(zoom)
        material.draw(in: canvas, shape: shape, tint: style.background)
        canvas.concatenate(zoom)
        canvas.translateBy(x: hudRect.minX, y: hudRect.minY)
        if let cr = layout.contentRect {
            let centre = cr.center
            let hasText = layout.label != nil
            let r = hasText ? style.ringRadius : style.ringNoTextRadius
            switch content {
            case .indeterminate:
                let turns = max(0, t - showAt)
                style.drawComet(in: canvas, center: centre, radius: r, rotation: 2 * .pi * (turns - turns.rounded(.down)))
            case .progress(let p):
                style.drawProgressRing(in: canvas, center: centre, radius: r, progress: p)
            case .success, .error, .info:
                style.drawImage(content, in: canvas, rect: cr)
            }
        }
        if let label = layout.label, let lr = layout.labelRect {
            label.draw(in: canvas, at: Point(x: lr.midX - label.size.width / 2, y: lr.minY), color: style.foreground)
        }
        canvas.endTransparencyLayer()
        canvas.restoreGState()
        return canvas.image
    }
}
