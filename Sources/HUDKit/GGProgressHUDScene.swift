// GGProgressHUDScene: GGProgressHUD shown over a device screen and hidden again.
//
// Design note: the default story shows at 0 s and hides at 3.5 s, so a GIF covers the fade-in,
// the running equalizer and the fade-out (4.2 s in all).

import HUDRaster

/// GGProgressHUD on a Screen, as a `SceneRenderable`.
public struct GGProgressHUDScene: SceneRenderable {
    public let screen: Screen
    public let hud: GGProgressHUD
    /// When `GGProgressHUD.show()` is called.
    public let showAt: Double
    /// When `GGProgressHUD.hide()` is called (nil = stays).
    public let hideAt: Double?
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen.
    ///   - seed: unused (no randomness); accepted for uniform options.
    ///   - hud: dim colour, indicator (type, colour, padding), indicator size, fade duration.
    ///   - showAt / hideAt: times of show() and hide() (defaults 0 and 3.5; hideAt nil = stays).
    ///   - duration: nil = until 0.2 s after the fade-out ends (or 4.3 s when it stays).
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                seed: UInt64 = 0, hud: GGProgressHUD = GGProgressHUD(), showAt: Double = 0, hideAt: Double? = 3.5,
                duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
        try self.init(screen: screen, hud: hud, showAt: showAt, hideAt: hideAt, duration: duration)
    }

    public init(screen: Screen, hud: GGProgressHUD = GGProgressHUD(), showAt: Double = 0, hideAt: Double? = 3.5,
                duration: Double? = nil) throws {
        guard showAt.isFinite else { throw SceneError.invalidOption("showAt", "\(showAt)", "use a time in seconds, e.g. 0") }
        if let d = duration, !(d.isFinite && d > 0) {
            throw SceneError.invalidOption("duration", "\(d)", "use a positive number of seconds")
        }
        self.screen = screen
        self.hud = hud
        self.showAt = showAt
        self.hideAt = hideAt
        self.duration = duration ?? (hideAt.map { $0 + hud.fadeDuration + 0.2 } ?? (showAt + 4.3))
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        let alpha = hud.windowAlpha(at: t, showAt: showAt, hideAt: hideAt)
        hud.draw(in: canvas, bounds: screen.bounds, alpha: alpha, indicatorTime: t - showAt)
        return canvas.image
    }
}
