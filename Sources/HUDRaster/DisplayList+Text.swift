// DisplayList+Text: writing and reading the text form of a display list (format in DisplayList).
//
// Design note: numbers use Swift's shortest round-trip spelling, so reading gives back the very
// doubles that were recorded; reading fails with the line number and what is wrong, never draws
// a partial list.

/// A display list file that cannot be read.
public struct DisplayListError: Error, CustomStringConvertible, Sendable {
    public let line: Int
    public let reason: String
    public var description: String { "display list line \(line): \(reason)" }
}

extension DisplayList {
    /// The text form (format version 1), ending with a newline.
    public var text: String {
        var out = "\(DisplayList.magic) \(DisplayList.version)\nsize \(width) \(height)\n"
        out += "background \(num(background))\n"
        for op in ops { out += line(op); out += "\n" }
        return out
    }

    private func num(_ c: Color) -> String { "\(c.red) \(c.green) \(c.blue) \(c.alpha)" }
    private func num(_ p: Point) -> String { "\(p.x) \(p.y)" }
    private func num(_ r: Rect) -> String { "\(r.minX) \(r.minY) \(r.width) \(r.height)" }
    private func stops(_ g: Gradient) -> String {
        let space = g.interpolation == .genericRGB ? "genericRGB:" : g.interpolation == .oklab ? "oklab:" : ""
        var s = "\(space)\(g.colors.count)"
        for (c, t) in zip(g.colors, g.locations) { s += " \(t) \(num(c))" }
        return s
    }
    private func spread(_ s: SpreadMode) -> String { s == .pad ? "pad" : s == .repeat ? "repeat" : "reflect" }
    private func paint(_ p: Paint) -> String {
        switch p {
        case .color(let c): return "color \(num(c))"
        case let .linearGradient(g, s, e, sp): return "linear \(num(s)) \(num(e)) \(spread(sp)) \(stops(g))"
        case let .radialGradient(g, c0, r0, c1, r1, sp):
            return "radial \(num(c0)) \(r0) \(num(c1)) \(r1) \(spread(sp)) \(stops(g))"
        case let .conicGradient(g, c, a): return "conic \(num(c)) \(a) \(stops(g))"
        }
    }
    private func path(_ p: Path) -> String {
        var s = ""
        for e in p.elements {
            switch e {
            case .move(let q): s += " M \(num(q))"
            case .line(let q): s += " L \(num(q))"
            case let .quadCurve(q, c): s += " Q \(num(c)) \(num(q))"
            case let .curve(q, c1, c2): s += " C \(num(c1)) \(num(c2)) \(num(q))"
            case .closeSubpath: s += " Z"
            }
        }
        return s
    }
    private func rule(_ r: FillRule) -> String { r == .evenOdd ? "evenodd" : "winding" }

    private func line(_ op: Op) -> String {
        switch op {
        case .save: return "save"
        case .restore: return "restore"
        case .ctm(let t): return "ctm \(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)"
        case .alpha(let a): return "alpha \(a)"
        case .blend(let m): return "blend \(m)"
        case let .shadow(o, b, c): return "shadow \(o.width) \(o.height) \(b) \(num(c))"
        case .noShadow: return "shadow none"
        case .fillPaint(let p): return "paint fill " + paint(p)
        case .strokePaint(let p): return "paint stroke " + paint(p)
        case .line(let s):
            return "line \(s.lineWidth) \(s.lineCap) \(s.lineJoin) \(s.miterLimit) \(s.dashPhase) \(s.dashPattern.count)"
                + s.dashPattern.map { " \($0)" }.joined()
        case let .fill(p, r): return "fill \(rule(r))" + path(p)
        case .stroke(let p): return "stroke" + path(p)
        case let .clip(p, r): return "clip \(rule(r))" + path(p)
        case .clipRect(let r): return "clip-rect \(num(r))"
        case .resetClip: return "reset-clip"
        case .clear(let r): return "clear \(num(r))"
        case let .drawLinear(g, s, e, o): return "draw-linear \(o.rawValue) \(num(s)) \(num(e)) \(stops(g))"
        case let .drawRadial(g, c0, r0, c1, r1, o): return "draw-radial \(o.rawValue) \(num(c0)) \(r0) \(num(c1)) \(r1) \(stops(g))"
        case let .drawConic(g, c, a): return "draw-conic \(num(c)) \(a) \(stops(g))"
        case let .image(img, r): return "image \(num(r)) \(img.width) \(img.height) " + Base64.encode(img.pixels)
        case let .mask(m, c): return "mask \(m.originX) \(m.originY) \(m.width) \(m.height) \(num(c)) " + Base64.encode(m.coverage)
        case .beginLayer: return "begin-layer"
        case .endLayer: return "end-layer"
        }
    }

    /// Reads the text form; throws `DisplayListError` naming the line and the problem.
    public init(text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let head = lines.popFirst(), head == "\(DisplayList.magic) \(DisplayList.version)" else {
            throw DisplayListError(line: 1, reason: "not a display list of version \(DisplayList.version) (the first line must be \"\(DisplayList.magic) \(DisplayList.version)\")")
        }
        var reader = DisplayListReader(lines: lines)
        self = try reader.read()
    }
}
