// SVGDocument: a parsed SVG file, ready to render at any size.
//
// Design note: parsing (XML, CSS cascade, id table, warnings, and every attribute a render reads:
// styles, transforms, shape paths and bounds, paints) happens once in the initialiser and the
// result is immutable, so one document can be rendered for every frame of an animation and from
// several threads. Rendering maps the viewBox into the target rectangle with preserveAspectRatio, as
// a browser maps an `<img>`; unsupported content is skipped and listed in `warnings`, never fatal.

import HUDRaster
import HUDSupport

/// A parsed SVG document (the subset icons use). Load once, render many times.
///
///     let icon = try SVGDocument(contentsOfFile: "check.svg")
///     let image = try icon.renderImage(width: 64)
public final class SVGDocument: @unchecked Sendable {
    /// The largest input accepted, in bytes.
    public static let maxInputSize = 10 * 1024 * 1024
    /// The deepest element nesting accepted.
    public static let maxNestingDepth = 256
    /// The most elements accepted (bounds the memory of the parsed tree to a few hundred MB at worst).
    public static let maxElementCount = 250_000

    /// The intrinsic size (from `width`/`height`, else the viewBox size, else 100x100).
    public let size: Size
    /// The `viewBox`, when the root has a valid one.
    public let viewBox: Rect?
    /// How the viewBox is fitted into a rectangle of another aspect ratio.
    public let preserveAspectRatio: AspectRatio
    /// Content that was skipped (unsupported elements, selectors, ...), one message each.
    public let warnings: [String]

    let root: SVGNode
    let ids: [String: SVGNode]
    let lengthContext: LengthContext

    /// Parses SVG from bytes (UTF-8).
    public init(data: [UInt8]) throws {
        let xml = try XMLReader.parse(data, limits: XMLReader.Limits(maxInputSize: SVGDocument.maxInputSize,
                                                                      maxDepth: SVGDocument.maxNestingDepth,
                                                                      maxElements: SVGDocument.maxElementCount))
        guard xml.name == "svg" else { throw SVGError.notSVG(rootElement: xml.qualifiedName) }
        var warnings: [String] = []
        var sheet = CSSStyleSheet()
        // `<style>` elements anywhere in the document apply to the whole document.
        var stack = [xml]
        while let n = stack.popLast() {
            if n.name == "style" {
                let type = n.attributes["type"]?.trimmingSpaces ?? "text/css"
                if type.isEmpty || type == "text/css" { sheet.add(n.text, warnings: &warnings) }
                else { warnings.append("<style type=\"\(type)\"> is not CSS and was skipped") }
            }
            stack.append(contentsOf: n.children.reversed())
        }
        let root = SVGNode.build(xml, sheet: sheet, warnings: &warnings)
        self.root = root

        var ids: [String: SVGNode] = [:]
        var unsupported: [String: Int] = [:]
        var ignoredProperties: Set<String> = []
        var walk = [root]
        while let n = walk.popLast() {
            if let id = n.id, ids[id] == nil { ids[id] = n }
            for p in SVGDocument.ignoredProperties where n.properties[p].map({ $0 != "none" && $0 != "normal" }) ?? false { ignoredProperties.insert(p) }
            if !SVGDocument.known.contains(n.name) { unsupported[n.name, default: 0] += 1; continue }
            walk.append(contentsOf: n.children)
        }
        for (name, count) in unsupported.sorted(by: { $0.key < $1.key }) {
            warnings.append("unsupported element <\(name)> skipped (\(count)x)")
        }
        for p in ignoredProperties.sorted() { warnings.append("unsupported property '\(p)' ignored") }
        self.ids = ids

        let vb = SVGValueParser.viewBox(root.attributes["viewBox"])
        let ctx0 = LengthContext(viewport: vb?.size ?? Size(width: 100, height: 100))
        func dim(_ k: String, _ axis: LengthAxis) -> Double? {
            guard let raw = root.attributes[k], !raw.trimmingSpaces.hasSuffix("%") else { return nil }
            return SVGValueParser.length(raw, axis: axis, context: ctx0).flatMap { $0 > 0 ? $0 : nil }
        }
        var w = dim("width", .x), h = dim("height", .y)
        if let vb {
            if w == nil && h == nil { w = vb.width; h = vb.height }
            else if w == nil { w = h! * vb.width / vb.height }
            else if h == nil { h = w! * vb.height / vb.width }
        }
        size = Size(width: w ?? 100, height: h ?? 100)
        viewBox = vb
        preserveAspectRatio = SVGValueParser.aspectRatio(root.attributes["preserveAspectRatio"])
        lengthContext = LengthContext(viewport: vb?.size ?? size)
        self.warnings = warnings
        // Shapes' geometry and gradients are built once, now that the viewport (for percentages)
        // and the id table (for gradient hrefs) are known.
        let gradients = GradientResolver(ids: ids, context: lengthContext)
        var pending = [root]
        while let n = pending.popLast() {
            n.resolveShape(context: lengthContext)
            n.resolveGradient(gradients)
            pending.append(contentsOf: n.children)
        }
    }

    /// Reads and parses an SVG file.
    public convenience init(contentsOfFile path: String) throws {
        try self.init(data: try SVGDocument.readFile(path))
    }

    static let ignoredProperties = ["mask", "marker-start", "marker-mid", "marker-end", "mix-blend-mode"]

    static let known: Set<String> = [
        "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "defs", "use",
        "linearGradient", "radialGradient", "stop", "style", "title", "desc", "metadata", "filter",
        "feGaussianBlur", "feOffset", "feMerge", "feMergeNode", "feFlood", "feComposite", "a", "switch", "symbol", "clipPath", "pattern",
    ]

    /// Draws the document into `rect` of `canvas` (in the canvas's current user space), fitting the
    /// viewBox per `preserveAspectRatio`. The canvas's clip, alpha and blend mode apply.
    public func render(in canvas: Canvas, rect: Rect) {
        let base = canvas.ctm
        guard let inv = base.inverted(), rect.width > 0, rect.height > 0 else { return }
        let vb = viewBox ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
        let fit = preserveAspectRatio.transform(viewBox: vb, into: rect)
        canvas.saveGState()
        canvas.concatenate(inv) // geometry is handed to the canvas in device space
        var r = SVGRenderer(document: self, canvas: canvas)
        var ctm = fit.concatenating(base)
        // SVG 2: a transform on the root applies outside its viewBox mapping.
        if let tr = root.transform {
            ctm = fit.concatenating(tr).concatenating(base)
        }
        var style = SVGStyle()
        style = style.inheriting(root, context: lengthContext)
        let opacity = root.declared.opacity ?? 1
        if opacity < 1 {
            canvas.setAlpha(opacity)
            canvas.beginTransparencyLayer()
            canvas.setAlpha(1)
        }
        r.renderChildren(of: root, style: style, ctm: ctm)
        if opacity < 1 { canvas.endTransparencyLayer() }
        canvas.restoreGState()
    }

    /// Renders to a new image. Give `width` (height follows the aspect ratio) or `scale` (times the
    /// intrinsic size); with neither, the intrinsic size is used.
    public func renderImage(width: Int? = nil, scale: Double? = nil, background: Color = .clear) throws -> Image {
        var w: Double, h: Double
        if let width {
            guard width > 0 else { throw SVGError.invalidSize("width \(width) must be at least 1 px; pass a positive --width") }
            w = Double(width); h = (Double(width) * size.height / size.width).rounded()
        } else if let scale {
            guard scale > 0, scale.isFinite else { throw SVGError.invalidSize("scale \(scale) must be a positive number; pass e.g. --scale 2") }
            w = (size.width * scale).rounded(); h = (size.height * scale).rounded()
        } else {
            w = size.width.rounded(); h = size.height.rounded()
        }
        guard w.isFinite, h.isFinite, w < 1e9, h < 1e9 else {
            throw SVGError.invalidSize("\(w)x\(h) px is not a usable image size; pass a smaller --width or --scale")
        }
        let canvas = try Canvas(width: max(1, Int(w)), height: max(1, Int(h)), background: background)
        render(in: canvas, rect: Rect(x: 0, y: 0, width: w, height: h))
        return canvas.image
    }

    /// Shorthand for `renderImage(width:)`.
    public func render(width: Int) throws -> Image { try renderImage(width: width) }

    static func readFile(_ path: String) throws -> [UInt8] {
        do { return try FileBytes.read(path, limit: maxInputSize) } catch {
            if case .tooLarge(let limit) = error { throw SVGError.fileTooLarge(bytes: limit + 1, limit: limit) }
            throw SVGError.fileUnreadable(path: path, reason: error.reason)
        }
    }
}
