// DisplayListReader: parses the lines of a display list's text form into its items.
//
// Design note: a cursor over one line's tokens with typed takers (number, point, colour, stops,
// path) keeps each item's grammar one line of code; every failure carries the line number.

struct DisplayListReader {
    var lines: ArraySlice<Substring>
    var number = 1
    var tokens: [Substring] = []
    var at = 0

    init(lines: ArraySlice<Substring>) { self.lines = lines }

    func fail(_ why: String) -> DisplayListError { DisplayListError(line: number, reason: why) }

    mutating func word() throws -> Substring {
        guard at < tokens.count else { throw fail("the line ends too early") }
        at += 1; return tokens[at - 1]
    }
    mutating func double() throws -> Double {
        let w = try word()
        guard let v = Double(w) else { throw fail("\"\(w)\" is not a number") }
        return v
    }
    mutating func int(_ range: ClosedRange<Int>) throws -> Int {
        let w = try word()
        guard let v = Int(w), range.contains(v) else { throw fail("\"\(w)\" is not a whole number in \(range)") }
        return v
    }
    mutating func point() throws -> Point { Point(x: try double(), y: try double()) }
    mutating func rect() throws -> Rect { Rect(x: try double(), y: try double(), width: try double(), height: try double()) }
    mutating func color() throws -> Color { Color(red: try double(), green: try double(), blue: try double(), alpha: try double()) }
    /// `N t r g b a ...`, or `SPACE:N ...` for stops blended in another space than sRGB.
    mutating func stops() throws -> Gradient {
        var interpolation = GradientInterpolation.sRGB
        if at < tokens.count, let colon = tokens[at].firstIndex(of: ":") {
            let w = tokens[at]
            switch w[..<colon] {
            case "genericRGB": interpolation = .genericRGB
            case "oklab": interpolation = .oklab
            default: throw fail("\"\(w[..<colon])\" is not a gradient interpolation (genericRGB, oklab)")
            }
            tokens[at] = w[w.index(after: colon)...]
        }
        let n = try int(0...100_000)
        var colors: [Color] = [], locations: [Double] = []
        for _ in 0..<n { locations.append(try double()); colors.append(try color()) }
        return Gradient(colors: colors, locations: locations, interpolation: interpolation)
    }
    mutating func spread() throws -> SpreadMode {
        switch try word() {
        case "pad": return .pad
        case "repeat": return .repeat
        case "reflect": return .reflect
        case let w: throw fail("unknown spread \"\(w)\" (pad, repeat or reflect)")
        }
    }
    mutating func rule() throws -> FillRule {
        switch try word() {
        case "winding": return .winding
        case "evenodd": return .evenOdd
        case let w: throw fail("unknown fill rule \"\(w)\" (winding or evenodd)")
        }
    }
    mutating func paint() throws -> Paint {
        switch try word() {
        case "color": return .color(try color())
        case "linear":
            let s = try point(), e = try point(), sp = try spread()
            return .linearGradient(try stops(), start: s, end: e, spread: sp)
        case "radial":
            let c0 = try point(), r0 = try double(), c1 = try point(), r1 = try double(), sp = try spread()
            return .radialGradient(try stops(), startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, spread: sp)
        case "conic":
            let c = try point(), a = try double()
            return .conicGradient(try stops(), center: c, startAngle: a)
        case let w: throw fail("unknown paint \"\(w)\"")
        }
    }
    mutating func path() throws -> Path {
        var p = Path()
        while at < tokens.count {
            switch try word() {
            case "M": p.move(to: try point())
            case "L": p.addLine(to: try point())
            case "Q": let c = try point(); p.addQuadCurve(to: try point(), control: c)
            case "C": let a = try point(), b = try point(); p.addCurve(to: try point(), control1: a, control2: b)
            case "Z": p.closeSubpath()
            case let w: throw fail("unknown path element \"\(w)\" (M, L, Q, C or Z)")
            }
        }
        return p
    }
    mutating func named<T>(_ cases: [T], _ what: String) throws -> T {
        let w = try word()
        guard let v = cases.first(where: { "\($0)" == w }) else { throw fail("unknown \(what) \"\(w)\"") }
        return v
    }
    mutating func pixels(_ count: Int) throws -> [UInt8] {
        guard let b = Base64.decode(try word()), b.count == count else { throw fail("the pixel data is not \(count) bytes of base64") }
        return b
    }

    mutating func read() throws -> DisplayList {
        var list = DisplayList(width: 0, height: 0, background: .clear, ops: [])
        while let raw = lines.popFirst() {
            number += 1
            tokens = raw.split(separator: " "); at = 0
            guard let key = tokens.first else { continue }
            at = 1
            switch key {
            case "size": list.width = try int(1...1 << 20); list.height = try int(1...1 << 20)
            case "background": list.background = try color()
            case "save": list.ops.append(.save)
            case "restore": list.ops.append(.restore)
            case "ctm":
                list.ops.append(.ctm(Transform(a: try double(), b: try double(), c: try double(), d: try double(),
                                               tx: try double(), ty: try double())))
            case "alpha": list.ops.append(.alpha(try double()))
            case "blend": list.ops.append(.blend(try named(BlendMode.allCases, "blend mode")))
            case "shadow":
                if tokens.count == 2 && tokens[1] == "none" { list.ops.append(.noShadow); break }
                let o = Size(width: try double(), height: try double())
                list.ops.append(.shadow(o, try double(), try color()))
            case "paint":
                let which = try word()
                let p = try paint()
                list.ops.append(which == "stroke" ? .strokePaint(p) : .fillPaint(p))
            case "line":
                let w = try double()
                let cap = try named([LineCap.butt, .round, .square], "line cap")
                let join = try named([LineJoin.miter, .round, .bevel], "line join")
                let miter = try double(), phase = try double(), n = try int(0...100_000)
                var dash: [Double] = []
                for _ in 0..<n { dash.append(try double()) }
                list.ops.append(.line(StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: join, miterLimit: miter,
                                                  dashPattern: dash, dashPhase: phase)))
            case "fill": let r = try rule(); list.ops.append(.fill(try path(), r))
            case "stroke": list.ops.append(.stroke(try path()))
            case "clip": let r = try rule(); list.ops.append(.clip(try path(), r))
            case "clip-rect": list.ops.append(.clipRect(try rect()))
            case "reset-clip": list.ops.append(.resetClip)
            case "clear": list.ops.append(.clear(try rect()))
            case "draw-linear":
                let o = GradientDrawingOptions(rawValue: try int(0...3)), s = try point(), e = try point()
                list.ops.append(.drawLinear(try stops(), s, e, o))
            case "draw-radial":
                let o = GradientDrawingOptions(rawValue: try int(0...3))
                let c0 = try point(), r0 = try double(), c1 = try point(), r1 = try double()
                list.ops.append(.drawRadial(try stops(), c0, r0, c1, r1, o))
            case "draw-conic": let c = try point(), a = try double(); list.ops.append(.drawConic(try stops(), c, a))
            case "image":
                let r = try rect(), w = try int(1...1 << 16), h = try int(1...1 << 16)
                let img = try Image(width: w, height: h, premultipliedPixels: try pixels(w * h * 4))
                list.ops.append(.image(img, r))
            case "mask":
                let ox = try int(-(1 << 30)...(1 << 30)), oy = try int(-(1 << 30)...(1 << 30))
                let w = try int(1...1 << 16), h = try int(1...1 << 16), c = try color()
                list.ops.append(.mask(Mask(originX: ox, originY: oy, width: w, height: h, coverage: try pixels(w * h)), c))
            case "begin-layer": list.ops.append(.beginLayer)
            case "end-layer": list.ops.append(.endLayer)
            case let w where w.hasPrefix("#"): continue
            case let w: throw fail("unknown item \"\(w)\"")
            }
        }
        guard list.width > 0 else { throw DisplayListError(line: number, reason: "no size line") }
        return list
    }
}
