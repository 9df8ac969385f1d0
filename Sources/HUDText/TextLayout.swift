// TextLayout: measuring and line-breaking a string in a font, the way UILabel lays out text.
//
// Design note: layout is a pure value computed once (NFC normalisation, font fallback per character,
// pair kerning, greedy line breaking) and then drawn any number of times; the HUD's autosizing loop
// measures many widths, so measuring never touches pixels. Text is shaped glyph by glyph in logical
// order: no bidi reordering, no complex-script shaping, no colour emoji (see README scope notes).
// Breaking works on grapheme clusters (Swift `Character`s), so a base letter and its marks never part.

import HUDRaster

/// A laid-out block of text (like the result of `boundingRect(with:options:attributes:)`).
public struct TextLayout: Sendable {
    /// One glyph placed on a line.
    public struct Glyph: Sendable {
        /// The face that draws it (the primary face, or a fallback).
        public let face: FontFace
        /// Glyph id in `face`; -1 draws the missing-glyph box.
        public let id: Int
        /// Pen position from the line's left edge, in points.
        public var x: Double
        /// Advance width in points.
        public let advance: Double
        /// The Unicode scalar it came from (the cluster's base scalar for marks).
        public let scalar: Unicode.Scalar
    }

    /// One line of the layout.
    public struct Line: Sendable {
        /// The line's characters (NFC, trailing spaces and the line break removed).
        public let text: String
        public let glyphs: [Glyph]
        /// Width of the ink advance, trailing spaces excluded, in points.
        public let width: Double
        /// Baseline distance from the top of the layout, in points.
        public let baseline: Double
    }

    public let string: String
    public let font: Font
    public let maxWidth: Double?
    public let alignment: TextAlignment
    public let lineBreakMode: LineBreakMode
    /// Extra space after each character, in points (0: none, like UIKit's default kern).
    public let letterSpacing: Double
    public let lines: [Line]
    /// Baseline-to-baseline distance (the font's `lineHeight`).
    public let lineHeight: Double
    /// The bounding size: the widest line by `lineCount * lineHeight` (fractional, like UIKit's).
    public let size: Size

    public var lineCount: Int { lines.count }

    /// Lays out `string` in `font`, wrapping at `maxWidth` points when given.
    public init(_ string: String, font: Font, maxWidth: Double? = nil, alignment: TextAlignment = .center,
                lineBreak: LineBreakMode = .byWordWrapping, letterSpacing: Double = 0) {
        self.string = string
        self.font = font
        self.maxWidth = maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
        self.alignment = alignment
        self.lineBreakMode = lineBreak
        self.letterSpacing = letterSpacing.isFinite ? letterSpacing : 0
        self.lineHeight = font.lineHeight
        var builder = Builder(font: font, letterSpacing: self.letterSpacing, charWrap: lineBreak == .byCharWrapping)
        builder.build(string, maxWidth: self.maxWidth)
        let ascent = font.ascender + font.leading / 2
        var lines: [Line] = []
        for (k, l) in builder.lines.enumerated() {
            lines.append(Line(text: l.text, glyphs: l.glyphs, width: l.width, baseline: Double(k) * lineHeight + ascent))
        }
        self.lines = lines
        self.size = Size(width: lines.map(\.width).max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// Left edge of line `index` when the block is `boxWidth` wide (alignment applied).
    public func lineOffset(_ index: Int, boxWidth: Double? = nil) -> Double {
        guard lines.indices.contains(index) else { return 0 }
        let w = boxWidth ?? size.width
        switch alignment {
        case .left: return 0
        case .center: return (w - lines[index].width) / 2
        case .right: return w - lines[index].width
        }
    }
}

extension TextLayout {
    /// One grapheme cluster with its glyphs (internal to layout).
    struct Cluster {
        var character: Character
        var glyphs: [Glyph] = []   // x relative to the cluster's start
        var width = 0.0
        var isSpace = false
        var isNewline = false
        var breakAfter = false
    }

    struct BuiltLine { var text: String; var glyphs: [Glyph]; var width: Double }

    struct Builder {
        let font: Font
        let letterSpacing: Double
        let charWrap: Bool
        var lines: [BuiltLine] = []

        init(font: Font, letterSpacing: Double, charWrap: Bool) {
            self.font = font; self.letterSpacing = letterSpacing; self.charWrap = charWrap
        }

        mutating func build(_ string: String, maxWidth: Double?) {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: UnicodeComposition.nfc(scalars: Array(string.unicodeScalars)))
            let text = String(view)
            if text.isEmpty { return }
            var paragraph: [Cluster] = []
            for ch in text {
                let c = cluster(ch)
                if c.isNewline {
                    breakParagraph(paragraph, maxWidth: maxWidth)
                    paragraph = []
                } else {
                    // Ideographic scripts break between any two characters.
                    if let last = paragraph.indices.last, TextLayout.isIdeographic(ch) { paragraph[last].breakAfter = true }
                    paragraph.append(c)
                }
            }
            breakParagraph(paragraph, maxWidth: maxWidth)
        }

        func cluster(_ ch: Character) -> Cluster {
            var c = Cluster(character: ch)
            if ch.isNewline { c.isNewline = true; return c }
            let scalars = Array(ch.unicodeScalars)
            let first = scalars[0]
            c.isSpace = TextLayout.isBreakingSpace(first)
            c.breakAfter = c.isSpace || charWrap || TextLayout.allowsBreakAfter(first)
            var clusterFace: FontFace? = nil
            var x = 0.0
            for s in scalars {
                let drawn: Unicode.Scalar = s == "\t" ? " " : s
                // Controls, joiners, variation selectors and bidi marks are invisible by definition.
                let props = drawn.properties
                if props.generalCategory == .control || props.isDefaultIgnorableCodePoint { continue }
                let face: FontFace
                let id: Int
                if let f = clusterFace, f.hasGlyph(for: drawn) {
                    face = f; id = f.glyph(for: drawn)
                } else if let f = font.face(for: drawn) {
                    face = f; id = f.glyph(for: drawn)
                } else if props.generalCategory == .format {
                    continue
                } else {
                    face = font.face; id = -1
                }
                if clusterFace == nil { clusterFace = face }
                let scale = font.size / Double(face.unitsPerEm)
                let adv = id < 0 ? GlyphCache.missingGlyphAdvance * font.size : Double(face.advance(ofGlyph: id)) * scale
                c.glyphs.append(Glyph(face: face, id: id, x: x, advance: adv, scalar: first))
                x += adv
            }
            c.width = x
            return c
        }

        /// Kerning in points between the last glyph of `a` and the first glyph of `b`.
        func kern(_ a: Cluster, _ b: Cluster) -> Double {
            guard let l = a.glyphs.last, let r = b.glyphs.first, l.id >= 0, r.id >= 0, l.face.id == r.face.id else { return 0 }
            let script = KerningScript.of(l.scalar.value) ?? KerningScript.of(r.scalar.value) ?? .default
            let k = l.face.kerning(left: l.id, right: r.id, script: script)
            return Double(k) * font.size / Double(l.face.unitsPerEm)
        }

        /// Greedy line breaking of one paragraph (the text between two hard line breaks).
        mutating func breakParagraph(_ cs: [Cluster], maxWidth: Double?) {
            if cs.isEmpty { lines.append(BuiltLine(text: "", glyphs: [], width: 0)); return }
            // Pen position of every cluster along one endless line.
            var xs = [Double](repeating: 0, count: cs.count)
            for i in 1..<max(cs.count, 1) {
                xs[i] = xs[i - 1] + cs[i - 1].width + letterSpacing + kern(cs[i - 1], cs[i])
            }
            let limit = maxWidth.map { $0 + 1e-9 }
            var start = 0, lastBreak: Int? = nil, i = 0
            while i < cs.count {
                if let limit, !cs[i].isSpace, i > start, xs[i] + cs[i].width - xs[start] > limit {
                    let end = lastBreak.map { $0 + 1 } ?? i
                    emit(cs, xs, start, end)
                    start = end
                    lastBreak = nil
                    i = start
                    continue
                }
                if cs[i].breakAfter, i + 1 < cs.count { lastBreak = i }
                i += 1
            }
            emit(cs, xs, start, cs.count)
        }

        mutating func emit(_ cs: [Cluster], _ xs: [Double], _ start: Int, _ end: Int) {
            var last = end - 1
            while last >= start, cs[last].isSpace { last -= 1 }
            var glyphs: [Glyph] = []
            var text = ""
            for k in start...max(start, last) where k <= last {
                text.append(cs[k].character)
                for var g in cs[k].glyphs { g.x += xs[k] - xs[start]; glyphs.append(g) }
            }
            let width = last >= start ? xs[last] + cs[last].width - xs[start] : 0
            lines.append(BuiltLine(text: text, glyphs: glyphs, width: width))
        }
    }

    static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Break opportunities after a character besides spaces (a subset of UAX #14 that covers HUD text).
    static func allowsBreakAfter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014, 0x200B, 0x2F: return true  // hyphens, dashes, ZWSP, slash
        default: return isIdeographic(s)
        }
    }

    static func isIdeographic(_ ch: Character) -> Bool { ch.unicodeScalars.first.map(isIdeographic) ?? false }

    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFF: return true
        default: return false
        }
    }
}
