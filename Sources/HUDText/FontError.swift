// FontError: every way a font can fail to load or parse, as one typed error.
//
// Design note: font files come from users' disks and the internet, so HarfBuzz's sanitizer and the checks at
// load time never trap on bad data. Each failure names the table and the problem, and the message says what to do about it, so
// that the CLI can print it as-is.

/// An error raised while finding, reading or parsing a font.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No usable font was found on the system.
    case noFontFound
    /// No installed font has this family or PostScript name (`package` is the Debian package that has it).
    case fontNotFound(name: String, package: String?)
    /// The file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// The data is not a TrueType / OpenType font or collection (bad signature).
    case notAFont(signature: UInt32)
    /// The data ends before a structure that the font says is there.
    case truncated(table: String, offset: Int)
    /// A required table is missing (no outlines at all is reported as `glyf`).
    case missingTable(String)
    /// A table holds values that cannot be right (counts, offsets, versions).
    case malformedTable(String, reason: String)
    /// A glyph outline is corrupt (bad flags, coordinates, composite loops).
    case malformedGlyph(glyph: Int, reason: String)
    /// A `.ttc` font index beyond the collection.
    case fontIndexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .noFontFound:
            return "fontconfig found no usable font: install fonts-inter (apt-get install fonts-inter, or run Scripts/setup.sh) "
                + "or pass --font PATH"
        case .fontNotFound(let name, let package):
            let fix = package.map { "install \($0) (apt-get install \($0))" } ?? "check the name with fc-list : family"
            return "no installed font is called '\(name)': \(fix), or pass a font file (.ttf, .otf, .ttc#INDEX)"
        case .unreadableFile(let path, let reason):
            return "cannot read font file \(path): \(reason); check the path and its permissions"
        case .notAFont(let sig):
            return "not a TrueType/OpenType font (signature 0x\(String(sig, radix: 16))); pass a .ttf, .otf or .ttc file"
        case .truncated(let table, let offset):
            return "font data is truncated in '\(table)' at byte \(offset); the file is incomplete or corrupt, re-download or reinstall it"
        case .missingTable(let tag):
            return "font has no '\(tag)' table; a face needs glyf, CFF, CFF2 or colour bitmap outlines; use a complete .ttf / .otf font"
        case .malformedTable(let tag, let reason):
            return "font table '\(tag)' is corrupt (\(reason)); use another font or reinstall this one"
        case .malformedGlyph(let glyph, let reason):
            return "glyph \(glyph) is corrupt (\(reason)); use another font or reinstall this one"
        case .fontIndexOutOfRange(let index, let count):
            return "font index \(index) is out of range: the collection holds \(count) fonts (0...\(max(count - 1, 0)))"
        }
    }
}
