// TextShadow: a shadow under text, as MMProgressHUD's title has (black, offset (0, -1)).
//
// Design note: offset and blur are in the text's own user space (points), like NSShadow in UIKit,
// so the shadow scales with the screen scale and turns with a rotating HUD; the drawing code maps
// them through the canvas transform before handing them to the canvas.

import HUDRaster

/// A text shadow: offset (y down, so (0, -1) is one point above), blur radius and colour.
public struct TextShadow: Sendable, Hashable {
    public var offset: Size
    /// Blur radius in points (Core Graphics' shadow blur).
    public var blur: Double
    public var color: Color

    public init(offset: Size, blur: Double = 0, color: Color = Color(white: 0, alpha: 1.0 / 3.0)) {
        self.offset = offset; self.blur = blur; self.color = color
    }
}
