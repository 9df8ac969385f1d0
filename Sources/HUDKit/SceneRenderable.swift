// SceneRenderable: the one shape every component takes so the command line, batch manifests and
// snapshot tests can render any of them the same way.
//
// Design note: a scene is a pure function of time. Frames are independent given t, so callers may
// render them in any order and on any thread; the output of `render(at:)` must depend only on the
// scene's configuration and t (never on wall-clock time or call order), which is what makes the
// output byte-identical for any number of worker threads.

import HUDRaster

/// A component placed on a canvas, animated over time.
public protocol SceneRenderable: Sendable {
    /// The natural length of the animation in seconds (what a GIF of the scene should last).
    var duration: Double { get }
    /// The output size in device pixels (points times scale).
    var pixelSize: (width: Int, height: Int) { get }
    /// Renders the frame at time `t` seconds from the start of the scene.
    func render(at t: Double) throws -> Image
    /// The frame at `t` as a display list (what `hudrender --record-frames` writes); a default
    /// records the calls made on the canvas from `Screen.makeCanvas()`.
    func displayList(at t: Double) throws -> DisplayList
}
