// GradientResolver: a linearGradient / radialGradient element resolved for one shape.
//
// Design note: a gradient is resolved at draw time because objectBoundingBox units depend on the
// shape's box. Attributes and stops are gathered along the `href` chain (cycle-safe, depth-bounded)
// in SVG's precedence: the referencing element wins, and linear and radial gradients share only the
// common attributes. The result is a HUDRaster `Paint` in gradient space plus the transform from
// gradient space to user space, or a plain colour for the degenerate cases SVG defines (one stop,
// zero radius, coincident endpoints).

import HUDRaster

struct GradientResolver {
    let ids: [String: SVGNode]
    let context: LengthContext

    static let gradientNames: Set<String> = ["linearGradient", "radialGradient"]

    /// The chain of gradients starting at `node`, following hrefs to other gradients (cycle-safe).
    private func chain(_ node: SVGNode) -> [SVGNode] {
        var out = [node]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        var cur = node
        while out.count < 64, let next = cur.hrefID.flatMap({ ids[$0] }), GradientResolver.gradientNames.contains(next.name),
              !seen.contains(ObjectIdentifier(next)) {
            seen.insert(ObjectIdentifier(next))
            out.append(next)
            cur = next
        }
        return out
    }

    func resolve(_ node: SVGNode, bbox: Rect?, opacity: Double, inheritedColor: Color) -> PaintServerResult {
        guard GradientResolver.gradientNames.contains(node.name) else { return .invalid }
        let links = chain(node)
        func attr(_ name: String, sameTypeOnly: Bool) -> String? {
            for n in links where !sameTypeOnly || n.name == node.name {
                if let v = n.attributes[name] { return v }
            }
            return nil
        }
        // Stops come from the first gradient in the chain that has any.
        let stopHolder = links.first { $0.children.contains { $0.name == "stop" } }
        let stops = stopHolder.map { gradientStops($0, opacity: opacity, color: inheritedColor) } ?? []
        if stops.isEmpty { return .nothing }
        if stops.count == 1 { return .paint(.color(stops[0].1)) }

        let objectBox = attr("gradientUnits", sameTypeOnly: false)?.trimmingSpaces != "userSpaceOnUse"
        var gradientTransform = Transform.identity
        if let gt = attr("gradientTransform", sameTypeOnly: false) {
            gradientTransform = SVGValueParser.transform(gt) ?? .identity
            // A collapsing gradientTransform is ignored, as resvg does (undefined in SVG).
            if gradientTransform.determinant == 0 { gradientTransform = .identity }
        }
        let spread: SpreadMode
        switch attr("spreadMethod", sameTypeOnly: false)?.trimmingSpaces {
        case "reflect": spread = .reflect
        case "repeat": spread = .repeat
        default: spread = .pad
        }
        var toUser = gradientTransform
        if objectBox {
            guard let b = bbox, b.width > 0, b.height > 0 else { return .nothing }
            toUser = gradientTransform.concatenating(Transform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY))
        }
        guard toUser.inverted() != nil else { return .nothing }

        func len(_ name: String, _ axis: LengthAxis, default d: Double) -> Double {
            guard let raw = attr(name, sameTypeOnly: true) else { return d }
            if objectBox {
                return SVGValueParser.numberOrFraction(raw) ?? SVGValueParser.length(raw, axis: axis, context: context) ?? d
            }
            return SVGValueParser.length(raw, axis: axis, context: context) ?? d
        }
        let gradient = Gradient(colors: stops.map { $0.1 }, locations: stops.map { $0.0 })
        let base: Double = objectBox ? 1 : 0
        if node.name == "linearGradient" {
            let x1 = len("x1", .x, default: 0), y1 = len("y1", .y, default: 0)
            let x2 = len("x2", .x, default: objectBox ? 1 : context.viewport.width), y2 = len("y2", .y, default: 0)
            if x1 == x2 && y1 == y2 { return .paint(.color(stops.last!.1)) }
            return .paint(.gradient(.linearGradient(gradient, start: Point(x: x1, y: y1), end: Point(x: x2, y: y2), spread: spread),
                                    transform: toUser))
        }
        let half = objectBox ? 0.5 : 0
        let cx = len("cx", .x, default: objectBox ? half : context.viewport.width / 2)
        let cy = len("cy", .y, default: objectBox ? half : context.viewport.height / 2)
        let r = len("r", .other, default: objectBox ? half : context.percentBase(.other) / 2)
        _ = base
        let fx = attr("fx", sameTypeOnly: true) == nil ? cx : len("fx", .x, default: cx)
        let fy = attr("fy", sameTypeOnly: true) == nil ? cy : len("fy", .y, default: cy)
        var fr = len("fr", .other, default: 0)
        if r <= 0 || !r.isFinite { return .paint(.color(stops.last!.1)) }
        if fr < 0 || !fr.isFinite { fr = 0 }
        // fr > r is drawn as written (resvg); fr == r would be degenerate, so the end circle is nudged
        // out: inside takes the first stop, outside the last.
        let endR = fr == r ? r * (1 + 1e-6) : r
        return .paint(.gradient(.radialGradient(gradient, startCenter: Point(x: fx, y: fy), startRadius: fr,
                                                endCenter: Point(x: cx, y: cy), endRadius: endR, spread: spread),
                                transform: toUser))
    }

    /// Offsets clamped to 0...1 and made non-decreasing; colours with stop-opacity and `opacity` applied.
    private func gradientStops(_ holder: SVGNode, opacity: Double, color: Color) -> [(Double, Color)] {
        var out: [(Double, Color)] = []
        var last = 0.0
        for s in holder.children where s.name == "stop" {
            var off = SVGValueParser.numberOrFraction(s.attributes["offset"]) ?? 0
            off = min(max(off, 0), 1)
            off = max(off, last)
            last = off
            // stop-color / stop-opacity are not inherited, but `inherit` takes the gradient's value.
            func prop(_ name: String) -> String? {
                let v = s.properties[name]
                if v == "inherit" { return holder.properties[name] }
                return v
            }
            let stopCurrent = s.inheritedProperty("color").flatMap(CSSColor.parse) ?? .black
            var c = Color.black
            if let raw = prop("stop-color") {
                if raw.lowercased() == "currentcolor" { c = stopCurrent } else if let p = CSSColor.parse(raw) { c = p }
            }
            var so = 1.0
            if let raw = prop("stop-opacity"), let v = SVGValueParser.numberOrFraction(raw) { so = min(max(v, 0), 1) }
            out.append((off, c.withAlphaComponent(c.alpha * so * opacity)))
        }
        return out
    }
}
