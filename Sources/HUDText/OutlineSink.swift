// OutlineSink: HarfBuzz draw callbacks collected into a HUDRaster Path.
//
// Design note: the callbacks are C function pointers without captures, so the sink travels as
// HarfBuzz's draw_data; every segment spends from a budget, and a glyph that overdraws it stops
// growing and is reported corrupt by FontFace.path(glyph:).

import CHarfBuzz
import HUDRaster

/// Collects HarfBuzz draw callbacks into a Path (one per glyph request).
final class OutlineSink {
    var path = Path()
    var budget = FontFace.maxGlyphPoints

    func spend() -> Bool {
        budget -= 1
        return budget >= 0
    }

    static func from(_ p: UnsafeMutableRawPointer?) -> OutlineSink { Unmanaged<OutlineSink>.fromOpaque(p!).takeUnretainedValue() }

    /// One immutable set of callbacks shared by every request (HarfBuzz objects are thread-safe once immutable).
    nonisolated(unsafe) static let funcs: OpaquePointer = {
        let f = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(f, { _, d, _, x, y, _ in
            let s = OutlineSink.from(d)
            if s.spend() { s.path.move(to: Point(x: Double(x), y: Double(y))) }
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(f, { _, d, _, x, y, _ in
            let s = OutlineSink.from(d)
            if s.spend() { s.path.addLine(to: Point(x: Double(x), y: Double(y))) }
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(f, { _, d, _, cx, cy, x, y, _ in
            let s = OutlineSink.from(d)
            if s.spend() { s.path.addQuadCurve(to: Point(x: Double(x), y: Double(y)), control: Point(x: Double(cx), y: Double(cy))) }
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(f, { _, d, _, c1x, c1y, c2x, c2y, x, y, _ in
            let s = OutlineSink.from(d)
            if s.spend() {
                s.path.addCurve(to: Point(x: Double(x), y: Double(y)), control1: Point(x: Double(c1x), y: Double(c1y)),
                                control2: Point(x: Double(c2x), y: Double(c2y)))
            }
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(f, { _, d, _, _ in
            let s = OutlineSink.from(d)
            if s.spend() { s.path.closeSubpath() }
        }, nil, nil)
        hb_draw_funcs_make_immutable(f)
        return f
    }()
}
