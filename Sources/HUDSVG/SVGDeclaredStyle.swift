// SVGDeclaredStyle: one element's cascaded presentation properties, parsed once.
//
// Design note: the cascade leaves properties as text; this turns each into its value when the
// document loads, so a render only combines values (SVGStyle.inheriting). What depends on the
// inherited state stays open: lengths keep their unit (em follows the font size), paints keep
// `currentColor`. A value that does not parse is nil here, which is what "as if not specified"
// needs, and `inherit` is nil too (the inherited value stays). Non-inherited properties the
// renderer reads per element (opacity, display, clip-path, filter) are kept ready as well.

import HUDRaster

struct SVGDeclaredStyle {
    /// `stroke-dasharray`: `none`, or the items (nil where one does not parse).
    enum DashArray { case noDashes, items([SVGLength?]) }

    /// True when the element sets no inherited property at all (inheritance is then a copy).
    var isEmpty = true
    var fontSize: SVGLength?
    /// A colour other than `currentColor` (which keeps the inherited one).
    var color: Color?
    var fill: SVGPaintValue?
    var stroke: SVGPaintValue?
    var fillOpacity: Double?
    var strokeOpacity: Double?
    var fillRule: FillRule?
    var strokeWidth: SVGLength?
    var lineCap: LineCap?
    var lineJoin: LineJoin?
    var miterLimit: Double?
    var dashArray: DashArray?
    var dashOffset: SVGLength?
    var strokeFirst: Bool?
    var visible: Bool?

    /// `opacity`, clamped to 0...1; nil when absent or invalid.
    var opacity: Double?
    /// `display: none`.
    var displayNone = false
    /// `clip-path` and `filter` values other than `none`, trimmed.
    var clipPath: String?
    var filter: String?

    init() {}

    init(_ p: [String: String]) {
        isEmpty = p.isEmpty
        // One pass over what is set (a few entries) rather than a lookup per known property.
        for (k, raw) in p {
            switch k {
            case "display": displayNone = raw.trimmingSpaces == "none"
            case "clip-path": clipPath = raw.trimmingSpaces.nilIfNone
            case "filter": filter = raw.trimmingSpaces.nilIfNone
            default: if raw != "inherit" { set(k, raw) }
            }
        }
    }

    /// Parses one property other than display, clip-path and filter (`inherit` already excluded).
    private mutating func set(_ k: String, _ r: String) {
        func fraction() -> Double? { SVGValueParser.numberOrFraction(r).map { min(max($0, 0), 1) } }
        switch k {
        case "font-size": fontSize = SVGLength.parse(r)
        case "color": if r.lowercased() != "currentcolor" { color = CSSColor.parse(r) }
        case "fill": fill = SVGPaintValue.parse(r)
        case "stroke": stroke = SVGPaintValue.parse(r)
        case "fill-opacity": fillOpacity = fraction()
        case "stroke-opacity": strokeOpacity = fraction()
        case "opacity": opacity = fraction()
        case "fill-rule": fillRule = r == "evenodd" ? .evenOdd : r == "nonzero" ? .winding : nil
        case "stroke-width": strokeWidth = SVGLength.parse(r)
        case "stroke-linecap": lineCap = r == "butt" ? .butt : r == "round" ? .round : r == "square" ? .square : nil
        case "stroke-linejoin":
            switch r {
            case "miter", "miter-clip", "arcs": lineJoin = .miter
            case "round": lineJoin = .round
            case "bevel": lineJoin = .bevel
            default: break
            }
        case "stroke-miterlimit": miterLimit = SVGValueParser.numberOrFraction(r).flatMap { $0 >= 1 ? $0 : nil }
        case "stroke-dasharray":
            dashArray = r == "none" ? .noDashes
                : .items(r.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }).map { SVGLength.parse(String($0)) })
        case "stroke-dashoffset": dashOffset = SVGLength.parse(r)
        case "paint-order":
            let words = r.split(separator: " ")
            strokeFirst = words.first == "stroke" || (words.first == "markers" && words.dropFirst().first == "stroke")
        case "visibility": visible = r == "visible" ? true : (r == "hidden" || r == "collapse") ? false : nil
        default: break
        }
    }
}

private extension String {
    var nilIfNone: String? { self == "none" ? nil : self }
}
