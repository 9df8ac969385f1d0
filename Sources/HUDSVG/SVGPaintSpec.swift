// SVGPaintSpec: a fill or stroke value as specified (none, colour, or a paint-server reference with
// an optional fallback), and what it resolves to for one shape.
//
// Design note: `currentColor` is resolved when the value is parsed (SVG 1.1 computed-value
// semantics), so inheritance carries a plain colour. A fallback that does not parse makes the whole
// value invalid, as CSS and resvg treat it; the property then keeps its inherited value.

import HUDRaster

/// A specified fill or stroke value (`currentColor` is resolved when parsed).
enum SVGPaintSpec: Equatable {
    case none
    case color(Color)
    indirect case server(id: String, fallback: SVGPaintSpec?)

    /// Parses a paint; nil when invalid (the property then falls back as if absent).
    static func parse(_ raw: String, currentColor: Color) -> SVGPaintSpec? {
        SVGPaintValue.parse(raw)?.spec(currentColor: currentColor)
    }
}

/// A paint ready to draw: a colour, or a gradient with its gradient-space -> user-space transform.
enum ResolvedPaint {
    case color(Color)
    case gradient(Paint, transform: Transform)
    /// A `<pattern>` tile drawn for a shape with object box `bbox`, at `opacity`.
    case pattern(SVGNode, bbox: Rect, opacity: Double)
}

/// What a paint server reference resolved to.
enum PaintServerResult {
    case paint(ResolvedPaint)
    /// Draw nothing (no stops, zero-size box with objectBoundingBox units, ...).
    case nothing
    /// The reference is not a usable paint server: use the fallback, or nothing.
    case invalid
}
