// GradientLoadingBarScene: a GradientLoadingBar on a device screen.
//
// Design note: by default the bar is already showing and the scene lasts exactly one progress
// cycle (3.33 s), so a GIF of it loops without a seam; fade-in and fade-out are opt-in times.
// The progress animation starts with the fade-in, as in the library.

import HUDRaster

/// A GradientLoadingBar placed on a Screen, as a `SceneRenderable`.
public struct GradientLoadingBarScene: SceneRenderable {
    public let screen: Screen
    public let bar: GradientLoadingBar
    /// When `fadeIn()` is called (nil = visible from the start).
    public let fadeInAt: Double?
    /// When `fadeOut()` is called (nil = never).
    public let fadeOutAt: Double?
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen. `size` overrides the device's size (then
    ///     there is no status bar; `.notch` draws the device's notch centred on the size's width).
    ///   - safeAreaInsets: the safe area `.safeArea` places the bar under (nil: the device's, or
    ///     none with a size override).
    ///   - seed: unused (no randomness); accepted for uniform options.
    ///   - bar: colours, height, cycle duration, fade durations and placement
    ///     (`.safeArea`, `.top`, `.notch`, `.navigationBar`, `.frame(rect)`).
    ///   - fadeInAt / fadeOutAt: times of `fadeIn()` / `fadeOut()`; nil = already visible / stays.
    ///   - duration: nil = one progress cycle, or until the fade-out has finished.
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                safeAreaInsets: Device.Insets? = nil, seed: UInt64 = 0, bar: GradientLoadingBar = GradientLoadingBar(),
                fadeInAt: Double? = nil, fadeOutAt: Double? = nil, duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size, safeAreaInsets: safeAreaInsets)
        try self.init(screen: screen, bar: bar, fadeInAt: fadeInAt, fadeOutAt: fadeOutAt, duration: duration)
    }

    public init(screen: Screen, bar: GradientLoadingBar = GradientLoadingBar(), fadeInAt: Double? = nil,
                fadeOutAt: Double? = nil, duration: Double? = nil) throws {
        if let d = duration, !(d.isFinite && d > 0) {
            throw SceneError.invalidOption("duration", "\(d)", "use a positive number of seconds, e.g. 3.33")
        }
        self.screen = screen
        self.bar = bar
        self.fadeInAt = fadeInAt
        self.fadeOutAt = fadeOutAt
        var natural = bar.progressAnimationDuration
        if let fo = fadeOutAt { natural = max(natural, fo + bar.fadeOutDuration + 0.2) }
        if let fi = fadeInAt, fadeOutAt == nil { natural = max(natural, fi + bar.fadeInDuration + bar.progressAnimationDuration) }
        self.duration = duration ?? natural
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        let opacity = bar.opacity(at: t, fadeInAt: fadeInAt, fadeOutAt: fadeOutAt)
        let progressTime = t - (fadeInAt ?? 0)
        bar.draw(in: canvas, on: screen, at: progressTime, opacity: opacity)
        return canvas.image
    }
}
