// SVGStyle: the inherited painting state while walking the tree.
//
// Design note: inheritance is resolved top-down during rendering, one small value type per level.
// An invalid value leaves the inherited one in place (SVG's "as if not specified"), `inherit` does
// the same explicitly, and non-inherited properties (opacity, filter, display) are read straight
// from the node by the renderer.

import HUDRaster

struct SVGStyle {
    var color: Color = .black
    var fill: SVGPaintSpec = .color(.black)
    var fillOpacity = 1.0
    var fillRule: FillRule = .winding
    var stroke: SVGPaintSpec = .none
    var strokeOpacity = 1.0
    var strokeWidth = 1.0
    var lineCap: LineCap = .butt
    var lineJoin: LineJoin = .miter
    var miterLimit = 4.0
    var dashArray: [Double] = []
    var dashOffset = 0.0
    var visible = true
    /// For em/ex units (resvg's default font size is 12).
    var fontSize = 12.0
    /// `paint-order: stroke` (SVG 2): stroke drawn under the fill.
    var strokeFirst = false

    /// The style of a child `node` of an element with this style.
    func inheriting(_ node: SVGNode, context base: LengthContext) -> SVGStyle {
        var s = self
        let p = node.properties
        if p.isEmpty { return s }
        func v(_ k: String) -> String? {
            guard let r = p[k], r != "inherit" else { return nil }
            return r
        }
        if let f = v("font-size") {
            let parent = LengthContext(viewport: Size(width: fontSize, height: fontSize), fontSize: fontSize)
            if let x = SVGValueParser.length(f, axis: .x, context: parent), x >= 0 { s.fontSize = x }
        }
        var context = base
        context.fontSize = s.fontSize
        if let c = v("color") {
            if c.lowercased() != "currentcolor", let col = CSSColor.parse(c) { s.color = col }
        }
        if let f = v("fill"), let paint = SVGPaintSpec.parse(f, currentColor: s.color) { s.fill = paint }
        if let f = v("stroke"), let paint = SVGPaintSpec.parse(f, currentColor: s.color) { s.stroke = paint }
        if let o = v("fill-opacity"), let x = SVGValueParser.numberOrFraction(o) { s.fillOpacity = min(max(x, 0), 1) }
        if let o = v("stroke-opacity"), let x = SVGValueParser.numberOrFraction(o) { s.strokeOpacity = min(max(x, 0), 1) }
        if let r = v("fill-rule") {
            if r == "evenodd" { s.fillRule = .evenOdd } else if r == "nonzero" { s.fillRule = .winding }
        }
        if let w = v("stroke-width"), let x = SVGValueParser.length(w, axis: .other, context: context) {
            s.strokeWidth = max(x, 0) // negative: no stroke (as resvg)
        }
        if let c = v("stroke-linecap") {
            switch c { case "butt": s.lineCap = .butt; case "round": s.lineCap = .round; case "square": s.lineCap = .square; default: break }
        }
        if let j = v("stroke-linejoin") {
            switch j {
            case "miter", "miter-clip", "arcs": s.lineJoin = .miter
            case "round": s.lineJoin = .round
            case "bevel": s.lineJoin = .bevel
            default: break
            }
        }
        if let m = v("stroke-miterlimit"), let x = SVGValueParser.numberOrFraction(m), x >= 1 { s.miterLimit = x }
        if let d = v("stroke-dasharray") {
            if d == "none" { s.dashArray = [] } else if let arr = SVGStyle.dashArray(d, context: context) { s.dashArray = arr }
        }
        if let o = v("stroke-dashoffset"), let x = SVGValueParser.length(o, axis: .other, context: context) { s.dashOffset = x }
        if let po = v("paint-order") {
            let words = po.split(separator: " ")
            s.strokeFirst = words.first == "stroke" || (words.first == "markers" && words.dropFirst().first == "stroke")
        }
        if let vis = v("visibility") {
            if vis == "visible" { s.visible = true } else if vis == "hidden" || vis == "collapse" { s.visible = false }
        }
        return s
    }

    /// A dash array; an empty array (solid) for negative values or a zero sum, doubled when odd.
    static func dashArray(_ raw: String, context: LengthContext) -> [Double]? {
        var out: [Double] = []
        for item in raw.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let x = SVGValueParser.length(String(item), axis: .other, context: context) else { return nil }
            if x < 0 { return [] }
            out.append(x)
        }
        if out.reduce(0, +) <= 0 { return [] }
        if out.count % 2 == 1 { out += out }
        return out
    }
}
