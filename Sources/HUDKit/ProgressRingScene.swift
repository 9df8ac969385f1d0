// ProgressRingScene: a UAProgressView on a screen, driven by a timed story of progress and touches.
//
// Design note: the default story walks through what users look at in UAProgressView's demo:
// animated steps 0 -> 0.3 -> 0.7 -> 1 with the "%" label following, then a tap (fill, fade out).
// The story is data, so the CLI or a test can pass its own.

import HUDRaster

/// A ProgressRing placed on a Screen, as a `SceneRenderable`.
public struct ProgressRingScene: SceneRenderable {
    /// The surface (device, scale, backdrop).
    public let screen: Screen
    /// The ring's configuration.
    public let ring: ProgressRing
    /// The ring's side in points.
    public let ringSize: Double
    /// The ring's centre in points (default: the screen's centre).
    public let center: Point
    /// The timed events replayed to find the ring's state.
    public let events: [(time: Double, event: ProgressRing.Event)]
    public let duration: Double
    public var pixelSize: (width: Int, height: Int) { screen.pixelSize }

    /// The default story: 0.3 at 0.3 s, 0.7 at 1.1 s, 1.0 at 1.9 s (each animated 0.3 s), touch at
    /// 2.6 s, release at 2.9 s; lasts 3.6 s.
    public static let defaultEvents: [(time: Double, event: ProgressRing.Event)] = [
        (0.3, .setProgress(0.3)), (1.1, .setProgress(0.7)), (1.9, .setProgress(1.0)),
        (2.6, .touchDown), (2.9, .touchUp),
    ]

    /// - Parameters:
    ///   - device, scale, backdrop, size: the screen (see `Screen.init(device:scale:backdrop:size:)`).
    ///   - seed: unused (the ring has no randomness); accepted so every scene takes the same options.
    ///   - ring: tint, border and line widths, fill on touch, animation duration, central view.
    ///   - ringSize: side in points (default 120).
    ///   - center: centre in points (default the screen's centre).
    ///   - events: the story (default `defaultEvents`); `duration` nil = last event + 0.7 s.
    public init(device: Device = .default, scale: Double? = nil, backdrop: Backdrop = .mockLight, size: Size? = nil,
                seed: UInt64 = 0, ring: ProgressRing = ProgressRing(centralView: .percentLabel()),
                ringSize: Double = 120, center: Point? = nil,
                events: [(time: Double, event: ProgressRing.Event)] = ProgressRingScene.defaultEvents,
                duration: Double? = nil) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: backdrop, size: size)
        try self.init(screen: screen, ring: ring, ringSize: ringSize, center: center, events: events, duration: duration)
    }

    /// A ring on an existing screen.
    public init(screen: Screen, ring: ProgressRing = ProgressRing(centralView: .percentLabel()), ringSize: Double = 120,
                center: Point? = nil, events: [(time: Double, event: ProgressRing.Event)] = ProgressRingScene.defaultEvents,
                duration: Double? = nil) throws {
        guard ringSize.isFinite, ringSize > 0 else { throw SceneError.invalidOption("ringSize", "\(ringSize)", "use a positive size in points, e.g. 120") }
        self.screen = screen
        self.ring = ring
        self.ringSize = ringSize
        self.center = center ?? screen.bounds.center
        self.events = events
        let last = events.map(\.time).filter(\.isFinite).max() ?? 0
        self.duration = duration ?? (last + 0.7)
    }

    public func render(at t: Double) throws -> Image {
        let canvas = screen.makeCanvas()
        let state = ring.state(at: t, events: events)
        try ring.draw(in: canvas, rect: Rect(x: center.x - ringSize / 2, y: center.y - ringSize / 2, width: ringSize, height: ringSize), state: state)
        return canvas.image
    }
}
