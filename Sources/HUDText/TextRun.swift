// TextRun: a stretch of a paragraph drawn in one face, script and direction, and its HarfBuzz shaping.
//
// Design note: HarfBuzz shapes one run at a time (GSUB: joining, conjuncts, reordering, ligatures;
// GPOS: kerning, mark positioning), with the whole paragraph passed as context so Arabic joining
// and the like see across run boundaries. Direction, script and language are set explicitly
// (never guessed from the process locale) so shaping is the same on every machine; the script's
// usual language is used, and for Han the paragraph's CJK language. Positions stay in font units
// until layout scales them.

import CHarfBuzz

/// One shaped run.
struct TextRun {
    /// Scalar range in the paragraph.
    var range: Range<Int>
    let face: FontFace
    /// Embedding level (odd: right-to-left).
    let level: UInt8
    /// ISO 15924 script tag ("Arab", "Latn"), as HarfBuzz names it.
    let script: String
    /// BCP 47 language given to HarfBuzz.
    let language: String
    /// Glyphs in visual order (HarfBuzz's output order).
    var glyphs: [ShapedGlyph] = []

    var isRightToLeft: Bool { level & 1 == 1 }

    /// Shapes the run with `text` (the whole paragraph) as context.
    mutating func shape(_ text: [UInt32]) {
        guard let buf = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buf) }
        text.withUnsafeBufferPointer { t in
            hb_buffer_add_codepoints(buf, t.baseAddress, Int32(t.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buf, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buf, hb_script_from_string(script, -1))
        hb_buffer_set_language(buf, hb_language_from_string(language, -1))
        hb_shape(face.hbFont, buf, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buf, &count)
        let positions = hb_buffer_get_glyph_positions(buf, &count)
        guard let infos, let positions else { return }
        glyphs = (0..<Int(count)).map { i in
            ShapedGlyph(id: Int(infos[i].codepoint), cluster: Int(infos[i].cluster),
                        advance: Int(positions[i].x_advance), dx: Int(positions[i].x_offset), dy: Int(positions[i].y_offset))
        }
    }

    /// HarfBuzz's script of a scalar as an ISO 15924 tag ("Zyyy" common, "Zinh" inherited).
    static func script(of s: Unicode.Scalar) -> String {
        let sc = hb_unicode_script(hb_unicode_funcs_get_default(), s.value)
        let tag = hb_script_to_iso15924_tag(sc)
        return String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }

    /// The language HarfBuzz is told for a script (`cjk` for Han: "ja", "zh" or "ko").
    static func language(forScript script: String, cjk: String) -> String {
        switch script {
        case "Arab": return "ar"
        case "Hebr": return "he"
        case "Deva": return "hi"
        case "Beng": return "bn"
        case "Thai": return "th"
        case "Hira", "Kana": return "ja"
        case "Hang": return "ko"
        case "Hani": return cjk
        case "Grek": return "el"
        case "Cyrl": return "ru"
        default: return "en"
        }
    }
}
