// BenchmarkScene: a list of plain drawing commands, rendered by HUDRaster or written as text for
// other renderers.
//
// Design note: the scene is data (paths, rules, stroke styles, colours), so the same list can be
// drawn by HUDRaster and replayed by Skia, cairo, Blend2D and resvg from its `script`, which uses
// only absolute SVG path commands every peer parses the same way.

import HUDRaster

/// A drawable scene: a canvas size, a background and a list of fill and stroke commands.
public struct BenchmarkScene: Sendable {
    /// One drawing command. Colours are straight-alpha sRGB.
    public enum Command: Sendable {
        case fill(Path, FillRule, Color)
        case stroke(Path, StrokeStyle, Color)
    }
    public var name: String
    public var width: Int
    public var height: Int
    public var background: Color
    public var commands: [Command]

    public init(name: String, width: Int, height: Int, background: Color = .clear, commands: [Command] = []) {
        self.name = name; self.width = width; self.height = height; self.background = background; self.commands = commands
    }

    /// Draws every command into `canvas` (through its current state).
    public func render(into canvas: Canvas) {
        for c in commands {
            switch c {
            case let .fill(p, rule, color):
                canvas.setFillColor(color); canvas.fill(p, rule: rule)
            case let .stroke(p, style, color):
                canvas.setStrokeColor(color); canvas.setStrokeStyle(style); canvas.stroke(p)
            }
        }
    }

    /// The scene rendered on a new canvas of its size.
    public func render() throws -> Image {
        let c = try Canvas(width: width, height: height, background: background)
        render(into: c)
        return c.image
    }

    /// The scene as line-based text for other renderers (read by Scripts/compare_raster.py):
    ///
    ///     size W H
    ///     background R G B A
    ///     fill nonzero|evenodd R G B A PATH
    ///     stroke WIDTH butt|round|square miter|round|bevel MITERLIMIT R G B A [dash PHASE N L1..LN] PATH
    ///
    /// where PATH is SVG path data using only absolute M, L, Q, C and Z.
    public var script: String {
        var s = "# hudrender raster scene \(name)\nsize \(width) \(height)\n"
        s += "background \(BenchmarkScene.colorText(background))\n"
        for c in commands {
            switch c {
            case let .fill(p, rule, color):
                s += "fill \(rule == .evenOdd ? "evenodd" : "nonzero") \(BenchmarkScene.colorText(color)) \(BenchmarkScene.pathText(p))\n"
            case let .stroke(p, st, color):
                let cap = st.lineCap == .butt ? "butt" : st.lineCap == .round ? "round" : "square"
                let join = st.lineJoin == .miter ? "miter" : st.lineJoin == .round ? "round" : "bevel"
                s += "stroke \(st.lineWidth) \(cap) \(join) \(st.miterLimit) \(BenchmarkScene.colorText(color))"
                if !st.dashPattern.isEmpty {
                    s += " dash \(st.dashPhase) \(st.dashPattern.count) " + st.dashPattern.map { "\($0)" }.joined(separator: " ")
                }
                s += " \(BenchmarkScene.pathText(p))\n"
            }
        }
        return s
    }

    static func colorText(_ c: Color) -> String { "\(c.red) \(c.green) \(c.blue) \(c.alpha)" }

    static func pathText(_ p: Path) -> String {
        var parts: [String] = []
        for e in p.elements {
            switch e {
            case .move(let a): parts.append("M \(a.x) \(a.y)")
            case .line(let a): parts.append("L \(a.x) \(a.y)")
            case .quadCurve(let a, let c): parts.append("Q \(c.x) \(c.y) \(a.x) \(a.y)")
            case .curve(let a, let c1, let c2): parts.append("C \(c1.x) \(c1.y) \(c2.x) \(c2.y) \(a.x) \(a.y)")
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
