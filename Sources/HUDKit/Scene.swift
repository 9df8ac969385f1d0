// Scene: the one way to put any component on a screen and render it.
//
// Design note: each component has its own scene type with its own initialiser (kept, and used by
// the command line); this facade gives them all the same call, `Scene(component, device:, size:,
// scale:, background:)`, so code that renders a HUD reads like code that renders a ring. The
// screen arguments mean what `Screen(device:scale:backdrop:size:)` says: `scale` nil is the
// device's own scale, `size` a bare area in points instead of the full device screen.

/// Any component (a scripted `ProgressHUD`, a `ProgressRing`, a `GradientLoadingBar`, ...) on a screen.
public struct Scene: SceneRenderable {
    /// The component's own scene, which does the drawing.
    public let base: SceneRenderable

    /// - Parameters:
    ///   - component: what to render, with its story (`hud.at(1) { $0.updateProgress(0.5) }`).
    ///   - device: the device screen (status bar, safe area, notch); default iPhone 14.
    ///   - size: a bare area in points instead of the device's full screen.
    ///   - scale: pixels per point; nil uses the device's own scale (2 or 3), as `UIScreen.scale`.
    ///   - background: what lies behind the component.
    public init(_ component: SceneComponent, device: Device = .default, size: Size? = nil, scale: Double? = nil,
                background: Backdrop = .mockLight) throws {
        let screen = try Screen(device: device, scale: scale, backdrop: background, size: size)
        base = try component.scene(on: screen)
    }

    public var duration: Double { base.duration }
    public var pixelSize: (width: Int, height: Int) { base.pixelSize }
    public func render(at t: Double) throws -> Image { try base.render(at: t) }
}
