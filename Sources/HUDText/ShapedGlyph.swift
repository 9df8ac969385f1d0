// ShapedGlyph: one glyph as HarfBuzz hands it back.
//
// Design note: positions stay in font units (the HarfBuzz font's scale is its units per em, as
// hb-shape's default), so shaping results compare exactly with hb-shape and scale to any size later.

/// One glyph out of HarfBuzz, in font units.
struct ShapedGlyph {
    var id: Int
    /// Scalar index in the paragraph of the cluster's first character.
    var cluster: Int
    var advance: Int
    var dx: Int
    var dy: Int
}
