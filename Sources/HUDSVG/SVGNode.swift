// SVGNode: one element after the CSS cascade, immutable, as the renderer walks it.
//
// Design note: the cascade (presentation attribute < `<style>` rule < `style` attribute) is done once
// when the document is loaded, and so is every parse a render needs: the properties become an
// SVGDeclaredStyle, the transform a Transform, the element's role a flag, and (once the document
// knows its viewport) a shape's path and bounds. Rendering a frame then only combines values.
// The text stays beside them for the rarer consumers (gradients, filters, patterns, clip paths).

import HUDRaster

final class SVGNode: @unchecked Sendable {
    let name: String
    /// Geometry and other non-property attributes (x, d, href, viewBox, ...).
    let attributes: [String: String]
    /// Cascaded presentation properties (fill, stroke-width, opacity, ...).
    let properties: [String: String]
    let children: [SVGNode]
    let text: String
    let line: Int
    /// The parent element (nil for the root); set once while the tree is built.
    private(set) weak var parent: SVGNode?

    /// `properties` parsed.
    let declared: SVGDeclaredStyle
    /// The `transform` attribute parsed; nil when absent or malformed (both mean no transform).
    let transform: Transform?
    /// The local `href` target id.
    let hrefID: String?
    let isShape: Bool
    let isContainer: Bool
    let isNonRendering: Bool
    /// A shape's path and tight bounds when they do not depend on where it is used (no em/ex
    /// lengths); set once by `resolveShape` before the document is shared, nil otherwise.
    private(set) var resolvedShape: ResolvedShape?
    /// A gradient element resolved along its href chain; set once by `resolveGradient`.
    private(set) var gradient: SVGGradientTemplate?

    /// A shape's geometry in user space; `path` is nil for a shape that draws nothing.
    struct ResolvedShape {
        let path: Path?
        let bounds: Rect
    }

    init(name: String, attributes: [String: String], properties: [String: String], children: [SVGNode], text: String, line: Int) {
        self.name = name; self.attributes = attributes; self.properties = properties
        self.children = children; self.text = text; self.line = line
        declared = SVGDeclaredStyle(properties)
        transform = attributes["transform"].flatMap(SVGValueParser.transform)
        hrefID = SVGNode.hrefID(attributes)
        isShape = SVGRenderer.shapes.contains(name)
        isContainer = SVGRenderer.containers.contains(name)
        isNonRendering = SVGRenderer.nonRendering.contains(name)
        for c in children { c.parent = self }
    }

    /// Keeps the shape's geometry when no length in it is font-relative (those follow the
    /// inherited font size, so they are built per use).
    func resolveShape(context: LengthContext) {
        guard isShape else { return }
        // Path data and points are plain numbers; the other shapes' lengths may carry units.
        let unitless = name == "path" || name == "polyline" || name == "polygon"
        if !unitless, SVGNode.geometryAttributes.contains(where: { attributes[$0].map(SVGNode.mayBeFontRelative) ?? false }) { return }
        let path = SVGRenderer.shapePath(self, context: context)
        resolvedShape = ResolvedShape(path: path, bounds: path.map(SVGGeometry.tightBounds) ?? .null)
    }

    func resolveGradient(_ resolver: GradientResolver) {
        gradient = resolver.template(self)
    }

    /// Whether a length's text may end in em or ex (a cheap, conservative byte test: a false
    /// positive only means the shape is built per render, as a font-relative one must be).
    static func mayBeFontRelative(_ raw: String) -> Bool {
        var previousE = false
        for b in raw.utf8 {
            let lower = b | 0x20
            if previousE && (lower == 0x6D || lower == 0x78) { return true }
            previousE = lower == 0x65
        }
        return false
    }

    static let geometryAttributes = ["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2"]

    /// The value of an inherited property as it applies here (walking up through ancestors).
    func inheritedProperty(_ name: String) -> String? {
        var n: SVGNode? = self
        var steps = 0
        while let cur = n, steps < 1024 {
            if let v = cur.properties[name], v != "inherit" { return v }
            n = cur.parent
            steps += 1
        }
        return nil
    }

    var id: String? { attributes["id"] }

    /// `href` wins over `xlink:href` (SVG 2); only local `#id` references are followed.
    private static func hrefID(_ attributes: [String: String]) -> String? {
        let v = attributes["href"] ?? attributes["xlink:href"]
        guard let h = v?.trimmingSpaces, h.hasPrefix("#"), h.count > 1 else { return nil }
        return String(h.dropFirst())
    }

    /// Presentation properties SVG lets authors set as attributes as well as CSS.
    static let presentationProperties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color",
        "visibility", "display", "stop-color", "stop-opacity", "filter", "clip-path", "mask", "clip-rule",
        "font-size", "font-family", "font-weight", "marker-start", "marker-mid", "marker-end", "overflow",
        "paint-order", "shape-rendering", "mix-blend-mode", "isolation", "transform", "flood-color", "flood-opacity",
    ]

    /// Builds the cascaded tree. `transform` given in CSS is honoured as resvg does; geometry given
    /// in CSS (SVG 2) is ignored, as SVG 1.1 renderers do.
    static func build(_ root: XMLElementNode, sheet: CSSStyleSheet, warnings: inout [String]) -> SVGNode {
        // Iterative post-order so that a deep tree cannot overflow the stack.
        struct Frame { let x: XMLElementNode; var built: [SVGNode] = []; var next = 0 }
        var stack = [Frame(x: root)]
        var result: SVGNode?
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].x.children.count {
                let child = stack[top].x.children[stack[top].next]
                stack[top].next += 1
                stack.append(Frame(x: child))
                continue
            }
            let f = stack.removeLast()
            let node = make(f.x, children: f.built, sheet: sheet)
            if stack.isEmpty { result = node } else { stack[stack.count - 1].built.append(node) }
        }
        return result!
    }

    private static func make(_ x: XMLElementNode, children: [SVGNode], sheet: CSSStyleSheet) -> SVGNode {
        var attrs: [String: String] = [:]
        var props: [String: String] = [:]
        attrs.reserveCapacity(x.attributes.count)
        props.reserveCapacity(x.attributes.count)
        for (k, v) in x.attributes {
            if presentationProperties.contains(k) && k != "transform" { props[k] = v.trimmingSpaces } else { attrs[k] = v }
        }
        let classes = (x.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        var cssDecls = sheet.declarations(forName: x.name, id: x.attributes["id"], classes: classes)
        if let style = x.attributes["style"] { cssDecls += CSSStyleSheet.declarations(style) }
        for (k, v) in cssDecls where presentationProperties.contains(k) {
            if k == "transform" { attrs["transform"] = v } else { props[k] = v }
        }
        return SVGNode(name: x.name, attributes: attrs, properties: props, children: children, text: x.text, line: x.line)
    }
}
