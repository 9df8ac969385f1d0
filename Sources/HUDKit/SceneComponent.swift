// SceneComponent: a component `Scene` can place on a screen (a HUD, a ring, a bar, an indicator).
//
// Design note: the component carries its own story (scripted with `.at(t) { ... }` where it has
// one, the default story otherwise) and knows how to become a scene on a given screen; the screen
// (device, size, scale, background) is Scene's business, so every component is placed the same way.

/// A component that `Scene(_:device:size:scale:background:)` can render.
public protocol SceneComponent: Sendable {
    /// This component, with its story, on `screen`.
    func scene(on screen: Screen) throws -> SceneRenderable
}

extension ProgressHUD: SceneComponent {
    /// The scripted HUD on `screen` with the default fonts.
    public func scene(on screen: Screen) throws -> SceneRenderable {
        try ProgressHUDScene(hud: self, screen: screen)
    }
}

extension GGProgressHUD: SceneComponent {
    /// The window shown at 0 s and hidden at 3.5 s.
    public func scene(on screen: Screen) throws -> SceneRenderable {
        try GGProgressHUDScene(screen: screen, hud: self)
    }
}

extension GradientLoadingBar: SceneComponent {
    /// The bar, visible, for one progress cycle.
    public func scene(on screen: Screen) throws -> SceneRenderable {
        try GradientLoadingBarScene(screen: screen, bar: self)
    }
}

extension ActivityIndicatorType: SceneComponent {
    /// One period of this activity indicator, 60 pt, centred.
    public func scene(on screen: Screen) throws -> SceneRenderable {
        try IndicatorScene(screen: screen, type: self)
    }
}
