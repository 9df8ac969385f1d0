// OriginalFontMetrics: the line heights of the faces the original libraries set, as UIKit gave them.
//
// Design note: hudrender draws text in a stand-in face (the original's fonts are not free to ship),
// but the original's layout depends on its own face's line height: MMHud sizes its labels with
// `boundingRectWithSize:` in HelveticaNeue-Bold / HelveticaNeue-Light 16, so every line takes that
// face's `UIFont.lineHeight`, not the stand-in's. The layout therefore counts lines in the stand-in
// and takes their height from this table. The figure is UIKit's reported `lineHeight` for Helvetica
// Neue at 16 pt in the iOS versions MMProgressHUD was written for, 21.0 (published alongside its
// ascender 15.232, descender -3.408 and Core Text leading 0.448); it agrees with a recording of the
// original (about 20.8 pt a line), where the hhea sum ascender - descender + line gap (0.952 + 0.213
// + 0.028 of the em, 19.09 pt at 16) that later iOS reports would leave a title-and-status HUD about
// 1.6 pt short. Only the ratio to the point size is kept, so other sizes scale with it.

/// Line heights of the original libraries' faces, as a ratio of the point size.
public enum OriginalFontMetrics {
    /// `UIFont.lineHeight / pointSize` for a face the originals name, or nil for one not in the table.
    public static func lineHeightRatio(of faceName: String) -> Double? {
        table[faceName]
    }

    /// The line height in points of `faceName` at `size`, or nil for a face not in the table.
    public static func lineHeight(of faceName: String, size: Double) -> Double? {
        lineHeightRatio(of: faceName).map { $0 * size }
    }

    /// MMProgressHUD's faces (`MMProgressHUDFontNameBold`, `MMProgressHUDFontNameNormal`).
    public static let mmProgressHUDBold = "HelveticaNeue-Bold"
    public static let mmProgressHUDNormal = "HelveticaNeue-Light"

    static let table: [String: Double] = [
        "HelveticaNeue": 21.0 / 16,
        "HelveticaNeue-Bold": 21.0 / 16,
        "HelveticaNeue-Light": 21.0 / 16,
    ]
}
