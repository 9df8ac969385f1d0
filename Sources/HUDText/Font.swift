// Font: a face at a point size, with the fallback chain used for characters the face lacks.
//
// Design note: like UIFont, a Font is a cheap value (a shared immutable face + a size). Sizes are
// in points; the canvas transform decides how many device pixels a point is, so the same Font
// renders crisply at scale 1, 2 and 3. Characters the face lacks are looked up in a fallback
// chain (by default the FontLibrary's: a Noto face per script, colour emoji, then fontconfig's pick).

import HUDRaster

/// A font face at a size in points (like `UIFont`).
public struct Font: Sendable, Hashable {
    /// The primary face.
    public let face: FontFace
    /// Size in points (the em square's height).
    public let size: Double
    /// Where characters that `face` lacks are looked for, in order.
    public let library: FontLibrary?

    /// A font from a face. Characters the face lacks come from `fallbackLibrary` (the shared
    /// library by default; nil for no fallback, so they draw as missing-glyph boxes).
    public init(face: FontFace, size: Double, fallbackLibrary: FontLibrary? = .shared) {
        self.face = face
        self.size = size.isFinite ? max(0, size) : 0
        self.library = fallbackLibrary
    }

    /// A font read from a file: .ttf, .otf, or `FILE.ttc#INDEX` for one face of a collection.
    public init(contentsOf path: String, size: Double) throws {
        self.init(face: try FontLibrary.loadFile(path), size: size)
    }

    /// A font by family or PostScript name, like `UIFont(name:size:)`: "HelveticaNeue-Bold" is Nimbus
    /// Sans Bold, "Inter" Inter, any other name what fontconfig has under it.
    public init(name: String, size: Double) throws {
        self.init(face: try FontLibrary.shared.face(named: name), size: size)
    }

    /// The regular system font (Inter, or the face set with `FontLibrary.setFace`).
    /// Throws `FontError.noFontFound` (saying which package to install) when there is none.
    public static func systemFont(ofSize size: Double) throws -> Font {
        Font(face: try FontLibrary.shared.face(weight: .regular), size: size)
    }

    /// The bold system font (Inter Bold, falling back to the regular face).
    public static func boldSystemFont(ofSize size: Double) throws -> Font {
        Font(face: try FontLibrary.shared.face(weight: .bold), size: size)
    }

    /// Fonts are equal when they use the same face, size and fallback library.
    public static func == (l: Font, r: Font) -> Bool {
        l.face == r.face && l.size == r.size && l.library.map(ObjectIdentifier.init) == r.library.map(ObjectIdentifier.init)
    }
    public func hash(into h: inout Hasher) { h.combine(face); h.combine(size) }

    /// The same face and fallbacks at another size.
    public func withSize(_ size: Double) -> Font { Font(face: face, size: size, fallbackLibrary: library) }

    /// Points per font unit.
    public var scale: Double { size / Double(face.unitsPerEm) }
    /// Distance from the baseline to the top of the line, in points.
    public var ascender: Double { Double(face.ascender) * scale }
    /// Distance from the baseline to the bottom of the line, in points (negative, like UIFont).
    public var descender: Double { Double(face.descender) * scale }
    /// Extra space between lines, in points.
    public var leading: Double { Double(max(0, face.lineGap)) * scale }
    /// Baseline-to-baseline distance: ascender - descender + line gap of the face, as UIFont.lineHeight
    /// is; HUD layout stacks lines by it.
    /// (A font with nonsensical metrics gets 1.2 em, so text never collapses onto one line.)
    public var lineHeight: Double {
        let h = ascender - descender + leading
        return h > 0 && h.isFinite ? h : size * 1.2
    }

    /// The size of `string` laid out at most `width` points wide (like `boundingRect(with:)`).
    public func size(of string: String, constrainedToWidth width: Double? = nil) -> Size {
        TextLayout(string, font: self, maxWidth: width).size
    }

    /// The face that draws `scalar`: the primary face if it has it, else the first fallback that
    /// does, else nil (drawn as the .notdef box). `language` ("ja", "zh", "ko") picks CJK forms;
    /// emoji in emoji presentation (by default, or asked for with U+FE0F: `emoji`) prefer colour faces.
    public func face(for scalar: Unicode.Scalar, language: String? = nil, emoji: Bool = false) -> FontFace? {
        let wantsColor = (emoji || scalar.properties.isEmojiPresentation) && !face.hasColorBitmaps
        if face.hasGlyph(for: scalar) && !wantsColor { return face }
        let weight: FontWeight = face.weightClass >= 600 ? .bold : .regular
        return library?.fallbackFace(for: scalar, excluding: face, weight: weight, language: language, emoji: wantsColor)
            ?? (face.hasGlyph(for: scalar) ? face : nil)
    }
}
