// SVGRenderer: walks the cascaded tree and draws it through a HUDRaster Canvas.
//
// Design note: the renderer keeps its own current transform and hands the Canvas device-space
// geometry (the Canvas CTM is held at identity while an SVG draws). That lets strokes be outlined
// once with the exact transform (Path.stroked flattens in device space) and lets a gradient fill a
// stroke outline with its own gradient-space transform. Group opacity uses a transparency layer,
// feGaussianBlur an offscreen canvas cropped to the filter region. Recursion is bounded: the XML
// depth limit bounds element nesting and `use` is followed at most `maxUseDepth` deep, never into
// itself.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

struct SVGRenderer {
    let document: SVGDocument
    var canvas: Canvas
    /// Device-space origin of `canvas` (non-zero for a cropped offscreen canvas).
    var deviceOffset = Point.zero
    var referenceStack: [ObjectIdentifier] = []
    static let maxUseDepth = 24
    /// Elements drawn per render at most: `use` can multiply a small file into an exponential
    /// number of draws (a "use bomb"); past the budget the rest is skipped.
    static let maxElementVisits = 100_000
    /// Deepest nesting of rendered elements, counting through `use` references (bounds the stack).
    static let maxRenderDepth = 320
    var visits = 0
    var depth = 0
    /// Offscreen buffers (layers, filter canvases) alive at once, each up to the canvas size; past
    /// `maxOffscreens` group opacity is approximated and filters are skipped, bounding memory.
    static let maxOffscreens = 12
    var offscreens = 0

    init(document: SVGDocument, canvas: Canvas) {
        self.document = document
        self.canvas = canvas
    }

    var context: LengthContext { document.lengthContext }

    static let nonRendering: Set<String> = [
        "defs", "linearGradient", "radialGradient", "stop", "title", "desc", "metadata", "style", "filter",
        "clipPath", "mask", "pattern", "symbol", "marker", "script", "font", "font-face",
    ]
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let containers: Set<String> = ["g", "svg", "a", "switch", "use"]

    // MARK: - Tree walk

    mutating func renderChildren(of node: SVGNode, style: SVGStyle, ctm: Transform) {
        if node.name == "switch" {
            // The first child whose element is supported (conditional attributes are not evaluated).
            if let c = node.children.first(where: { $0.isShape || $0.isContainer }) {
                render(c, parentStyle: style, ctm: ctm)
            }
            return
        }
        for c in node.children { render(c, parentStyle: style, ctm: ctm) }
    }

    mutating func render(_ node: SVGNode, parentStyle: SVGStyle, ctm parentCTM: Transform) {
        if node.isNonRendering { return }
        visits += 1
        guard visits <= SVGRenderer.maxElementVisits, depth < SVGRenderer.maxRenderDepth else { return }
        depth += 1
        defer { depth -= 1 }
        guard node.isShape || node.isContainer else { return }
        if node.declared.displayNone { return }
        var ctm = parentCTM
        if let tr = node.transform { ctm = tr.concatenating(ctm) }
        if node.name == "use" {
            let x = SVGValueParser.length(node.attributes["x"], axis: .x, context: context) ?? 0
            let y = SVGValueParser.length(node.attributes["y"], axis: .y, context: context) ?? 0
            ctm = Transform(translationX: x, y: y).concatenating(ctm)
        } else if node.name == "svg" {
            // A nested viewport: position and viewBox (its clip is not applied).
            let x = SVGValueParser.length(node.attributes["x"], axis: .x, context: context) ?? 0
            let y = SVGValueParser.length(node.attributes["y"], axis: .y, context: context) ?? 0
            ctm = Transform(translationX: x, y: y).concatenating(ctm)
            if let vb = SVGValueParser.viewBox(node.attributes["viewBox"]) {
                let w = SVGValueParser.length(node.attributes["width"], axis: .x, context: context) ?? context.viewport.width
                let h = SVGValueParser.length(node.attributes["height"], axis: .y, context: context) ?? context.viewport.height
                let ar = SVGValueParser.aspectRatio(node.attributes["preserveAspectRatio"])
                ctm = ar.transform(viewBox: vb, into: Rect(x: 0, y: 0, width: w, height: h)).concatenating(ctm)
            }
        }
        guard ctm.determinant != 0, ctm.determinant.isFinite else { return }
        let style = parentStyle.inheriting(node, context: context)

        let opacity = node.declared.opacity ?? 1
        if opacity <= 0 { return }

        // Clip last of all: it bounds the filtered, faded result.
        if let cp = node.declared.clipPath {
            guard let clip = clipPath(cp, for: node, ctm: ctm) else { return }
            canvas.saveGState()
            canvas.clip(to: clip.path, rule: clip.rule)
            renderUnclipped(node, style: style, ctm: ctm, opacity: opacity)
            canvas.restoreGState()
        } else {
            renderUnclipped(node, style: style, ctm: ctm, opacity: opacity)
        }
    }

    private mutating func renderUnclipped(_ node: SVGNode, style: SVGStyle, ctm: Transform, opacity: Double) {
        // Filter first, then opacity (SVG compositing order).
        if let f = node.declared.filter {
            renderFiltered(node, filterValue: f, style: style, ctm: ctm, opacity: opacity)
            return
        }
        if opacity < 1 && needsLayer(node, style: style) && offscreens >= SVGRenderer.maxOffscreens {
            canvas.saveGState()
            canvas.setAlpha(opacity) // approximation: overlapping children are not flattened first
            renderContent(node, style: style, ctm: ctm, opacity: 1)
            canvas.restoreGState()
        } else if opacity < 1 && needsLayer(node, style: style) {
            offscreens += 1
            defer { offscreens -= 1 }
            canvas.saveGState()
            canvas.setAlpha(opacity)
            canvas.beginTransparencyLayer()
            canvas.setAlpha(1)
            renderContent(node, style: style, ctm: ctm, opacity: 1)
            canvas.endTransparencyLayer()
            canvas.restoreGState()
        } else {
            renderContent(node, style: style, ctm: ctm, opacity: opacity)
        }
    }

    /// Whether group opacity needs an offscreen layer (anything but a shape with a single paint).
    private func needsLayer(_ node: SVGNode, style: SVGStyle) -> Bool {
        guard node.isShape else { return true }
        return style.fill != .none && style.stroke != .none && style.strokeWidth > 0
    }

    /// Draws the element itself (no filter; `opacity` multiplies paint alpha for a lone shape).
    mutating func renderContent(_ node: SVGNode, style: SVGStyle, ctm: Transform, opacity: Double) {
        switch node.name {
        case "use":
            guard let id = node.hrefID, let target = document.ids[id] else { return }
            let key = ObjectIdentifier(target)
            guard !referenceStack.contains(key), referenceStack.count < SVGRenderer.maxUseDepth, !isAncestor(target, of: node) else { return }
            referenceStack.append(key)
            if target.name == "symbol" || target.name == "svg" {
                var t = ctm
                if let vb = SVGValueParser.viewBox(target.attributes["viewBox"]) {
                    let w = SVGValueParser.length(node.attributes["width"] ?? target.attributes["width"], axis: .x, context: context) ?? context.viewport.width
                    let h = SVGValueParser.length(node.attributes["height"] ?? target.attributes["height"], axis: .y, context: context) ?? context.viewport.height
                    let ar = SVGValueParser.aspectRatio(target.attributes["preserveAspectRatio"])
                    t = ar.transform(viewBox: vb, into: Rect(x: 0, y: 0, width: w, height: h)).concatenating(ctm)
                }
                let s = style.inheriting(target, context: context)
                renderChildren(of: target, style: s, ctm: t)
            } else {
                render(target, parentStyle: style, ctm: ctm)
            }
            referenceStack.removeLast()
        case "g", "svg", "a", "switch":
            renderChildren(of: node, style: style, ctm: ctm)
        default:
            guard style.visible else { return }
            if let shape = node.resolvedShape {
                guard let path = shape.path else { return }
                drawShape(path, bbox: shape.bounds, style: style, ctm: ctm, opacity: opacity)
            } else if let path = shapePath(node, fontSize: style.fontSize) {
                drawShape(path, bbox: SVGGeometry.tightBounds(path), style: style, ctm: ctm, opacity: opacity)
            }
        }
    }

    /// True when `target` contains `node` (a `use` pointing at its own ancestor): walks up from
    /// `node`, which costs at most the nesting depth.
    private func isAncestor(_ target: SVGNode, of node: SVGNode) -> Bool {
        var n: SVGNode? = node
        while let cur = n {
            if cur === target { return true }
            n = cur.parent
        }
        return false
    }

    // MARK: - Shapes

    /// The shape's path in user space for an inherited `fontSize` (kept on the node when it does
    /// not depend on it).
    func shapePath(_ node: SVGNode, fontSize: Double = 12) -> Path? {
        if let shape = node.resolvedShape { return shape.path }
        var ctx = context
        ctx.fontSize = fontSize
        return SVGRenderer.shapePath(node, context: ctx)
    }

    /// Builds a shape's path from its attributes; nil when it draws nothing.
    static func shapePath(_ node: SVGNode, context ctx: LengthContext) -> Path? {
        let a = node.attributes
        func len(_ k: String, _ axis: LengthAxis) -> Double? { SVGValueParser.length(a[k], axis: axis, context: ctx) }
        var p = Path()
        switch node.name {
        case "path":
            guard let d = a["d"] else { return nil }
            p = PathDataParser.parse(d)
        case "rect":
            let x = len("x", .x) ?? 0, y = len("y", .y) ?? 0
            guard let w = len("width", .x), let h = len("height", .y), w > 0, h > 0 else { return nil }
            var rx = len("rx", .x).flatMap { $0 >= 0 ? $0 : nil }
            var ry = len("ry", .y).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let crx = min(rx ?? 0, w / 2), cry = min(ry ?? 0, h / 2)
            p.addRoundedRect(in: Rect(x: x, y: y, width: w, height: h), cornerWidth: crx, cornerHeight: cry)
        case "circle":
            let cx = len("cx", .x) ?? 0, cy = len("cy", .y) ?? 0
            guard let r = len("r", .other), r > 0 else { return nil }
            p.addEllipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            let cx = len("cx", .x) ?? 0, cy = len("cy", .y) ?? 0
            var rx = len("rx", .x).flatMap { $0 >= 0 ? $0 : nil }
            var ry = len("ry", .y).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let erx = rx, let ery = ry, erx > 0, ery > 0 else { return nil }
            p.addEllipse(in: Rect(x: cx - erx, y: cy - ery, width: 2 * erx, height: 2 * ery))
        case "line":
            let x1 = len("x1", .x) ?? 0, y1 = len("y1", .y) ?? 0, x2 = len("x2", .x) ?? 0, y2 = len("y2", .y) ?? 0
            p.move(to: Point(x: x1, y: y1)); p.addLine(to: Point(x: x2, y: y2))
        case "polyline", "polygon":
            guard let raw = a["points"] else { return nil }
            let pts = SVGValueParser.points(raw)
            guard pts.count >= 2 else { return nil }
            p.move(to: pts[0])
            for q in pts.dropFirst() { p.addLine(to: q) }
            if node.name == "polygon" { p.closeSubpath() }
        default:
            return nil
        }
        return p.isEmpty ? nil : p
    }

    /// Fills and strokes a user-space `path` whose tight bounds are `bbox`.
    mutating func drawShape(_ path: Path, bbox: Rect, style: SVGStyle, ctm: Transform, opacity: Double) {
        func fill(_ r: inout SVGRenderer) {
            if style.fill != .none, let paint = r.resolve(style.fill, bbox: bbox, opacity: style.fillOpacity * opacity, color: style.color) {
                r.fillDevice(path.applying(ctm), rule: style.fillRule, paint: paint, ctm: ctm)
            }
        }
        func stroke(_ r: inout SVGRenderer) {
            if style.stroke != .none, style.strokeWidth > 0,
               let paint = r.resolve(style.stroke, bbox: bbox, opacity: style.strokeOpacity * opacity, color: style.color) {
                let ss = StrokeStyle(lineWidth: style.strokeWidth, lineCap: style.lineCap, lineJoin: style.lineJoin,
                                     miterLimit: style.miterLimit, dashPattern: style.dashArray, dashPhase: style.dashOffset)
                let outline = path.stroked(ss, transform: ctm)
                if !outline.isEmpty { r.fillDevice(outline, rule: .winding, paint: paint, ctm: ctm) }
            }
        }
        if style.strokeFirst { stroke(&self); fill(&self) } else { fill(&self); stroke(&self) }
    }

    /// A paint for one shape; nil when nothing is to be drawn.
    func resolve(_ spec: SVGPaintSpec, bbox: Rect, opacity: Double, color: Color) -> ResolvedPaint? {
        switch spec {
        case .none: return nil
        case .color(let c): return .color(c.withAlphaComponent(c.alpha * opacity))
        case let .server(id, fallback):
            let result: PaintServerResult
            if let n = document.ids[id], n.name == "pattern" {
                result = patternPaint(n, bbox: bbox, opacity: opacity)
            } else if let n = document.ids[id] {
                result = n.gradient?.paint(bbox: bbox.isNull ? nil : bbox, opacity: opacity) ?? .invalid
            } else {
                result = .invalid
            }
            switch result {
            case .paint(let p): return p
            case .nothing:
                // A gradient without stops or usable box: the fallback if any (resvg), else nothing.
                if let f = fallback, f != .none, case .server = f {} else if let f = fallback { return resolve(f, bbox: bbox, opacity: opacity, color: color) }
                return nil
            case .invalid:
                if let f = fallback { return resolve(f, bbox: bbox, opacity: opacity, color: color) }
                return nil
            }
        }
    }

    /// Fills a device-space path (the Canvas CTM is identity here).
    mutating func fillDevice(_ devicePath: Path, rule: FillRule, paint: ResolvedPaint, ctm: Transform) {
        let path = deviceOffset == .zero ? devicePath : devicePath.applying(Transform(translationX: -deviceOffset.x, y: -deviceOffset.y))
        switch paint {
        case .color(let c):
            if c.alpha <= 0 { return }
            canvas.setFillColor(c)
            canvas.fill(path, rule: rule)
        case let .pattern(node, bbox, opacity):
            fillPattern(node, bbox: bbox, opacity: opacity, devicePath: path, rule: rule, ctm: ctm)
        case let .gradient(p, g):
            var m = g.concatenating(ctm)
            if deviceOffset != .zero { m = m.concatenating(Transform(translationX: -deviceOffset.x, y: -deviceOffset.y)) }
            guard let inv = m.inverted() else { return }
            canvas.saveGState()
            canvas.concatenate(m)
            canvas.setFillPaint(p)
            canvas.fill(path.applying(inv), rule: rule)
            canvas.restoreGState()
        }
    }

    // MARK: - Bounds

    /// The object bounding box of `node`'s geometry in the coordinate system `t` maps it to.
    func bounds(_ node: SVGNode, transform t: Transform) -> Rect {
        var budget = SVGRenderer.maxElementVisits
        return bounds(node, transform: t, depth: 0, budget: &budget)
    }

    private func bounds(_ node: SVGNode, transform t: Transform, depth: Int, budget: inout Int) -> Rect {
        budget -= 1
        if budget < 0 || depth > SVGRenderer.maxRenderDepth || node.isNonRendering { return .null }
        if node.declared.displayNone { return .null }
        var m = t
        if depth > 0, let tr = node.transform { m = tr.concatenating(t) }
        if node.isShape {
            guard let p = shapePath(node) else { return .null }
            return SVGGeometry.tightBounds(p.applying(m))
        }
        if node.name == "use" {
            guard let id = node.hrefID, let target = document.ids[id] else { return .null }
            let x = SVGValueParser.length(node.attributes["x"], axis: .x, context: context) ?? 0
            let y = SVGValueParser.length(node.attributes["y"], axis: .y, context: context) ?? 0
            return bounds(target, transform: Transform(translationX: x, y: y).concatenating(m), depth: depth + 1, budget: &budget)
        }
        var r = Rect.null
        for c in node.children { r = r.union(bounds(c, transform: m, depth: depth + 1, budget: &budget)) }
        return r
    }

    // MARK: - Filters

    mutating func renderFiltered(_ node: SVGNode, filterValue: String, style: SVGStyle, ctm: Transform, opacity: Double) {
        // `url(#id)`; a reference to a missing or non-filter element disables rendering (SVG).
        guard filterValue.hasPrefix("url("), let close = filterValue.firstIndex(of: ")") else {
            renderContent(node, style: style, ctm: ctm, opacity: opacity) // CSS filter functions: not supported
            return
        }
        var ref = filterValue[filterValue.index(filterValue.startIndex, offsetBy: 4)..<close].trimmingSpaces
        if ref.hasPrefix("'") || ref.hasPrefix("\"") { ref = String(ref.dropFirst().dropLast()) }
        guard ref.hasPrefix("#"), let f = document.ids[String(ref.dropFirst())], f.name == "filter" else { return }

        let bbox = bounds(node, transform: .identity)
        let objectBox = f.attributes["filterUnits"]?.trimmingSpaces != "userSpaceOnUse"
        let primitiveBox = f.attributes["primitiveUnits"]?.trimmingSpaces == "objectBoundingBox"
        var region: Rect
        if objectBox {
            guard !bbox.isNull, bbox.width > 0, bbox.height > 0 else { return }
            func frac(_ k: String, _ d: Double) -> Double {
                SVGValueParser.numberOrFraction(f.attributes[k]) ?? d
            }
            region = Rect(x: bbox.minX + frac("x", -0.1) * bbox.width, y: bbox.minY + frac("y", -0.1) * bbox.height,
                          width: frac("width", 1.2) * bbox.width, height: frac("height", 1.2) * bbox.height)
        } else {
            func len(_ k: String, _ axis: LengthAxis, _ d: Double) -> Double {
                SVGValueParser.length(f.attributes[k], axis: axis, context: context) ?? d
            }
            let vw = context.viewport.width, vh = context.viewport.height
            region = Rect(x: len("x", .x, -0.1 * vw), y: len("y", .y, -0.1 * vh),
                          width: len("width", .x, 1.2 * vw), height: len("height", .y, 1.2 * vh))
        }
        guard region.width > 0, region.height > 0 else { return }

        // The primitive chain: feGaussianBlur, feOffset and feMerge (enough for glows and drop
        // shadows). Anything else draws the element unfiltered rather than not at all.
        var primitives: [SVGFilterPrimitive] = []
        for p in f.children {
            let input = p.attributes["in"]?.trimmingSpaces, result = p.attributes["result"]?.trimmingSpaces
            switch p.name {
            case "feGaussianBlur":
                let v = SVGScanner.numberList(p.attributes["stdDeviation"] ?? "0") ?? [0]
                var sx = v.first ?? 0, sy = v.count > 1 ? v[1] : sx
                if v.count > 2 { sx = 0; sy = 0 }
                if sx < 0 || sy < 0 { sx = 0; sy = 0 }
                if primitiveBox { sx *= bbox.width; sy *= bbox.height }
                primitives.append(.blur(input: input, result: result, sigmaX: sx, sigmaY: sy))
            case "feOffset":
                var dx = SVGScanner.numberList(p.attributes["dx"] ?? "0")?.first ?? 0
                var dy = SVGScanner.numberList(p.attributes["dy"] ?? "0")?.first ?? 0
                if primitiveBox { dx *= bbox.width; dy *= bbox.height }
                primitives.append(.offset(input: input, result: result, dx: dx, dy: dy))
            case "feFlood":
                var c = p.properties["flood-color"].flatMap(CSSColor.parse) ?? .black
                if let o = p.properties["flood-opacity"].flatMap(SVGValueParser.numberOrFraction) { c = c.withAlphaComponent(c.alpha * min(max(o, 0), 1)) }
                primitives.append(.flood(result: result, color: c))
            case "feComposite":
                primitives.append(.composite(input: input, input2: p.attributes["in2"]?.trimmingSpaces, result: result,
                                             operator: p.attributes["operator"]?.trimmingSpaces ?? "over"))
            case "feMerge":
                let inputs = p.children.filter { $0.name == "feMergeNode" }.map { $0.attributes["in"]?.trimmingSpaces }
                primitives.append(.merge(inputs: inputs, result: result))
            default:
                if SVGRenderer.nonRendering.contains(p.name) { continue }
                renderContent(node, style: style, ctm: ctm, opacity: opacity)
                return
            }
        }

        let deviceRegion = region.applying(ctm).integral
            .intersection(Rect(x: deviceOffset.x, y: deviceOffset.y, width: Double(canvas.width), height: Double(canvas.height)))
        if offscreens >= SVGRenderer.maxOffscreens {
            renderContent(node, style: style, ctm: ctm, opacity: opacity)
            return
        }
        offscreens += 1
        defer { offscreens -= 1 }
        guard !deviceRegion.isNull, deviceRegion.width >= 1, deviceRegion.height >= 1,
              [deviceRegion.minX, deviceRegion.minY, deviceRegion.width, deviceRegion.height].allSatisfy({ $0.isFinite && abs($0) < 1e8 }),
              let off = try? Canvas(width: Int(deviceRegion.width), height: Int(deviceRegion.height)) else { return }
        var regionPath = Path()
        regionPath.addRect(region)
        let deviceRegionPath = regionPath.applying(ctm)

        let savedCanvas = canvas, savedOffset = deviceOffset
        canvas = off
        deviceOffset = deviceRegion.origin
        off.clip(to: deviceRegionPath.applying(Transform(translationX: -deviceOffset.x, y: -deviceOffset.y)))
        renderContent(node, style: style, ctm: ctm, opacity: 1)
        canvas = savedCanvas
        deviceOffset = savedOffset

        let scaleX = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot(), scaleY = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
        // Offsets are applied along the device axes (exact for the usual scale + translate).
        let image = SVGFilterPrimitive.run(primitives, source: off.image, scaleX: scaleX, scaleY: scaleY,
                                           deviceDelta: { dx, dy in (ctm.a * dx + ctm.c * dy, ctm.b * dx + ctm.d * dy) })
        canvas.saveGState()
        canvas.clip(to: deviceRegionPath.applying(Transform(translationX: -deviceOffset.x, y: -deviceOffset.y)))
        canvas.setAlpha(opacity)
        canvas.draw(image, in: Rect(x: deviceRegion.minX - deviceOffset.x, y: deviceRegion.minY - deviceOffset.y,
                                    width: deviceRegion.width, height: deviceRegion.height))
        canvas.restoreGState()
    }
}
