// MBProgressHUDScene: an MBProgressHUD-style bezel shown over a screen and hidden.
//
// Design note: determinate modes animate their progress over the scene by default (0 -> 1 between
// show and hide), which is how MBProgressHUD's demo drives them; pass a fixed progress to get a
// still.

import HUDRaster
import HUDText

/// MBProgressHUD's look on a Screen, as a `SceneRenderable`.
public struct MBProgressHUDScene: SceneRenderable {
    public let screen: Screen
    public let style: MBProgressHUDStyle
    /// The mode; the progress inside determinate modes is used when `progressRamp` is false.
    public let mode: MBProgressHUDStyle.Mode
    public let label: String?
    public let details: String?
    /// Whether determinate modes run from 0 to 1 between show and hide (default true).
    public let progressRamp: Bool
    public let showAt: Double
    public let hideAt: Double?
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }
    let layout: MBProgressHUDStyle.Layout
    let bezelRect: Rect
    let material: BackdropMaterial

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen.
    ///   - seed: unused (no randomness); accepted for uniform options.
    ///   - style: animation (fade / zoomIn / zoomOut), content and bezel colours, metrics.
    ///   - mode: `.indeterminate`, `.determinate(p)`, `.annularDeterminate(p)`,
    ///     `.determinateHorizontalBar(p)`, `.text`.
    ///   - label / details: the texts (bold 16 / bold 12).
    ///   - progressRamp: animate determinate progress 0 -> 1 from show to hide (default true).
    ///   - showAt / hideAt: defaults 0 and 2.5 (nil = stays).
    ///   - duration: nil = 0.3 s after the hide animation ends (3 s when it stays).
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                seed: UInt64 = 0, style: MBProgressHUDStyle = MBProgressHUDStyle(), mode: MBProgressHUDStyle.Mode = .indeterminate,
                label: String? = "Loading", details: String? = nil, progressRamp: Bool = true,
                showAt: Double = 0, hideAt: Double? = 2.5, duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
        try self.init(screen: screen, style: style, mode: mode, label: label, details: details, progressRamp: progressRamp,
                      showAt: showAt, hideAt: hideAt, duration: duration)
    }

    public init(screen: Screen, style: MBProgressHUDStyle = MBProgressHUDStyle(), mode: MBProgressHUDStyle.Mode = .indeterminate,
                label: String? = "Loading", details: String? = nil, progressRamp: Bool = true,
                showAt: Double = 0, hideAt: Double? = 2.5, duration: Double? = nil) throws {
        if let d = duration, !(d.isFinite && d > 0) {
            throw SceneError.invalidOption("duration", "\(d)", "use a positive number of seconds")
        }
        self.screen = screen
        self.style = style
        self.mode = mode
        self.label = label
        self.details = details
        self.progressRamp = progressRamp
        self.showAt = showAt
        self.hideAt = hideAt
        self.duration = duration ?? (hideAt.map { $0 + style.animationDuration + 0.3 } ?? 3)
        let layout = try style.layout(mode: mode, label: label, details: details, maxWidth: screen.pointSize.width)
        self.layout = layout
        let c = screen.bounds.center
        bezelRect = Rect(x: (c.x - layout.size.width / 2).rounded(), y: (c.y - layout.size.height / 2).rounded(),
                         width: layout.size.width, height: layout.size.height)
        let big = bezelRect.insetBy(dx: -bezelRect.width * 0.25, dy: -bezelRect.height * 0.25)
        material = BackdropMaterial(screen: screen, region: big, sigma: style.blurSigma)
    }

    /// The mode with its progress at `t` (ramped 0 -> 1 between show and hide when asked).
    func mode(at t: Double) -> MBProgressHUDStyle.Mode {
        guard progressRamp else { return mode }
        let end = (hideAt ?? (showAt + 2.5)) - 0.2
        let p = end > showAt ? min(1, max(0, (t - showAt) / (end - showAt))) : 1
        switch mode {
        case .determinate: return .determinate(p)
        case .annularDeterminate: return .annularDeterminate(p)
        case .determinateHorizontalBar: return .determinateHorizontalBar(p)
        case .indeterminate, .text: return mode
        }
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        let (s, a) = style.presentation(at: t, showAt: showAt, hideAt: hideAt)
        guard a > 0 else { return canvas.image }
        let c = bezelRect.center
        let zoom = Transform(translationX: -c.x, y: -c.y).concatenating(Transform(scaleX: s, y: s))
            .concatenating(Transform(translationX: c.x, y: c.y))
        canvas.saveGState()
        canvas.setAlpha(a)
        canvas.beginTransparencyLayer()
        material.draw(in: canvas, shape: KitShapes.roundedRect(bezelRect, radius: style.cornerRadius).applying(zoom), tint: style.bezelColor)
        canvas.concatenate(zoom)
        canvas.translateBy(x: bezelRect.minX, y: bezelRect.minY)
        if let r = layout.indicatorRect {
            style.drawIndicator(mode(at: t), in: canvas, rect: r, at: max(0, t - showAt))
        }
        if let l = layout.label, let o = layout.labelOrigin { l.draw(in: canvas, at: o, color: style.contentColor) }
        if let l = layout.details, let o = layout.detailsOrigin { l.draw(in: canvas, at: o, color: style.contentColor) }
        canvas.endTransparencyLayer()
        canvas.restoreGState()
        return canvas.image
    }
}
