// SVGStyle: the inherited painting state while walking the tree.
//
// Design note: inheritance is resolved top-down during rendering, one small value type per level,
// from values parsed when the document loaded (SVGDeclaredStyle). An invalid value leaves the
// inherited one in place (SVG's "as if not specified"), `inherit` does the same explicitly, and
// non-inherited properties (opacity, filter, display) are read from the node by the renderer.

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
        let d = node.declared
        var s = self
        if d.isEmpty { return s }
        if let f = d.fontSize {
            let parent = LengthContext(viewport: Size(width: fontSize, height: fontSize), fontSize: fontSize)
            if let x = f.resolved(axis: .x, context: parent), x >= 0 { s.fontSize = x }
        }
        var context = base
        context.fontSize = s.fontSize
        if let c = d.color { s.color = c }
        if let f = d.fill { s.fill = f.spec(currentColor: s.color) }
        if let f = d.stroke { s.stroke = f.spec(currentColor: s.color) }
        if let o = d.fillOpacity { s.fillOpacity = o }
        if let o = d.strokeOpacity { s.strokeOpacity = o }
        if let r = d.fillRule { s.fillRule = r }
        if let w = d.strokeWidth, let x = w.resolved(axis: .other, context: context) {
            s.strokeWidth = max(x, 0) // negative: no stroke (as resvg)
        }
        if let c = d.lineCap { s.lineCap = c }
        if let j = d.lineJoin { s.lineJoin = j }
        if let m = d.miterLimit { s.miterLimit = m }
        switch d.dashArray {
        case .noDashes?: s.dashArray = []
        case .items(let items)?: if let arr = SVGStyle.dashArray(items, context: context) { s.dashArray = arr }
        case nil: break
        }
        if let o = d.dashOffset, let x = o.resolved(axis: .other, context: context) { s.dashOffset = x }
        if let f = d.strokeFirst { s.strokeFirst = f }
        if let v = d.visible { s.visible = v }
        return s
    }

    /// A dash array; an empty array (solid) for negative values or a zero sum, doubled when odd;
    /// nil (keep the inherited one) when an item does not parse or resolve.
    static func dashArray(_ items: [SVGLength?], context: LengthContext) -> [Double]? {
        var out: [Double] = []
        for item in items {
            guard let x = item?.resolved(axis: .other, context: context) else { return nil }
            if x < 0 { return [] }
            out.append(x)
        }
        if out.reduce(0, +) <= 0 { return [] }
        if out.count % 2 == 1 { out += out }
        return out
    }
}
