// IndicatorScene: one NVActivityIndicatorView on a screen or on its own.
//
// Design note: the scene renders the indicator's steady state (time offset by the latest sub-layer
// begin offset), so one period of frames loops seamlessly; `warmUp: false` shows the first moments
// after startAnimating() instead, when late sub-layers still rest at their model values.

import HUDRaster

/// An ActivityIndicator on a Screen, as a `SceneRenderable`.
public struct IndicatorScene: SceneRenderable {
    public let screen: Screen
    public let indicator: ActivityIndicator
    /// The indicator's frame in points.
    public let frame: Rect
    /// Seconds added to t (the indicator's warm-up, plus 1 ms), so the scene starts in the periodic regime.
    public let timeOffset: Double
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen; pass `size` (e.g. 80 x 80) with `.transparent`
    ///     for the indicator alone.
    ///   - seed: unused (no randomness); accepted for uniform options.
    ///   - type, color, padding: the NVActivityIndicatorView (defaults ballSpinFadeLoader, white... on
    ///     a light backdrop the default colour is black so that it is visible).
    ///   - indicatorSize: the frame's side in points (default 60).
    ///   - warmUp: start in the periodic regime (default true).
    ///   - duration: nil = one period of the type.
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                seed: UInt64 = 0, type: ActivityIndicatorType = .default, color: Color? = nil, padding: Double = 0,
                indicatorSize: Double = 60, warmUp: Bool = true, duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
        try self.init(screen: screen, type: type, color: color, padding: padding, indicatorSize: indicatorSize,
                      warmUp: warmUp, duration: duration)
    }

    public init(screen: Screen, type: ActivityIndicatorType = .default, color: Color? = nil, padding: Double = 0,
                indicatorSize: Double = 60, warmUp: Bool = true, duration: Double? = nil) throws {
        guard indicatorSize.isFinite, indicatorSize > 0 else {
            throw SceneError.invalidOption("indicatorSize", "\(indicatorSize)", "use a positive size in points, e.g. 60")
        }
        if let d = duration, !(d.isFinite && d > 0) {
            throw SceneError.invalidOption("duration", "\(d)", "use a positive number of seconds")
        }
        let c = color ?? (screen.backdrop.isDark ? .white : .black)
        self.screen = screen
        self.indicator = ActivityIndicator(type: type, color: c, padding: padding)
        self.frame = Rect(x: screen.bounds.midX - indicatorSize / 2, y: screen.bounds.midY - indicatorSize / 2,
                          width: indicatorSize, height: indicatorSize)
        // Plus one millisecond: several types (ballBeat most of all) have mirror-symmetric keyframes
        // ([1, x, 1] at [0, .5, 1]) whose symmetry points are multiples of 1/60 s away from the
        // warm-up, so frames sampled at 30 or 60 fps from exactly there would come in identical pairs.
        self.timeOffset = warmUp ? indicator.warmUp + 0.001 : 0
        self.duration = duration ?? indicator.period
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        indicator.draw(in: canvas, rect: frame, at: t + timeOffset)
        return canvas.image
    }
}
