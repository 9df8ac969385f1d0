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
        let s = raw.trimmingSpaces
        if s == "none" { return SVGPaintSpec.none }
        if s.lowercased() == "currentcolor" { return .color(currentColor) }
        if s.hasPrefix("url(") {
            guard let close = s.firstIndex(of: ")") else { return nil }
            var ref = s[s.index(s.startIndex, offsetBy: 4)..<close].trimmingSpaces
            if (ref.hasPrefix("'") && ref.hasSuffix("'")) || (ref.hasPrefix("\"") && ref.hasSuffix("\"")), ref.count >= 2 {
                ref = String(ref.dropFirst().dropLast())
            }
            guard ref.hasPrefix("#") else { return nil }
            let rest = s[s.index(after: close)...].trimmingSpaces
            var fallback: SVGPaintSpec? = nil
            if !rest.isEmpty {
                // An unparsable fallback makes the whole value invalid (CSS), as resvg treats it.
                guard let f = parse(rest, currentColor: currentColor) else { return nil }
                if case .server = f { return nil }
                fallback = f
            }
            return .server(id: String(ref.dropFirst()), fallback: fallback)
        }
        return CSSColor.parse(s).map { .color($0) }
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
