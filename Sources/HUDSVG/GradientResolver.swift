// GradientResolver: a linearGradient / radialGradient element resolved, once, into a template.
//
// Design note: everything about a gradient but the shape it paints is fixed by the document, so it
// is resolved when the document loads (SVGGradientTemplate) and only the objectBoundingBox mapping
// and the paint's opacity are applied per shape. Attributes and stops are gathered along the
// `href` chain (cycle-safe, depth-bounded) in SVG's precedence: the referencing element wins, and
// linear and radial gradients share only the common attributes.

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

    /// The template of a gradient element; nil when `node` is not one.
    func template(_ node: SVGNode) -> SVGGradientTemplate? {
        guard GradientResolver.gradientNames.contains(node.name) else { return nil }
        let links = chain(node)
        func attr(_ name: String, sameTypeOnly: Bool) -> String? {
            for n in links where !sameTypeOnly || n.name == node.name {
                if let v = n.attributes[name] { return v }
            }
            return nil
        }
        // Stops come from the first gradient in the chain that has any.
        let stopHolder = links.first { $0.children.contains { $0.name == "stop" } }
        let stops = stopHolder.map(gradientStops) ?? []

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
        func len(_ name: String, _ axis: LengthAxis, default d: Double) -> Double {
            guard let raw = attr(name, sameTypeOnly: true) else { return d }
            if objectBox {
                return SVGValueParser.numberOrFraction(raw) ?? SVGValueParser.length(raw, axis: axis, context: context) ?? d
            }
            return SVGValueParser.length(raw, axis: axis, context: context) ?? d
        }
        let geometry: SVGGradientTemplate.Geometry
        if node.name == "linearGradient" {
            geometry = .linear(x1: len("x1", .x, default: 0), y1: len("y1", .y, default: 0),
                               x2: len("x2", .x, default: objectBox ? 1 : context.viewport.width), y2: len("y2", .y, default: 0))
        } else {
            let half = objectBox ? 0.5 : 0
            let cx = len("cx", .x, default: objectBox ? half : context.viewport.width / 2)
            let cy = len("cy", .y, default: objectBox ? half : context.viewport.height / 2)
            let r = len("r", .other, default: objectBox ? half : context.percentBase(.other) / 2)
            let fx = attr("fx", sameTypeOnly: true) == nil ? cx : len("fx", .x, default: cx)
            let fy = attr("fy", sameTypeOnly: true) == nil ? cy : len("fy", .y, default: cy)
            geometry = .radial(cx: cx, cy: cy, r: r, fx: fx, fy: fy, fr: len("fr", .other, default: 0))
        }
        return SVGGradientTemplate(stops: stops, objectBox: objectBox, gradientTransform: gradientTransform, spread: spread, geometry: geometry)
    }

    /// Offsets clamped to 0...1 and made non-decreasing; colours with their stop-opacity.
    private func gradientStops(_ holder: SVGNode) -> [SVGGradientTemplate.Stop] {
        var out: [SVGGradientTemplate.Stop] = []
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
            out.append(SVGGradientTemplate.Stop(offset: off, color: c, opacity: so))
        }
        return out
    }
}
