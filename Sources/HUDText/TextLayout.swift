// TextLayout: measuring and line-breaking a string in a font, the way UILabel lays out text.
//
// Design note: layout is a pure value computed once and then drawn any number of times; the HUD's
// autosizing loop measures many widths, so measuring never touches pixels. Each paragraph is
// normalised to NFC, itemised, bidi-resolved and shaped by HarfBuzz (TextParagraph), then broken
// greedily in logical order where UIKit would break: after spaces and dashes, between CJK
// characters, at Thai dictionary word boundaries, and never inside a grapheme cluster. Each line
// takes its slice of the shaped runs and puts them in visual order (UAX #9 rule L2).

import HUDRaster

/// A laid-out block of text (like the result of `boundingRect(with:options:attributes:)`).
public struct TextLayout: Sendable {
    /// One glyph placed on a line.
    public struct Glyph: Sendable {
        /// The face that draws it (the primary face, or a fallback).
        public let face: FontFace
        /// Glyph id in `face` (0 is the face's .notdef box).
        public let id: Int
        /// Pen position plus the glyph's offset, from the line's left edge, in points.
        public var x: Double
        /// Vertical offset from the baseline in points, y down (marks placed by GPOS).
        public var y: Double = 0
        /// Advance width in points.
        public let advance: Double
        /// The first Unicode scalar of the grapheme cluster it came from.
        public let scalar: Unicode.Scalar
    }

    /// One line of the layout.
    public struct Line: Sendable {
        /// The line's characters in logical order (NFC, trailing spaces and the line break removed).
        public let text: String
        /// Glyphs in visual order, left to right.
        public let glyphs: [Glyph]
        /// Width of the ink advance, trailing spaces excluded, in points.
        public let width: Double
        /// Baseline distance from the top of the layout, in points.
        public let baseline: Double
        /// Whether the line's paragraph is right-to-left (its first strong character is).
        public var isRightToLeft: Bool = false
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
        var builder = LineBuilder(font: font, letterSpacing: self.letterSpacing, charWrap: lineBreak == .byCharWrapping)
        builder.build(UnicodeComposition.nfc(string), maxWidth: self.maxWidth)
        let ascent = font.ascender + font.leading / 2
        var lines: [Line] = []
        for (k, l) in builder.lines.enumerated() {
            lines.append(Line(text: l.text, glyphs: l.glyphs, width: l.width, baseline: Double(k) * lineHeight + ascent,
                              isRightToLeft: l.isRightToLeft))
        }
        self.lines = lines
        self.size = Size(width: lines.map(\.width).max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// Left edge of line `index` when the block is `boxWidth` wide (alignment applied; natural
    /// alignment is left for left-to-right paragraphs and right for right-to-left ones).
    public func lineOffset(_ index: Int, boxWidth: Double? = nil) -> Double {
        guard lines.indices.contains(index) else { return 0 }
        let w = boxWidth ?? size.width
        switch alignment {
        case .left: return 0
        case .center: return (w - lines[index].width) / 2
        case .right: return w - lines[index].width
        case .natural: return lines[index].isRightToLeft ? w - lines[index].width : 0
        }
    }
}

extension TextLayout {
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

    /// Characters between which CJK text breaks anywhere. Hangul is not among them: UIKit's
    /// standard line-break strategy (hangulWordPriority) breaks Korean between words, at spaces.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Characters a line may not start with (kinsoku: closing punctuation, small kana, the
    /// prolonged sound mark), so the break before them moves one character back.
    static func forbidsBreakBefore(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x3011, 0x3009, 0x300B,
             0x3015, 0x30FC, 0x3005, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x2026, 0x2025,
             0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
            return true
        default: return false
        }
    }

    /// Characters a line may not end with (opening brackets).
    static func forbidsBreakAfter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x300C, 0x300E, 0x3010, 0x3008, 0x300A, 0x3014, 0xFF08: return true
        default: return false
        }
    }
}
