// FontFace+Glyphs: glyph outlines (HarfBuzz's draw API) as HUDRaster paths, and colour bitmaps.
//
// Design note: HarfBuzz walks a glyph's glyf, CFF or CFF2 charstrings and calls back with move /
// line / quadratic / cubic segments in font units; they go straight into a `Path`, so the pure-Swift
// rasterizer fills them like any other path. The callbacks carry a point budget so a hostile glyph
// that expands into millions of segments stops early and reads as corrupt instead of eating memory.
// Colour emoji (CBDT / sbix) come from HarfBuzz as PNG bytes and are decoded with libpng.

import CHarfBuzz
import HUDRaster

extension FontFace {
    /// Segments beyond this in one glyph mark it corrupt (real glyphs have at most a few thousand).
    static let maxGlyphPoints = 100_000

    /// The outline of `glyph` in font units (y up); empty for blank glyphs like the space.
    public func path(glyph: Int) throws -> Path {
        guard glyph >= 0, glyph < glyphCount else {
            throw FontError.malformedGlyph(glyph: glyph, reason: "glyph id beyond the font's \(glyphCount) glyphs")
        }
        let sink = OutlineSink()
        withExtendedLifetime(sink) {
            hb_font_get_glyph_shape(hbFont, hb_codepoint_t(glyph), OutlineSink.funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard sink.budget >= 0 else {
            throw FontError.malformedGlyph(glyph: glyph, reason: "more than \(FontFace.maxGlyphPoints) outline points")
        }
        return sink.path
    }

    /// The colour bitmap of `glyph` (CBDT / sbix PNG) with its placement in font units, y up:
    /// the image spans `rect`; nil when the glyph has none or its PNG does not decode.
    public func colorBitmap(glyph: Int) -> (image: Image, rect: Rect)? {
        guard hasColorBitmaps, glyph >= 0, glyph < glyphCount,
              let box = extents(ofGlyph: glyph) else { return nil }
        let blob = hb_ot_color_glyph_reference_png(hbFont, hb_codepoint_t(glyph))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        guard let image = PNGBitmap.decode(bytes) else { return nil }
        return (image, Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height)))
    }
}
