// SVGRenderer+Patterns: `<pattern>` paint and `<clipPath>`, both drawn by re-entering the renderer.
//
// Design note: a pattern is painted by clipping to the shape and drawing each tile's content as
// vectors at its place (no intermediate bitmap), so tiles stay sharp at any scale; the tile count is
// capped so a tiny tile on a huge shape cannot stall a frame. A clipPath is the union of its
// children's geometry as one device-space path handed to Canvas.clip. Both are guarded against
// self-reference through the renderer's reference stack.

import HUDRaster

extension SVGRenderer {
    static let maxPatternTiles = 4096

    /// The pattern's own attribute or one inherited through `href`.
    private func patternChain(_ node: SVGNode) -> [SVGNode] {
        var out = [node]
        var cur = node
        while out.count < 16, let id = cur.hrefID, let next = document.ids[id], next.name == "pattern", !out.contains(where: { $0 === next }) {
            out.append(next); cur = next
        }
        return out
    }

    func patternPaint(_ node: SVGNode, bbox: Rect, opacity: Double) -> PaintServerResult {
        let chain = patternChain(node)
        guard chain.contains(where: { !$0.children.isEmpty }) else { return .nothing }
        let objectBox = chain.lazy.compactMap { $0.attributes["patternUnits"] }.first?.trimmingSpaces != "userSpaceOnUse"
        if objectBox && (bbox.isNull || bbox.width <= 0 || bbox.height <= 0) { return .nothing }
        return .paint(.pattern(node, bbox: bbox, opacity: opacity))
    }

    mutating func fillPattern(_ node: SVGNode, bbox: Rect, opacity: Double, devicePath: Path, rule: FillRule, ctm: Transform) {
        let key = ObjectIdentifier(node)
        guard !referenceStack.contains(key), referenceStack.count < SVGRenderer.maxUseDepth,
              offscreens < SVGRenderer.maxOffscreens else { return }
        offscreens += 1
        defer { offscreens -= 1 }
        let chain = patternChain(node)
        func attr(_ k: String) -> String? { chain.lazy.compactMap { $0.attributes[k] }.first }
        let objectBox = attr("patternUnits")?.trimmingSpaces != "userSpaceOnUse"
        let contentBox = attr("patternContentUnits")?.trimmingSpaces == "objectBoundingBox"
        func value(_ k: String, _ axis: LengthAxis) -> Double {
            if objectBox { return SVGValueParser.numberOrFraction(attr(k)) ?? 0 }
            return SVGValueParser.length(attr(k), axis: axis, context: context) ?? 0
        }
        var tile = Rect(x: value("x", .x), y: value("y", .y), width: value("width", .x), height: value("height", .y))
        if objectBox {
            guard !bbox.isNull else { return }
            tile = Rect(x: bbox.minX + tile.minX * bbox.width, y: bbox.minY + tile.minY * bbox.height,
                        width: tile.width * bbox.width, height: tile.height * bbox.height)
        }
        guard tile.width > 0, tile.height > 0, tile.width.isFinite, tile.height.isFinite else { return }
        var patternTransform = Transform.identity
        if let t = attr("patternTransform"), let pt = SVGValueParser.transform(t) { patternTransform = pt }
        let toDevice = patternTransform.concatenating(ctm)
        guard let fromDevice = toDevice.inverted() else { return }

        // Content transform inside one tile.
        var content = Transform.identity
        if let vb = SVGValueParser.viewBox(attr("viewBox")) {
            content = SVGValueParser.aspectRatio(attr("preserveAspectRatio"))
                .transform(viewBox: vb, into: Rect(x: 0, y: 0, width: tile.width, height: tile.height))
        } else if contentBox, !bbox.isNull {
            content = Transform(a: bbox.width, b: 0, c: 0, d: bbox.height, tx: 0, ty: 0)
        }

        // Tiles that cover the shape, in pattern space.
        let shapeBox = devicePath.boundingBox.offsetBy(dx: deviceOffset.x, dy: deviceOffset.y).applying(fromDevice)
        guard !shapeBox.isNull else { return }
        let fi0 = ((shapeBox.minX - tile.minX) / tile.width).rounded(.down)
        let fi1 = ((shapeBox.maxX - tile.minX) / tile.width).rounded(.up)
        let fj0 = ((shapeBox.minY - tile.minY) / tile.height).rounded(.down)
        let fj1 = ((shapeBox.maxY - tile.minY) / tile.height).rounded(.up)
        // Checked as Doubles first: a tiny tile or huge shape must not trap the Int conversion.
        guard [fi0, fi1, fj0, fj1].allSatisfy({ $0.isFinite && abs($0) < 1e9 }),
              (fi1 - fi0 + 1) * (fj1 - fj0 + 1) <= Double(SVGRenderer.maxPatternTiles) else { return }
        let i0 = Int(fi0), i1 = Int(fi1), j0 = Int(fj0), j1 = Int(fj1)
        guard i1 >= i0, j1 >= j0 else { return }

        let holder = chain.first { !$0.children.isEmpty }!
        var style = SVGStyle()
        var ancestors: [SVGNode] = []
        var a: SVGNode? = holder
        while let n = a, ancestors.count < 1024 { ancestors.append(n); a = n.parent }
        for n in ancestors.reversed() { style = style.inheriting(n, context: context) }

        referenceStack.append(key)
        canvas.saveGState()
        canvas.clip(to: devicePath, rule: rule)
        if opacity < 1 {
            canvas.setAlpha(opacity)
            canvas.beginTransparencyLayer()
        }
        let offset = Transform(translationX: -deviceOffset.x, y: -deviceOffset.y)
        for j in j0...j1 {
            for i in i0...i1 {
                let origin = Transform(translationX: tile.minX + Double(i) * tile.width, y: tile.minY + Double(j) * tile.height)
                let tileCTM = origin.concatenating(toDevice)
                var clipRect = Path()
                clipRect.addRect(Rect(x: 0, y: 0, width: tile.width, height: tile.height))
                canvas.saveGState()
                canvas.clip(to: clipRect.applying(tileCTM).applying(offset))
                for c in holder.children { render(c, parentStyle: style, ctm: content.concatenating(tileCTM)) }
                canvas.restoreGState()
            }
        }
        if opacity < 1 { canvas.endTransparencyLayer() }
        canvas.restoreGState()
        referenceStack.removeLast()
    }

    /// The device-space clip of a `clip-path` value, or nil when the element must not render
    /// (an empty clip path). A reference to something that is not a clipPath is ignored (full clip).
    mutating func clipPath(_ value: String, for node: SVGNode, ctm: Transform) -> (path: Path, rule: FillRule)? {
        let unclipped = Path(rect: Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
        guard value.hasPrefix("url("), let close = value.firstIndex(of: ")") else { return (unclipped, .winding) }
        var ref = value[value.index(value.startIndex, offsetBy: 4)..<close].trimmingSpaces
        if ref.hasPrefix("'") || ref.hasPrefix("\"") { ref = String(ref.dropFirst().dropLast()) }
        guard ref.hasPrefix("#"), let cp = document.ids[String(ref.dropFirst())], cp.name == "clipPath" else {
            return (unclipped, .winding) // an invalid reference is as if unspecified (SVG 1.1)
        }
        let key = ObjectIdentifier(cp)
        guard !referenceStack.contains(key) else { return nil }
        var m = ctm
        if let tr = cp.transform { m = tr.concatenating(m) }
        if cp.attributes["clipPathUnits"]?.trimmingSpaces == "objectBoundingBox" {
            let b = bounds(node, transform: .identity)
            guard !b.isNull, b.width > 0, b.height > 0 else { return nil }
            m = Transform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY).concatenating(m)
        }
        var path = Path()
        var rule = FillRule.winding
        var count = 0
        let cpStyle = SVGStyle().inheriting(cp, context: context)
        for c in cp.children {
            var child = c
            var t = m
            if c.declared.displayNone { continue }
            if let tr = c.transform { t = tr.concatenating(t) }
            if c.name == "use", let id = c.hrefID, let target = document.ids[id], target.isShape {
                let x = SVGValueParser.length(c.attributes["x"], axis: .x, context: context) ?? 0
                let y = SVGValueParser.length(c.attributes["y"], axis: .y, context: context) ?? 0
                t = Transform(translationX: x, y: y).concatenating(t)
                if let tr = target.transform { t = tr.concatenating(t) }
                child = target
            }
            guard SVGRenderer.shapes.contains(child.name) else { continue }
            let s = cpStyle.inheriting(c, context: context)
            guard s.visible, let p = shapePath(child, fontSize: s.fontSize) else { continue }
            if let r = c.properties["clip-rule"] ?? cp.properties["clip-rule"] { rule = r == "evenodd" ? .evenOdd : .winding }
            path.addPath(p.applying(t))
            count += 1
        }
        if count == 0 { return (Path(), .winding) }
        if count > 1 { rule = .winding }
        return (path.applying(Transform(translationX: -deviceOffset.x, y: -deviceOffset.y)), rule)
    }
}
